#!/bin/bash
# stage_diff.sh BASE NAME DIFF: the two builds of an A/B of a prepared change, from the
# repository root: //runner:sweep as the tree is, to .device/bin/BASE-sweep.xz, then with
# DIFF applied, to .device/bin/NAME-sweep.xz (perf.sh ab unpacks both). The files DIFF
# touches must be unchanged in the tree; they are restored on exit, whatever happens.
set -eu
base=${1:?stage_diff.sh BASE NAME DIFF} name=${2:?stage_diff.sh BASE NAME DIFF} diff=${3:?stage_diff.sh BASE NAME DIFF}
mapfile -t files < <(git apply --numstat "$diff" | cut -f3)
if ! git diff --quiet -- "${files[@]}"; then
  echo "stage_diff.sh: $diff touches files with changes of their own: ${files[*]}" >&2
  exit 2
fi
mkdir -p .device/bin
bazel build //runner:sweep
xz -T2 -3 -c bazel-bin/runner/sweep >".device/bin/$base-sweep.xz"
git apply "$diff"
trap 'git checkout -- "${files[@]}"' EXIT
bazel build //runner:sweep
xz -T2 -3 -c bazel-bin/runner/sweep >".device/bin/$name-sweep.xz"
