#!/bin/bash
# call67b.sh TUNING RENEW_ABS SKIP: call67.sh on an H100. On an H200 not in SKIP (a GPU
# outside the renewed set): level 6 beside level6_grid_before66 at sm, smm, sn, cov, llm and
# nine seed sets never measured (121010, 122020, ..., 129090: `coverage --random S 40`), 2
# rounds, with memcheck of level 6 (fs63.sh, $OUT/fs-h200.tar.xz), then RENEW_ABS absolute
# full runs against the H200 set and one same-commit A/B quick check (renew.sh). On an H200
# in SKIP: nothing (exit 3).
set -u
T=$1 abs=$2 skip=$3
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
case "$name" in *H100*) exec bash .device/bin/call67.sh "$T" "$abs" "$skip" ;; esac
nvidia-smi --query-gpu=index,name,uuid --format=csv,noheader | tee "$OUT/gpus.txt"
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | head -n 1)
for s in ${skip//,/ }; do case "$uuid" in "$s"*) echo "call67b: $uuid is in the set"; exit 3 ;; esac; done
L=level6_tuned,level6_grid_before66
MEMCHECK_LEVELS=level6_tuned MEMCHECK_SHAPES="--shape 117x85x1789 --shape 102x31x1021 --shape 64x64x2048 --shape 72x660x15429" \
  bash .device/bin/fs63.sh "$T" 2 "sm:$L" "smm:$L" "sn:$L" "cov:$L" "llm:$L" \
  $(for s in 121010 122020 123030 124040 125050 126060 127070 128080 129090; do echo "seed$s:$L"; done)
echo "fs63 rc=$?"
[ -f $OUT/fs.tar.xz ] && mv $OUT/fs.tar.xz $OUT/fs-h200.tar.xz
u=$(echo "$uuid" | cut -c1-12)
tools/evidence/renew.sh "h200-$u" baselines/nvidia-h200.json "$abs" 0 1 "$skip"; echo "renew rc=$?"
ls -la $OUT
