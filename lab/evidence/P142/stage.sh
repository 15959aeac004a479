#!/bin/bash
# Stages commands.sh's builds and sets in .device/bin, from the repository root on a clean
# tree at the session's last kernel commit: end = the tree's sweep, start = the tree with
# its kernels as at 1c448c2 (the session's start; the reverse diff of kernels/ applied).
set -eu
cd "$(dirname "$0")/../../../.."
p=docs/evidence/perf
d=$p/lab/evidence/P142
rm -rf .device/bin
git diff HEAD 1c448c2 -- kernels/ >/tmp/session43-start.diff
tools/evidence/stage_diff.sh end start /tmp/session43-start.diff
cp $p/lab/evidence/P045/seed9001.txt $p/lab/evidence/P043/seed{2311,4242}.txt \
  $p/lab/evidence/P115/{seed2611,seed6007,seed8123,flip}.txt \
  $p/lab/evidence/P124/seed{9494,3737}.txt $p/lab/evidence/P130/seed5150.txt \
  $p/lab/evidence/P132/seed7171.txt $p/lab/evidence/P134/seed8282.txt \
  $p/lab/evidence/P133/mid.txt $p/lab/evidence/P140/col2.txt \
  $p/lab/evidence/P139/col.txt $p/lab/evidence/P137/{one,k8}.txt \
  $p/lab/evidence/P138/sm.txt $d/seed4343.txt $d/pairs.txt .device/bin/
echo "$(git rev-parse HEAD) end / start (kernels of 1c448c2)" >.device/bin/COMMIT
ls .device/bin
