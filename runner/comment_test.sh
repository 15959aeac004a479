#!/bin/bash
# The PR comment (//runner:comment) from a real A/B results file (an H200's quick check,
# runner/testdata/ab_h200.json) with a hostile kernel name and "inside the kernel" line in
# it: the body carries the row, and nothing from the data becomes a link, an image, a
# mention, HTML or a workflow command; the only link is the site's own page.
set -u
comment=$1 data=runner/testdata/ab_h200.json
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The first level-6 point, renamed, and judged REGRESSED with a hostile note.
awk '
  !done_k && /"kernel": "level6_tuned"/ {
    sub(/"level6_tuned"/, "\"l6](https://e.x/y) @oc ::error::b ##[stop-commands]t <i> `c` |x\""); done_k = 1 }
  done_k && !done_v && /"valid": true,/ {
    sub(/"valid": true,/, "\"valid\": true, \"judged\": {\"verdict\": \"REGRESSED\", \"change_pct\": -4.25, \"inside\": \"registers 128 -> 168, see https://evil.example and @admin [x](y)\"},"); done_v = 1; print; next }
  done_v && !done_i && /"valid": true,/ {
    sub(/"valid": true,/, "\"valid\": false, \"error\": \"CUDA error ![x](https://e.x/i.png) @team\\n::warning::y <b>\","); done_i = 1 }
  { print }' "$data" >"$tmp/hostile.json"
"$comment" --site-url https://example.github.io/sgemm-bench "$tmp/hostile.json" >"$tmp/body.md"
expect test $? -eq 0
expect test "$(head -1 "$tmp/body.md")" = "<!-- sgemm-bench PR check -->"
expect grep -q '^| l6.*| 1024x1024x1024 | \*\*REGRESSED\*\* | -4.25 | registers 128 -&gt; 168' "$tmp/body.md"
expect grep -qF '[its page on the site](https://example.github.io/sgemm-bench/gpu/nvidia-h200/index.html)' "$tmp/body.md"
expect grep -q '| \*\*INVALID\*\* | | CUDA error ' "$tmp/body.md"
# Nothing live from the data: every "](" , "://" and "@" but the site's link is escaped; no
# HTML but the marker; no workflow command.
rest=$(tail -n +2 "$tmp/body.md" | sed 's#\[its page on the site\](https://example.github.io/sgemm-bench/gpu/nvidia-h200/index.html)##')
expect bash -c '! grep -qE "(^|[^\\\\])\]\(" <<<"$0"' "$rest"
expect bash -c '! grep -qE "(^|[^\\\\])://" <<<"$0"' "$rest"
expect bash -c '! grep -qE "(^|[^\\\\])@" <<<"$0"' "$rest"
expect bash -c '! grep -q "<" <<<"$0"' "$rest"
expect bash -c '! grep -qE "^\s*::|##\[" <<<"$0"' "$rest"
# --issues: one issue a REGRESSED point, its key and title of safe characters only, its body
# escaped like the comment's; the keys of the points that passed, for closing recovered ones.
range=0123456789abcdef0123456789abcdef01234567..89abcdef0123456789abcdef0123456789abcdef
"$comment" --issues "$tmp/issues" --range "$range" --site-url https://example.github.io/sgemm-bench "$tmp/hostile.json" 2>/dev/null
expect test $? -eq 0
expect test "$(ls "$tmp/issues" | sort | tr '\n' ' ')" = "0.key 0.md 0.title passing.txt regressed.txt "
expect grep -qxE 'nvidia-h200/[A-Za-z0-9_.-]+/1024x1024x1024' "$tmp/issues/0.key"
expect test "$(cat "$tmp/issues/regressed.txt")" = "$(cat "$tmp/issues/0.key")"
expect grep -qx 'nvidia-h200/level6_tuned/4096x4096x4096' "$tmp/issues/passing.txt"
expect bash -c '! grep -q "[^A-Za-z0-9_.x/: -]" "$0"' "$tmp/issues/0.title"
expect grep -q "^<!-- sgemm-bench regression $(cat "$tmp/issues/0.key") -->$" "$tmp/issues/0.md"
expect grep -q "tools/bisect.sh /tmp/bisect 0123456789abcdef0123456789abcdef01234567 89abcdef0123456789abcdef0123456789abcdef KERNEL 1024x1024x1024" "$tmp/issues/0.md"
irest=$(tail -n +2 "$tmp/issues/0.md" | sed 's#\[this model.s page on the site\](https://example.github.io/sgemm-bench/gpu/nvidia-h200/index.html)##')
expect bash -c '! grep -qE "(^|[^\\])\]\(|(^|[^\\])://|(^|[^\\])@|<|^\s*::|##\[" <<<"$0"' "$irest"
"$comment" --issues "$tmp/issues" "$tmp/hostile.json" >/dev/null 2>&1          # not empty: refused
expect test $? -eq 2
"$comment" --issues "$tmp/i2" --range "HEAD~3..HEAD" "$tmp/hostile.json" >/dev/null 2>&1
expect test $? -eq 2
# The site's address is checked before it becomes a link.
for bad in "javascript:alert(1)" "http://plain.example" "https://x.example/a b" "https://x.example/)(y"; do
  "$comment" --site-url "$bad" "$data" >/dev/null 2>&1
  expect test $? -eq 2
done
"$comment" "$tmp/none.json" >/dev/null 2>&1
expect test $? -eq 2
expect bash -c '"$0" --help | grep -q "^usage: comment"' "$comment"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
