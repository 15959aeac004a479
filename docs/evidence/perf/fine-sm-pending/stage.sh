#!/bin/bash
# Stages run.sh's builds and sets in .device/bin (from the repository root, on a clean tree
# at 544c247 or a later commit with the same shape_class.h): head = the tree's sweep, sm =
# the tree with sm.diff; then name .device in the device call's carry and run run.sh there.
set -eu
cd "$(dirname "$0")/../../../.."
p=docs/evidence/perf
rm -rf .device/bin
tools/evidence/stage_diff.sh head sm $p/fine-sm-pending/sm.diff
cp $p/fine-sm-pending/sm.txt $p/fine-k72-h200-gpu-7f3d5aaf/mid.txt $p/fine-b-as-is-h200-gpu-59336102/seed5150.txt \
  $p/fine-k100-h100-gpu-b554abb3/seed7171.txt $p/fine-k90-h100-gpu-6eed44db/seed8282.txt \
  $p/short-k-rows-h200-gpu-50f97092/fine2.txt $p/short-k-fine-h100-gpu-17718160/{flip,shortk}.txt .device/bin/
echo "$(git rev-parse HEAD) head / +sm.diff" >.device/bin/COMMIT
ls .device/bin
