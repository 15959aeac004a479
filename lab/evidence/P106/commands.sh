#!/bin/bash
# Issue 23, two probes against red (cb3982f), H100 GPU-a2f6de7f: v1n (v1n.diff: the split-K
# reductions a float a thread wherever N < 128) and sk512 (sk512.diff: SK_MIN_SHARE_K 512, so
# fewer grids are stream-K and each stream-K CTA's share of k is at least 512). narrow.txt:
# small-N's and small-M's sliced shapes; sk.txt, split.txt as in ../lab/evidence/P105/.
# On the GPU machine, from the repository root:
AB_SETS="narrow sk split seed9001 seed2311 seed4242 seed5150 seed6271 seed7177" tools/evidence/perf.sh ab "red v1n sk512" 3
