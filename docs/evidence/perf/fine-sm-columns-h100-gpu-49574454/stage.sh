#!/bin/bash
# Stages run.sh's builds and sets in .device/bin (from the repository root, on a clean tree
# at the commit that added this folder): head = the tree's sweep, cols = the tree with
# cols.diff; then name .device in the device call's carry and run run.sh there.
set -eu
cd "$(dirname "$0")/../../../.."
p=docs/evidence/perf
d=$p/fine-sm-columns-h100-gpu-49574454
rm -rf .device/bin
tools/evidence/stage_diff.sh head cols $d/cols.diff
cp $d/col.txt $p/fine-one-wave-h200-gpu-9f71ed11/{one,k8}.txt $p/fine-sm-h100-gpu-1ca2e3a1/sm.txt \
  $p/streamk-tail-h100-gpu-e12c465b/seed2311.txt $p/short-k-fine-h100-gpu-17718160/{flip,seed6007}.txt \
  $p/fine-k100-h100-gpu-b554abb3/seed7171.txt .device/bin/
echo "$(git rev-parse HEAD) head / +cols.diff" >.device/bin/COMMIT
ls .device/bin
