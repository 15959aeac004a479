#!/bin/bash
# Evidence batch A, run on the GPU machine with the binaries in $B (default .device):
# the full-profile baseline, wall times, ten quick sweeps against it, memcheck and SASS.
# Writes under $OUT: full.json, quick.json, gate10.tar, memcheck.txt, sass.txt, log.txt.
set -u
B=${B:-.device}
export SGEMM_COMMIT=${SGEMM_COMMIT:-unknown} SGEMM_BRANCH=${SGEMM_BRANCH:-main}
log=$OUT/log.txt
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,temperature.gpu,power.limit --format=csv >>"$log" 2>&1

t=$(now); "$B/sweep" --profile full --baseline none --out "$OUT/full.json" >/tmp/full.txt 2>/tmp/full.err
echo "full: exit $? wall $(since "$t") s" | tee -a "$log"
t=$(now); "$B/sweep" --profile quick --baseline none --out "$OUT/quick.json" >/tmp/quick.txt 2>/tmp/quick.err
echo "quick: exit $? wall $(since "$t") s" | tee -a "$log"

mkdir -p /tmp/gate
for i in $(seq 1 10); do
  t=$(now)
  "$B/sweep" --profile quick --baseline "$OUT/full.json" --out "/tmp/gate/run$i.json" \
    >"/tmp/gate/run$i.txt" 2>"/tmp/gate/run$i.err"
  echo "gate run $i: exit $? wall $(since "$t") s, $(grep -E '^[0-9]+ points:' "/tmp/gate/run$i.txt")" | tee -a "$log"
done
tar -C /tmp -cf "$OUT/gate10.tar" gate

compute-sanitizer --tool memcheck --target-processes all "$B/sweep" --shape 127x129x131 \
  --baseline none --out /tmp/memcheck.json >"$OUT/memcheck.txt" 2>&1
echo "memcheck: exit $? $(grep -c 'ERROR SUMMARY: 0 errors' "$OUT/memcheck.txt") processes with 0 errors, $(grep -E 'ERROR SUMMARY: [1-9]' "$OUT/memcheck.txt" | wc -l) with errors" | tee -a "$log"

cuobjdump -sass "$B/sweep" >/tmp/sass_all.txt 2>&1
{
  echo "== level 1 (coalesced_kernel<true>) 128-bit global loads"
  awk '/Function : .*coalesced_kernelILb1/{p=1} /Function : /&&!/coalesced_kernelILb1/{p=0} p && /LDG\.E\.128/' /tmp/sass_all.txt | head -4
  echo "== level 5 (async_copy_kernel<4, true, true>) cp.async"
  awk '/Function : .*async_copy_kernelILi4ELb1ELb1/{p=1} /Function : /&&!/async_copy_kernelILi4ELb1ELb1/{p=0} p && /LDGSTS/' /tmp/sass_all.txt | head -4
  echo "== level 6 (tuned_kernel<128,128,8,4,true,true>) LDGSTS, LDS.128, local memory"
  awk '/Function : .*tuned_kernelILi128ELi128ELi8ELi4ELb1ELb1/{p=1} /Function : /&&!/tuned_kernelILi128ELi128ELi8ELi4ELb1ELb1/{p=0} p' /tmp/sass_all.txt > /tmp/l6.sass
  grep -m3 LDGSTS /tmp/l6.sass; grep -m3 'LDS\.128' /tmp/l6.sass
  echo "level 6 counts: LDGSTS $(grep -c LDGSTS /tmp/l6.sass), LDS.128 $(grep -c 'LDS\.128' /tmp/l6.sass), FFMA $(grep -c FFMA /tmp/l6.sass), LDL $(grep -c 'LDL' /tmp/l6.sass), STL $(grep -c 'STL' /tmp/l6.sass)"
  echo "== every kernel: local-memory instructions (LDL/STL) per function"
  awk '/Function : /{f=$3} /[^A-Z](LDL|STL)[. ]/{n[f]++} END {for (k in n) print n[k], k; if (length(n) == 0) print "none"}' /tmp/sass_all.txt
} >"$OUT/sass.txt"
tail -n 4 "$OUT/sass.txt"
grep -E '^level' /tmp/full.txt
