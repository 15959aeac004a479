#!/bin/bash
# Two builds of one source (3f31379; level 6's kernels as 57fd702's), H100 GPU-221c64ea:
# base, built in this checkout's Bazel output base (the binary measured as "few1" in
# ../lab/evidence/P107/), and draw2, built again from the same tree in a fresh
# output base with no disk cache (its .nv_fatbin differs: 11,694,344 bytes against 11,688,480):
#   bazel --output_base=/tmp/ob2 build //runner:sweep
# split.txt, sk.txt, narrow.txt as in ../lab/evidence/P106/ and the folders it names.
# On the GPU machine, from the repository root:
AB_SETS="split sk narrow seed9001 seed2311 seed4242 seed5150 seed6271 seed7177" tools/evidence/perf.sh ab "base draw2" 3
