#!/bin/bash
# ncu62.sh BUILD SHAPE...: ncu61.sh with --cache-control none: the caches as the kernels before
# left them (a reduction finds the slices where the product left them), not flushed.
# $OUT/ncu62/, with a plain sweep of each shape; packed as ncu62.tar.xz.
set -u
bin=.device/bin B=$1; shift
tools/evidence/unpack.sh "$B" || exit 1
mkdir -p $OUT/ncu62
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
S="--section SpeedOfLight --section WarpStateStats --section LaunchStats --section Occupancy --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section SchedulerStats"
for shape in "$@"; do
  r=$OUT/ncu62/$shape
  s0=$SECONDS
  timeout 150 ncu --target-processes all --cache-control none $S --nvtx --nvtx-include sgemm_bench_timed/ \
    -k regex:'tuned|splitk_reduce|gemm|sm90|sm80' --launch-count 4 -o $r $bin/$B-sweep --levels level6_tuned --shape $shape \
    --time-cap 0.05 --baseline none --out $r-sweep.json > $r.out 2>&1
  echo "$shape rc=$? $((SECONDS-s0))s"
  ncu --import $r.ncu-rep --page details --csv > $r-details.csv 2>&1
  rm -f $r.ncu-rep
done
tar cJf $OUT/ncu62.tar.xz -C $OUT ncu62 && rm -rf $OUT/ncu62
