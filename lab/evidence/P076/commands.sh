#!/bin/bash
# Issue 23, EXPERIMENT: small-N path (kernels/small_n.cuh, N <= 32 and M >= 512): final
# (f04caec) and sn alternating, 2 rounds: small-N shapes (the seeds' and aligned ones), the
# seeds; then memcheck of sn on small-N shapes, edges included.
export PATH=/usr/local/cuda/bin:$PATH
d=$OUT/sn; mkdir -p $d
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.max.sm --format=csv > $d/gpu.txt
x=()
for s in 3631x30x16358 14920x20x3300 10781x17x3395 13996x26x4149 3421x15x10223 3392x26x8578 \
         4382x21x14651 5273x21x5984 6853x13x10229 11557x32x2295 10051x20x7608 11719x14x8445 \
         7046x6x12832 8607x6x13369 4096x16x4096 4096x32x4096 8192x8x8192 16384x1x16384 \
         4097x31x1000 8192x32x8192 2048x24x8192; do x+=(--shape $s); done
for r in 1 2; do
  for b in final sn; do
    bin=.device/bin/$b-sweep
    $bin --levels level6_tuned "${x[@]}" --baseline none --out $d/x-$b-$r.json > $d/x-$b-$r.txt 2>&1; echo "x $b $r rc=$? $(date +%T)" >> $d/gpu.txt
    for seed in 9001 2311 4242 5150 6271; do
      shapes=(); for s in $(cat .device/bin/seed$seed.txt); do shapes+=(--shape "$s"); done
      $bin --levels level6_tuned "${shapes[@]}" --baseline none --out $d/seed$seed-$b-$r.json > $d/seed$seed-$b-$r.txt 2>&1; echo "seed$seed $b $r rc=$?" >> $d/gpu.txt
    done
  done
done
timeout 200 compute-sanitizer --tool memcheck --target-processes all --leak-check no --error-exitcode 99 \
  .device/bin/sn-sweep --levels level6_tuned --shape 513x1x1 --shape 999x7x3 --shape 5000x32x1 \
  --shape 4097x31x1000 --shape 3631x30x1635 --shape 600x17x777 --time-cap 0.01 --baseline none \
  --out $d/memcheck.json > $d/memcheck.out 2> $d/memcheck.err; echo "memcheck rc=$?" >> $d/gpu.txt
grep -h "ERROR SUMMARY" $d/memcheck.out $d/memcheck.err >> $d/gpu.txt
