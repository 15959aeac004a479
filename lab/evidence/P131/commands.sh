#!/bin/bash
# One device call. .device/bin: rows-sweep.xz (b6755ff), nopad-sweep.xz (e43c961: the fine
# tile stages C under K = 32 and reads B as it is), padfast-sweep.xz (e43c961 and the
# re-laid B's copy over every vector of B, not a block a row); the sets as in
# ../lab/evidence/P130/.
# A/B/C, alternating, 3 rounds; padfast's checks (memcheck, memcheck at fine2 and seed5150,
# the gate's absolute full run).
AB_SETS="fine2 flip shortk tiny2 seed5150 seed9494 seed3737 seed2611" \
  tools/evidence/perf.sh call "rows nopad padfast" padfast fine2 seed5150
