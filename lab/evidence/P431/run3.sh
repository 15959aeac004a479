#!/bin/bash
set -u
export PATH=/usr/local/cuda/bin:$PATH LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
d=$(dirname "$0")
nvidia-smi --query-gpu=name,uuid --format=csv,noheader
for s in "4096 4096 4096" "8192 8192 8192" "16384 16384 16384" "4097 4095 4099" "131 257 65"; do
  for st in 3 2; do timeout 120 "$d/p2s$st" $s; done
done
