#!/bin/bash
# tools/backfill.sh with a fake Bazel whose "sweeps" log how they ran and write a results
# file: only commits that changed the measured paths are built, a commit that does not
# build and a sweep that fails are recorded in FAILED (exit 4) while the others are
# published under their commits, and the commits are spread over the GPUs.
set -u
backfill=$(realpath tools/backfill.sh) publish=$(realpath "$1") template=$(realpath runner/testdata/base.json)
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@invalid GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@invalid
export HOME=$tmp/home SGEMM_BACKFILL_CACHE=$tmp/cache LOG=$tmp/log PUBLISH=$publish TEMPLATE=$template
export TMPDIR=$tmp/t && mkdir -p "$TMPDIR"
# Fake bazel: "build //site:publish" gives the real publish; "build //runner:sweep" fails
# when kernels/version says "broken", else writes a sweep that logs its commit, GPU and
# subject, copies the template to --out and exits with kernels/exit.
cat >"$tmp/bazel" <<'FAKE'
#!/bin/bash
mkdir -p bazel-out/bin/runner bazel-out/bin/site && ln -sfn bazel-out/bin bazel-bin
case "$*" in
  *//site:publish*) cp "$PUBLISH" bazel-out/bin/site/publish; exit 0 ;;
esac
v=$(cat kernels/version) code=$(cat kernels/exit)
grep -h '^CUDA_ARCHS' bazel/copts.bzl >>"$LOG.archs" 2>/dev/null
[ "$v" = broken ] && { echo "ERROR: kernels/x.cu: error" >&2; exit 1; }
cat >bazel-out/bin/runner/sweep <<SWEEP
#!/bin/bash
echo "sweep $v gpu=\$CUDA_VISIBLE_DEVICES commit=\$SGEMM_COMMIT subject=\$SGEMM_SUBJECT args=\$*" >>"$LOG"
while [ \$# -gt 0 ]; do
  [ "\$1" = --out ] && sed "s/\"commit\": \"[^\"]*\"/\"commit\": \"\$SGEMM_COMMIT\"/" "$TEMPLATE" >"\$2"
  shift
done
exit $code
SWEEP
chmod +x bazel-out/bin/runner/sweep
FAKE
chmod +x "$tmp/bazel"
export BAZEL=$tmp/bazel

repo=$tmp/repo
git init -q "$repo" && cd "$repo" || exit 1
printf '/bazel-*\n' >.gitignore && mkdir kernels docs
commit() { echo "$1" >kernels/version && echo "$2" >kernels/exit && git add -A && git commit -qm "$3"; git rev-parse HEAD; }
root=$(commit v0 0 "the start")
c1=$(commit v1 0 "level 1 faster")
c2=$(commit broken 0 "does not build")
echo notes >docs/n.md && git add -A && git commit -qm "docs only" && docs=$(git rev-parse HEAD)
c3=$(commit v3 4 "sweep fails")
c4=$(commit v4 3 "a kernel wrong")

"$backfill" build "$root..HEAD" "$tmp/b" >"$tmp/out" 2>&1
expect test $? -eq 4
expect test -x "$tmp/b/$c1/sweep" -a -x "$tmp/b/$c3/sweep" -a -x "$tmp/b/$c4/sweep" -a -x "$tmp/b/publish"
expect test ! -e "$tmp/b/$c2" -a ! -e "$tmp/b/$docs"           # broken; not a measured path
expect grep -q "^$c2 does not build: ERROR: kernels/x.cu: error$" "$tmp/b/FAILED"
expect test "$(cat "$tmp/b/$c1/SUBJECT")" = "level 1 faster"
expect test "$(cat "$tmp/b/ORDER")" = "$(printf '%s\n' "$c1" "$c2" "$c3" "$c4")"  # for bisect.sh
expect test -z "$(git worktree list | grep sgemm-backfill)"    # no worktree left
expect test -z "$(ls -A "$TMPDIR")"                             # nor a temporary directory

mkdir "$tmp/history"
"$backfill" run "$tmp/b" "$tmp/history" --gpus 2 >"$tmp/out" 2>&1
expect test $? -eq 4
expect grep -q "^$c3 the sweep exited 4 on GPU " "$tmp/b/FAILED"
stored=$(find "$tmp/history" -name '*.json' | sort)
expect test "$(echo "$stored" | wc -l)" -eq 2                  # c1 and c4 (exit 3: INVALID points)
expect grep -q "${c1:0:12}.json" <<<"$stored"
expect grep -q "${c4:0:12}.json" <<<"$stored"
expect grep -q "^sweep v1 gpu=[01] commit=$c1 subject=level 1 faster args=--profile full --baseline none --out " "$LOG"
expect test "$(grep -o 'gpu=[01]' "$LOG" | sort -u | wc -l)" -eq 2   # both GPUs used

# --max 2 keeps the range's first and last measured commits; sweep flags after --.
: >"$LOG"
"$backfill" build "$root..HEAD" "$tmp/m" --max 2 >/dev/null 2>&1
expect test "$(ls -d "$tmp/m"/*/ | wc -l)" -eq 2
expect test -x "$tmp/m/$c1/sweep" -a -x "$tmp/m/$c4/sweep"
expect test -z "$(ls -A "$TMPDIR")"                             # a build that succeeds too
"$backfill" run "$tmp/m" "$tmp/h2" -- --profile quick --baseline none >/dev/null 2>&1
expect test $? -eq 0
expect grep -q "args=--profile quick --baseline none --out" "$LOG"

# run follows DIR/ORDER (the store orders runs by when they were measured), not the
# directory listing: an ORDER in reverse listing order is run in reverse. --limit 1 runs
# one commit; a second run goes on with the other and skips the published one.
rm -rf "$tmp/h4" && rm -f "$tmp/b"/*/PUBLISHED "$tmp/b/FAILED" && : >"$LOG"
ls -d "$tmp/b"/*/ | xargs -n 1 basename | grep -v "^$c3$" | sort -r >"$tmp/b/ORDER"
"$backfill" run "$tmp/b" "$tmp/h4" --limit 1 >/dev/null 2>&1
expect test $? -eq 0
expect test "$(wc -l <"$LOG")" -eq 1
"$backfill" run "$tmp/b" "$tmp/h4" >"$tmp/out" 2>&1
expect test $? -eq 0
expect test "$(grep -o 'commit=[0-9a-f]*' "$LOG" | cut -d= -f2)" = "$(cat "$tmp/b/ORDER")"
expect grep -q "published before" "$tmp/out"
"$backfill" run "$tmp/b" "$tmp/h4" >/dev/null 2>&1          # all done: nothing runs
expect test $? -eq 0 -a "$(wc -l <"$LOG")" -eq 2
# Bad usage.
"$backfill" frobnicate >/dev/null 2>&1
expect test $? -eq 2
"$backfill" run "$tmp/nothing" "$tmp/h3" >/dev/null 2>&1
expect test $? -eq 2
# A range never reaches git as an option: '--output=FILE' would truncate FILE.
echo "keep me" >"$tmp/victim"
"$backfill" build "--output=$tmp/victim" "$tmp/x" >"$tmp/out" 2>&1
expect test $? -eq 2
expect grep -q "starts with '-'" "$tmp/out"
expect test "$(cat "$tmp/victim")" = "keep me"
"$backfill" build "$root..HEAD" "--x" >/dev/null 2>&1
expect test $? -eq 2
# Counts are whole numbers: --gpus 0 would run nothing and pass; -1, abc and --max abc are
# refused with a line, never a bash error.
for args in "--gpus 0" "--gpus -1" "--gpus abc" "--limit x" "--gpus"; do
  # shellcheck disable=SC2086 # the words are the flags
  "$backfill" run "$tmp/b" "$tmp/h4" $args >"$tmp/out" 2>&1
  expect test $? -eq 2
  expect grep -q "^backfill: --" "$tmp/out"
done
"$backfill" build "$root..HEAD" "$tmp/m" --max abc >"$tmp/out" 2>&1
expect test $? -eq 2
expect grep -q "is not a whole number" "$tmp/out"
# Without --gpus, the environment's pin stands (a runner's own GPU), never GPU 0.
rm -rf "$tmp/h6" && rm -f "$tmp/b"/*/PUBLISHED && : >"$LOG"
CUDA_VISIBLE_DEVICES=3 "$backfill" run "$tmp/b" "$tmp/h6" --limit 1 >/dev/null 2>&1
expect grep -q " gpu=3 " "$LOG"
# A FAILED line of an earlier run is the record, not this run's failure: a clean rerun is 0.
rm -rf "$tmp/h5" && rm -f "$tmp/b"/*/PUBLISHED && echo "0000000 an old failure" >"$tmp/b/FAILED"
"$backfill" run "$tmp/b" "$tmp/h5" >/dev/null 2>&1
expect test $? -eq 0
expect grep -q "an old failure" "$tmp/b/FAILED"

# --archs sets CUDA_ARCHS in each commit's own worktree (never this checkout's file); a
# commit without that line is a FAILED line, not a build for the wrong GPUs; a list that
# is not compute capabilities is refused.
mkdir -p bazel && printf 'CUDA_ARCHS = ["80", "90"]\nPTX_ARCH = "90"\n' >bazel/copts.bzl
c5=$(commit v5 0 "with copts")
: >"$LOG.archs"
"$backfill" build "$c4..HEAD" "$tmp/a" --archs 90 >/dev/null 2>&1
expect test $? -eq 0
expect test "$(cat "$LOG.archs")" = 'CUDA_ARCHS = ["90"]'
expect grep -q '^CUDA_ARCHS = \["80", "90"\]$' bazel/copts.bzl
"$backfill" build "$c3..$c4" "$tmp/a2" --archs "80 90" >/dev/null 2>&1
expect test $? -eq 4
expect grep -q "^$c4 no CUDA_ARCHS line in bazel/copts.bzl for --archs$" "$tmp/a2/FAILED"
for bad in "sm_90" "90;rm" "" "9"; do
  "$backfill" build "$c4..HEAD" "$tmp/a3" --archs "$bad" >"$tmp/out" 2>&1
  expect test $? -eq 2
  expect grep -q "is not a list of compute capabilities" "$tmp/out"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
