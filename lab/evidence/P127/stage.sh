#!/bin/bash
# Stages run.sh's builds and sets in .device/bin (from the repository root, on a clean
# tree at f70f2a8 or a later commit with the same shape_class.h): rows = the tree's sweep,
# busy = the tree with busy.diff; then name .device in the device call's carry and run
# run.sh there.
set -eu
cd "$(dirname "$0")/../../../.."
here=lab/evidence/P127
rm -rf .device/bin && mkdir -p .device/bin
bazel build //runner:sweep
xz -T2 -3 -c bazel-bin/runner/sweep >.device/bin/rows-sweep.xz
git apply "$here/busy.diff"
trap 'git checkout -- kernels/shape_class.h kernels/tests/shape_class_test.c' EXIT
bazel build //runner:sweep
xz -T2 -3 -c bazel-bin/runner/sweep >.device/bin/busy-sweep.xz
sets=lab/evidence/P115
cp "$sets"/{fine,flip,shortk,sk,sk16,seed9001,seed2311,seed4242,seed2611,seed6007,seed8123}.txt \
  lab/evidence/P124/{fine2,seed9494,seed3737}.txt "$here/busy.txt" .device/bin/
echo "$(git rev-parse HEAD) rows / +busy.diff" >.device/bin/COMMIT
ls .device/bin
