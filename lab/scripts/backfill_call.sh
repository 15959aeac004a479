#!/bin/bash
# backfill_call.sh LIMIT [STATE]: one device call's share of a backfill (docs/HISTORY.md),
# on the GPU machine from the repository root. The first call unpacks
# .device/backfill.tar.xz (tools/evidence/pack_backfill.sh) into /tmp/bf; a later call on
# the same machine goes on from there. On a fresh machine, STATE (a folder carried back
# from an earlier call's $OUT: history/ and published.txt) restores the store and marks
# its commits published, so that nothing runs twice. Then tools/backfill.sh runs at most
# LIMIT more commits on GPU 0, and the store, the list of published commits, the runs'
# results and logs, FAILED and the GPU's identity come back packed in
# $OUT/backfill.tar.gz (the device tool returns a few dozen files at most).
set -u
limit=${1:?LIMIT}
state=${2:-}
work=/tmp/bf
dir=$work/backfill
if [ ! -d "$dir" ]; then
  mkdir -p "$work" && tar -C "$work" -xJf .device/backfill.tar.xz || exit 4
  if [ -n "$state" ] && [ -d "$state/history" ]; then
    cp -r "$state/history" "$work/history" || exit 4
    while read -r sha; do [ -d "$dir/$sha" ] && : >"$dir/$sha/PUBLISHED"; done <"$state/published.txt"
    echo "backfill_call: restored $(wc -l <"$state/published.txt") published commits from $state" >&2
  fi
fi
mkdir -p "$work/history"
# The CUDA paths and $OUT/gpu.txt (backfill.sh sets each run's own SGEMM_COMMIT).
sweeps=$dir
dir=$OUT
# shellcheck source=tools/evidence/common.sh
. "$(dirname "$0")/common.sh"
tools/backfill.sh run "$sweeps" "$work/history" --gpus 1 --limit "$limit" 2>&1 | tee "$OUT/backfill.log"
rc=${PIPESTATUS[0]}
cp -r "$work/history" "$OUT/history"
mkdir -p "$OUT/runs"
: >"$OUT/published.txt"
while read -r sha; do
  [ -e "$sweeps/$sha/PUBLISHED" ] && echo "$sha" >>"$OUT/published.txt"
  for f in results.json run.log; do
    [ -e "$sweeps/$sha/$f" ] && cp "$sweeps/$sha/$f" "$OUT/runs/$sha-$f"
  done
done <"$sweeps/ORDER"
[ -e "$sweeps/FAILED" ] && cp "$sweeps/FAILED" "$OUT/FAILED"
echo "backfill_call: exit $rc, $(wc -l <"$OUT/published.txt") of $(wc -l <"$sweeps/ORDER") published" >&2
parts=(history runs published.txt backfill.log gpu.txt)
[ -e "$OUT/FAILED" ] && parts+=(FAILED)
tar -C "$OUT" -czf "$OUT/backfill.tar.gz" "${parts[@]}" && (cd "$OUT" && rm -rf "${parts[@]}")
exit "$rc"
