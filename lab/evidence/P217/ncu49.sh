#!/bin/bash
# ncu49.sh BUILD SHAPE...: Nsight Compute on level 6 and cuBLAS at each SHAPE, only the
# timed launches (the sweep's NVTX range sgemm_bench_timed), 6 launches a shape.
set -u
bin=.device/bin B=$1; shift
[ -x $bin/$B-sweep ] || python3 -c 'import lzma,sys; open(sys.argv[2],"wb").write(lzma.open(sys.argv[1]).read())' $bin/$B-sweep.xz $bin/$B-sweep
chmod +x $bin/$B-sweep
mkdir -p $OUT/ncu
finish() { tar cJf $OUT/ncu-$B.tar.xz -C $OUT ncu && rm -rf $OUT/ncu; }
trap finish EXIT
for shape in "$@"; do
  timeout 150 ncu --target-processes all --kernel-name-base demangled --nvtx --nvtx-include "sgemm_bench_timed/" \
    --launch-count 6 \
    --section SpeedOfLight --section LaunchStats --section Occupancy --section SchedulerStats \
    --section WarpStateStats --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section InstructionStats \
    -o $OUT/ncu/$B-$shape $bin/$B-sweep --levels level6_tuned --shape $shape --time-cap 1 --baseline none \
    --out $OUT/ncu/$B-$shape-sweep.json > $OUT/ncu/$B-$shape.log 2>&1
  echo "$shape ncu rc=$?"
  ncu --import $OUT/ncu/$B-$shape.ncu-rep --page details --csv > $OUT/ncu/$B-$shape.csv 2>&1
  rm -f $OUT/ncu/$B-$shape.ncu-rep
done
