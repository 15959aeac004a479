#!/bin/bash
# stage.sh: builds the sweeps the GPU evidence needs and copies them to .device/bin (git
# ignores it; name it in the device tool's `carry`). base-sweep is a second copy of the
# head's sweep: same-commit A/B runs compare two copies of one build.
set -eu
cd "$(dirname "$0")/../.."
bazel build //runner:sweep //runner:compare //kernels/testing:sweep_level6_variant \
  //kernels/testing:sweep_faulting //kernels/testing:sweep_level6_slowed
mkdir -p .device/bin
install -m 755 bazel-bin/runner/sweep .device/bin/sweep
install -m 755 bazel-bin/runner/sweep .device/bin/base-sweep
install -m 755 bazel-bin/runner/compare .device/bin/compare
install -m 755 bazel-bin/kernels/testing/sweep_level6_variant .device/bin/sweep-level6-variant
install -m 755 bazel-bin/kernels/testing/sweep_faulting .device/bin/sweep-faulting
install -m 755 bazel-bin/kernels/testing/sweep_level6_slowed .device/bin/sweep-level6-slowed
# The GPU machine's copy of the tree is not this checkout's git state: the results name
# the commit that was built through SGEMM_COMMIT (gate_ab.sh reads this file).
echo "$(git rev-parse HEAD)$(git diff --quiet HEAD -- kernels runner || echo -dirty)" >.device/bin/COMMIT
du -sh .device/bin
