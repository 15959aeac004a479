#!/bin/bash
# call67c.sh TUNING SKIP: call67.sh on an H100 (2 absolute full runs). On an H200: the
# review's A/B, 2c6b689's runner sweep (base-sweep) against b4b326e's (sweep), level 6 at
# sm, smm and sn (120 shapes, 69 of them on the sliced-K path), tools/ab.sh's rounds, once
# in each order of the two binaries ($OUT/ab67/).
set -u
T=$1 skip=${2:-}
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
case "$name" in *H100*) exec bash .device/bin/call67.sh "$T" 2 "$skip" ;; esac
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
mkdir -p $OUT/ab67
nvidia-smi --query-gpu=index,name,uuid --format=csv,noheader | tee "$OUT/ab67/gpu.txt"
for set in sm smm sn; do
  shapes=(); while read -r x; do shapes+=(--shape "$x"); done < .device/bin/$set.txt
  for order in new-vs-old old-vs-new; do
    if [ $order = new-vs-old ]; then b=base-sweep h=sweep; else b=sweep h=base-sweep; fi
    s0=$SECONDS
    tools/ab.sh --base-bin .device/bin/$b --head-bin .device/bin/$h --levels level6_tuned "${shapes[@]}" \
      --out $OUT/ab67/$set-$order.json > $OUT/ab67/$set-$order.out 2>&1
    echo "$set $order rc=$? $((SECONDS - s0))s"
  done
done
grep -h "points:" $OUT/ab67/*.out
