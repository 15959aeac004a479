#!/bin/bash
# The sets (.device/bin/SET.txt) are ../lab/evidence/P115/*.txt. fine-sweep: 828c4cb's
# sweep; fine4-sweep: the commit that sets L6_SHORT_K_STAGES 4. table.txt: each shape's median
# % of cuBLAS over the rounds, per build; geomean / under 90 / lowest over >= 1 GFLOP.
# A/B: fine (828c4cb: the fine tile at 3 stages) against fine4 (4 stages), alternating,
# 3 rounds, every set; then fine4's checks
# (memcheck, memcheck at the flip and fine sets, the gate's absolute full run).
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > "$OUT/gpu.txt"
AB_SETS="sk sk16 seed9001 seed2311 seed4242 seed2611 flip shortk fine seed6007 seed8123" timeout 420 tools/evidence/perf.sh ab "fine fine4" 3 >/dev/null 2>&1
echo "ab rc=$?"
timeout 150 tools/evidence/perf.sh checks fine4 flip fine > "$OUT/checks.txt" 2>&1
echo "checks rc=$?"
cd "$OUT" && tar cJf results.tar.xz perf-ab checks && rm -rf perf-ab checks
