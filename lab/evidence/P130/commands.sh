#!/bin/bash
# One device call. .device/bin: rows-sweep.xz (b6755ff), stg32-sweep.xz (the fine tile stages
# an unaligned C under K = 32, the rule takes it there at 100%: ../fine-staged-k32-*/),
# nopad-sweep.xz (stg32, and the fine tile reads an unaligned B as it is, not re-laid);
# seed5150.txt here (drawn after); the other sets as in ../fine-staged-k32-*/.
# A/B/C, alternating, 3 rounds; nopad's checks (memcheck, memcheck at tiny2 and fine2,
# the gate's absolute full run).
AB_SETS="tiny2 shortk fine2 flip fine busy seed9494 seed3737 seed5150" \
  tools/evidence/perf.sh call "rows stg32 nopad" nopad tiny2 fine2
