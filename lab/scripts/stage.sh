#!/bin/bash
# stage.sh: builds the sweeps the GPU evidence needs and copies them to .device/bin (git
# ignores it; name it in the device tool's `carry`). base-sweep is a second copy of the
# head's sweep: same-commit A/B runs compare two copies of one build.
#   stage.sh [NAME...]   NAME: sweep base-sweep compare sweep-level6-variant sweep-faulting
#                        sweep-level6-slowed sweep-level6-spills sweep-level6-launcher
#                        sweep-level6-no-room
#                        (default: the first six)
set -eu
cd "$(dirname "$0")/../.."
bazel build //runner:sweep //runner:compare //kernels/testing:sweep_level6_variant \
  //kernels/testing:sweep_faulting //kernels/testing:sweep_level6_slowed \
  //kernels/testing:sweep_level6_spills //kernels/testing:sweep_level6_launcher \
  //kernels/testing:sweep_level6_no_room
# With names (stage.sh sweep compare), only those: the device tool carries at most 64 MiB
# with the tree, and the tree's evidence is over half of it.
want=${*:-sweep base-sweep compare sweep-level6-variant sweep-faulting sweep-level6-slowed}
rm -rf .device/bin
mkdir -p .device/bin
for name in $want; do
  case $name in
    sweep | base-sweep) src=bazel-bin/runner/sweep ;;
    compare) src=bazel-bin/runner/compare ;;
    sweep-level6-variant) src=bazel-bin/kernels/testing/sweep_level6_variant ;;
    sweep-faulting) src=bazel-bin/kernels/testing/sweep_faulting ;;
    sweep-level6-slowed) src=bazel-bin/kernels/testing/sweep_level6_slowed ;;
    sweep-level6-spills) src=bazel-bin/kernels/testing/sweep_level6_spills ;;
    sweep-level6-launcher) src=bazel-bin/kernels/testing/sweep_level6_launcher ;;
    sweep-level6-no-room) src=bazel-bin/kernels/testing/sweep_level6_no_room ;;
    *) echo "stage.sh: unknown binary '$name'" >&2; exit 2 ;;
  esac
  install -m 755 "$src" ".device/bin/$name"
done
# The GPU machine's copy of the tree is not this checkout's git state: the results name
# the commit that was built through SGEMM_COMMIT (gate_ab.sh reads this file).
echo "$(git rev-parse HEAD)$(git diff --quiet HEAD -- kernels runner || echo -dirty)" >.device/bin/COMMIT
du -sh .device/bin
