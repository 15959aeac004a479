#!/bin/bash
# pack_backfill.sh DIR: packs the sweeps of `tools/backfill.sh build ... DIR` into
# .device/backfill.tar.xz (git-ignored), small enough for the device tool's carry (64 MiB:
# 20 sweeps are ~90 MB as they are, ~20 MB packed). On the GPU machine:
#   mkdir -p /tmp/bf && tar -C /tmp/bf -xJf .device/backfill.tar.xz &&
#     tools/backfill.sh run /tmp/bf/backfill "$OUT/history" --gpus 1
# One GPU per history store keeps the runs' times in commit order (the store orders by time).
set -eu
dir=${1:?DIR}
mkdir -p .device
tar -C "$(dirname "$dir")" -cJf .device/backfill.tar.xz "$(basename "$dir")"
du -h .device/backfill.tar.xz
