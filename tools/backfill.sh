#!/bin/bash
# backfill.sh: measure a range of commits into a history store (docs/HISTORY.md).
#
#   tools/backfill.sh build RANGE DIR [--paths "P..."] [--max N]
#       Where Bazel is. Each commit of RANGE (`git rev-list --reverse`, oldest first) that
#       changed one of the paths (default: kernels runner/measure.c runner/gpu_util.cu
#       runner/measure.h), at most N of them spread evenly over the range (the first and
#       the last kept), is built (//runner:sweep) in a worktree of its own, with one output
#       base for all (SGEMM_BACKFILL_CACHE, default ~/.cache/sgemm-bench/backfill), and its
#       sweep copied to DIR/<sha>/sweep with its subject; DIR/ORDER lists the commits,
#       oldest first (tools/bisect.sh reads it). A commit that does not build is recorded
#       in DIR/FAILED, never dropped. //site:publish of this checkout goes to DIR/publish.
#       --archs "90 ..." compiles SASS for those architectures alone (CUDA_ARCHS of the
#       worktree's bazel/copts.bzl): the GPU's own halves level 6's nvcc time.
#   tools/backfill.sh run DIR HISTORY [--gpus N] [--limit M] [-- SWEEP FLAGS]
#       On the GPU machine (no Bazel needed). Each DIR/<sha>/sweep, in the order of
#       DIR/ORDER (oldest first), runs with the flags (default --profile full --baseline
#       none), one commit per GPU at a time over GPUs 0..N-1 (CUDA_VISIBLE_DEVICES, which
#       every build honours); without --gpus, one at a time on the GPU the environment
#       pins (a runner's own CUDA_VISIBLE_DEVICES is kept), and its results are published into HISTORY
#       under its commit (DIR/publish --commit), then marked DIR/<sha>/PUBLISHED. A commit
#       so marked is skipped, so a run stopped part way goes on where it stopped; --limit M
#       runs at most M commits this time (a device call with a time limit). A run
#       that writes no results, or exits other than 0 (no regression judged: --baseline
#       none) or 3 (a kernel wrong: its INVALID points are published), is recorded in
#       DIR/FAILED with its exit code and log, never dropped.
# Exit: 0 when every commit was built (build) or published (run); 4 when this run added
# any to DIR/FAILED (the others are done; earlier runs' lines stay as the record); 2 for
# bad usage (an operand that starts with '-', a count that is not a whole number).
set -u
help_text() { sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; }
usage() { help_text >&2; exit 2; }
case "${1:-}" in -h | --help) help_text; exit 0 ;; esac
cmd=${1:-}
shift || true
fail() { # DIR SHA WHY: one line in DIR/FAILED
  printf '%s %s\n' "$2" "$3" >>"$1/FAILED"
  echo "backfill: $2: $3" >&2
}
bad() { echo "backfill: $*" >&2; exit 2; }
# operand NAME VALUE: a range, a directory or a store is never an option.
operand() { case "$2" in -*) bad "$1 '$2' starts with '-': an option where $1 belongs" ;; esac; }
# count NAME VALUE MIN: a whole number of at least MIN.
count() { [[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -ge "$3" ] || bad "$1 '$2' is not a whole number of $3 or more"; }
# DIR/FAILED's lines now: the run fails (exit 4) only for lines it adds, not for an earlier
# run's, which stay as the record.
failed_lines() { [ -f "$1/FAILED" ] && wc -l <"$1/FAILED" || echo 0; }

# set_archs FILE "A B": FILE's `CUDA_ARCHS = [...]` line lists A, B (a worktree of ours).
set_archs() {
  grep -q '^CUDA_ARCHS = \[' "$1" 2>/dev/null || return 1
  local list
  list=$(printf '"%s", ' $2) # word splitting intended: one arch a word
  sed -i "s/^CUDA_ARCHS = \[.*/CUDA_ARCHS = [${list%, }]/" "$1"
}

build() {
  local range=${1:-} dir=${2:-} paths="kernels runner/measure.c runner/gpu_util.cu runner/measure.h"
  local max=0 archs=""
  [ -n "$range" ] && [ -n "$dir" ] || usage
  operand RANGE "$range"
  operand DIR "$dir"
  shift 2
  while [ $# -gt 0 ]; do
    case "$1" in
      --paths) [ $# -ge 2 ] || bad "--paths needs a list"; paths=$2; shift 2 ;;
      --max) [ $# -ge 2 ] || bad "--max needs a number"; count --max "$2" 0; max=$2; shift 2 ;;
      --archs) [ $# -ge 2 ] || bad "--archs needs a list"
        [[ "$2" =~ ^[0-9]{2,3}( [0-9]{2,3})*$ ]] || bad "--archs '$2' is not a list of compute capabilities such as \"90\" or \"80 90\""
        archs=$2; shift 2 ;;
      *) usage ;;
    esac
  done
  local bazel=${BAZEL:-bazel} cache=${SGEMM_BACKFILL_CACHE:-$HOME/.cache/sgemm-bench/backfill}
  # top and work are globals: the EXIT trap that cleans up runs after this function returns.
  top=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "backfill: not in a git checkout" >&2; exit 2; }
  # shellcheck disable=SC2086 # the paths are a list of pathspecs
  mapfile -t shas < <(cd "$top" && git rev-list --reverse --end-of-options "$range" -- $paths 2>/dev/null)
  [ ${#shas[@]} -gt 0 ] || { echo "backfill: no commit of '$range' changed $paths" >&2; exit 2; }
  if [ "$max" -eq 1 ] && [ ${#shas[@]} -gt 1 ]; then # the last one
    shas=("${shas[-1]}")
  elif [ "$max" -gt 0 ] && [ ${#shas[@]} -gt "$max" ]; then # evenly spread, both ends kept
    local picked=() i n=${#shas[@]}
    for ((i = 0; i < max; ++i)); do picked+=("${shas[$(((n - 1) * i / (max - 1)))]}"); done
    shas=("${picked[@]}")
  fi
  mkdir -p "$dir" "$cache" || exit 4
  dir=$(realpath "$dir")
  local failed0
  failed0=$(failed_lines "$dir")
  work=$(mktemp -d "${TMPDIR:-/tmp}/sgemm-backfill.XXXXXX") && [ -d "$work" ] ||
    { echo "backfill: cannot make a temporary directory under ${TMPDIR:-/tmp}" >&2; exit 4; }
  trap 'git -C "$top" worktree remove --force "$work/tree" >/dev/null 2>&1; rm -rf "$work"' EXIT
  (cd "$top" && "$bazel" build //site:publish >&2 && cp -L bazel-bin/site/publish "$dir/publish") ||
    { echo "backfill: //site:publish does not build in this checkout" >&2; exit 4; }
  printf '%s\n' "${shas[@]}" >"$dir/ORDER"
  echo "backfill: ${#shas[@]} commits to build" >&2
  for sha in "${shas[@]}"; do
    if [ -x "$dir/$sha/sweep" ]; then echo "backfill: $sha: built before" >&2; continue; fi
    git -C "$top" worktree add -q --detach "$work/tree" "$sha" || { fail "$dir" "$sha" "no worktree"; continue; }
    if [ -n "$archs" ] && ! set_archs "$work/tree/bazel/copts.bzl" "$archs"; then
      fail "$dir" "$sha" "no CUDA_ARCHS line in bazel/copts.bzl for --archs"
    elif (cd "$work/tree" && "$bazel" --output_base="$cache" build //runner:sweep) >"$work/log" 2>&1; then
      mkdir -p "$dir/$sha" && cp -L "$work/tree/bazel-bin/runner/sweep" "$dir/$sha/sweep" &&
        git -C "$top" log -1 --format=%s "$sha" >"$dir/$sha/SUBJECT"
      echo "backfill: $sha: built" >&2
    else
      fail "$dir" "$sha" "does not build: $(tail -n 1 "$work/log")"
    fi
    git -C "$top" worktree remove --force "$work/tree" >/dev/null 2>&1
  done
  [ "$(failed_lines "$dir")" -eq "$failed0" ] || exit 4
}

# One GPU's share of the commits, in turn: run, then publish.
run_on() { # GPU DIR HISTORY SHA...
  local gpu=$1 dir=$2 history=$3 sha rc t0
  shift 3
  for sha in "$@"; do
    local out=$dir/$sha/results.json log=$dir/$sha/run.log
    t0=$(date +%s)
    # --gpus N: GPU g of N; without it, whatever the environment pins (a runner's own GPU).
    env ${gpu:+"CUDA_VISIBLE_DEVICES=$gpu"} SGEMM_COMMIT="$sha" SGEMM_BRANCH=main \
      SGEMM_SUBJECT="$(cat "$dir/$sha/SUBJECT" 2>/dev/null)" \
      "$dir/$sha/sweep" "${flags[@]}" --out "$out" >"$log" 2>&1
    rc=$?
    if { [ "$rc" -ne 0 ] && [ "$rc" -ne 3 ]; } || [ ! -s "$out" ]; then
      fail "$dir" "$sha" "the sweep exited $rc on GPU ${gpu:-of the environment} (log: $log)"
    elif ! "$dir/publish" --history "$history" --commit "$sha" "$out" >>"$log" 2>&1; then
      fail "$dir" "$sha" "publish refused its results (log: $log)"
    else
      : >"$dir/$sha/PUBLISHED"
      echo "backfill: $sha: published from GPU ${gpu:-of the environment}, sweep exit $rc, $(($(date +%s) - t0)) s" >&2
    fi
  done
}

run() {
  local dir=${1:-} history=${2:-} gpus=1 limit=0 pinned=1
  [ -n "$dir" ] && [ -n "$history" ] || usage
  operand DIR "$dir"
  operand HISTORY "$history"
  shift 2
  flags=(--profile full --baseline none)
  while [ $# -gt 0 ]; do
    case "$1" in
      --gpus) [ $# -ge 2 ] || bad "--gpus needs a number"; count --gpus "$2" 1; gpus=$2; pinned=0; shift 2 ;;
      --limit) [ $# -ge 2 ] || bad "--limit needs a number"; count --limit "$2" 0; limit=$2; shift 2 ;;
      --) shift; flags=("$@"); break ;;
      *) usage ;;
    esac
  done
  [ -x "$dir/publish" ] || { echo "backfill: no $dir/publish (run 'backfill.sh build' first)" >&2; exit 2; }
  # Without a checkout the site orders a GPU's runs by when they were measured: run them
  # in commit order.
  local order=() shas=() sha left=0
  if [ -s "$dir/ORDER" ]; then mapfile -t order <"$dir/ORDER"; else
    for sha in "$dir"/*/; do order+=("$(basename "$sha")"); done
  fi
  for sha in "${order[@]}"; do
    [ -x "$dir/$sha/sweep" ] || continue
    left=$((left + 1))
    if [ -e "$dir/$sha/PUBLISHED" ]; then echo "backfill: $sha: published before" >&2; continue; fi
    [ "$limit" -gt 0 ] && [ ${#shas[@]} -ge "$limit" ] && continue
    shas+=("$sha")
  done
  [ "$left" -gt 0 ] || { echo "backfill: no sweeps under $dir" >&2; exit 2; }
  [ ${#shas[@]} -gt 0 ] || { echo "backfill: every commit under $dir is published" >&2; exit 0; }
  local g i pids=() failed0
  failed0=$(failed_lines "$dir")
  for ((g = 0; g < gpus; ++g)); do
    local mine=()
    for ((i = g; i < ${#shas[@]}; i += gpus)); do mine+=("${shas[$i]}"); done
    # without --gpus: no GPU number, the environment's pin stands
    [ ${#mine[@]} -gt 0 ] && { run_on "$([ "$pinned" = 1 ] || echo "$g")" "$dir" "$history" "${mine[@]}" & pids+=($!); }
  done
  wait "${pids[@]}"
  [ "$(failed_lines "$dir")" -eq "$failed0" ] || exit 4
}

case "$cmd" in
  build) build "$@" ;;
  run) run "$@" ;;
  *) usage ;;
esac
