#!/bin/bash
# on the GPU machine: build the level-7 prototype's variants, check and time them beside cuBLAS
set -u
export PATH=/usr/local/cuda/bin:$PATH
d=$(dirname "$0")
nvidia-smi --query-gpu=name,uuid --format=csv,noheader
for ws in 0 1; do
  nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -DWS=$ws -Xptxas=-v "$d/proto.cu" -lcublas -o "$d/proto_ws$ws" 2>"$d/ptxas_ws$ws.txt" || { cat "$d/ptxas_ws$ws.txt"; exit 1; }
  grep -E "registers|spill" "$d/ptxas_ws$ws.txt"
done
for s in ${SHAPES:-"4096 4096 4096" "8192 8192 8192" "4097 4095 4099" "131 257 65"}; do :; done
for s in "4096 4096 4096" "8192 8192 8192" "4097 4095 4099" "131 257 65"; do
  for ws in 0 1; do timeout 120 "$d/proto_ws$ws" $s; done
done
