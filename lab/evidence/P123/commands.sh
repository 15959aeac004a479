#!/bin/bash
# The sets (.device/bin/SET.txt): ../lab/evidence/P115/*.txt and, in
# ../lab/evidence/P124/, fine2.txt, seed9494.txt and seed3737.txt. fine4-sweep: the
# commit that sets 4 stages (115% everywhere); rows-sweep: the commit that adds the 105% rate
# where C's rows are unaligned. table.txt: each shape's median % of cuBLAS over the rounds.
# A/B: fine4 (the fine tile at 4 stages, 115% everywhere) against rows (105% where C's rows
# are unaligned, from K = 32), alternating, 3 rounds, every set, with fine2.txt (24 shapes only
# rows moves, drawn after it was set: coverage --random 8001 .. 8320) and seeds 9494 and 3737
# (drawn after); then rows' checks (memcheck, memcheck at fine2 and fine, the gate's full run).
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > "$OUT/gpu.txt"
AB_SETS="sk sk16 seed9001 seed2311 seed4242 seed2611 flip shortk fine seed6007 seed8123 fine2 seed9494 seed3737" timeout 450 tools/evidence/perf.sh ab "fine4 rows" 3 >/dev/null 2>&1
echo "ab rc=$?"
timeout 120 tools/evidence/perf.sh checks rows fine2 fine > "$OUT/checks.txt" 2>&1
echo "checks rc=$?"
cd "$OUT" && tar cJf results.tar.xz perf-ab checks && rm -rf perf-ab checks
