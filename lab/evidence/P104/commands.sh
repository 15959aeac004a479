#!/bin/bash
# Issue 23, reductions in vectors (docs/PERF.md): m24c (0b68f1b) against red (the split-K
# reductions take four columns a thread in 16-byte loads where the slices' rows are 16-byte
# aligned), both built here (bazel build //runner:sweep; xz -9 to .device/bin/NAME-sweep.xz),
# H200 GPU-4fd46087. split.txt: the coverage profile's split-K shapes under 95% and others that
# slice K (small tiles, 128x64 and 64x128 halves, small-N's slices); sm.txt, sm16.txt: as in
# ../lab/evidence/P102/.
# On the GPU machine, from the repository root:
AB_SETS="split sm sm16 seed9001 seed2311 seed4242 seed5150 seed6271 seed7177" tools/evidence/perf.sh ab "m24c red" 3
# memcheck and the gate's absolute full run of red (checks/ in results.tar.xz):
cp .device/bin/red-sweep .device/bin/sweep
mkdir -p "$OUT/checks"
OUT=$OUT/checks tools/evidence/perf.sh memcheck
OUT=$OUT/checks tools/evidence/perf.sh full
