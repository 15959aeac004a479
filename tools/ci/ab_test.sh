#!/bin/bash
# tools/ab.sh's orchestration, with a fake Bazel whose "sweep" binaries record how they
# were built and run: the base is built from the merge-base in a worktree with its own
# output base, the head from the checkout, and the head's sweep runs --against the base's
# with the user's flags; its exit code is ab.sh's.
set -u
ab=$(realpath tools/ab.sh)
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@invalid GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@invalid
export HOME=$tmp/home SGEMM_AB_CACHE=$tmp/cache LOG=$tmp/log
# Fake bazel: "build //runner:sweep" writes bazel-bin/runner/sweep, a script that logs
# which tree it was built from (the file `version`) and its arguments, then exits with
# the code in the file `exit`.
cat >"$tmp/bazel" <<'FAKE'
#!/bin/bash
echo "bazel $* (in $(cat version))" >>"$LOG"
mkdir -p bazel-out/bin/runner
v=$(cat version) code=$(cat exit)
printf '#!/bin/bash\necho "sweep %s $*" >>"$LOG"\nexit %s\n' "$v" "$code" >bazel-out/bin/runner/sweep
chmod +x bazel-out/bin/runner/sweep
ln -sfn bazel-out/bin bazel-bin
FAKE
chmod +x "$tmp/bazel"
export BAZEL=$tmp/bazel

repo=$tmp/repo
git init -q "$repo" && cd "$repo" || exit 1
printf '/bazel-*\n' >.gitignore
echo base >version && echo 0 >exit && git add -A && git commit -qm base
git update-ref refs/remotes/origin/main HEAD
echo head >version && echo 1 >exit && git commit -qam head
"$ab" --profile quick --levels 6 >"$tmp/out" 2>&1
rc=$?

expect test "$rc" -eq 1                                   # the head sweep's exit code
expect grep -q "^bazel --output_base=$tmp/cache build --disk_cache=$tmp/home/.cache/sgemm-bench/ab-disk //runner:sweep (in base)$" "$LOG"
expect grep -q "^bazel build --disk_cache=$tmp/home/.cache/sgemm-bench/ab-disk //runner:sweep (in head)$" "$LOG"
expect grep -qE "^sweep head --against .*/sgemm-ab\.[A-Za-z0-9]+/bin/base-sweep --profile quick --levels 6$" "$LOG"
expect test "$(grep -c '^sweep' "$LOG")" -eq 1           # ab.sh runs only the head; it drives the base
expect test -z "$(git worktree list | grep sgemm-ab)"    # the base worktree is gone
# --base REF, and a REF that is no commit.
: >"$LOG"
"$ab" --base HEAD~1 --shape 64x64x64 >/dev/null 2>&1
expect grep -q "(in base)" "$LOG"
"$ab" --base no-such-ref >/dev/null 2>"$tmp/err"
expect test $? -eq 2
expect grep -q "'no-such-ref' is not a commit" "$tmp/err"
# Prebuilt binaries: no build at all.
: >"$LOG"
mkdir -p "$tmp/pre"
printf '#!/bin/bash\necho "prebuilt head $*" >>"$LOG"\nexit 0\n' >"$tmp/pre/head" && chmod +x "$tmp/pre/head"
printf '#!/bin/bash\nexit 0\n' >"$tmp/pre/base" && chmod +x "$tmp/pre/base"
"$ab" --base-bin "$tmp/pre/base" --head-bin "$tmp/pre/head" --profile full >/dev/null 2>&1
expect test $? -eq 0
expect bash -c "! grep -q '^bazel' '$LOG'"
expect grep -q "^prebuilt head --against $tmp/pre/base --profile full$" "$LOG"
# No temporary directory (TMPDIR missing): exit 4 before any build or worktree, nothing
# written at the root.
: >"$LOG"
TMPDIR=$tmp/no-such-dir "$ab" --profile quick >/dev/null 2>"$tmp/err"
expect test $? -eq 4
expect grep -q "cannot make a temporary directory" "$tmp/err"
expect test ! -e /base -a ! -e /bin/base-sweep
expect bash -c "! grep -q '^bazel' '$LOG'"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
