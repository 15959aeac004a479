#!/bin/bash
# hermetic.sh [N]: evidence for the nvcc actions (issue 12), on a machine with no GPU.
#  1. Two clones of HEAD in two directories, each with its own empty output base, build
#     //kernels/...; every PTX file must be byte-identical between them (cmp).
#  2. N (default 20) clean builds of //kernels/... with --jobs=8 in the first clone: no
#     nvcc collision (the build must succeed every time).
# Prints one line per step and a last line "hermetic: ok" or the first failure; exit 0/1.
set -u
n=${1:-20}
src=$(git rev-parse --show-toplevel) || exit 2
work=$(mktemp -d /var/tmp/hermetic.XXXXXX)
trap 'for d in a b; do (cd "$work/$d" 2>/dev/null && bazel --output_user_root="$work/root-$d" clean --expunge >/dev/null 2>&1); done; rm -rf "$work"' EXIT
build() { (cd "$work/$1" && bazel --output_user_root="$work/root-$1" build --jobs=8 //kernels/... >"$work/log-$1" 2>&1); }
for d in a b; do
  git clone -q "$src" "$work/$d" || exit 2
  build "$d" || { echo "hermetic: clean build in $d failed:"; tail -20 "$work/log-$d"; exit 1; }
done
count=0
while IFS= read -r f; do
  cmp -s "$work/a/bazel-bin/$f" "$work/b/bazel-bin/$f" || { echo "hermetic: $f differs between the two directories"; exit 1; }
  count=$((count + 1))
done < <(cd "$work/a/bazel-bin" && find -L . -name '*.ptx' | sort)
[ "$count" -gt 0 ] || { echo "hermetic: no PTX found"; exit 1; }
echo "hermetic: $count PTX files byte-identical between $work/a and $work/b"
for i in $(seq 1 "$n"); do
  (cd "$work/a" && bazel --output_user_root="$work/root-a" clean >/dev/null 2>&1)
  start=$(date +%s)
  build a || { echo "hermetic: clean build $i of $n failed:"; grep -m3 -i "error" "$work/log-a"; exit 1; }
  echo "hermetic: clean build $i of $n ok ($(( $(date +%s) - start )) s)"
done
echo "hermetic: ok"
