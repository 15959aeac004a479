#!/bin/bash
# Installs the CUDA 13.0 compiler and cuBLAS (no driver) from NVIDIA's Debian 12 apt
# repository, for hosted CI runners that have no toolkit. Skips when nvcc is there.
set -eu
[ -x "${CUDA_PATH:-/usr/local/cuda}/bin/nvcc" ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
tmp=$(mktemp -d)
wget -q -O "$tmp/keyring.deb" \
  https://developer.download.nvidia.com/compute/cuda/repos/debian12/x86_64/cuda-keyring_1.1-1_all.deb
$sudo dpkg -i "$tmp/keyring.deb" >/dev/null
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
  cuda-nvcc-13-0 cuda-cudart-dev-13-0 libcublas-dev-13-0 >/dev/null
$sudo ln -sfn /usr/local/cuda-13.0 /usr/local/cuda
