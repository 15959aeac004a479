#!/bin/bash
# pick ranks the committed H100 grid run (square shapes 2048-8192: the one-launch class)
# and names the configuration level6_tuned.cu records; bad input is exit 2.
set -u
pick=$1 results=$2
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
out=$("$pick" "$results")
expect test $? -eq 0
expect grep -q '^one-launch class:$' <<<"$out"
expect grep -qE '^level6_grid_128x128x8_s4 +90\.71$' <<<"$out"
expect grep -q '^winner: level6_grid_128x128x8_s4$' <<<"$out"
expect bash -c "! grep -q 'split-K class' <<<\"\$0\"" "$out" # no split shape in that run
"$pick" /nonexistent.json 2>/dev/null
expect test $? -eq 2
echo "pick_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
