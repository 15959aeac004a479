#!/bin/bash
# cublas51.sh BUILD SHAPE...: which kernels cuBLAS and level 6 launch at each SHAPE, in the
# sweep's timed ranges (NVTX filter): name, grid, block, registers, duration, 16 launches
set -u
bin=.device/bin B=$1; shift
mkdir -p $OUT/cu
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
for shape in "$@"; do
  timeout 120 ncu --target-processes all --nvtx --nvtx-include "sgemm_bench_timed/" --launch-count 16 \
    --section LaunchStats --metrics gpu__time_duration.sum --csv --page raw \
    $bin/$B-sweep --levels level6_tuned --shape $shape --time-cap 0.2 --baseline none \
    --out $OUT/cu/$shape.json > $OUT/cu/$shape.csv 2> $OUT/cu/$shape.err
  echo "$shape rc=$?"
done
tar cJf $OUT/cu.tar.xz -C $OUT cu && rm -rf $OUT/cu
