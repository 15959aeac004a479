#!/bin/bash
# Issue 23, stream-K's tile by its cover: base (480b047's kernel, HEAD 3ac98f5) and sk (a
# stream-K grid takes the half tile that covers HALF_WAVE_PCT less of C), alternating, 3
# rounds: coverage, sk.txt (16 shapes drawn where the rule takes a half: sk-scan.c), seeds
# 9001/2311/4242/5150/6271/7177, llm, 2048/4096/8192 cubed; CHECK=BUILD adds memcheck and
# the gate's absolute full run of that build. SET=NAME runs .device/bin/NAME.txt in place of
# sk.txt (../lab/evidence/P098/ runs it so, with sn.txt).
set_name=${SET:-sk}
export PATH=/usr/local/cuda/bin:$PATH
for f in .device/bin/*-sweep.xz; do
  python3 -c "import lzma,sys; open(sys.argv[2],'wb').write(lzma.open(sys.argv[1]).read())" $f ${f%.xz} && chmod +x ${f%.xz}
done
d=$OUT/r; mkdir -p $d
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.max.sm --format=csv > $d/gpu.txt
run_set() { # run_set NAME BUILD FILE ROUND
  local shapes=(); for s in $(cat $3); do shapes+=(--shape "$s"); done
  .device/bin/$2-sweep --levels level6_tuned "${shapes[@]}" --baseline none --out $d/$1-$2-$4.json > $d/$1-$2-$4.txt 2>&1
  echo "$1 $2 $4 rc=$?" >> $d/gpu.txt
}
for r in 1 2 3; do
  for b in ${BUILDS:-base $set_name}; do
    bin=.device/bin/$b-sweep
    $bin --levels level6_tuned --profile coverage --baseline none --out $d/cov-$b-$r.json > $d/cov-$b-$r.txt 2>&1; echo "cov $b $r rc=$? $(date +%T)" >> $d/gpu.txt
    run_set $set_name $b .device/bin/$set_name.txt $r
    for seed in 9001 2311 4242 5150 6271 7177; do run_set seed$seed $b .device/bin/seed$seed.txt $r; done
    $bin --levels level6_tuned --profile llm --baseline none --out $d/llm-$b-$r.json > $d/llm-$b-$r.txt 2>&1; echo "llm $b $r rc=$?" >> $d/gpu.txt
    $bin --levels level6_tuned --sizes 2048,4096,8192 --baseline none --out $d/sq-$b-$r.json > $d/sq-$b-$r.txt 2>&1; echo "sq $b $r rc=$? $(date +%T)" >> $d/gpu.txt
  done
done
if [ -n "${CHECK:-}" ]; then
  cp .device/bin/$CHECK-sweep .device/bin/sweep
  OUT=$d timeout 300 tools/evidence/perf.sh memcheck > /dev/null 2>&1; echo "memcheck rc=$?" >> $d/gpu.txt
  OUT=$d timeout 150 tools/evidence/perf.sh full > /dev/null 2>&1; echo "full rc=$?" >> $d/gpu.txt
fi
cd $OUT && tar czf r.tgz r && rm -rf r
