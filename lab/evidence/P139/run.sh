#!/bin/bash
# Device call: head (the tree) against cols (cols.diff), alternating, 3 rounds, every set;
# then cols' checks (memcheck, memcheck at col.txt and k8.txt, the gate's absolute full
# run); results.tar.xz, checks.txt and gpu.txt in $OUT.
AB_SETS="col one sm k8 flip seed2311 seed6007 seed7171" \
  tools/evidence/perf.sh call "head cols" cols col k8
