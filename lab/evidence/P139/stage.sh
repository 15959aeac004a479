#!/bin/bash
# Stages run.sh's builds and sets in .device/bin (from the repository root, on a clean tree
# at the commit that added this folder): head = the tree's sweep, cols = the tree with
# cols.diff; then name .device in the device call's carry and run run.sh there.
set -eu
cd "$(dirname "$0")/../../../.."
p=docs/evidence/perf
d=$p/lab/evidence/P139
rm -rf .device/bin
tools/evidence/stage_diff.sh head cols $d/cols.diff
cp $d/col.txt $p/lab/evidence/P137/{one,k8}.txt $p/lab/evidence/P138/sm.txt \
  $p/lab/evidence/P041/seed2311.txt $p/lab/evidence/P115/{flip,seed6007}.txt \
  $p/lab/evidence/P132/seed7171.txt .device/bin/
echo "$(git rev-parse HEAD) head / +cols.diff" >.device/bin/COMMIT
ls .device/bin
