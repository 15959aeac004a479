#!/bin/bash
# on the GPU machine: level 7 in the sweep: profiles (valid points, % of cuBLAS), memcheck on odd shapes
set -u
export PATH=/usr/local/cuda/bin:$PATH LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
mkdir -p "$OUT/l7"
nvidia-smi --query-gpu=name,uuid --format=csv,noheader | tee "$OUT/l7/gpu.txt"
for p in ${PROFILES:-quick llm}; do
  .device/bin/sweep --profile $p --levels level6_tuned,level7_tma --baseline none --out "$OUT/l7/$p.json" > "$OUT/l7/$p.out" 2>&1
  echo "$p rc=$?"
done
