# common.sh: sourced by the evidence scripts after they set `dir` (their output folder
# under $OUT): the CUDA paths, the built commit (SGEMM_COMMIT, from stage.sh's COMMIT file),
# the GPU's identity in $dir/gpu.txt, and run(), which keeps a command's output and
# appends its exit code and time to $dir/summary.txt (or to $dir/$summary when the caller
# sets `summary`: one file per GPU when several run at once). On a host with several GPUs,
# pin a script with CUDA_VISIBLE_DEVICES=<one index or UUID>: gpu.txt and `gpu` then name
# that GPU (CUDA_DEVICE_ORDER=PCI_BUS_ID, nvidia-smi's order).
# shellcheck shell=bash
bin=.device/bin
# shellcheck disable=SC2154 # dir: set by the script that sources this
: "${dir:?set dir before sourcing common.sh}"
mkdir -p "$dir"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export PATH=/usr/local/cuda/bin:$PATH
if [ -s "$bin/COMMIT" ]; then SGEMM_COMMIT=$(cat "$bin/COMMIT"); export SGEMM_COMMIT; fi
export CUDA_DEVICE_ORDER=PCI_BUS_ID
gpu=() # nvidia-smi's arguments for the GPU this script runs on
if [ -n "${CUDA_VISIBLE_DEVICES:-}" ]; then gpu=(-i "${CUDA_VISIBLE_DEVICES%%,*}"); fi
nvidia-smi "${gpu[@]}" --query-gpu=name,uuid,driver_version,clocks.max.sm --format=csv >"$dir/gpu.txt" 2>&1
run() { # NAME CMD...
  local name=$1 t0 rc
  shift
  t0=$(date +%s.%N)
  "$@" >"$dir/$name.out" 2>"$dir/$name.err"
  rc=$?
  awk -v n="$name" -v rc="$rc" -v a="$t0" -v b="$(date +%s.%N)" \
    'BEGIN { printf "%s rc=%d %.1fs\n", n, rc, b - a }' | tee -a "$dir/${summary:-summary.txt}"
}
