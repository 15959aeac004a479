#!/bin/bash
# call66b.sh SWEEP_TUNING RUNNER_SWEEP: "K sliced in the CTA" and "Small N's few CTAs", built.
# lab/evidence/P386's fs63.sh runs level 6 beside level6_grid_before66 (session 65's level 6)
# at sm4 and sn2 (kept back), sm, sm2, sm3, smm, smm2, sn, cov and llm, 2 rounds, with
# memcheck of level 6 at fs63.sh's odd shapes, sm4's first 20 and a few of the sliced-K
# path's edges ($OUT/fs-sets.tar.xz); the nine end sets, 1 round ($OUT/fs-end.tar.xz); then
# tools/evidence/perf.sh checks RUNNER_SWEEP sm4 sn2 (memcheck and the gate's absolute full
# run: $OUT/checks.txt, $OUT/checks.tar.xz). SKIP as fs63.sh's.
set -u
T=$1 L=level6_tuned,level6_grid_before66
MEMCHECK_SHAPES="$(head -n 20 .device/bin/sm4.txt | sed 's/^/--shape /' | tr '\n' ' ')"
MEMCHECK_SHAPES+=" --shape 31x33x17 --shape 63x65x1 --shape 33x31x515 --shape 64x64x48 --shape 300x37x529 --shape 370x30x537"
sets=(); for s in sm4 sn2 sm sm2 sm3 smm smm2 sn cov llm; do sets+=("$s:$L"); done
MEMCHECK_LEVELS=level6_tuned MEMCHECK_SHAPES=$MEMCHECK_SHAPES bash .device/bin/fs63.sh "$T" 2 "${sets[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-sets.tar.xz
ends=(); for s in 111111 112222 113333 114444 115555 116666 117777 118888 119999; do ends+=("seed$s:$L"); done
bash .device/bin/fs63.sh "$T" 1 "${ends[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-end.tar.xz
tools/evidence/perf.sh checks "$2" sm4 sn2 > $OUT/checks.txt 2>&1
echo "checks rc=$?"; grep -h "points:" $OUT/checks/perf-full/full.out
grep -h "ERROR SUMMARY" -r $OUT/checks | sort | uniq -c
(cd $OUT && tar cJf checks.tar.xz checks && rm -rf checks)
