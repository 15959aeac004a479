#!/bin/bash
# One device call: the session's start (head, 83feba6) against its end (end, 252f27e),
# alternating, 3 rounds (perf.sh's ab step alone: the end's checks ran on the H200 call and
# on H100 GPU-7a50ec19 with the same binary).
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,uuid --format=csv,noheader >"$OUT/gpu.txt"
AB_SETS="skc sk deep k8 seed4343 seed9001 seed2311" timeout 400 tools/evidence/perf.sh ab "head end" 3 >/dev/null 2>&1
echo "ab rc=$?"
(cd "$OUT" && tar cJf results.tar.xz perf-ab && rm -rf perf-ab)
