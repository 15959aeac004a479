#!/bin/bash
# What the compiler must emit, checked on a machine with no GPU:
#  - every level compiled for sm_80 and sm_90 (ptxas ran for both), level 7 for sm_90a alone,
#  - level 1's PTX holds 128-bit global loads (ld.global...v4.f32),
#  - level 5's and level 6's PTX hold cp.async (LDGSTS in SASS); level 7's the TMA copy, the
#    mbarrier waits and setmaxnreg, and reads its ring with ld.shared (not generic loads),
#  - ptxas reports no spills for any kernel of any level, and no stack frame for levels 3-6.
set -u
passed=0 failed=0
ok() { passed=$((passed + 1)); }
no() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
expect() { if "$@"; then ok; else no "$*"; fi; }

first=$(find -L . -name level0_naive.ptxas.txt | head -1)
[ -n "$first" ] || { echo "no ptxas reports found" >&2; exit 1; }
dir=$(dirname "$first")

for report in "$dir"/level*.ptxas.txt; do
  level=$(basename "$report" .ptxas.txt)
  if [ "$level" = level7_tma ]; then
    expect grep -q "for 'sm_90a'" "$report"
    expect test -s "$dir/$level.sm90a.ptx"
    continue
  fi
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
l7=$dir/level7_tma.sm90a.ptx
expect grep -q 'cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global' "$l7"
expect grep -q 'mbarrier\.try_wait\.parity' "$l7"
expect grep -q 'setmaxnreg\.inc\.sync\.aligned\.u32 232' "$l7"
expect grep -q 'setmaxnreg\.dec\.sync\.aligned\.u32 40' "$l7"
# the math warps' fragments: ld.shared.v4 (LDS.128); a generic ld.v4 is the slower LD (P432)
expect grep -q 'ld\.shared\.v4\.f32' "$l7"
expect bash -c "! grep -Eq 'ld\.v4\.f32' '$l7'"
# The naive level has no vector loads: the check above can fail.
expect bash -c "! grep -Eq 'v4\.f32' '$dir/level0_naive.sm90.ptx'"

# Every kernel of every level: one spill line per compiled entry function, each 0 and 0.
for report in "$dir"/level*.ptxas.txt; do
  entries=$(grep -c "Compiling entry function" "$report")
  clean=$(grep -cE "^ *[0-9]+ bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" "$report")
  if [ "$entries" -gt 0 ] && [ "$clean" -eq "$entries" ]; then
    ok
  else
    no "$(basename "$report"): $clean of $entries kernels spill-free: $(grep -E '[1-9][0-9]* bytes spill' "$report" | head -1)"
  fi
done
for level in level3_register_blocking level4_double_buffering level5_async_copy level6_tuned \
    level6_streamk level6_short_k level6_small level6_sliced_k level6_shared level7_tma; do
  if grep -E "bytes stack frame" "$dir/$level.ptxas.txt" | grep -vq "^ *0 bytes stack frame"; then
    no "$level has a stack frame"
  else
    ok
  fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
