#!/bin/bash
# stands58.sh SKIP ROUNDS SET...: the builds of level 6 in BUILDS, alternating, on a GPU
# outside the sets' level-6 runs (SKIP: their UUID prefixes, comma-separated): the coverage,
# llm and squares profiles and each SET, ROUNDS rounds; then CHECK's checks (memcheck with
# the sets in CHECK_SETS, default the first SET; the gate's absolute full run). stands57.sh
# without the seed sets, for a short call. Packed into $OUT/results.tar.xz. The A/B's time
# limit: AB_LIMIT seconds (default 150; session 59's stands59.sh sets it).
set -u
builds=${BUILDS:?BUILDS} check=${CHECK:?CHECK} rounds=$2
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | head -n 1)
for s in ${1//,/ }; do case "$uuid" in "$s"*) echo "stands58: $uuid is in the set" >&2; exit 3 ;; esac; done
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
shift 2
AB_SETS="$*" timeout "${AB_LIMIT:-150}" tools/evidence/perf.sh ab "$builds" $rounds > /dev/null 2>&1; echo "ab rc=$?"
timeout 120 tools/evidence/perf.sh checks "$check" ${CHECK_SETS:-$1} > $OUT/checks.txt 2>&1
echo "checks rc=$?"
(cd $OUT && tar cJf results.tar.xz perf-ab checks && rm -rf perf-ab checks)
