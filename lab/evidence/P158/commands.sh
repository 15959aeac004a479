#!/bin/bash
# As run (session 45's second call, H200 GPU-fc820783). Here: land built at f02b86d, head's
# binary the first call's (../lab/evidence/P157/commands.sh).
bazel build //runner:sweep && xz -T2 -3 -c bazel-bin/runner/sweep >.device/bin/land-sweep.xz
bazel-bin/kernels/tuning/coverage --random 7777 40 >.device/bin/seed7777.txt
# On the GPU machine (device tool, carry [".device"], kind nvidia-h200):
AB_SETS="skc sk deepcov splitshort seed4343 seed9001 seed2311 seed7777" \
  tools/evidence/perf.sh call "head land" land skc splitshort
