#!/bin/bash
# One device call. .device/bin: rows-sweep.xz (b6755ff's //runner:sweep), staged-sweep.xz and
# tuning-sweep.xz (the fine tile storing an unaligned C through shared memory, rule
# unchanged), the sets (tiny.txt here; the rest from ../lab/evidence/P115/,
# ../lab/evidence/P124/ and ../lab/evidence/P127/).
# 1. forced: the fine tile forced (level6_grid_short_k_bk16_s4) beside level 6
#    (level6_tuned), the staged build, same process, 2 rounds; memcheck of the forced tile
#    at odd shapes. 2. A/B rows against staged, alternating, 3 rounds; staged's checks.
set -u
b=.device/bin
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export PATH=/usr/local/cuda/bin:$PATH
python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' $b/tuning-sweep.xz $b/tuning-sweep && chmod +x $b/tuning-sweep
mkdir -p "$OUT/forced"
L=level6_tuned,level6_grid_short_k_bk16_s4
for r in 1 2; do
  for set in tiny fine2 busy flip shortk fine; do
    args=(); while read -r s; do args+=(--shape "$s"); done < $b/$set.txt
    timeout 100 $b/tuning-sweep --family sgemm --levels $L "${args[@]}" --baseline none --out "$OUT/forced/$set-$r.json" > "$OUT/forced/$set-$r.out" 2>&1
    echo "$set-$r rc=$?" >> "$OUT/forced/summary.txt"
  done
done
timeout 100 compute-sanitizer --tool memcheck --leak-check no --error-exitcode 99 $b/tuning-sweep --levels level6_grid_short_k_bk16_s4,level6_grid_short_k_bk8_s3 \
  --shape 1x1x1 --shape 5x301x1003 --shape 97x33x4099 --shape 301x1271x131 --shape 1000x1003x517 --shape 257x257x257 \
  --shape 65x65x17 --shape 2396x2413x183 --shape 3980x4274x37 --shape 63x1x15 --shape 1x64x16 --shape 130x67x9 \
  --time-cap 0.01 --baseline none --out "$OUT/forced/memcheck.json" > "$OUT/forced/memcheck.out" 2>&1
echo "memcheck rc=$?" >> "$OUT/forced/summary.txt"
grep -h "ERROR SUMMARY" "$OUT/forced/memcheck.out" >> "$OUT/forced/summary.txt"
(cd "$OUT" && tar cJf forced.tar.xz forced && rm -rf forced)
AB_SETS="tiny fine2 busy flip shortk fine seed9494 seed2611 seed4242" \
  tools/evidence/perf.sh call "rows staged" staged tiny fine2
