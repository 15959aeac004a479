#!/bin/bash
# pick ranks the committed H100 grid runs (three GPUs, the llm shapes and 2048-8192: every
# class) and names the configurations kernels/level6_config.h records: each point's median
# over the runs, so that run 2's one slow cuBLAS call (1024^3, 136% for 128x128x8_s6) does
# not pick the main tile, as it does when that run is ranked alone. Files of two GPUs are
# refused, and bad input is exit 2.
set -u
pick=$1 run1=$2 run2=$3 run3=$4
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
out=$("$pick" "$run1" "$run2" "$run3")
expect test $? -eq 0
for c in small-M small-tile split-K one-launch deep; do expect grep -q "^$c class:\$" <<<"$out"; done
main=$(sed -n '/^main tile (split-K and one-launch classes):$/,$p' <<<"$out")
expect grep -qE '^level6_grid_128x128x8_s4 +101\.79$' <<<"$main"
expect grep -q '^winner: level6_grid_128x128x8_s4$' <<<"$out"
expect grep -q '^winner deep: level6_grid_128x256x16_s3$' <<<"$out"
expect grep -q '^winner small-tile: level6_grid_256x128x8_s4$' <<<"$out"
alone=$("$pick" "$run2")
expect grep -q '^winner: level6_grid_128x128x8_s6$' <<<"$alone"
other=${TEST_TMPDIR:-/tmp}/other-gpu.json
sed 's/"NVIDIA H100 80GB HBM3"/"NVIDIA H200"/; s/"nvidia-h100-80gb-hbm3"/"nvidia-h200"/' "$run1" >"$other"
err=$("$pick" "$run1" "$other" 2>&1 >/dev/null)
expect test $? -eq 2
expect grep -q "is from another GPU" <<<"$err"
# A kernel name from the file reaches the terminal escaped: no raw ESC, no line that a
# GitHub runner would read as a workflow command.
hostile=${TEST_TMPDIR:-/tmp}/hostile.json
sed 's/level6_grid_128x128x8_s3/level6_grid_\\u001b[2J\\n::warning::x/g' "$run1" >"$hostile"
out=$("$pick" "$hostile")
expect test $? -eq 0
expect grep -qF 'level6_grid_\x1b[2J\x0a' <<<"$out"
expect bash -c "! grep -q \$'\x1b' <<<\"\$0\"" "$out"
expect bash -c "! grep -q '^::' <<<\"\$0\"" "$out"
"$pick" /nonexistent.json 2>/dev/null
expect test $? -eq 2
echo "pick_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
