#!/bin/bash
# Device call (prepared in session 41, not yet run): rows (a32d9f2) against busy (busy.diff),
# alternating, 3 rounds, every set; then busy's checks (memcheck, memcheck at busy.txt and
# fine2.txt, the gate's absolute full run).
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > "$OUT/gpu.txt"
AB_SETS="busy fine2 flip shortk fine sk sk16 seed9001 seed2311 seed4242 seed2611 seed6007 seed8123 seed9494 seed3737" timeout 450 tools/evidence/perf.sh ab "rows busy" 3 >/dev/null 2>&1
echo "ab rc=$?"
timeout 120 tools/evidence/perf.sh checks busy busy fine2 > "$OUT/checks.txt" 2>&1
echo "checks rc=$?"
cd "$OUT" && tar cJf results.tar.xz perf-ab checks && rm -rf perf-ab checks
