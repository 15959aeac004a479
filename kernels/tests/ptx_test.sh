#!/bin/bash
# What the compiler must emit, checked on a machine with no GPU:
#  - every level compiled for sm_80 and sm_90 (ptxas ran for both),
#  - level 1's PTX holds 128-bit global loads (ld.global...v4.f32),
#  - level 5's and level 6's PTX hold cp.async (LDGSTS in SASS),
#  - ptxas reports no spills and no stack frame for levels 3 to 6.
set -u
passed=0 failed=0
ok() { passed=$((passed + 1)); }
no() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
expect() { if "$@"; then ok; else no "$*"; fi; }

dir=$(dirname "$(find -L . -name level0_naive.ptxas.txt | head -1)")
[ -n "$dir" ] || { echo "no ptxas reports found" >&2; exit 1; }

for report in "$dir"/level*.ptxas.txt; do
  level=$(basename "$report" .ptxas.txt)
  for arch in sm_80 sm_90; do
    expect grep -q "for '$arch'" "$report"
    expect test -s "$dir/$level.${arch/_/}.ptx"
  done
done

for arch in sm80 sm90; do
  expect grep -Eq 'ld\.global(\.[a-z]+)*\.v4\.f32' "$dir/level1_coalesced.$arch.ptx"
  for level in level5_async_copy level6_tuned; do
    expect grep -q 'cp\.async\.ca\.shared\.global' "$dir/$level.$arch.ptx"
    expect grep -q 'cp\.async\.cg\.shared\.global.*16' "$dir/$level.$arch.ptx"
    expect grep -q 'cp\.async\.commit_group' "$dir/$level.$arch.ptx"
    expect grep -q 'cp\.async\.wait_group' "$dir/$level.$arch.ptx"
  done
done
# The naive level has no vector loads: the check above can fail.
expect bash -c "! grep -Eq 'v4\.f32' '$dir/level0_naive.sm90.ptx'"

for level in level3_register_blocking level4_double_buffering level5_async_copy level6_tuned; do
  report="$dir/$level.ptxas.txt"
  expect grep -q "0 bytes spill stores, 0 bytes spill loads" "$report"
  if grep -E "bytes spill (stores|loads)" "$report" | grep -vq " 0 bytes spill stores, 0 bytes spill loads"; then
    no "$level spills registers: $(grep -E '[1-9][0-9]* bytes spill' "$report" | head -1)"
  else
    ok
  fi
  if grep -E "bytes stack frame" "$report" | grep -vq "^ *0 bytes stack frame"; then
    no "$level has a stack frame"
  else
    ok
  fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
