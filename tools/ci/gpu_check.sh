#!/bin/bash
# gpu_check.sh SLUG: the first step of every GPU job. The job must see exactly one GPU
# (the runner's pin: CUDA_VISIBLE_DEVICES in its .env, or one GPU on the machine), and its
# model's slug (runner/slug.c's rule: lower-case ASCII letters and digits, every other run
# of characters one '-') must be SLUG, the matrix entry the job was routed by. A job that
# would measure two GPUs, none, or another model fails here, before it builds anything.
# NVIDIA_SMI names another nvidia-smi (tests).
# Exit: 0 one GPU of model SLUG; 1 otherwise (a line says why); 2 bad usage.
set -u
help_text() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) help_text; exit 0 ;; "") help_text >&2; exit 2 ;; esac
want=$1
smi=${NVIDIA_SMI:-nvidia-smi}
names=$("$smi" --query-gpu=name --format=csv,noheader 2>/dev/null) || { echo "gpu_check: $smi failed: no GPU driver?" >&2; exit 1; }
# nvidia-smi lists every GPU of the machine; CUDA_VISIBLE_DEVICES narrows what the job uses.
if [ -n "${CUDA_VISIBLE_DEVICES:-}" ]; then
  IFS=, read -r -a pick <<<"$CUDA_VISIBLE_DEVICES"
  all=$names names=
  for i in "${pick[@]}"; do
    [[ "$i" =~ ^[0-9]+$ ]] || { echo "gpu_check: CUDA_VISIBLE_DEVICES '$CUDA_VISIBLE_DEVICES' is not a list of GPU numbers" >&2; exit 1; }
    line=$(sed -n "$((i + 1))p" <<<"$all")
    [ -n "$line" ] || { echo "gpu_check: CUDA_VISIBLE_DEVICES names GPU $i, which this machine lacks" >&2; exit 1; }
    names="$names${names:+$'\n'}$line"
  done
fi
count=$(grep -c . <<<"$names")
if [ "$count" -ne 1 ]; then
  echo "gpu_check: this job sees $count GPUs; pin one (CUDA_VISIBLE_DEVICES in the runner's .env)" >&2
  exit 1
fi
slug=$(tr 'A-Z' 'a-z' <<<"$names" | sed -E 's/[^a-z0-9]+/-/g; s/^-+//; s/-+$//')
[ -n "$slug" ] || slug=gpu
if [ "$slug" != "$want" ]; then
  echo "gpu_check: this runner's GPU is '$slug', the job was routed for '$want'" >&2
  exit 1
fi
echo "gpu_check: one GPU, $slug"
