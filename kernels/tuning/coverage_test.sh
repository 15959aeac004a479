#!/bin/bash
# The coverage profile is what kernels/tuning/coverage.c draws (a change to the shape
# classes must regenerate it, on purpose), and it hits every level-6 class on 132 SMs at
# least three times, within the CLI's 64 shapes.
set -u
coverage=$1 header=$2
failed=0
if ! diff <("$coverage") "$header" >/dev/null; then
  echo "FAIL: $header is not what coverage.c draws: bazel run //kernels/tuning:coverage > runner/coverage_shapes.h, and renew the baselines" >&2
  failed=1
fi
for class in small-M small-tile split-K one-launch deep stream-K small-N; do
  n=$(grep -c ": $class \*/" "$header")
  if [ "$n" -lt 3 ]; then echo "FAIL: class $class: $n shapes (want 3 or more)" >&2; failed=1; fi
done
# --random draws as the profile's random part does: seed 23 gives its 20 shapes.
if ! diff <("$coverage" --random 23 20) <(sed -n 's/^    {\([0-9]*\), \([0-9]*\), \([0-9]*\), 0}, \/\* random:.*/\1x\2x\3/p' "$header") >/dev/null; then
  echo "FAIL: coverage --random 23 20 does not draw the profile's random shapes" >&2
  failed=1
fi
for bad in "--random x 3" "--random 1 0" "--random 1 65" "--random -1 3" "--seed 1"; do
  # shellcheck disable=SC2086 # the words are the arguments
  "$coverage" $bad >/dev/null 2>&1
  rc=$?
  if [ "$rc" -ne 2 ]; then echo "FAIL: coverage $bad: exit $rc, want 2" >&2; failed=1; fi
done
n=$(grep -c '^    {' "$header")
[ "$n" -le 64 ] || { echo "FAIL: $n shapes, more than the CLI's 64" >&2; failed=1; }
[ "$failed" -eq 0 ] && echo "coverage_test: $n shapes, every class hit, drawn as committed"
exit "$failed"
