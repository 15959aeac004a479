#!/bin/bash
# on the GPU machine: the prototype under Nsight Compute at 4096^3 (one launch after warm-up)
set -u
export PATH=/usr/local/cuda/bin:$PATH
d=$(dirname "$0")
nvidia-smi --query-gpu=name,uuid --format=csv,noheader
nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -DWS=${WS:-0} "$d/proto.cu" -lcublas -o "$d/p" || exit 1
ncu --kernel-name l7_kernel --launch-skip 2 --launch-count 1 \
  --section SpeedOfLight --section WarpStateStats --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
  --metrics sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,smsp__sass_inst_executed_op_shared_ld.sum \
  "$d/p" 4096 4096 4096 2>&1 | grep -v "^==PROF==" | sed -n '/l7_kernel/,$p' | head -120
