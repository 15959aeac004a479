#!/bin/bash
# Device call: head (the tree) against less (less.diff), alternating, 3 rounds, every set;
# then less' checks (memcheck, memcheck at col2.txt and k8.txt, the gate's absolute full
# run); results.tar.xz, checks.txt and gpu.txt in $OUT.
AB_SETS="col2 col one sm k8 flip seed2311 seed6007 seed7171" \
  tools/evidence/perf.sh call "head less" less col2 k8
