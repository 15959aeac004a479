#!/bin/bash
# Stages run.sh's builds and sets in .device/bin (from the repository root, on a clean tree
# at 1c448c2 or a later commit with the same shape_class.h): head = the tree's sweep, sm =
# the tree with ../lab/evidence/P138/sm.diff, new = the tree with new.diff; then name .device
# in the device call's carry and run run.sh there.
set -eu
cd "$(dirname "$0")/../../../.."
p=docs/evidence/perf
d=$(dirname "$0")
rm -rf .device/bin
tools/evidence/stage_diff.sh head sm $p/lab/evidence/P138/sm.diff
tools/evidence/stage_diff.sh head new "$d/new.diff"
cp "$d"/one.txt "$d"/k8.txt $p/lab/evidence/P138/sm.txt $p/lab/evidence/P041/seed2311.txt \
  $p/lab/evidence/P132/seed7171.txt $p/lab/evidence/P115/{flip,shortk}.txt .device/bin/
echo "$(git rev-parse HEAD) head / +sm.diff / +new.diff" >.device/bin/COMMIT
ls .device/bin
