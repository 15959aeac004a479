#!/bin/bash
# call67g.sh: the column-strip rule built (L6_STRIP_SPLIT_MAX_K 700). tools/ab.sh with the
# runner sweeps, b4b326e's (base-sweep, strips as before) against this build's (sweep),
# level 6 alone at the 25 grids of every committed set that the rule moves (mv67.txt, from
# lab/evidence/P365's plan.cu), once in each order; then memcheck of level 6 at them
# ($OUT/ab67g.tar.xz).
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} PATH=/usr/local/cuda/bin:$PATH
d=$OUT/ab67g; mkdir -p $d
nvidia-smi --query-gpu=name,uuid --format=csv,noheader | tee $d/gpu.txt
shapes=(); while read -r x; do shapes+=(--shape "$x"); done < .device/bin/mv67.txt
for order in new-vs-old old-vs-new; do
  if [ $order = new-vs-old ]; then b=base-sweep h=sweep; else b=sweep h=base-sweep; fi
  s0=$SECONDS
  tools/ab.sh --base-bin .device/bin/$b --head-bin .device/bin/$h --levels level6_tuned "${shapes[@]}" \
    --out $d/$order.json > $d/$order.out 2>&1
  echo "$order rc=$? $((SECONDS - s0))s"; grep -h "points:" $d/$order.out
done
s0=$SECONDS
timeout 120 compute-sanitizer --tool memcheck --leak-check no --error-exitcode 99 .device/bin/sweep --levels level6_tuned \
  "${shapes[@]}" --time-cap 0.01 --baseline none --out $d/memcheck.json > $d/memcheck.out 2>&1
echo "memcheck rc=$? $((SECONDS - s0))s"; grep -h "ERROR SUMMARY" $d/memcheck.out | sort | uniq -c
tar -C $OUT -cJf $OUT/ab67g.tar.xz ab67g && rm -rf $d
