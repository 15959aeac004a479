#!/bin/bash
# Issue 23: new (staging C to K = 1024 where B's rows are aligned or re-laid) against prev
# (01528af), 2 rounds alternating: the full profile, coverage, seeds 9001/2311/4242/5150,
# unaligned C at K = 257..1024; then memcheck of new and the gate's absolute full run.
export PATH=/usr/local/cuda/bin:$PATH
d=$OUT/vecb; mkdir -p $d
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.max.sm --format=csv > $d/gpu.txt
x=(--shape 8592x371x283 --shape 260x10283x493 --shape 4095x4095x300 --shape 4095x4095x512
   --shape 4095x4095x1000 --shape 3001x2999x600 --shape 2049x2047x800 --shape 693x13206x400
   --shape 7813x1589x700 --shape 4585x6065x300 --shape 14564x4702x642 --shape 3001x2999x203)
for r in 1 2; do
  for b in prev new; do
    bin=.device/bin/$b-sweep; [ $b = new ] && bin=.device/bin/sweep
    $bin --levels level6_tuned --profile full --baseline none --out $d/full-$b-$r.json > $d/full-$b-$r.txt 2>&1; echo "full $b $r rc=$?" >> $d/gpu.txt
    $bin --levels level6_tuned --profile coverage --baseline none --out $d/cov-$b-$r.json > $d/cov-$b-$r.txt 2>&1; echo "cov $b $r rc=$?" >> $d/gpu.txt
    $bin --levels level6_tuned "${x[@]}" --baseline none --out $d/x-$b-$r.json > $d/x-$b-$r.txt 2>&1; echo "x $b $r rc=$?" >> $d/gpu.txt
    for seed in 9001 2311 4242 5150; do
      shapes=(); for s in $(cat .device/bin/seed$seed.txt); do shapes+=(--shape "$s"); done
      $bin --levels level6_tuned "${shapes[@]}" --baseline none --out $d/seed$seed-$b-$r.json > $d/seed$seed-$b-$r.txt 2>&1; echo "seed$seed $b $r rc=$?" >> $d/gpu.txt
    done
  done
done
OUT=$d timeout 240 tools/evidence/perf.sh memcheck > /dev/null 2>&1; echo "memcheck rc=$?" >> $d/gpu.txt
OUT=$d timeout 200 tools/evidence/perf.sh full > /dev/null 2>&1; echo "full rc=$?" >> $d/gpu.txt
cd $OUT && tar czf r.tgz vecb && rm -rf vecb
