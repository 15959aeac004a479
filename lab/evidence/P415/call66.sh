#!/bin/bash
# call66.sh SWEEP_TUNING: one call of "K sliced in the CTA" and "Small N's few CTAs", forced.
# lab/evidence/P386's fs63.sh runs level 6 beside level6_grid_sliced at sm, sm2, sm3, smm, smm2,
# cov and llm, and beside both points at sn, 2 rounds, then memcheck of both points at
# fs63.sh's odd shapes, sm2's first 20 and a few of 32x32 tiles' edges ($OUT/fs-sets.tar.xz).
# sm4 and sn2 are kept back. SKIP as fs63.sh's.
set -u
T=$1 L=level6_tuned,level6_grid_sliced
MEMCHECK_SHAPES="$(head -n 20 .device/bin/sm2.txt | sed 's/^/--shape /' | tr '\n' ' ')"
MEMCHECK_SHAPES+=" --shape 31x33x17 --shape 63x65x1 --shape 33x31x515 --shape 64x64x48 --shape 300x37x529"
MEMCHECK_LEVELS=level6_grid_sliced,level6_grid_small_n_few MEMCHECK_SHAPES=$MEMCHECK_SHAPES \
  bash .device/bin/fs63.sh "$T" 2 "sm:$L" "sm2:$L" "sm3:$L" "smm:$L" "smm2:$L" \
  "sn:$L,level6_grid_small_n_few" "cov:$L" "llm:$L" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-sets.tar.xz
