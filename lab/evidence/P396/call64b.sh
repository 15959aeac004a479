#!/bin/bash
# call64b.sh SWEEP_TUNING: one call of "Stream-K's 4-byte copies against its shift".
# lab/evidence/P386's fs63.sh runs level 6 beside level6_grid_sk_copies (stream-K copying B 4
# bytes at a time where it shifts it) on kx, kxh, session 63's sk and ss, cov and llm, 2
# rounds, then memcheck of the point at kx's first 30 shapes ($OUT/fs-sets.tar.xz); then
# the nine end sets, 1 round ($OUT/fs-end.tar.xz). SKIP as fs63.sh's.
set -u
T=$1 L=level6_tuned,level6_grid_sk_copies
sets=(); for s in kx kxh sk ss cov llm; do sets+=("$s:$L"); done
MEMCHECK_SHAPES=$(head -n 30 .device/bin/kx.txt | sed 's/^/--shape /' | tr '\n' ' ')
MEMCHECK_LEVELS=level6_grid_sk_copies MEMCHECK_SHAPES=$MEMCHECK_SHAPES bash .device/bin/fs63.sh "$T" 2 "${sets[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-sets.tar.xz
ends=(); for s in 111111 112222 113333 114444 115555 116666 117777 118888 119999; do ends+=("seed$s:$L"); done
bash .device/bin/fs63.sh "$T" 1 "${ends[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-end.tar.xz
