#!/bin/bash
# call64c.sh SWEEP_TUNING: one call of "Thinner slices for small grids". lab/evidence/P386's
# fs63.sh runs level 6 beside level6_grid_kslice16 and level6_grid_kslice32 at sm, cov and
# llm, 2 rounds, then memcheck of both points at fs63.sh's odd shapes and sm's first 30
# ($OUT/fs-sets.tar.xz); then the nine end sets, 1 round ($OUT/fs-end.tar.xz). SKIP as
# fs63.sh's.
set -u
T=$1 L=level6_tuned,level6_grid_kslice16,level6_grid_kslice32
MEMCHECK_SHAPES=$(head -n 30 .device/bin/sm.txt | sed 's/^/--shape /' | tr '\n' ' ')
MEMCHECK_LEVELS=level6_grid_kslice16,level6_grid_kslice32 MEMCHECK_SHAPES=$MEMCHECK_SHAPES \
  bash .device/bin/fs63.sh "$T" 2 "sm:$L" "cov:$L" "llm:$L" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-sets.tar.xz
ends=(); for s in 111111 112222 113333 114444 115555 116666 117777 118888 119999; do ends+=("seed$s:$L"); done
bash .device/bin/fs63.sh "$T" 1 "${ends[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-end.tar.xz
