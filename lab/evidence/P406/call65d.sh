#!/bin/bash
# call65d.sh SWEEP_TUNING: one call of "Small M's few CTAs". lab/evidence/P386's fs63.sh runs
# level 6 beside level6_grid_small_m_tiles and level6_grid_small_m_flat32 at smm, sm2, sm3,
# cov and llm, 2 rounds, then memcheck of both points at fs63.sh's odd shapes and smm's first
# 20 ($OUT/fs-sets.tar.xz). SKIP as fs63.sh's.
set -u
T=$1 L=level6_tuned,level6_grid_small_m_tiles,level6_grid_small_m_flat32
MEMCHECK_SHAPES=$(head -n 20 .device/bin/smm.txt | sed 's/^/--shape /' | tr '\n' ' ')
MEMCHECK_LEVELS=level6_grid_small_m_tiles,level6_grid_small_m_flat32 MEMCHECK_SHAPES=$MEMCHECK_SHAPES \
  bash .device/bin/fs63.sh "$T" 2 "smm:$L" "sm2:$L" "sm3:$L" "cov:$L" "llm:$L" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-sets.tar.xz
