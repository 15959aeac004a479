#!/bin/bash
# probe.sh: per-CTA times (ctatime) at the shapes, then ncu's GPU time of every kernel launch
# of level 6 and cuBLAS at 257^3 and 1149x843x545 (one sweep each).
set -u
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt; cat $OUT/gpu.txt
mkdir -p $OUT/cta
.device/bin/ctatime $OUT/cta 257x257x257 1149x843x545 305x2235x1266 1536x1536x4096 > $OUT/cta/summary.txt 2>&1; echo "ctatime rc=$?"
cat $OUT/cta/summary.txt
tools/evidence/unpack.sh s64r >/dev/null || exit 1
for s in 257x257x257 1149x843x545; do
  timeout 200 ncu --target-processes all --metrics gpu__time_duration.sum,launch__grid_size,launch__block_size --csv \
    .device/bin/s64r-sweep --levels level6_tuned --family sgemm --shape $s --time-cap 0.001 --reruns 0 --baseline none --out $OUT/ncu-$s.json > $OUT/ncu-$s.csv 2> $OUT/ncu-$s.err
  echo "ncu $s rc=$? $(wc -l < $OUT/ncu-$s.csv) lines"
done
