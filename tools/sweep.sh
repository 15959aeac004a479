#!/bin/bash
# The main job: installs what is missing, then measures every level on this machine's GPU.
#   tools/sweep.sh [sweep flags, e.g. --profile quick]
set -eu
cd "$(dirname "$0")/.."
tools/deps.sh
exec bazel run //runner:sweep -- "$@"
