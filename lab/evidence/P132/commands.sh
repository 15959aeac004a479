#!/bin/bash
# One device call. .device/bin: padfast-sweep.xz (502ff40), r95-sweep.xz (502ff40 and the
# fine tile at 95% where C is unaligned and K is 32..71: ../lab/evidence/P133/),
# k100-sweep.xz (the same to K 99); mid2.txt here: 24 shapes of K 72..99 that k100 moves,
# seed7171.txt (drawn as the seeds), both drawn after; mid.txt from
# ../lab/evidence/P133/; the other sets as there.
# A/B/C, alternating, 3 rounds; r95's checks (memcheck, memcheck at mid and mid2, the
# gate's absolute full run).
AB_SETS="mid2 mid fine2 flip shortk tiny2 seed7171 seed5150 seed3737" \
  tools/evidence/perf.sh call "padfast r95 k100" r95 mid mid2
