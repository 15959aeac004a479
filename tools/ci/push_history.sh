#!/bin/bash
# push_history.sh PUBLISH_BIN RESULTS.json [BRANCH] [SEED_DIR]
# Adds one results file to the history kept on BRANCH (default perf-history) of the
# repository in the current directory, and pushes it. Run from a checkout whose `origin`
# can be pushed to (the publish workflow's). Safe to run twice for one commit (the store
# is idempotent), and safe when publishes race: a rejected push is retried on top of the
# others' commits, after a random wait that grows with each try (so racers fall out of
# step), up to PUSH_HISTORY_ATTEMPTS tries (default 12, about 3 minutes at most). A
# missing BRANCH starts from SEED_DIR (default site/history, the history committed on
# main). The store's lock file is never committed; no branch is left behind.
# Exit: 0 pushed (or nothing new), 1 could not push, 2 bad arguments or no temporary space.
case "${1:-}" in -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
set -eu
publish=$(realpath "$1") results=$(realpath "$2") branch=${3:-perf-history}
seed=$(realpath "${4:-site/history}")
attempts=${PUSH_HISTORY_ATTEMPTS:-12}
case "$attempts" in '' | *[!0-9]*) echo "push_history: PUSH_HISTORY_ATTEMPTS must be a count" >&2; exit 2 ;; esac
# Publishes from one clone take turns (an flock on its git directory, no file made): git's
# worktree bookkeeping is not safe against a second `worktree add` in the same repository
# ("failed to read .git/worktrees/.../commondir"). Clones race as before, by retries.
gitdir=$(git rev-parse --git-common-dir) || { echo "push_history: not in a git checkout" >&2; exit 2; }
exec 9<"$gitdir" && flock 9 || { echo "push_history: cannot lock $gitdir" >&2; exit 2; }
work=$(mktemp -d) || { echo "push_history: cannot make a temporary directory" >&2; exit 2; }
# The branch as fetched goes to a ref of this process's own, never FETCH_HEAD: publishes
# racing from one clone would otherwise read each other's (or a half-written) FETCH_HEAD.
ref=refs/sgemm-push/$$-$(basename "$work")
trap 'git worktree remove --force "$work" >/dev/null 2>&1 || true; git update-ref -d "$ref" >/dev/null 2>&1 || true; rm -rf "$work" "$work.seed" "$work.index"' EXIT

# The seed commit, with no branch and whatever HEAD is (a fresh clone may have none): the
# tree of history/ (from SEED_DIR) and a README, staged through a temporary index.
seed_commit() {
  local stage=$work.seed
  rm -rf "$stage" "$work.index"
  mkdir -p "$stage/history"
  [ -d "$seed" ] && cp -RL "$seed"/. "$stage/history/" # files, never links
  printf 'Performance history of sgemm-bench: one results file per published commit.\n' \
    >"$stage/README"
  GIT_INDEX_FILE=$work.index git --work-tree="$stage" add -A
  tree=$(GIT_INDEX_FILE=$work.index git write-tree)
  rm -rf "$stage" "$work.index"
  git -c user.name=sgemm-bench -c user.email=sgemm-bench@invalid \
    commit-tree "$tree" -m "perf history: seeded from main"
}

for attempt in $(seq 1 "$attempts"); do
  git worktree remove --force "$work" >/dev/null 2>&1 || true
  rm -rf "$work"
  if git fetch -q --no-write-fetch-head origin "+refs/heads/$branch:$ref" 2>/dev/null; then
    git worktree add -q --detach "$work" "$ref"
  else
    git worktree add -q --detach "$work" "$(seed_commit)"
  fi
  out=$("$publish" "$results" --history "$work/history")
  echo "$out"
  git -C "$work" add -A history ':(exclude)history/.lock'
  if git -C "$work" diff --cached --quiet; then
    echo "push_history: nothing new to push"
    git -C "$work" push -q origin "HEAD:refs/heads/$branch" 2>/dev/null || true
    exit 0
  fi
  name=$(basename "${out##* }" .json)
  git -C "$work" -c user.name=sgemm-bench -c user.email=sgemm-bench@invalid \
    commit -qm "perf: $name"
  # Tests only: a command run once, between this run's commit and its first push (the
  # rehearsal lands another publish there, so the push must be rejected and retried).
  if [ "$attempt" = 1 ] && [ -n "${PUSH_HISTORY_TEST_BEFORE_PUSH:-}" ]; then
    bash -c "$PUSH_HISTORY_TEST_BEFORE_PUSH" >&2
  fi
  if git -C "$work" push -q origin "HEAD:refs/heads/$branch" 2>/dev/null; then
    echo "push_history: pushed $name to $branch"
    exit 0
  fi
  # Up to 2^attempt tenths of a second (capped at 25.6 s), at random.
  cap=$(( attempt < 8 ? 1 << attempt : 256 ))
  wait=$(( RANDOM % cap + 1 ))
  echo "push_history: push rejected (another publish landed first), retrying ($attempt) in $((wait / 10)).$((wait % 10)) s" >&2
  sleep "$((wait / 10)).$((wait % 10))"
done
echo "push_history: could not push to $branch after $attempts tries" >&2
exit 1
