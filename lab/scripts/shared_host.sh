#!/bin/bash
# shared_host.sh start TAG BASELINE ITERS | collect TAG SECONDS: the gate on a host of two
# GPUs (docs/GATE.md), run on the GPU machine from the repository root with stage.sh's
# binaries. `start` copies the binaries and tools/ab.sh to /tmp/shared-TAG and runs the
# protocol there in its own session, so that it outlives the call (the calls that follow
# must keep the machine warm). ITERS times, both GPUs in lockstep, every run pinned with
# --gpu: an absolute full run against BASELINE and a same-commit A/B quick check, each once
# alone and once beside a busy loop on every CPU core, the order of the two conditions
# swapped every other time so that drift does not pass for the load. `collect` waits up to
# SECONDS for the protocol to end and packs what it has into $OUT/shared-TAG.tar.gz
# (gpu.txt, summary-gpu<N>.txt, <step>-gpu<N>-<i>.{out,err,json}, DONE when finished).
set -u
cmd=${1:?start or collect} tag=${2:?TAG}
dir=/tmp/shared-$tag
case "$cmd" in
start)
  baseline=${3:?BASELINE} iters=${4:?ITERS}
  mkdir -p "$dir/bin" || exit 4
  cp .device/bin/sweep .device/bin/base-sweep tools/ab.sh "$dir/bin/" || exit 4
  [ -s .device/bin/COMMIT ] && cp .device/bin/COMMIT "$dir/bin/"
  cp "$baseline" "$dir/reference.json" || exit 4
  setsid nohup bash "$0" protocol "$tag" "$iters" >"$dir/protocol.log" 2>&1 </dev/null &
  echo "shared_host: protocol started in $dir"
  ;;
collect)
  secs=${3:?SECONDS}
  # A machine that went back between calls comes fresh: nothing to wait for.
  [ -d "$dir" ] || { echo "shared_host: no $dir: this is not the machine that started it" >&2; exit 3; }
  end=$(($(date +%s) + secs))
  while [ ! -e "$dir/DONE" ] && [ "$(date +%s)" -lt "$end" ]; do sleep 5; done
  tar -C /tmp -czf "$OUT/shared-$tag.tar.gz" --exclude="shared-$tag/bin" "shared-$tag"
  cat "$dir"/summary-gpu*.txt
  [ -e "$dir/DONE" ] && echo "shared_host: done" || echo "shared_host: still running"
  ;;
protocol)
  iters=${3:?ITERS}
  cd "$dir" || exit 4
  # shellcheck source=tools/evidence/common.sh
  . "$OLDPWD/$(dirname "$0")/common.sh"
  bin=$dir/bin
  if [ -s "$bin/COMMIT" ]; then SGEMM_COMMIT=$(cat "$bin/COMMIT"); export SGEMM_COMMIT; fi
  step() { # KIND LOAD I: both GPUs at once
    local kind=$1 load=$2 i=$3 load_pids=() runs=() g
    if [ "$load" = cpu-load ]; then
      for _ in $(seq 1 "$(nproc)"); do (while :; do :; done) & load_pids+=($!); done
    fi
    for g in 0 1; do
      local name=$kind-$load-gpu$g-$i
      if [ "$kind" = absolute ]; then
        summary=summary-gpu$g.txt run "$name" "$bin"/sweep --gpu "$g" --profile full \
          --baseline "$dir/reference.json" --out "$dir/$name.json" &
      else
        summary=summary-gpu$g.txt run "$name" "$bin"/ab.sh --base-bin "$bin"/base-sweep \
          --head-bin "$bin"/sweep --gpu "$g" --profile quick --out "$dir/$name.json" &
      fi
      runs+=($!)
    done
    wait "${runs[@]}"
    [ ${#load_pids[@]} -gt 0 ] && kill "${load_pids[@]}" && wait "${load_pids[@]}" 2>/dev/null
  }
  for i in $(seq 1 "$iters"); do
    if [ $((i % 2)) -eq 1 ]; then order="alone cpu-load"; else order="cpu-load alone"; fi
    for kind in absolute ab; do
      for load in $order; do step "$kind" "$load" "$i"; done
    done
  done
  touch "$dir/DONE"
  ;;
*) echo "shared_host: start or collect" >&2; exit 2 ;;
esac
