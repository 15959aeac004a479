#!/bin/bash
# call65.sh SWEEP_TUNING [sets|ends]: one call of "The launch's own slices". sets: lab/evidence/P386's
# fs63.sh runs level 6 beside level6_grid_class_slices (session 64's level 6) and
# level6_grid_launch_k8 at sm, sm2, sm3, cov and llm, 2 rounds, then memcheck of level 6
# and the k8 point at fs63.sh's odd shapes and sm2's first 30 ($OUT/fs-sets.tar.xz).
# ends: the nine end sets, level 6 and the A point, 1 round ($OUT/fs-end.tar.xz). SKIP as
# fs63.sh's.
set -u
T=$1 L=level6_tuned,level6_grid_class_slices,level6_grid_launch_k8
case ${2:-sets} in
sets)
  MEMCHECK_SHAPES=$(head -n 30 .device/bin/sm2.txt | sed 's/^/--shape /' | tr '\n' ' ')
  MEMCHECK_LEVELS=level6_tuned,level6_grid_launch_k8 MEMCHECK_SHAPES=$MEMCHECK_SHAPES \
    bash .device/bin/fs63.sh "$T" 2 "sm:$L" "sm2:$L" "sm3:$L" "cov:$L" "llm:$L" || exit $?
  mv $OUT/fs.tar.xz $OUT/fs-sets.tar.xz ;;
ends)
  ends=(); for s in 111111 112222 113333 114444 115555 116666 117777 118888 119999; do
    ends+=("seed$s:level6_tuned,level6_grid_class_slices"); done
  bash .device/bin/fs63.sh "$T" 1 "${ends[@]}" || exit $?
  mv $OUT/fs.tar.xz $OUT/fs-end.tar.xz ;;
*) echo "call65: sets or ends" >&2; exit 2 ;;
esac
