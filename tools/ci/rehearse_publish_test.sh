#!/bin/bash
# A rehearsal of the publish workflow's steps on this machine, against a temporary git
# repository (no GPU, no deploy): committed results files stand in for the GPU step.
# Two commits are published one after the other, a third pair races from two clones,
# a repeat publishes nothing, and the site built from the history branch shows them all.
set -u
publish=$(realpath "$1") build=$(realpath "$2") push=$(realpath tools/ci/push_history.sh)
export SGEMM_SITE_CHARTS=$(dirname "$(realpath "$3")")  # from this test's own data
h100=site/history/nvidia-h100-80gb-hbm3
first=$(realpath "$(ls $h100/*.json | head -1)") second=$(realpath "$(ls $h100/*.json | tail -1)")
base=$(realpath runner/testdata/base.json) h200=$(realpath "$(ls site/history/nvidia-h200/*.json | head -1)")
seed=$(mktemp -d)
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$seed"' EXIT
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@invalid GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@invalid
git init -q --bare "$tmp/origin.git"
git clone -q "$tmp/origin.git" "$tmp/a" 2>/dev/null
(cd "$tmp/a" && echo main >README && git add README && git commit -qm main && git push -q origin HEAD:main)
git clone -q "$tmp/origin.git" "$tmp/b" 2>/dev/null

# Two commits published one after the other (the seed history is empty here).
(cd "$tmp/a" && "$push" "$publish" "$first" perf-history "$seed") >"$tmp/log1"
expect grep -q "pushed" "$tmp/log1"
(cd "$tmp/a" && "$push" "$publish" "$second" perf-history "$seed") >"$tmp/log2"
expect grep -q "pushed" "$tmp/log2"
# Publishing the same commit again changes nothing.
(cd "$tmp/a" && "$push" "$publish" "$second" perf-history "$seed") >"$tmp/log3"
expect grep -q "nothing new" "$tmp/log3"
# Two publishes racing from two clones, made to overlap: b commits on top of the branch
# it fetched, then a lands before b pushes. b's push is rejected, b retries on top of a's
# commit, and both runs land.
export PUSH_HISTORY_TEST_BEFORE_PUSH="unset PUSH_HISTORY_TEST_BEFORE_PUSH; cd '$tmp/a' && '$push' '$publish' '$base' perf-history '$seed' >'$tmp/log4' 2>&1"
(cd "$tmp/b" && "$push" "$publish" "$h200" perf-history "$seed") >"$tmp/log5" 2>&1
unset PUSH_HISTORY_TEST_BEFORE_PUSH
expect grep -q "pushed" "$tmp/log4"
expect grep -q "push rejected (another publish landed first), retrying (1)" "$tmp/log5"
expect grep -q "pushed" "$tmp/log5"

git clone -q --branch perf-history "$tmp/origin.git" "$tmp/hist" 2>/dev/null
expect test "$(ls "$tmp/hist/history/nvidia-h100-80gb-hbm3" | wc -l)" -eq 3
expect test "$(ls "$tmp/hist/history/nvidia-h200" | wc -l)" -eq 1
expect test "$(git -C "$tmp/hist" log --oneline | wc -l)" -eq 5

# The store's lock file is not history, and no branch is left behind.
expect test ! -e "$tmp/hist/history/.lock"
expect test -z "$(git -C "$tmp/a" branch --list 'tmp-*')"
# A stale branch named like the old script's own does not stop a new history.
git -C "$tmp/b" branch tmp-fresh-history 2>/dev/null
(cd "$tmp/b" && "$push" "$publish" "$first" fresh-history "$seed") >"$tmp/log6" 2>&1
expect grep -q "pushed" "$tmp/log6"
# race NAME BRANCH CLONE...: eight publishes at once, the i-th from the i-th CLONE given
# (one clone eight times: one runner's checkout, several jobs), each its own commit; every
# run lands on BRANCH.
race() {
  local name=$1 branch=$2 i
  shift 2
  local clones=("$@")
  for i in 1 2 3 4 5 6 7 8; do
    sed "s/^  \"commit\": \"[^\"]*\"/  \"commit\": \"${i}abcdef${#name}123${i}\"/" "$base" >"$tmp/$name$i.json"
    (cd "${clones[$((i - 1))]}" && "$push" "$publish" "$tmp/$name$i.json" "$branch" "$seed") \
      >"$tmp/$name$i.log" 2>&1 &
  done
  wait
  for i in 1 2 3 4 5 6 7 8; do expect grep -q "pushed" "$tmp/$name$i.log"; done
  git clone -q --branch "$branch" "$tmp/origin.git" "$tmp/$name-hist" 2>/dev/null
  expect test "$(ls "$tmp/$name-hist/history/nvidia-h100-80gb-hbm3" | wc -l)" -eq 8
}
for i in 1 2 3 4 5 6 7 8; do git clone -q "$tmp/origin.git" "$tmp/r$i" 2>/dev/null; done
race many race "$tmp"/r{1..8}
# From one clone: none reads another's fetch, and no ref or worktree is left behind.
race one onerace "$tmp/r1" "$tmp/r1" "$tmp/r1" "$tmp/r1" "$tmp/r1" "$tmp/r1" "$tmp/r1" "$tmp/r1"
expect test -z "$(git -C "$tmp/r1" for-each-ref refs/sgemm-push)"
expect test ! -e "$tmp/r1/.git/FETCH_HEAD"                  # shared by every fetch: unused
expect test "$(git -C "$tmp/r1" worktree list | wc -l)" -eq 1

# The site step: the second page shows both runs.
expect "$build" --history "$tmp/hist/history" --out "$tmp/site" --baselines baselines \
  --repo-url https://github.com/example/sgemm-bench
page=$tmp/site/gpu/nvidia-h100-80gb-hbm3/runs.html
for f in "$first" "$second"; do
  id=$(basename "$f" .json)
  expect grep -q "runs/$id.html" "$page"
  expect test -s "$tmp/site/gpu/nvidia-h100-80gb-hbm3/runs/$id.html"
done
expect grep -q "nvidia-h200/index.html" "$tmp/site/index.html"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
