#!/bin/bash
# Issue 23: prev (d52c0e1), lines (../lab/evidence/P057/lines.diff: the
# CTA's 32 rows a round) and warp (warp.diff: the same lines from each warp's own 16 rows
# a round, no CTA barrier) alternating, 2 rounds; ncu of warp; memcheck of warp.
export PATH=/usr/local/cuda/bin:$PATH
d=$OUT/run; mkdir -p $d
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.max.sm --format=csv > $d/gpu.txt
x=(--shape 3661x9361x16 --shape 3661x9364x16 --shape 693x13206x105 --shape 693x13208x105
   --shape 4585x6065x66 --shape 4585x6068x66 --shape 419x10394x135 --shape 419x10396x135
   --shape 15638x6543x624 --shape 15638x6544x624 --shape 4095x4095x16 --shape 4096x4096x16
   --shape 7742x523x280 --shape 7742x524x280 --shape 2015x8641x154 --shape 2015x8644x154
   --shape 11098x11941x210 --shape 4096x4095x4096 --shape 8192x8191x8192 --shape 1000x1003x517
   --shape 16077x7847x7 --shape 10064x12702x5)
met=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_write.sum,lts__t_requests_op_write.sum
timeout 100 ncu --nvtx --nvtx-include sgemm_bench_timed/ --metrics $met -c 4 .device/bin/warp-sweep --levels level6_tuned --shape 3661x9361x16 --time-cap 0.01 --baseline none --out $d/ncu.json > $d/ncu-warp-3661x9361x16.txt 2>&1
for r in 1 2; do
  for b in prev lines warp; do
    bin=.device/bin/$b-sweep
    $bin --levels level6_tuned --profile coverage --baseline none --out $d/cov-$b-$r.json > $d/cov-$b-$r.txt 2>&1; echo "cov $b $r rc=$?" >> $d/gpu.txt
    $bin --levels level6_tuned "${x[@]}" --baseline none --out $d/x-$b-$r.json > $d/x-$b-$r.txt 2>&1; echo "x $b $r rc=$?" >> $d/gpu.txt
    for seed in 9001 2311 4242; do
      shapes=(); for s in $(cat .device/bin/seed$seed.txt); do shapes+=(--shape "$s"); done
      $bin --levels level6_tuned "${shapes[@]}" --baseline none --out $d/seed$seed-$b-$r.json > $d/seed$seed-$b-$r.txt 2>&1; echo "seed$seed $b $r rc=$?" >> $d/gpu.txt
    done
  done
done
cp .device/bin/warp-sweep .device/bin/sweep
OUT=$d timeout 240 tools/evidence/perf.sh memcheck > /dev/null 2>&1; echo "memcheck rc=$?" >> $d/gpu.txt
cd $OUT && tar czf r.tgz run && rm -rf run
