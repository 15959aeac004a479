#!/bin/bash
# stands54e.sh SKIP: s54c against s54e (the small-M kernel's whole batches, no select), on a GPU
# outside the sets' level-6 runs (SKIP: their UUID prefixes, comma-separated): level 6 on
# the coverage, llm and squares profiles, half1.txt, sm54.txt, smstrip.txt and the
# eighteen seed sets, 2 rounds alternating; then s54e's checks (memcheck with sm54.txt and
# smstrip.txt, the gate's absolute full run). With NCU=1, also Nsight Compute's full set
# on one launch of s54e's small-M kernel at 29x9606x14529 (its details and its SASS with
# stall reasons, as CSV). Packed into $OUT/results.tar.xz.
set -u
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | head -n 1)
for s in ${1//,/ }; do case "$uuid" in "$s"*) echo "stands54e: $uuid is in the set" >&2; exit 3 ;; esac; done
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
sets="half1 sm54 smstrip"; for f in .device/bin/seed*.txt; do sets="$sets $(basename $f .txt)"; done
AB_SETS="$sets" timeout 400 tools/evidence/perf.sh ab "s54c s54e" 2 > /dev/null 2>&1; echo "ab rc=$?"
timeout 120 tools/evidence/perf.sh checks s54e sm54 smstrip > $OUT/checks.txt 2>&1; echo "checks rc=$?"
if [ "${NCU:-0}" = 1 ]; then
  mkdir -p $OUT/ncu
  timeout 150 ncu --target-processes all --set full --import-source no --kernel-name-base mangled \
    -k regex:small_m_kernel --launch-skip 2 --launch-count 1 -o $OUT/ncu/small-m \
    .device/bin/s54e-sweep --levels level6_tuned --family sgemm --shape 29x9606x14529 \
    --time-cap 1 --baseline none --out $OUT/ncu/sweep.json > $OUT/ncu/ncu.out 2>&1
  echo "ncu rc=$?"
  ncu --import $OUT/ncu/small-m.ncu-rep --page details --csv > $OUT/ncu/details.csv 2>&1
  ncu --import $OUT/ncu/small-m.ncu-rep --page source --print-source sass --csv > $OUT/ncu/sass.csv 2>&1
  rm -f $OUT/ncu/small-m.ncu-rep
fi
(cd $OUT && tar cJf results.tar.xz perf-ab checks $( [ -d ncu ] && echo ncu ) && rm -rf perf-ab checks ncu)
