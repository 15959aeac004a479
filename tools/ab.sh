#!/bin/bash
# ab.sh [--base REF] [--base-bin PATH --head-bin PATH] [sweep flags]: the PR check's A/B
# mode. Builds the base (default: the merge-base of HEAD with origin/main) and this
# checkout (the head), each with Bazel in its own output base, then runs the head's sweep
# with --against the base's: on this GPU, in this job, level processes alternating base,
# head, base, head (sweep --rounds, default 2). The verdict judges head against base.
#   --base REF        the base commit (default: git merge-base HEAD origin/main)
#   --base-bin, --head-bin  prebuilt sweep binaries: no build (a GPU machine without Bazel)
# Both builds share one Bazel disk cache, so a compile whose inputs the PR did not change
# is taken from it, not compiled again: nvcc gives other code for the same source each time
# (docs/GATE.md, builds are draws), and a kernel the PR leaves alone should run the same
# code on both sides. An output base's own earlier compile is used as it is, so the two
# sides agree once every compile they hold went through this cache (deleting the cache
# starts that over; it only grows).
# Environment: BAZEL (default bazel), SGEMM_AB_CACHE (the base's output base; default
# ~/.cache/sgemm-bench/ab-base), SGEMM_AB_DISK_CACHE (the shared disk cache; default
# ~/.cache/sgemm-bench/ab-disk).
# Exit: the sweep's (0 pass, 1 regression, 2 usage, ...).
set -u
base_ref="" base_bin="" head_bin="" args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base_ref=${2:?--base needs a commit}; shift 2 ;;
    --base-bin) base_bin=${2:?--base-bin needs a path}; shift 2 ;;
    --head-bin) head_bin=${2:?--head-bin needs a path}; shift 2 ;;
    -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) args+=("$1"); shift ;;
  esac
done
bazel=${BAZEL:-bazel}
disk=${SGEMM_AB_DISK_CACHE:-$HOME/.cache/sgemm-bench/ab-disk}
if [ -n "$base_bin" ] && [ -n "$head_bin" ]; then
  top=$PWD # prebuilt: results go under this directory
else
  top=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "ab: not in a git checkout" >&2; exit 2; }
fi
cd "$top" || exit 2
work=$(mktemp -d "${TMPDIR:-/tmp}/sgemm-ab.XXXXXX") && [ -d "$work" ] ||
  { echo "ab: cannot make a temporary directory under ${TMPDIR:-/tmp}" >&2; exit 4; }
cleanup() {
  [ -d "$work/base" ] && git worktree remove --force "$work/base" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

if [ -z "$base_bin" ]; then
  if [ -z "$base_ref" ]; then
    base_ref=$(git merge-base HEAD origin/main 2>/dev/null) ||
      { echo "ab: no merge-base with origin/main: fetch it, or pass --base REF" >&2; exit 2; }
  fi
  sha=$(git rev-parse --verify "$base_ref^{commit}" 2>/dev/null) ||
    { echo "ab: '$base_ref' is not a commit" >&2; exit 2; }
  echo "ab: building the base, $sha, in its own worktree and output base" >&2
  git worktree add -q --detach "$work/base" "$sha" || exit 2
  cache=${SGEMM_AB_CACHE:-$HOME/.cache/sgemm-bench/ab-base}
  mkdir -p "$cache" "$disk"
  (cd "$work/base" && "$bazel" --output_base="$cache" build --disk_cache="$disk" //runner:sweep) >&2 ||
    { echo "ab: the base does not build" >&2; exit 4; }
  # Copied out: the worktree (and its bazel-bin link) goes when this script ends.
  mkdir -p "$work/bin" && cp -L "$work/base/bazel-bin/runner/sweep" "$work/bin/base-sweep" || exit 4
  base_bin=$work/bin/base-sweep
fi
if [ -z "$head_bin" ]; then
  echo "ab: building the head (this checkout)" >&2
  mkdir -p "$disk"
  "$bazel" build --disk_cache="$disk" //runner:sweep >&2 || { echo "ab: the head does not build" >&2; exit 4; }
  head_bin=$top/bazel-bin/runner/sweep
fi
[ -x "$base_bin" ] || { echo "ab: $base_bin is not an executable" >&2; exit 2; }
[ -x "$head_bin" ] || { echo "ab: $head_bin is not an executable" >&2; exit 2; }
"$head_bin" --against "$(realpath "$base_bin")" "${args[@]}"
