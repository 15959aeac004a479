#!/bin/bash
# Each tile forced (issue 23) on seeds 2311 and 4242: sweep_tuning built at 43f65b4 with
# kernels/tuning/grid.h reduced, for this run only, to X(128, 128, 8, 4) X(128, 64, 8, 4)
# X(64, 128, 8, 4), grid.cu's points taking every alignment themselves and sizing the
# workspace by l6::workspace_of (as in ../lab/evidence/P038).
export PATH=/usr/local/cuda/bin:$PATH
d=$OUT/forced; mkdir -p $d
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.max.sm --format=csv > $d/gpu.txt
for seed in 2311 4242; do
  shapes=(); for s in $(cat .device/bin/seed$seed.txt); do shapes+=(--shape "$s"); done
  .device/bin/sweep-tuning --levels level6_tuned,level6_grid_128x128x8_s4,level6_grid_128x64x8_s4,level6_grid_64x128x8_s4 "${shapes[@]}" --baseline none --out $d/seed$seed.json > $d/seed$seed.txt 2>&1; echo "seed $seed rc=$?" >> $d/gpu.txt
done
