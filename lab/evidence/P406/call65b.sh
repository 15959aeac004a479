#!/bin/bash
# call65b.sh SWEEP_TUNING: one call of "Split-K's fix-up in the tile's CTAs". lab/evidence/P386's
# fs63.sh runs level 6 beside level6_grid_fixup at sm, sm2, sm3, cov and llm, 2 rounds, then
# memcheck of the point at fs63.sh's odd shapes and sm2's and sm3's first 20
# ($OUT/fs-sets.tar.xz); then the nine end sets, 1 round ($OUT/fs-end.tar.xz). SKIP as
# fs63.sh's.
set -u
T=$1 L=level6_tuned,level6_grid_fixup
MEMCHECK_SHAPES=$(head -q -n 20 .device/bin/sm2.txt .device/bin/sm3.txt | sed 's/^/--shape /' | tr '\n' ' ')
MEMCHECK_LEVELS=level6_grid_fixup MEMCHECK_SHAPES=$MEMCHECK_SHAPES \
  bash .device/bin/fs63.sh "$T" 2 "sm:$L" "sm2:$L" "sm3:$L" "cov:$L" "llm:$L" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-sets.tar.xz
ends=(); for s in 111111 112222 113333 114444 115555 116666 117777 118888 119999; do ends+=("seed$s:$L"); done
bash .device/bin/fs63.sh "$T" 1 "${ends[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-end.tar.xz
