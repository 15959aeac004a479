#!/bin/bash
# on the GPU machine: the prototype's stall reasons under Nsight Compute at 4096^3
set -u
export PATH=/usr/local/cuda/bin:$PATH
d=$(dirname "$0")
nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -DWS=${WS:-0} "$d/proto.cu" -lcublas -o "$d/p" || exit 1
m=""
for r in short_scoreboard long_scoreboard wait math_pipe_throttle mio_throttle barrier not_selected selected dispatch_stall no_instruction lg_throttle branch_resolving sleeping membar misc tex_throttle drain imc_miss; do
  m="$m,smsp__average_warps_issue_stalled_${r}_per_issue_active.ratio"
done
ncu --kernel-name l7_kernel --launch-skip 2 --launch-count 1 --metrics "${m#,},sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,smsp__warps_active.avg.per_cycle_active" \
  "$d/p" 4096 4096 4096 2>&1 | grep -E "ratio|pct|per_cycle"
cuobjdump -sass "$d/p" | grep -E "^\s+/\*[0-9a-f]+\*/" | awk '{print $2}' | sed 's/\..*//' | sort | uniq -c | sort -rn | head -12
