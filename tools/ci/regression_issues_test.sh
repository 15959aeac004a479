#!/bin/bash
# regression_issues.sh with a fake gh: a regressed point without an issue gets one, one with
# an open issue gets its body renewed and a comment, an open issue whose point passed is
# closed, and one whose point did not run (neither list) is left alone.
set -u
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
script=$(realpath tools/ci/regression_issues.sh)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/d"
cat >"$tmp/bin/gh" <<'GH'
#!/bin/bash
echo "$*" >>"$GH_LOG"
case "$1 $2" in
  "issue list") printf '7\tnvidia-h200/level6_tuned/2x2x2\n9\tnvidia-h200/level6_tuned/3x3x3\n11\tnvidia-h200/level5_async_copy/4x4x4\n' ;;
esac
exit 0
GH
chmod +x "$tmp/bin/gh"
printf 'nvidia-h200/level6_tuned/1x1x1' >"$tmp/d/0.key"
printf 'Regression: level6_tuned/1x1x1 on nvidia-h200' >"$tmp/d/0.title"
echo body0 >"$tmp/d/0.md"
printf 'nvidia-h200/level6_tuned/2x2x2' >"$tmp/d/1.key"
printf 'Regression: level6_tuned/2x2x2 on nvidia-h200' >"$tmp/d/1.title"
echo body1 >"$tmp/d/1.md"
printf '%s\n' nvidia-h200/level6_tuned/1x1x1 nvidia-h200/level6_tuned/2x2x2 >"$tmp/d/regressed.txt"
printf '%s\n' nvidia-h200/level6_tuned/3x3x3 nvidia-h200/level0_naive/1x1x1 >"$tmp/d/passing.txt"
PATH=$tmp/bin:$PATH GH_LOG=$tmp/log GITHUB_REPOSITORY=o/r GITHUB_SHA=abc "$script" "$tmp/d" >"$tmp/out"
expect test $? -eq 0
expect grep -q "^issue create --repo o/r --label sgemm-regression --title Regression: level6_tuned/1x1x1 on nvidia-h200 --body-file $tmp/d/0.md$" "$tmp/log"
expect grep -q "^issue edit 7 --repo o/r --body-file $tmp/d/1.md$" "$tmp/log"
expect grep -q "^issue comment 7 --repo o/r --body Still regressed at abc.$" "$tmp/log"
expect grep -q "^issue close 9 --repo o/r --comment Recovered: valid and not regressed at abc.$" "$tmp/log"
expect bash -c "! grep -q ' 11 ' '$tmp/log'"
expect test "$(grep -c '^issue create' "$tmp/log")" -eq 1
"$script" "$tmp/nothing" >/dev/null 2>&1
expect test $? -eq 2
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
