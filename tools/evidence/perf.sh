#!/bin/bash
# perf.sh STEP: level 6's GPU evidence for issue 15 (docs/PERF.md), run on the GPU machine
# from the repository root with the binaries tools/evidence/stage.sh copied to .device/bin.
# Writes under $OUT/perf-<STEP>/.
#   llm        level 6 on the llm profile, cuBLAS in the same run, no baseline
#   full       level 6 on the full profile against the committed baseline (the gate's view)
#   memcheck   compute-sanitizer memcheck of level 6 at the shapes that slice K
#   sass       registers, spills, shared memory and LDS/LDG/LDGSTS counts of level 6's kernels
set -u
step=$1
dir=$OUT/perf-$step
# shellcheck source=tools/evidence/common.sh
. "$(dirname "$0")/common.sh"
case "$step" in
  llm) run llm "$bin"/sweep --levels 6 --profile llm --baseline none --out "$dir/llm.json" ;;
  full) run full "$bin"/sweep --levels 6 --family sgemm --profile full --out "$dir/full.json" ;;
  memcheck)
    run memcheck compute-sanitizer --tool memcheck --target-processes all --leak-check no \
      --error-exitcode 99 "$bin"/sweep --levels 6 --shape 1x4096x4096 --shape 16x4096x11008 \
      --shape 33x4096x4100 --shape 64x64x65536 --shape 512x512x512 --shape 5x301x1003 \
      --shape 97x33x4099 --time-cap 0.01 --baseline none --out "$dir/memcheck.json"
    grep -h "ERROR SUMMARY" "$dir/memcheck.out" "$dir/memcheck.err" | sort | uniq -c >>"$dir/summary.txt" ;;
  sass)
    cuobjdump -res-usage "$bin"/sweep 2>&1 | grep -A1 -E "tuned_kernel|small_m|splitk" >"$dir/res-usage.txt"
    cuobjdump -sass "$bin"/sweep >"$dir/sweep.sass" 2>&1
    awk '/Function :/ { f = $3 } /LDS|LDG|LDGSTS|STS/ && f ~ /tuned_kernel|small_m|splitk/ {
           match($0, /(LDGSTS|LDS|LDG|STS)[.A-Z0-9]*/); c[f " " substr($0, RSTART, RLENGTH)]++ }
         END { for (k in c) print k, c[k] }' "$dir/sweep.sass" | sort >"$dir/sass-level6.txt"
    rm -f "$dir/sweep.sass" ;;
  *) echo "perf.sh: unknown step '$step'" >&2; exit 2 ;;
esac
