#!/bin/bash
# on the GPU machine: Nsight Compute at 8192^3: level 7's prototype, cuBLAS (same process),
# and level 6 (the sweep), each its FMA pipe, duration and stall reasons
set -u
export PATH=/usr/local/cuda/bin:$PATH LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
d=$(dirname "$0")
nvidia-smi --query-gpu=name,uuid --format=csv,noheader
m="sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,gpu__time_duration.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.avg.per_second"
for r in dispatch_stall not_selected selected wait long_scoreboard short_scoreboard math_pipe_throttle mio_throttle barrier no_instruction; do
  m="$m,smsp__average_warps_issue_stalled_${r}_per_issue_active.ratio"
done
ncu --kernel-name regex:'l7_kernel|sgemm|gemm' --launch-skip 0 --launch-count 2 --metrics "$m" "$d/p2s3" 8192 8192 8192 2>&1 | grep -E "^  [a-zA-Z_].*\(|ratio|pct|duration|per_second" | sed 's/  */ /g'
ncu --target-processes all --kernel-name regex:'tuned_kernel|streamk' --launch-skip 3 --launch-count 1 --metrics "$m" \
  .device/bin/sweep --shape 8192x8192x8192 --levels level6_tuned --baseline none --time-cap 0.05 --out /tmp/l6.json 2>&1 | grep -E "^  [a-zA-Z_].*\(|ratio|pct|duration|per_second" | sed 's/  */ /g'
