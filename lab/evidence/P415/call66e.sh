#!/bin/bash
# call66e.sh SWEEP_TUNING RUNNER_SWEEP: level 6 with the split held to a slice's chain of 4,
# beside level6_grid_before66 (session 65's level 6): sm6, sm7, sm, cov, llm, smm, sn and the
# nine end sets, 1 round, with memcheck of level 6 at fs63.sh's odd shapes and the split's
# edges ($OUT/fs-final.tar.xz); then tools/evidence/perf.sh checks RUNNER_SWEEP sm6 sm7
# ($OUT/checks.txt, $OUT/checks.tar.xz). SKIP as fs63.sh's.
set -u
T=$1 L=level6_tuned,level6_grid_before66
MEMCHECK_SHAPES="--shape 117x85x1789 --shape 102x31x1021 --shape 64x64x2048 --shape 72x660x15429 --shape 150x300x1000"
sets=(); for s in sm6 sm7 sm cov llm smm sn 111111 112222 113333 114444 115555 116666 117777 118888 119999; do
  case $s in [0-9]*) sets+=("seed$s:$L") ;; *) sets+=("$s:$L") ;; esac
done
MEMCHECK_LEVELS=level6_tuned MEMCHECK_SHAPES=$MEMCHECK_SHAPES bash .device/bin/fs63.sh "$T" 1 "${sets[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-final.tar.xz
tools/evidence/perf.sh checks "$2" sm6 sm7 > $OUT/checks.txt 2>&1
echo "checks rc=$?"; grep -h "points:" $OUT/checks/perf-full/full.out
grep -h "ERROR SUMMARY" -r $OUT/checks | sort | uniq -c
(cd $OUT && tar cJf checks.tar.xz checks && rm -rf checks)
