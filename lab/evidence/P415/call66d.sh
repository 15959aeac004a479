#!/bin/bash
# call66d.sh SWEEP_TUNING RUNNER_SWEEP: level 6 with the sliced-K path's K slices, beside
# level6_grid_before66 (session 65's level 6): sm6 and sm7 (seeds 6667 and 6668, kept back)
# 2 rounds, with memcheck of level 6 at fs63.sh's odd shapes, sm6's first 20 and edges
# ($OUT/fs-held.tar.xz); sm-sm5, smm, smm2, sn-sn3, cov, llm and the nine end sets, 1 round
# ($OUT/fs-sets.tar.xz); then tools/evidence/perf.sh checks RUNNER_SWEEP sm6 sm7
# ($OUT/checks.txt, $OUT/checks.tar.xz). SKIP as fs63.sh's.
set -u
T=$1 L=level6_tuned,level6_grid_before66
MEMCHECK_SHAPES="$(head -n 20 .device/bin/sm6.txt | sed 's/^/--shape /' | tr '\n' ' ')"
MEMCHECK_SHAPES+=" --shape 31x33x17 --shape 63x65x1 --shape 33x31x515 --shape 300x37x529 --shape 117x85x1789"
MEMCHECK_SHAPES+=" --shape 102x31x1021 --shape 33x33x3001 --shape 65x63x999 --shape 64x64x65536 --shape 26x818x585"
MEMCHECK_LEVELS=level6_tuned MEMCHECK_SHAPES=$MEMCHECK_SHAPES bash .device/bin/fs63.sh "$T" 2 "sm6:$L" "sm7:$L" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-held.tar.xz
sets=(); for s in sm sm2 sm3 sm4 sm5 smm smm2 sn sn2 sn3 cov llm 111111 112222 113333 114444 115555 116666 117777 118888 119999; do
  case $s in [0-9]*) sets+=("seed$s:$L") ;; *) sets+=("$s:$L") ;; esac
done
bash .device/bin/fs63.sh "$T" 1 "${sets[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-sets.tar.xz
tools/evidence/perf.sh checks "$2" sm6 sm7 > $OUT/checks.txt 2>&1
echo "checks rc=$?"; grep -h "points:" $OUT/checks/perf-full/full.out
grep -h "ERROR SUMMARY" -r $OUT/checks | sort | uniq -c
(cd $OUT && tar cJf checks.tar.xz checks && rm -rf checks)
