#!/bin/bash
# Evidence batch B, on the GPU machine, against the baseline in $BASE: a slowed level 4
# (compile-time switch, kernels/testing) caught ten times out of ten; a faulting and a
# hanging kernel reported while the other levels are written; SIGINT mid-sweep; and
# siboehm/SGEMM_CUDA kernel 10 built from its own sources in $B/peer, beside ours.
set -u
B=${B:-.device}
BASE=${BASE:?the baseline results file}
export SGEMM_COMMIT=${SGEMM_COMMIT:-unknown} SGEMM_BRANCH=${SGEMM_BRANCH:-main}
log=$OUT/log.txt
mkdir -p /tmp/evidence

# Calibrate: one quick level-4 sweep per slowed build (sparsest first); take the gentlest
# slowdown beyond 3.5% at 4096.
pick=""
for n in 12 6 3 1; do
  "$B/sweep_slowed_every$n" --profile quick --levels 4 --baseline "$BASE" --reruns 0 \
    --out /tmp/slow$n.json >/tmp/slow$n.txt 2>&1
  d=$(awk '$1 == "level4_double_buffering" && $2 == "4096x4096x4096" && $3 ~ /^[A-Z]/ {print $6}' /tmp/slow$n.txt)
  echo "slowed every $n-th tile: level 4 at 4096 changed ${d}%" | tee -a "$log"
  [ -z "$pick" ] && awk -v d="$d" 'BEGIN { exit !(d + 0 < -3.5) }' && pick=$n
done
pick=${pick:-1}
caught=0
for i in $(seq 1 10); do
  "$B/sweep_slowed_every$pick" --profile quick --levels 4 --baseline "$BASE" \
    --out /tmp/slowed_run.json >/tmp/slowed_run.txt 2>&1
  rc=$?
  [ "$rc" -eq 1 ] && caught=$((caught + 1))
  echo "slowed every $pick-th tile, run $i: exit $rc; $(awk '$1 == "level4_double_buffering" && $3 ~ /^[A-Z]/ {printf "%s %s %s%%; ", $2, $3, $6}' /tmp/slowed_run.txt)" | tee -a "$log"
done
echo "slowed every $pick-th tile: REGRESSED (exit 1) in $caught of 10 runs" | tee -a "$log"

"$B/sweep_faulting" --levels testing_fault,3 --sizes 1024 --baseline none \
  --out /tmp/evidence/fault.json >/tmp/fault.txt 2>&1
echo "faulting kernel: exit $? (want 3)" | tee -a "$log"
grep -E 'testing_fault|level3' /tmp/fault.txt | tee -a "$log"
"$B/sweep_faulting" --levels testing_hang,4 --sizes 1024 --watchdog 10 --baseline none \
  --out /tmp/evidence/hang.json >/tmp/hang.txt 2>&1
echo "hanging kernel: exit $? (want 3)" | tee -a "$log"
grep -E 'testing_hang|level4' /tmp/hang.txt | tee -a "$log"

"$B/sweep" --profile full --baseline none --out /tmp/interrupted.json >/tmp/int.txt 2>/tmp/int.err &
pid=$!
sleep 12
kill -INT "$pid"
wait "$pid"
echo "SIGINT after 12 s: exit $? (want 130); results file present: $(ls /tmp/interrupted.json* 2>/dev/null | wc -l)" | tee -a "$log"
tail -n 1 /tmp/int.err | tee -a "$log"

if nvcc -O3 -std=c++17 -arch=sm_90 -I"$B/peer/src" "$B/peer/sgemm.cu" "$B/peer/src/runner.cu" \
     -lcublas -o /tmp/peer_sgemm >/tmp/peer_build.txt 2>&1; then
  for kn in 10 0; do
    (cd /tmp && ./peer_sgemm $kn >/tmp/peer_$kn.txt 2>&1)
    echo "siboehm kernel $kn (its own harness): $(grep 'size: (4096)' /tmp/peer_$kn.txt)" | tee -a "$log"
  done
else
  echo "siboehm build failed:" | tee -a "$log"; tail -5 /tmp/peer_build.txt | tee -a "$log"
fi
"$B/sweep" --levels 6 --sizes 4096 --baseline none --out /tmp/evidence/ours_beside_peer.json >/tmp/ours.txt 2>&1
echo "ours beside it: $(grep -E '^level6_tuned' /tmp/ours.txt)" | tee -a "$log"
cp /tmp/peer_10.txt /tmp/peer_0.txt /tmp/evidence/ 2>/dev/null
tar -C /tmp -cf "$OUT/gate_evidence.tar" evidence
