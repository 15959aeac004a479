#!/bin/bash
# Stages run.sh's builds and sets in .device/bin (from the repository root, on a clean tree
# at 544c247 or a later commit with the same shape_class.h): head = the tree's sweep, sm =
# the tree with sm.diff; then name .device in the device call's carry and run run.sh there.
set -eu
cd "$(dirname "$0")/../../../.."
p=docs/evidence/perf
rm -rf .device/bin
tools/evidence/stage_diff.sh head sm $p/lab/evidence/P138/sm.diff
cp $p/lab/evidence/P138/sm.txt $p/lab/evidence/P133/mid.txt $p/lab/evidence/P130/seed5150.txt \
  $p/lab/evidence/P132/seed7171.txt $p/lab/evidence/P134/seed8282.txt \
  $p/lab/evidence/P124/fine2.txt $p/lab/evidence/P115/{flip,shortk}.txt .device/bin/
echo "$(git rev-parse HEAD) head / +sm.diff" >.device/bin/COMMIT
ls .device/bin
