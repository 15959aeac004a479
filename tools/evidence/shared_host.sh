#!/bin/bash
# shared_host.sh TAG BASELINE RUNS CHECKS: the gate on a host of several GPUs (docs/GATE.md),
# run on the GPU machine from the repository root with stage.sh's binaries. GPU 0 makes RUNS
# full runs that join BASELINE's run set (--update-baseline, in this checkout's baselines/),
# while GPU 1 at the same time makes RUNS absolute full runs against a copy of BASELINE as it
# was; then both GPUs run CHECKS same-commit A/B quick checks at once, first alone, then with
# a busy loop on every CPU core. Every run is pinned with --gpu. Writes $OUT/shared-TAG/
# (gpu.txt, summary-gpu<N>.txt, <step>-<i>.{out,err,json}) packed into $OUT/shared-TAG.tar.gz.
set -u
tag=${1:?TAG} baseline=${2:?BASELINE} runs=${3:?RUNS} checks=${4:?CHECKS}
dir=$OUT/shared-$tag
# shellcheck source=tools/evidence/common.sh
. "$(dirname "$0")/common.sh"
cp "$baseline" "$dir/reference.json"
timed() { # LOG NAME CMD...: like common.sh's run, into its own summary file
  local log=$1 name=$2 t0 rc
  shift 2
  t0=$(date +%s.%N)
  "$@" >"$dir/$name.out" 2>"$dir/$name.err"
  rc=$?
  awk -v n="$name" -v rc="$rc" -v a="$t0" -v b="$(date +%s.%N)" \
    'BEGIN { printf "%s rc=%d %.1fs\n", n, rc, b - a }' | tee -a "$dir/$log"
}
for i in $(seq 1 "$runs"); do
  timed summary-gpu0.txt "baseline-gpu0-$i" "$bin"/sweep --gpu 0 --profile full --update-baseline \
    --out "$dir/baseline-gpu0-$i.json"
done &
for i in $(seq 1 "$runs"); do
  timed summary-gpu1.txt "absolute-gpu1-$i" "$bin"/sweep --gpu 1 --profile full \
    --baseline "$dir/reference.json" --out "$dir/absolute-gpu1-$i.json"
done
wait
cp "$baseline" "$dir/baseline-after.json"
for load in alone cpu-load; do
  pids=()
  if [ "$load" = cpu-load ]; then
    for _ in $(seq 1 "$(nproc)"); do (while :; do :; done) & pids+=($!); done
  fi
  checkers=()
  for g in 0 1; do
    for i in $(seq 1 "$checks"); do
      timed "summary-gpu$g.txt" "ab-$load-gpu$g-$i" tools/ab.sh --base-bin "$bin"/base-sweep \
        --head-bin "$bin"/sweep --gpu "$g" --profile quick --out "$dir/ab-$load-gpu$g-$i.json"
    done &
    checkers+=($!)
  done
  wait "${checkers[@]}"
  [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}"
  wait 2>/dev/null
done
tar -C "$OUT" -czf "$OUT/shared-$tag.tar.gz" "shared-$tag" && rm -rf "$dir"
