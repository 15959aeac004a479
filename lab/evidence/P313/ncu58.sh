#!/bin/bash
# ncu58.sh BUILD SHAPE...: where the fine tile's wide form (level6_grid_short_k_wide_bk8_s4,
# level 6's depth), the fine tile (level6_grid_short_k_bk16_s4) and cuBLAS's kernel spend
# their cycles at each shape: one launch of each (in the sweep's timed ranges), Nsight
# Compute's warp-state, scheduler, instruction and memory sections, then per SASS instruction
# the warp-stall samples (source page). CSVs under $OUT/ncu58/, packed as ncu58.tar.xz.
set -u
bin=.device/bin B=$1; shift
tools/evidence/unpack.sh $B || exit 1 # BUILD: a sweep_tuning pack
mkdir -p $OUT/ncu58
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
S="--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section InstructionStats --section SourceCounters --section LaunchStats --section Occupancy --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables"
for shape in "$@"; do
  for what in wide:level6_grid_short_k_wide_bk8_s4:short_k_kernel fine:level6_grid_short_k_bk16_s4:short_k_kernel cublas:level6_grid_short_k_bk16_s4:gemm; do
    IFS=: read -r name level k <<<"$what"
    r=$OUT/ncu58/$name-$shape
    s0=$SECONDS
    timeout 120 ncu --target-processes all $S --import-source no --nvtx --nvtx-include sgemm_bench_timed/ \
      -k regex:$k --launch-count 1 -o $r $bin/$B-sweep --levels $level --shape $shape \
      --time-cap 0.05 --baseline none --out $r-sweep.json > $r.out 2>&1
    echo "$name $shape rc=$? $((SECONDS-s0))s"
    ncu --import $r.ncu-rep --page details --csv > $r-details.csv 2>&1
    ncu --import $r.ncu-rep --page raw --csv > $r-raw.csv 2>&1
    ncu --import $r.ncu-rep --page source --csv --print-source sass > $r-sass.csv 2>&1 ||
      ncu --import $r.ncu-rep --page source --csv > $r-sass.csv 2>&1
    rm -f $r.ncu-rep
  done
done
tar cJf $OUT/ncu58.tar.xz -C $OUT ncu58 && rm -rf $OUT/ncu58
