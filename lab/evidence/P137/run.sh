#!/bin/bash
# Device call: head (the tree), sm (../lab/evidence/P138/sm.diff) and new (new.diff),
# alternating, 3 rounds, every set; then new's checks (memcheck, memcheck at one.txt and
# k8.txt, the gate's absolute full run); results.tar.xz, checks.txt and gpu.txt in $OUT.
AB_SETS="one k8 sm flip shortk seed2311 seed7171" \
  tools/evidence/perf.sh call "head sm new" new one k8
