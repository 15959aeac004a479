#!/bin/bash
# One device call. .device/bin: r95-sweep.xz (502ff40 and the fine tile at 95% where C is
# unaligned and K is 32..71), k90-sweep.xz (the same to K 89); mid3.txt here: 24 shapes of
# K 72..89 that k90 moves and seed8282.txt, both drawn after k90 was set; mid2.txt from
# ../lab/evidence/P132/; the other sets as there.
# A/B, alternating, 3 rounds; k90's checks (memcheck, memcheck at mid3 and mid2, the
# gate's absolute full run).
AB_SETS="mid3 mid2 mid fine2 flip seed8282 seed7171" \
  tools/evidence/perf.sh call "r95 k90" k90 mid3 mid2
