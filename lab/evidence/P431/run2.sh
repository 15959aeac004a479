#!/bin/bash
set -u
export PATH=/usr/local/cuda/bin:$PATH
d=$(dirname "$0")
for v in "0 4" "0 1" "1 1"; do set -- $v
  nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -DWS=$1 -DALOAD=$2 -Xptxas=-v "$d/proto.cu" -lcublas -o "$d/p_$1_$2" 2>"$d/ptx_$1_$2.txt" || { cat "$d/ptx_$1_$2.txt"; exit 1; }
  grep -E "registers|spill" "$d/ptx_$1_$2.txt" | tr '\n' ' '; echo
done
for s in "4096 4096 4096" "8192 8192 8192" "4097 4095 4099"; do
  for v in "0 4" "0 1" "1 1"; do set -- $v; timeout 120 "$d/p_$1_$2" $s; done
done
