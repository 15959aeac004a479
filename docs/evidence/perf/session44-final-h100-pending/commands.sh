#!/bin/bash
# One device call: the session's start (head, 83feba6) against its end (end, 252f27e) and
# skc3 (end + skc3.diff: the fine tile for a stream-K grid only where B is read in vectors,
# aligned or re-laid; where it is not, stream-K shifts it), alternating, 3 rounds (perf.sh's
# ab step alone: end's checks ran on the H200 call and on H100 GPU-7a50ec19 with the same
# binary). Prediction for skc3: 310x15639x414 back to its 91-92, nothing else moves.
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,uuid --format=csv,noheader >"$OUT/gpu.txt"
AB_SETS="skc sk seed4343 seed9001 seed2311" timeout 420 tools/evidence/perf.sh ab "head end skc3" 3 >/dev/null 2>&1
echo "ab rc=$?"
(cd "$OUT" && tar cJf results.tar.xz perf-ab && rm -rf perf-ab)
