#!/bin/bash
# push_history.sh PUBLISH_BIN RESULTS.json [BRANCH] [SEED_DIR]
# Adds one results file to the history kept on BRANCH (default perf-history) of the
# repository in the current directory, and pushes it. Run from a checkout whose `origin`
# can be pushed to (the publish workflow's). Safe to run twice for one commit (the store
# is idempotent), and safe when two publishes race: a rejected push is retried on top of
# the other's commit, so no run is lost. A missing BRANCH starts from SEED_DIR (default
# site/history, the history committed on main).
set -eu
publish=$(realpath "$1") results=$(realpath "$2") branch=${3:-perf-history}
seed=$(realpath "${4:-site/history}")
work=$(mktemp -d)
trap 'git worktree remove --force "$work" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

for attempt in 1 2 3 4 5 6; do
  git worktree remove --force "$work" >/dev/null 2>&1 || true
  rm -rf "$work"
  if git fetch -q origin "$branch" 2>/dev/null; then
    git worktree add -q --detach "$work" FETCH_HEAD
  else
    git worktree add -q --detach "$work" HEAD
    git -C "$work" checkout -q --orphan "tmp-$branch"
    git -C "$work" rm -rq --cached . >/dev/null 2>&1 || true
    find "$work" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
    mkdir -p "$work/history"
    [ -d "$seed" ] && cp -r "$seed"/. "$work/history/"
    printf 'Performance history of sgemm-bench: one results file per published commit.\n' \
      >"$work/README"
    git -C "$work" add -A
    git -C "$work" -c user.name=sgemm-bench -c user.email=sgemm-bench@invalid \
      commit -qm "perf history: seeded from main"
  fi
  out=$("$publish" "$results" --history "$work/history")
  echo "$out"
  git -C "$work" add -A history
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
  echo "push_history: push rejected (another publish landed first), retrying ($attempt)" >&2
  sleep $((attempt * 2))
done
echo "push_history: could not push to $branch" >&2
exit 1
