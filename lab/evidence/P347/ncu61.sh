#!/bin/bash
# ncu61.sh BUILD SHAPE...: where level 6's launches spend their time at each shape: its
# tiles' kernel and the slices' reduction, one launch each (in the sweep's timed ranges),
# Nsight Compute's speed-of-light, memory, warp-state and launch sections, as CSV under
# $OUT/ncu61/, with a plain sweep of each shape; packed as ncu61.tar.xz.
set -u
bin=.device/bin B=$1; shift
tools/evidence/unpack.sh "$B" || exit 1
mkdir -p $OUT/ncu61
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
S="--section SpeedOfLight --section WarpStateStats --section LaunchStats --section Occupancy --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section SchedulerStats"
for shape in "$@"; do
  r=$OUT/ncu61/$shape
  s0=$SECONDS
  timeout 150 ncu --target-processes all $S --nvtx --nvtx-include sgemm_bench_timed/ \
    -k regex:'tuned|splitk_reduce|gemm|sm90|sm80' --launch-count 4 -o $r $bin/$B-sweep --levels level6_tuned --shape $shape \
    --time-cap 0.05 --baseline none --out $r-sweep.json > $r.out 2>&1
  echo "$shape rc=$? $((SECONDS-s0))s"
  ncu --import $r.ncu-rep --page details --csv > $r-details.csv 2>&1
  rm -f $r.ncu-rep
done
tar cJf $OUT/ncu61.tar.xz -C $OUT ncu61 && rm -rf $OUT/ncu61
