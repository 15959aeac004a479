#!/bin/bash
# run_fuzz.sh keeps the inputs a fuzzer crashed on (it used to delete them with its
# temporary directory): a target that always crashes, run once with the test's outputs
# directory and once without one.
set -u
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for mode in outputs temp; do
  mkdir -p "$tmp/$mode"
  if [ $mode = outputs ]; then
    TEST_UNDECLARED_OUTPUTS_DIR=$tmp/outputs runner/fuzz/run_fuzz.sh 5 - selftest >"$tmp/log" 2>&1
  else
    env -u TEST_UNDECLARED_OUTPUTS_DIR TMPDIR="$tmp/temp" runner/fuzz/run_fuzz.sh 5 - selftest >"$tmp/log" 2>&1
  fi
  expect test $? -ne 0
  expect grep -q "run_fuzz: the failing inputs are kept in $tmp/$mode" "$tmp/log"
  expect bash -c "ls '$tmp/$mode'/*/crash-* '$tmp/$mode'/crash-* 2>/dev/null | grep -q crash-"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
