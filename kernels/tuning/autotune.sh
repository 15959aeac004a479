#!/bin/bash
# autotune.sh: the level-6 autotuning loop.
#   autotune.sh build            here: build the grid sweep and the ranking tool into .device/
#   autotune.sh run              on the GPU machine: measure every grid point (the llm
#                                profile and 2048, 4096, 8192 cubed: every shape class;
#                                verified against cuBLAS like any level) into
#                                $OUT/tuning.json and print the ranking per class
#   autotune.sh record FILE      here: keep FILE as kernels/tuning/results/<gpu>-<commit>.json
#                                and write its winner into kernels/level6_tuned.cu
# The grid is kernels/tuning/grid.h. Winners: the best geometric mean of % of cuBLAS in
# each shape class (kernels/shape_class.h); the one-launch class's sets level 6's main tile,
# the others are reported with their results file (docs/PERF.md).
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
           2048x2048x2048 4096x4096x4096 8192x8192x8192; do
    shapes+=(--shape "$s")
  done
  .device/sweep_tuning --levels "$grid" "${shapes[@]}" --baseline none \
    --out "${OUT:-.}/tuning.json" >/dev/null
  .device/pick "${OUT:-.}/tuning.json"
  ;;
record)
  file=${2:?usage: autotune.sh record TUNING.json}
  bazel build //kernels/tuning:pick >/dev/null 2>&1
  ranking=$(bazel-bin/kernels/tuning/pick "$file")
  winner=$(sed -n 's/^winner: //p' <<<"$ranking")
  [[ "$winner" =~ ^level6_grid_([0-9]+)x([0-9]+)x([0-9]+)_s([0-9]+)$ ]] || {
    echo "autotune: the winner is '$winner', not a grid point; nothing recorded" >&2; exit 1; }
  slug=$(grep -m1 '"slug"' "$file" | sed -E 's/.*"slug": *"([a-z0-9-]+)".*/\1/')
  commit=$(grep -m1 '"commit"' "$file" | sed -E 's/.*"commit": *"([0-9a-zA-Z]{1,12}).*/\1/')
  dest=kernels/tuning/results/$slug-$commit.json
  [ "$file" -ef "$dest" ] || cp "$file" "$dest"
  sed -i -E "s/^enum \{ BM = [0-9]+, BN = [0-9]+, BK = [0-9]+, STAGES = [0-9]+ \};/enum { BM = ${BASH_REMATCH[1]}, BN = ${BASH_REMATCH[2]}, BK = ${BASH_REMATCH[3]}, STAGES = ${BASH_REMATCH[4]} };/" \
    kernels/level6_tuned.cu
  main="${BASH_REMATCH[1]}x${BASH_REMATCH[2]}x${BASH_REMATCH[3]}, ${BASH_REMATCH[4]} stages"
  small=$(sed -n 's/^winner small-tile: //p' <<<"$ranking")
  if [[ "$small" =~ ^level6_grid_[0-9]+x[0-9]+x([0-9]+)_s([0-9]+)$ ]]; then
    # the small-tile class runs 64x64 tiles: only the winner's k depth and stages apply
    sed -i -E "s/^enum \{ SMALL_BK = [0-9]+, SMALL_STAGES = [0-9]+ \};/enum { SMALL_BK = ${BASH_REMATCH[1]}, SMALL_STAGES = ${BASH_REMATCH[2]} };/" \
      kernels/level6_tuned.cu
    main="$main; small tiles ${BASH_REMATCH[1]} of k, ${BASH_REMATCH[2]} stages"
  fi
  echo "$ranking"
  echo "recorded $dest; kernels/level6_tuned.cu now uses $main"
  echo "update the comment beside the enum with the figures above"
  ;;
*)
  sed -n '2,10p' "$0"
  exit 2
  ;;
esac
