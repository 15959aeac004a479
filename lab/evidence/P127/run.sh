#!/bin/bash
# Device call (prepared in session 41, not yet run): rows (the tree, f70f2a8 or later)
# against busy (busy.diff), alternating, 3 rounds, every set; then busy's checks (memcheck,
# memcheck at busy.txt and fine2.txt, the gate's absolute full run); results.tar.xz,
# checks.txt and gpu.txt in $OUT.
AB_SETS="busy fine2 flip shortk fine sk sk16 seed9001 seed2311 seed4242 seed2611 seed6007 seed8123 seed9494 seed3737" \
  tools/evidence/perf.sh call "rows busy" busy busy fine2
