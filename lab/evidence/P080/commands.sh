#!/bin/bash
# Review of f04caec..: final (261ce1c's kernels) and review (launch_shape's stream-K rule
# derived from cfg::SHIFT_B; nvcc's PTX differs in 3 kernels) alternating, 2 rounds:
# coverage, seeds 9001/2311/4242/5150/6271, full; memcheck of review.
export PATH=/usr/local/cuda/bin:$PATH
d=$OUT/review; mkdir -p $d
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.max.sm --format=csv > $d/gpu.txt
for r in 1 2; do
  for b in final review; do
    bin=.device/bin/$b-sweep
    $bin --levels level6_tuned --profile coverage --baseline none --out $d/cov-$b-$r.json > $d/cov-$b-$r.txt 2>&1; echo "cov $b $r rc=$?" >> $d/gpu.txt
    $bin --levels level6_tuned --profile full --baseline none --out $d/full-$b-$r.json > $d/full-$b-$r.txt 2>&1; echo "full $b $r rc=$?" >> $d/gpu.txt
    for seed in 9001 2311 4242 5150 6271; do
      shapes=(); for s in $(cat .device/bin/seed$seed.txt); do shapes+=(--shape "$s"); done
      $bin --levels level6_tuned "${shapes[@]}" --baseline none --out $d/seed$seed-$b-$r.json > $d/seed$seed-$b-$r.txt 2>&1; echo "seed$seed $b $r rc=$?" >> $d/gpu.txt
    done
  done
done
cp .device/bin/review-sweep .device/bin/sweep
OUT=$d timeout 240 tools/evidence/perf.sh memcheck > /dev/null 2>&1; echo "memcheck rc=$?" >> $d/gpu.txt
cd $OUT && tar czf r.tgz review && rm -rf review
