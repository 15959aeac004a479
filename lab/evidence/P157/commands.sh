#!/bin/bash
# As run, session 45's first device call (H100 GPU-4f1ba62a), from the repository root.
# Here: the builds, at 1ec92da (head) and with each diff applied.
tools/evidence/stage_diff.sh head skcol lab/evidence/P156/sk-columns.diff
tools/evidence/stage_diff.sh head deepcov lab/evidence/P157/deepcov.diff
bazel build //kernels/tuning:sweep_tuning
xz -T2 -3 -c bazel-bin/kernels/tuning/sweep_tuning >.device/bin/tuning-sweep.xz
cp lab/evidence/P157/{deepcov,splitshort}.txt .device/bin/
cp lab/evidence/P157/explore.sh .device/
# skc.txt: ../lab/evidence/P152/, sk.txt: ../lab/evidence/P150/,
# seed4343.txt: ../lab/evidence/P142/
# On the GPU machine (device tool, carry [".device"], kind nvidia-h100-x1):
timeout 100 .device/explore.sh splitshort
AB_SETS="skc sk deepcov seed4343" tools/evidence/perf.sh call "head skcol deepcov" skcol skc sk
