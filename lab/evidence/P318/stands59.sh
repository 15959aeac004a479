#!/bin/bash
# stands59.sh SKIP ROUNDS SET...: session 58's stands58.sh (the builds in BUILDS alternating,
# ROUNDS rounds, on the coverage, llm and squares profiles and each SET; then CHECK's memcheck
# with the sets in CHECK_SETS and the gate's absolute full run), with the A/B's time limit in
# AB_LIMIT (default 300 s), and then, where FORCED names a sweep_tuning pack, fw58.sh's forced
# runs of level 6 beside the wide form at the sets in FORCED_SETS, FORCED_ROUNDS rounds
# (default 3), each to $OUT/fw-ROUND.tar.xz. SKIP: the UUID prefixes of the GPUs that ran the
# sets' level-6 runs, comma-separated; on one of them it stops (exit 3). Both scripts sit in
# .device/bin beside each other on the GPU machine.
set -u
AB_LIMIT=${AB_LIMIT:-300} bash "$(dirname "$0")/stands58.sh" "$@" || exit $?
if [ -n "${FORCED:-}" ]; then
  for r in $(seq "${FORCED_ROUNDS:-3}"); do
    bash "$(dirname "$0")/fw58.sh" "$FORCED" ${FORCED_SETS:?FORCED_SETS} && mv $OUT/fw.tar.xz $OUT/fw-$r.tar.xz
  done
fi
