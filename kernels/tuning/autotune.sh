#!/bin/bash
# autotune.sh: the level-6 autotuning loop.
#   autotune.sh build            here: build the grid sweep and the ranking tool into .device/
#   autotune.sh run              on the GPU machine: measure every grid point (the llm
#                                profile and 2048, 4096, 8192 cubed: every shape class;
#                                verified against cuBLAS like any level) into
#                                $OUT/tuning.json and print the ranking per class
#   autotune.sh record FILE...   here: keep the runs (one or more, of one GPU model) as
#                                kernels/tuning/results/<gpu>-<commit>[-<n>].json and write
#                                their winners (medians over the runs) into
#                                kernels/level6_config.h
# The grid is kernels/tuning/grid.h. Winners: the best geometric mean of % of cuBLAS in
# each shape class (kernels/shape_class.h): the split-K and one-launch classes' together
# set level 6's main tile, the deep class's its wide tile, the small-tile class's the k
# depth and stages of its 64x64 tiles (pick.c).
set -eu
cd "$(dirname "$0")/../.."
case "${1:-}" in
build)
  bazel build //kernels/tuning:sweep_tuning //kernels/tuning:pick
  mkdir -p .device
  cp -f bazel-bin/kernels/tuning/sweep_tuning bazel-bin/kernels/tuning/pick .device/
  chmod u+w .device/sweep_tuning .device/pick
  echo "built; on the GPU machine (carry .device): kernels/tuning/autotune.sh run"
  ;;
run)
  grid=$(.device/sweep_tuning --list | awk '$3 ~ /^level6_/ {printf "%s%s", s, $3; s=","}') # family, level, name
  shapes=()
  for s in 1x4096x4096 8x4096x4096 16x4096x11008 32x11008x4096 128x4096x4096 \
           512x4096x11008 2048x4096x4096 4096x11008x4096 4096x4096x11008 4096x4096x128 \
           8192x8192x64 512x512x512 1024x1024x1024 64x64x65536 33x4096x4100 \
           2048x2048x2048 4096x4096x4096 8192x8192x8192 4096x4096x256 2048x2048x512; do
    shapes+=(--shape "$s")
  done
  .device/sweep_tuning --levels "$grid" "${shapes[@]}" --baseline none \
    --out "${OUT:-.}/tuning.json" >/dev/null
  .device/pick "${OUT:-.}/tuning.json"
  ;;
record)
  [ $# -ge 2 ] || { echo "usage: autotune.sh record TUNING.json [MORE.json ...]" >&2; exit 2; }
  shift
  bazel build //kernels/tuning:pick >/dev/null 2>&1
  ranking=$(bazel-bin/kernels/tuning/pick "$@")
  point='^level6_grid_([0-9]+)x([0-9]+)x([0-9]+)_s([0-9]+)$'
  winner=$(sed -n 's/^winner: //p' <<<"$ranking")
  deep=$(sed -n 's/^winner deep: //p' <<<"$ranking")
  small=$(sed -n 's/^winner small-tile: //p' <<<"$ranking")
  [[ "$winner" =~ $point ]] || {
    echo "autotune: the main tile's winner is '$winner', not a grid point; nothing recorded" >&2; exit 1; }
  # Every file's name for it checked before any is copied: nothing is recorded by halves.
  dests=() n=0
  for file in "$@"; do
    slug=$(grep -m1 '"slug"' "$file" | sed -E 's/.*"slug": *"([a-z0-9-]+)".*/\1/')
    commit=$(grep -m1 '"commit"' "$file" | sed -E 's/.*"commit": *"([0-9a-zA-Z]{1,12}).*/\1/')
    if ! grep -qxE '[a-z0-9-]+' <<<"$slug" || ! grep -qxE '[0-9a-zA-Z]{1,12}' <<<"$commit"; then
      echo "autotune: $(printf %q "$file") names no valid device.slug and run.commit; nothing recorded" >&2
      exit 2
    fi
    n=$((n + 1))
    dest=kernels/tuning/results/$slug-$commit.json
    [ $# -eq 1 ] || dest=kernels/tuning/results/$slug-$commit-$n.json
    if [ -e "$dest" ] && ! cmp -s "$file" "$dest"; then
      echo "autotune: $dest holds another run; nothing recorded" >&2
      exit 2
    fi
    dests+=("$dest")
  done
  n=0 kept=""
  for file in "$@"; do
    dest=${dests[$n]}
    n=$((n + 1))
    [ "$file" -ef "$dest" ] || cp "$file" "$dest"
    kept="$kept $dest"
  done
  config=kernels/level6_config.h
  # set_enum "L6_A = 1, L6_B = 2": the enum line of config with those names gets those values
  set_enum() { sed -i -E "s/^enum \{ $(sed -E 's/= [0-9]+/= [0-9]+/g' <<<"$1") \};/enum { $1 };/" "$config"; }
  set_enum "L6_BM = ${BASH_REMATCH[1]}, L6_BN = ${BASH_REMATCH[2]}, L6_BK = ${BASH_REMATCH[3]}, L6_STAGES = ${BASH_REMATCH[4]}"
  said="main tile ${BASH_REMATCH[1]}x${BASH_REMATCH[2]}x${BASH_REMATCH[3]}, ${BASH_REMATCH[4]} stages"
  if [[ "$deep" =~ $point ]]; then
    set_enum "L6_WIDE_BM = ${BASH_REMATCH[1]}, L6_WIDE_BN = ${BASH_REMATCH[2]}, L6_WIDE_BK = ${BASH_REMATCH[3]}, L6_WIDE_STAGES = ${BASH_REMATCH[4]}"
    said="$said; wide tile ${BASH_REMATCH[1]}x${BASH_REMATCH[2]}x${BASH_REMATCH[3]}, ${BASH_REMATCH[4]} stages"
  fi
  if [[ "$small" =~ $point ]]; then
    # the small-tile class runs 64x64 tiles: only the winner's k depth and stages apply
    set_enum "L6_SMALL_BK = ${BASH_REMATCH[3]}, L6_SMALL_STAGES = ${BASH_REMATCH[4]}"
    said="$said; small tiles ${BASH_REMATCH[3]} of k, ${BASH_REMATCH[4]} stages"
  fi
  echo "$ranking"
  echo "recorded$kept; $config now has: $said"
  echo "cite the results file and the figures above in docs/PERF.md; the trial goes to the lab notebook"
  ;;
-h | --help)
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
  ;;
*)
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
  ;;
esac
