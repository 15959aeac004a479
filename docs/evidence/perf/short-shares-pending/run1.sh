#!/bin/bash
# Session 40 prepared this (not yet run); the GPU machine, from the repository root, with
# .device/bin staged as this folder's README says. Call 1: A/B of base (7487b34), head (82f5fe6: occupancy guard), short (E1)
nvidia-smi --query-gpu=name,uuid --format=csv,noheader > "$OUT/gpu.txt"
AB_SETS="sk sk16 seed9001 seed2311 seed4242 seed2611 flip" timeout 560 tools/evidence/perf.sh ab "base head short" 3 >/dev/null 2>&1
cd "$OUT" && tar cJf results.tar.xz perf-ab && rm -rf perf-ab
