#!/bin/bash
# call65e.sh OLD_SWEEP_TUNING NEW_SWEEP_TUNING NEW_RUNNER_SWEEP: "Small M's few CTAs", built.
# lab/evidence/P386's fs63.sh runs OLD's level 6 beside level6_grid_small_m_flat32 at smm2 (kept
# back), 2 rounds ($OUT/fs-held.tar.xz); then NEW's level 6 alone at smm, smm2, sm, sm2,
# sm3, cov, llm and the nine end sets, 1 round ($OUT/fs-final.tar.xz); then
# tools/evidence/perf.sh checks NEW_RUNNER_SWEEP smm smm2 sm3 (memcheck and the gate's
# absolute full run: $OUT/checks.txt, $OUT/checks.tar.xz). SKIP as fs63.sh's.
set -u
bash .device/bin/fs63.sh "$1" 2 "smm2:level6_tuned,level6_grid_small_m_flat32" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-held.tar.xz
sets=()
for s in smm smm2 sm sm2 sm3 cov llm 111111 112222 113333 114444 115555 116666 117777 118888 119999; do
  case $s in [0-9]*) sets+=("seed$s:level6_tuned") ;; *) sets+=("$s:level6_tuned") ;; esac
done
bash .device/bin/fs63.sh "$2" 1 "${sets[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-final.tar.xz
tools/evidence/perf.sh checks "$3" smm smm2 sm3 > $OUT/checks.txt 2>&1
echo "checks rc=$?"; grep -h "points:" $OUT/checks/perf-full/full.out
grep -h "ERROR SUMMARY" -r $OUT/checks | sort | uniq -c
(cd $OUT && tar cJf checks.tar.xz checks && rm -rf checks)
