#!/bin/bash
# The test command: installs what is missing, then runs every test that needs no GPU.
#   tools/test.sh [bazel test flags]
set -eu
cd "$(dirname "$0")/.."
tools/deps.sh tests
# A disk cache shared with the workspace copy of tools/ci/add_kernel_test.sh, whose build
# then reuses these actions.
cache=${SGEMM_DISK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sgemm-bench/disk-cache}
bazel test --disk_cache="$cache" //... "$@"
tools/ci/add_kernel_test.sh "$cache"
