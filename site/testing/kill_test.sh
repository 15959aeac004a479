#!/bin/bash
# kill -9 in a loop (about 20 s): publishes and builds killed at random moments leave no
# corrupt file, and the next publish and build remove what the dead ones left behind.
set -u
source "$(dirname "$0")/testlib.sh"
for i in $(seq -w 1 60); do
  sed "s#^  \"utc\": \"[^\"]*\"#  \"utc\": \"2026-11-21T06:00:${i}Z\"#" "$data/base.json" >"run$i.json"
done
"$publish" run01.json --history store >/dev/null
end=$((SECONDS + 20)) kills=0
while [ $SECONDS -lt $end ]; do
  i=$(printf '%02d' $((RANDOM % 60 + 1)))
  "$publish" "run$i.json" --history store >/dev/null 2>&1 & p=$!
  "$build" --history store --out site --baselines none >/dev/null 2>&1 & b=$!
  sleep "0.0$((RANDOM % 10))"
  kill -9 $p $b 2>/dev/null && kills=$((kills + 1))
  wait $p $b 2>/dev/null
done
echo "kill_test: $kills rounds with a kill -9"
expect test "$kills" -gt 10
# Whatever is stored is whole: every file reads, and compares equal to itself.
bad=0
for f in store/nvidia-h100-80gb-hbm3/*.json; do
  "$compare" "$f" "$f" >/dev/null 2>&1 || { echo "corrupt: $f" >&2; bad=$((bad + 1)); }
done
expect test "$bad" -eq 0
# The next publish and build clean up after the dead (their processes are gone now).
expect "$publish" run60.json --history store
expect "$build" --history store --out site --baselines none
expect test -z "$(ls -A store/nvidia-h100-80gb-hbm3 | grep '^\.tmp-')"
expect test -z "$(ls -d site.tmp-* site.old-* 2>/dev/null)"
expect test -f site/index.html
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
