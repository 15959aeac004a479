#!/bin/bash
# Device call (prepared in session 42, not yet run): head (the tree) against sm (sm.diff),
# alternating, 3 rounds, every set; then sm's checks (memcheck, memcheck at sm.txt and
# mid.txt, the gate's absolute full run); results.tar.xz, checks.txt and gpu.txt in $OUT.
AB_SETS="sm mid fine2 flip shortk seed5150 seed7171 seed8282" \
  tools/evidence/perf.sh call "head sm" sm sm mid
