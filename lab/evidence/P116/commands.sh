#!/bin/bash
# The sets (.device/bin/SET.txt) are ../lab/evidence/P115/*.txt; head-sweep is
# 82f5fe6's sweep (level 6 as 349ad9e), fine-sweep the commit that adds short_k.cuh. table.txt: each
# shape's median % of cuBLAS over the rounds, per build; geomean / under 90 / lowest over >= 1 GFLOP.
# A/B: head (82f5fe6's sweep; level 6's kernels as 349ad9e's) against fine (the fine tile
# for one-launch grids at short K), alternating, 3 rounds, every set; then fine's checks
# (memcheck, memcheck at the flip and fine sets, the gate's absolute full run).
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > "$OUT/gpu.txt"
AB_SETS="sk sk16 seed9001 seed2311 seed4242 seed2611 flip shortk fine seed6007 seed8123" timeout 420 tools/evidence/perf.sh ab "head fine" 3 >/dev/null 2>&1
echo "ab rc=$?"
timeout 150 tools/evidence/perf.sh checks fine flip fine > "$OUT/checks.txt" 2>&1
echo "checks rc=$?"
cd "$OUT" && tar cJf results.tar.xz perf-ab checks && rm -rf perf-ab checks
