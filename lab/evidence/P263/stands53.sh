#!/bin/bash
# stands53.sh SKIP: where s53 stands, on a GPU outside the sets' level-6 runs (SKIP: their
# UUID prefixes, comma-separated): level 6 on the coverage, llm and squares and the sixteen
# seed sets (perf.sh ab, 2 rounds), packed into $OUT/stands.tar.xz
set -u
uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader | head -n 1)
for s in ${1//,/ }; do case "$uuid" in "$s"*) echo "stands53: $uuid is in the set" >&2; exit 3 ;; esac; done
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > $OUT/gpu.txt
sets=""; for f in .device/bin/seed*.txt; do sets="$sets $(basename $f .txt)"; done
AB_SETS="$sets" timeout 400 tools/evidence/perf.sh ab s53 2 > /dev/null 2>&1; echo "ab rc=$?"
(cd $OUT && tar cJf stands.tar.xz perf-ab && rm -rf perf-ab)
