#!/bin/bash
# call67.sh TUNING RENEW_ABS [SKIP]: one call of session 67, run from the repository root with
# stage.sh's sweep and base-sweep in .device/bin. On an H100: level 6 beside
# level6_grid_before66 (session 65's level 6) at sm-sm7, smm, smm2, sn-sn3, cov and llm, 1
# round, with memcheck (fs63.sh, $OUT/fs-h100.tar.xz), then RENEW_ABS absolute full runs
# against the H100 set and one same-commit A/B quick check (renew.sh, TAG h100). On an H200:
# renew.sh's RENEW_ABS absolute full runs against the H200 set and the A/B quick check
# (TAG h200-<gpu>). On a host of several GPUs (CUDA_VISIBLE_DEVICES unset, 2 or more GPUs),
# one renew.sh a GPU at once, each pinned to its GPU. SKIP: renew.sh's. CHECKS (default 1): its A/B quick checks.
set -u
T=$1 abs=$2 skip=${3:-}
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
nvidia-smi --query-gpu=index,name,uuid --format=csv,noheader | tee "$OUT/gpus.txt"
case "$name" in
*H100*)
  L=level6_tuned,level6_grid_before66
  sets=(); for s in sm sm2 sm3 sm4 sm5 sm6 sm7 smm smm2 sn sn2 sn3 cov llm; do sets+=("$s:$L"); done
  MEMCHECK_LEVELS=level6_tuned MEMCHECK_SHAPES="--shape 117x85x1789 --shape 102x31x1021 --shape 64x64x2048" \
    bash .device/bin/fs63.sh "$T" 1 "${sets[@]}"; echo "fs63 rc=$?"
  [ -f $OUT/fs.tar.xz ] && mv $OUT/fs.tar.xz $OUT/fs-h100.tar.xz
  tools/evidence/renew.sh h100 baselines/nvidia-h100-80gb-hbm3.json "$abs" 0 "${CHECKS:-1}" "$skip"; echo "renew rc=$?"
  ;;
*)
  n=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | wc -l)
  if [ -z "${CUDA_VISIBLE_DEVICES:-}" ] && [ "$n" -ge 2 ]; then
    for i in $(seq 0 $((n - 1))); do
      u=$(nvidia-smi -i "$i" --query-gpu=uuid --format=csv,noheader | cut -c1-12)
      CUDA_VISIBLE_DEVICES=$i tools/evidence/renew.sh "h200-$u" baselines/nvidia-h200.json "$abs" 0 "${CHECKS:-1}" "$skip" &
    done
    wait
  else
    u=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | head -n 1 | cut -c1-12)
    tools/evidence/renew.sh "h200-$u" baselines/nvidia-h200.json "$abs" 0 "${CHECKS:-1}" "$skip"; echo "renew rc=$?"
  fi
  ;;
esac
ls -la $OUT
