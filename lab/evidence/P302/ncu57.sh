#!/bin/bash
# ncu57.sh BUILD SHAPE...: every kernel launched in the sweep's timed ranges (level 6's and
# cuBLAS's), its duration, grid, block and registers, the first 40 launches at each shape,
# as CSV under $OUT/ncu57/ (Nsight Compute, one metric pass a launch)
set -u
bin=.device/bin B=$1; shift
tools/evidence/unpack.sh $B || exit 1 # BUILD: a sweep_tuning pack
mkdir -p $OUT/ncu57
for shape in "$@"; do
  timeout 100 ncu --csv --page raw --print-units base --nvtx --nvtx-include sgemm_bench_timed/ \
    --launch-count 40 --metrics gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread \
    $bin/$B-sweep --levels level6_tuned --shape $shape --baseline none \
    --out $OUT/ncu57/sweep-$shape.json --time-cap 0.05 > $OUT/ncu57/$shape.csv 2> $OUT/ncu57/$shape.err
  echo "ncu $shape rc=$?"
done
