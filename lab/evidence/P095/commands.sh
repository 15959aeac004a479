#!/bin/bash
# cicc's run-to-run variation (docs/PERF.md, "Builds are draws"), on the CPU machine (CUDA
# 13.0.88, 2 cores), source at 3ac98f5 plus the stream-K cover rule. Preprocess once, run
# cicc four times on the same file with the same arguments (a, b one after the other; c, d
# at once, ASLR off, each pinned to a core), then ptxas -v for sm_90 on each.
set -eu
out=${1:-/tmp/cg}; mkdir -p "$out"
cuda=/usr/local/cuda
gcc -std=c++17 -D__CUDA_ARCH__=900 -D__CUDA_ARCH_LIST__=900 -E -x c++ -DCUDA_DOUBLE_MATH_FUNCTIONS \
  -D__CUDACC__ -D__NVCC__ -D__CUDACC_RELAXED_CONSTEXPR__ -O3 -I. -I$cuda/targets/x86_64-linux/include \
  -isystem $cuda/targets/x86_64-linux/include/cccl -DSGEMM_MIN_ARCH_CC=80 -D__CUDACC_VER_MAJOR__=13 \
  -D__CUDACC_VER_MINOR__=0 -D__CUDACC_VER_BUILD__=88 -D__CUDA_API_VER_MAJOR__=13 -D__CUDA_API_VER_MINOR__=0 \
  -D__NVCC_DIAG_PRAGMA_SUPPORT__=1 -D__CUDACC_DEVICE_ATOMIC_BUILTINS__=1 -include cuda_runtime.h -m64 \
  kernels/level6_tuned.cu -o "$out/l6.ii"
cicc() { # cicc NAME [PREFIX...]
  local name=$1; shift
  "$@" $cuda/nvvm/bin/cicc --c++17 --static-host-stub --device-hidden-visibility --gnu_version=120200 \
    --display_error_number --orig_src_file_name kernels/level6_tuned.cu --allow_managed \
    --relaxed_constexpr -arch compute_90 -m64 --no-version-ident -ftz=0 -prec_div=1 -prec_sqrt=1 \
    -fmad=1 --include_file_name fixed.fatbin.c -tused "$out/l6.ii" -o "$out/$name.ptx"
}
cicc a; cicc b
cicc c setarch "$(uname -m)" -R taskset -c 0 & cicc d setarch "$(uname -m)" -R taskset -c 1; wait
md5sum "$out"/[abcd].ptx
for f in a b c d; do
  $cuda/bin/ptxas -arch=sm_90 -O3 -v "$out/$f.ptx" -o "$out/$f.cubin" 2> "$out/$f.v.txt"
  awk '/Compiling entry function/ { match($0, /_Z[^'"'"']*/); fn = substr($0, RSTART, RLENGTH) }
       /Used [0-9]+ registers/ { match($0, /Used [0-9]+/); print fn, substr($0, RSTART + 5, RLENGTH - 5) }' \
    "$out/$f.v.txt" | sort > "$out/$f.regs"
done
paste "$out"/[abcd].regs | awk '{ print $2, $4, $6, $8, $1 }' > "$out/regs.txt" # a b c d kernel
