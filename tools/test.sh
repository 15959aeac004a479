#!/bin/bash
# The test command: installs what is missing, then runs every test that needs no GPU.
#   tools/test.sh [bazel test flags]
set -eu
cd "$(dirname "$0")/.."
tools/deps.sh tests
exec bazel test //... "$@"
