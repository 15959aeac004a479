#!/bin/bash
# call67d.sh TUNING SKIP: call67.sh on an H100 (2 absolute full runs against the H100 set).
# On an H200 not in SKIP: level 6 beside level6_grid_before66 at the nine new seeds, sm,
# smm, sn, cov and llm, 1 round (fs63.sh, $OUT/fs-h200.tar.xz), then one absolute full run
# against the H200 set (renew.sh, no A/B). On an H200 in SKIP: nothing (exit 3).
set -u
T=$1 skip=$2
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
case "$name" in *H100*) exec bash .device/bin/call67.sh "$T" 2 ;; esac
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | head -n 1)
echo "$uuid"
for s in ${skip//,/ }; do case "$uuid" in "$s"*) echo "call67d: $uuid measured already"; exit 3 ;; esac; done
L=level6_tuned,level6_grid_before66
bash .device/bin/fs63.sh "$T" 1 "sm:$L" "smm:$L" "sn:$L" "cov:$L" "llm:$L" \
  $(for s in 121010 122020 123030 124040 125050 126060 127070 128080 129090; do echo "seed$s:$L"; done)
echo "fs63 rc=$?"
[ -f $OUT/fs.tar.xz ] && mv $OUT/fs.tar.xz $OUT/fs-h200.tar.xz
tools/evidence/renew.sh "h200-$(echo "$uuid" | cut -c1-12)" baselines/nvidia-h200.json 1 0 0; echo "renew rc=$?"
ls -la $OUT
