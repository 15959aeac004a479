#!/bin/bash
# The test command: installs what is missing, then runs every test that needs no GPU.
#   tools/test.sh [bazel test flags]
set -eu
case "${1:-}" in -h | --help) sed -n '2,3p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
cd "$(dirname "$0")/.."
tools/deps.sh tests
# A disk cache shared with the workspace copy of tools/ci/add_kernel_test.sh, whose build
# then reuses these actions. It lives in the checkout (git and Bazel ignore it): a fresh
# clone starts with none.
cache=${SGEMM_DISK_CACHE:-$PWD/.disk-cache}
bazel test --disk_cache="$cache" //... "$@"
tools/ci/add_kernel_test.sh "$cache"
# The product and the lab stay apart; every --help to stdout. Both read the checkout itself.
tools/ci/lab_test.sh
tools/ci/help_test.sh
