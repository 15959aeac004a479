#!/bin/bash
# call66c.sh SWEEP_TUNING RUNNER_SWEEP: level 6 with the row rule (shape_sliced_k), beside
# level6_grid_before66 (session 65's level 6) and level6_grid_sliced_split (forced: the
# sliced-K path over K slices at long chains), at sm5 and sn3 (seed 6664 and 6665, kept back
# for the refit rules), sm-sm4, smm, smm2, sn, sn2, cov and llm, 2 rounds, with memcheck of
# level 6 and the split point at fs63.sh's odd shapes, sm5's first 20 and edges
# ($OUT/fs-sets.tar.xz); the nine end sets, level 6 and before66, 1 round
# ($OUT/fs-end.tar.xz); then tools/evidence/perf.sh checks RUNNER_SWEEP sm5 sn3
# ($OUT/checks.txt, $OUT/checks.tar.xz). SKIP as fs63.sh's.
set -u
T=$1 L=level6_tuned,level6_grid_before66,level6_grid_sliced_split
MEMCHECK_SHAPES="$(head -n 20 .device/bin/sm5.txt | sed 's/^/--shape /' | tr '\n' ' ')"
MEMCHECK_SHAPES+=" --shape 31x33x17 --shape 63x65x1 --shape 33x31x515 --shape 64x64x48 --shape 300x37x529"
MEMCHECK_SHAPES+=" --shape 117x85x1789 --shape 102x31x1021 --shape 33x33x3001 --shape 65x63x999"
sets=(); for s in sm5 sn3 sm sm2 sm3 sm4 smm smm2 sn sn2 cov llm; do sets+=("$s:$L"); done
MEMCHECK_LEVELS=level6_tuned,level6_grid_sliced_split MEMCHECK_SHAPES=$MEMCHECK_SHAPES \
  bash .device/bin/fs63.sh "$T" 2 "${sets[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-sets.tar.xz
ends=(); for s in 111111 112222 113333 114444 115555 116666 117777 118888 119999; do
  ends+=("seed$s:level6_tuned,level6_grid_before66"); done
bash .device/bin/fs63.sh "$T" 1 "${ends[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-end.tar.xz
tools/evidence/perf.sh checks "$2" sm5 sn3 > $OUT/checks.txt 2>&1
echo "checks rc=$?"; grep -h "points:" $OUT/checks/perf-full/full.out
grep -h "ERROR SUMMARY" -r $OUT/checks | sort | uniq -c
(cd $OUT && tar cJf checks.tar.xz checks && rm -rf checks)
