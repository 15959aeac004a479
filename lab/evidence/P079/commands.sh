#!/bin/bash
# ncu of the small-N experiment (small-n.diff) at 8192x32x8192 and 14920x20x3300, and of
# f04caec's launch at 8192x32x8192.
export PATH=/usr/local/cuda/bin:$PATH
d=$OUT/ncu-sn; mkdir -p $d
nvidia-smi --query-gpu=name,uuid --format=csv > $d/gpu.txt
for s in sn:8192x32x8192:small_n sn:14920x20x3300:small_n final:8192x32x8192:tuned_kernel; do
  b=${s%%:*}; rest=${s#*:}; shape=${rest%%:*}; kern=${rest#*:}
  timeout 150 ncu --target-processes all --set full --import-source no --kernel-name-base mangled \
    -k "regex:$kern" --launch-skip 4 --launch-count 1 -o $d/$b-$shape \
    .device/bin/$b-sweep --levels level6_tuned --shape $shape --time-cap 0.2 --baseline none \
    --out $d/$b-$shape.json > $d/$b-$shape.log 2>&1
  ncu --import $d/$b-$shape.ncu-rep --page details --csv > $d/$b-$shape-details.csv 2>&1
  ncu --import $d/$b-$shape.ncu-rep --page source --print-source sass --csv > $d/$b-$shape-sass.csv 2>&1
  rm -f $d/$b-$shape.ncu-rep
done
cd $OUT && tar czf r.tgz ncu-sn && rm -rf ncu-sn
