#!/bin/bash
# One device call. .device/bin: rows-sweep.xz (b6755ff), padfast-sweep.xz (502ff40),
# r95-sweep.xz (502ff40 and the fine tile at 95% where C is unaligned and K is 32..71);
# mid.txt here: 24 shapes that r95 moves, drawn after it was set; the other sets as in
# ../lab/evidence/P131/.
# A/B/C, alternating, 3 rounds; r95's checks (memcheck, memcheck at mid and fine2, the
# gate's absolute full run).
AB_SETS="mid fine2 flip shortk tiny2 seed5150 seed9494 seed3737 seed2611" \
  tools/evidence/perf.sh call "rows padfast r95" r95 mid fine2
