#!/bin/bash
# Device call 1 of 2 (prepared in session 40, not yet run), on the GPU machine from the
# repository root, .device/bin staged as README.md says: base (7487b34), head (82f5fe6,
# the occupancy guard) and short (head with short.diff), alternating, 3 rounds.
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > "$OUT/gpu.txt"
AB_SETS="sk sk16 seed9001 seed2311 seed4242 seed2611 flip" timeout 560 tools/evidence/perf.sh ab "base head short" 3 >/dev/null 2>&1
cd "$OUT" && tar cJf results.tar.xz perf-ab && rm -rf perf-ab
