#!/bin/bash
# stands59.sh SKIP ROUNDS SET...: session 58's stands58.sh (the builds in BUILDS alternating,
# ROUNDS rounds, on the coverage, llm and squares profiles and each SET; then CHECK's memcheck
# with the sets in CHECK_SETS and the gate's absolute full run), with the A/B's time limit in
# AB_LIMIT (default 300 s), and then, where FORCED names a sweep_tuning pack, fw58.sh's forced
# runs of level 6 beside the wide form at the sets in FORCED_SETS, FORCED_ROUNDS rounds
# (default 3), each to $OUT/fw-ROUND.tar.xz. SKIP: the UUID prefixes of the GPUs that ran the
# sets' level-6 runs, comma-separated; on one of them it stops (exit 3).
set -u
builds=${BUILDS:?BUILDS} check=${CHECK:?CHECK} rounds=$2
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | head -n 1)
for s in ${1//,/ }; do case "$uuid" in "$s"*) echo "stands59: $uuid is in the set" >&2; exit 3 ;; esac; done
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
shift 2
s0=$SECONDS
AB_SETS="$*" timeout "${AB_LIMIT:-300}" tools/evidence/perf.sh ab "$builds" $rounds > /dev/null 2>&1
echo "ab rc=$? $((SECONDS - s0))s"
s0=$SECONDS
timeout 150 tools/evidence/perf.sh checks "$check" ${CHECK_SETS:-$1} > $OUT/checks.txt 2>&1
echo "checks rc=$? $((SECONDS - s0))s"
(cd $OUT && tar cJf results.tar.xz perf-ab checks && rm -rf perf-ab checks)
if [ -n "${FORCED:-}" ]; then
  for r in $(seq "${FORCED_ROUNDS:-3}"); do
    bash .device/bin/fw58.sh "$FORCED" ${FORCED_SETS:?FORCED_SETS} && mv $OUT/fw.tar.xz $OUT/fw-$r.tar.xz
  done
fi
