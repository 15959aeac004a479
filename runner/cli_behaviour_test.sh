#!/bin/bash
# The sweep, compare and baseline programs as a user meets them, on a machine with no GPU:
# exit codes, messages that name the problem, and the verdict outputs.
set -u
sweep=$1 compare=$2 baseline=$3 data=runner/testdata
passed=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect CODE NEEDLE -- command...: exit status CODE and NEEDLE in its output.
expect() {
  local code=$1 needle=$2
  shift 3
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" -eq "$code" ] && grep -qF -- "$needle" <<<"$out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $* -> exit $rc (want $code), output:" >&2
    echo "$out" | head -5 >&2
  fi
}

expect 0 "level6_tuned" -- "$sweep" --list
# --explain-plan: level 6's plan and the rule that chose it, with no GPU (kernels/level6_plan.c)
expect 0 "short_k_kernel<16,3,1,1,wide>" -- "$sweep" --explain-plan 4310x347x525
expect 0 "rule     depth-even" -- "$sweep" --explain-plan 4310x347x525
expect 0 "streamk_kernel<128,128,8,4,1,1>" -- "$sweep" --explain-plan 4096x4096x4096 --sms 114
expect 0 "row strip: 4x10283" -- "$sweep" --explain-plan 260x10283x493 --unaligned
expect 0 "small_m_kernel<8,0>" -- "$sweep" --explain-plan 260x10283x493 --unaligned
expect 2 "is not MxNxK" -- "$sweep" --explain-plan '4x4x;rm -rf /'
expect 2 "is not MxNxK" -- "$sweep" --explain-plan 4x4x4x4
expect 2 "is not a count of SMs" -- "$sweep" --explain-plan 4x4x4 --sms 0
expect 2 "describe the product of --explain-plan" -- "$sweep" --sms 4
expect 2 "no selected kernel plans its launches" -- "$sweep" --explain-plan 8x8x8 --levels 3
# level 7 (kernels/level7_tma.cu): its grid, stream-K where the tiles are not whole waves, and
# level 6 with the reason where it does not take the product
expect 0 "then 248 tiles (128 k tiles of 32 each) shared by 132 CTAs" -- "$sweep" \
  --explain-plan 4096x4096x4096 --sms 132 --levels level7_tma
expect 0 "whole waves: 264 tiles, a CTA each" -- "$sweep" --explain-plan 4224x2048x1024 --sms 132 \
  --levels level7_tma
expect 0 "runs level 6 (K under 256" -- "$sweep" --explain-plan 4096x4096x128 --levels level7_tma
expect 0 "runs level 6 (A's or B's rows are not 16-byte aligned" -- "$sweep" \
  --explain-plan 4096x4096x4099 --levels level7_tma
expect 0 "runs level 6 (under a wave of 128x256 tiles)" -- "$sweep" --explain-plan 1024x1024x1024 \
  --sms 132 --levels level7_tma
expect 0 "runs level 6 (more SMs than the workspace holds stream-K shares for)" -- "$sweep" \
  --explain-plan 8192x8192x8192 --sms 300 --levels level7_tma
expect 0 "level7_tma                     9.0 only" -- "$sweep" --list
# The minimum compute capability starts at the lowest architecture built (sm_80), so no
# kernel claims 0.0 (the build passes SGEMM_MIN_ARCH_CC).
expect 0 "level0_naive                   8.0" -- "$sweep" --list
# Both families are listed, each kernel under its own (kernels/sgemm.h).
expect 0 "memory  2      memory_transpose_smem32_padded 8.0" -- "$sweep" --list
expect 2 "--family: 'dense' is not sgemm, memory or all" -- "$sweep" --family dense
expect 0 "--profile quick|full|llm" -- "$sweep" --help
expect 2 "unknown flag '--bogus'" -- "$sweep" --bogus
expect 2 "unknown level or kernel '8'" -- "$sweep" --levels 8
expect 2 "is not a size" -- "$sweep" --sizes -1
expect 2 "is not a dimension" -- "$sweep" --shape 0x4x4
expect 2 "--gpu: '-1' is not a GPU index" -- "$sweep" --gpu -1
expect 2 "CUDA_VISIBLE_DEVICES has no entry 2" -- env CUDA_VISIBLE_DEVICES=4,5 "$sweep" --gpu 2 --levels 0 --shape 8x8x8 --baseline none
expect 2 "is not a dimension" -- "$sweep" --shape 4x4x99999999
expect 2 "cannot write the results file /dev/null/r.json" -- "$sweep" --out /dev/null/r.json
expect 2 "bad baseline" -- "$sweep" --baseline "$data/bad/truncated.json"
expect 2 "results[1].time_ms.median" -- "$sweep" --baseline "$data/bad/missing_field.json"
if command -v nvidia-smi >/dev/null && nvidia-smi >/dev/null 2>&1; then
  echo "a GPU is present: skipping the no-GPU check" >&2
else
  expect 4 "bazel run //site:build" -- "$sweep" --profile quick --out "$tmp/r.json"
  [ ! -e "$tmp/r.json" ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: results file written without a GPU" >&2; }
fi
# An A/B base takes its head's device probe from SGEMM_BENCH_AB_DEVICE (no probe of its
# own): with no GPU, the device is the handed one and the kernel's process, not the probe,
# fails (exit 3, INVALID points, the handed GPU in the file). A device whose slug is not
# its name's is ignored, and the sweep probes (exit 4 here).
if ! nvidia-smi >/dev/null 2>&1; then
  dev='{"device":{"name":"NVIDIA H100 80GB HBM3","slug":"nvidia-h100-80gb-hbm3","cc":"9.0","sms":132,"l2_bytes":52428800,"mem_bytes":85017493504,"sm_clock_max_mhz":1980,"mem_bandwidth_gbs":3352.32,"driver":"580.159.04","cuda_runtime":"13.0","cublas":"13.1.0","gpu_id":"0123456789abcdef"}}'
  expect 3 "INVALID" -- env SGEMM_BENCH_AB_DEVICE="$dev" "$sweep" --levels 0 --shape 8x8x8 \
    --baseline none --out "$tmp/handed.json"
  grep -q '"gpu_id": "0123456789abcdef"' "$tmp/handed.json" && passed=$((passed + 1)) ||
    { failed=$((failed + 1)); echo "FAIL: the handed device is not in the results" >&2; }
  expect 4 "ignoring the A/B head's device" -- env SGEMM_BENCH_AB_DEVICE="${dev/hbm3\"/hbm4\"}" \
    "$sweep" --levels 0 --shape 8x8x8 --baseline none --out "$tmp/refused.json"
  # A base in a later round runs its kernels in one shared process; when that process
  # stops (here: no GPU), every kernel it left unmeasured gets a process of its own, and
  # every point is in the file (3 kernels x 2 shapes), INVALID with the reason.
  expect 3 "the shared process stopped at level5_async_copy" -- env SGEMM_BENCH_AB_ROUND=1 \
    SGEMM_BENCH_AB_DEVICE="$dev" "$sweep" --levels 5 --shape 8x8x8 --shape 16x16x16 \
    --baseline none --out "$tmp/shared.json"
  [ "$(grep -c '"valid": false' "$tmp/shared.json")" = 6 ] && passed=$((passed + 1)) ||
    { failed=$((failed + 1)); echo "FAIL: a point of the shared process is missing" >&2; }
fi

# A command-line value in the sweep's messages is escaped: an ESC byte shows as \x1b.
expect 2 "unknown level or kernel 'bad\\x1b[31mred'" -- "$sweep" --levels $'bad\e[31mred'
if "$sweep" --levels $'bad\e[31mred' 2>&1 | grep -q $'\e'; then
  failed=$((failed + 1)); echo "FAIL: a raw ESC reached the terminal" >&2
else passed=$((passed + 1)); fi

expect 0 "3 PASS" -- "$compare" "$data/base.json" "$data/same.json"
expect 1 "REGRESSED" -- "$compare" "$data/base.json" "$data/drop5.json"
expect 5 "INCONCLUSIVE" -- "$compare" "$data/base.json" "$data/noisy_drop.json"
# The issue-21 case the old rule passed: -60% with 70% noise is open, not a PASS.
expect 5 "-60.00% with 70.00% noise: a drop past 3.00% is not ruled out" -- "$compare" "$data/base.json" "$data/drop60_noise70.json"
expect 3 "INVALID" -- "$compare" "$data/base.json" "$data/invalid.json"
expect 0 "refresh the baseline" -- "$compare" "$data/base.json" "$data/improved.json"
# A kernel of the baseline absent from the results (deleted, or renamed: NEW under its new
# name) fails with a line of its own.
expect 6 "MISSING KERNEL level3_register_blocking: the reference measured it" -- \
  "$compare" "$data/base.json" "$data/missing_new.json"
expect 0 "warning: driver differs" -- "$compare" "$data/base.json" "$data/env_mismatch.json"
expect 2 "two different GPUs" -- "$compare" "$data/base.json" "$data/other_gpu.json"
expect 2 "usage: compare" -- "$compare" "$data/base.json"
expect 2 "cannot open" -- "$compare" "$data/base.json" "$tmp/none.json"
for f in "$data"/bad/*.json; do
  expect 2 "$(basename "$f")" -- "$compare" "$data/base.json" "$f"
done

# An output that is an input is refused, the input untouched.
cp "$data/base.json" "$tmp/keep.json"
before=$(sha256sum <"$tmp/keep.json")
expect 2 "is one of the files compared: refusing to overwrite an input" -- \
  "$compare" --summary "$tmp/keep.json" "$tmp/keep.json" "$data/drop5.json"
ln -s keep.json "$tmp/link.json"
expect 2 "refusing to overwrite an input" -- \
  "$compare" --summary "$tmp/link.json" "$data/drop5.json" "$tmp/keep.json"
if [ "$(sha256sum <"$tmp/keep.json")" = "$before" ]; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: compare --summary overwrote its input" >&2; fi

# Markdown to --summary and to $GITHUB_STEP_SUMMARY; annotations under GitHub Actions.
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$tmp/step.md" \
  expect 1 "::error title=sgemm-bench::level4_double_buffering 4096x4096x4096 regressed" -- \
  env GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$tmp/step.md" "$compare" --summary "$tmp/s.md" \
  "$data/base.json" "$data/drop5.json"
for f in "$tmp/s.md" "$tmp/step.md"; do
  if grep -qF "| level4_double_buffering | 4096x4096x4096 | **REGRESSED** |" "$f"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); echo "FAIL: no verdict row in $f" >&2
  fi
done

# baseline: results files on record folded into a run set, as --update-baseline would.
set1=$tmp/set.json
expect 0 "2 runs from" -- "$baseline" "$set1" "$data/base.json" "$data/same.json"
expect 1 "REGRESSED" -- "$compare" "$set1" "$data/drop5.json"
# --levels renews those kernels alone: eight runs of drop5's level 4 make its 5% drop the
# reference, while eight of its other kernels leave level 4's runs, and the drop, as they were.
cp "$set1" "$tmp/set4.json"
cp "$set1" "$tmp/set36.json"
# Eight runs of drop5, each its own (another time); the same run twice is refused below.
eight=()
for i in 1 2 3 4 5 6 7 8; do
  sed "s/\"utc\": \"2026-11-21T05:44:58Z\"/\"utc\": \"2026-11-22T0$i:00:00Z\"/" "$data/drop5.json" >"$tmp/drop5-$i.json"
  eight+=("$tmp/drop5-$i.json")
done
expect 0 "10 runs from" -- "$baseline" --levels 4 "$tmp/set4.json" "${eight[@]}"
expect 0 "3 PASS" -- "$compare" "$tmp/set4.json" "$data/drop5.json"
expect 0 "10 runs from" -- "$baseline" --levels 3,level6_tuned "$tmp/set36.json" "${eight[@]}"
expect 1 "level4_double_buffering    4096x4096x4096   REGRESSED" -- "$compare" "$tmp/set36.json" "$data/drop5.json"
# Refused, and the set is left as it was: another GPU model, an INVALID point, a baseline
# given as a run, a kernel the files do not hold, a flag that is not a list.
cp "$set1" "$tmp/before.json"
expect 2 "is from another GPU model ('nvidia-h200', not 'nvidia-h100-80gb-hbm3')" -- "$baseline" "$set1" "$tmp/drop5-2.json" "$data/other_gpu.json"
expect 3 "level6_tuned 4096x4096x4096 is INVALID" -- "$baseline" "$set1" "$data/invalid.json"
expect 2 "is a baseline (it holds a run set)" -- "$baseline" "$set1" "$tmp/set4.json"
expect 2 "has no point of --levels" -- "$baseline" --levels 5 "$set1" "$data/same.json"
expect 2 "is neither a level nor a kernel name" -- "$baseline" --levels "4,a b" "$set1" "$data/same.json"
expect 2 "usage: baseline" -- "$baseline" "$set1"
expect 2 "--levels needs a list of levels or kernels" -- "$baseline" "$set1" "$data/same.json" --levels
expect 2 "--levels: an empty list" -- "$baseline" --levels "" "$set1" "$data/same.json"
expect 2 "truncated.json" -- "$baseline" "$data/bad/truncated.json" "$data/same.json"
# A run already in the set, or one file given twice, is one run: refused, not counted again.
expect 2 "is a run already in the set (commit" -- "$baseline" "$set1" "$data/same.json"
expect 2 "refusing to count it twice" -- "$baseline" "$set1" "$tmp/drop5-1.json" "$tmp/drop5-1.json"
if cmp -s "$set1" "$tmp/before.json"; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: a refused baseline run changed the set" >&2; fi
expect 2 "has no point of --levels" -- "$baseline" --levels 5 "$tmp/new.json" "$data/same.json"
[ ! -e "$tmp/new.json" ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: a refused baseline run wrote a file" >&2; }

# The workspace path reaches git as one argument, never through a shell: a path holding a
# quote runs nothing (the sweep then stops for want of a GPU, or measures; either way no
# file appears).
evil="$tmp/ws'; touch pwned5; echo '"
mkdir -p "$evil"
(cd "$tmp" && BUILD_WORKSPACE_DIRECTORY="$evil" SGEMM_COMMIT= GITHUB_SHA= timeout 60 "$sweep" --levels 0 --sizes 64 --out "$tmp/evil.json" >/dev/null 2>&1)
if [ ! -e "$tmp/pwned5" ]; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: a quote in the workspace path ran a command" >&2; fi

# A set that cannot be written (a read-only file system, in a mount namespace of our own) is
# the environment's exit 4, not bad input.
if unshare -rm true 2>/dev/null; then
  mkdir -p "$tmp/ro"
  unshare -rm bash -c "mount -t tmpfs -o ro tmpfs '$tmp/ro'
    '$baseline' '$tmp/ro/set.json' '$data/base.json' >/dev/null 2>'$tmp/ro.err'; echo \$? >'$tmp/ro.rc'"
  if [ "$(cat "$tmp/ro.rc")" = 4 ] && grep -q "Read-only file system" "$tmp/ro.err"; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: a read-only set: exit $(cat "$tmp/ro.rc")" >&2; fi
else
  echo "cli_behaviour_test: the read-only case skipped: no mount namespace here" >&2
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
