#!/bin/bash
# call65c.sh SWEEP RUNNER_SWEEP: the session's last build on one GPU. lab/evidence/P386's
# fs63.sh runs level 6 alone at sm, sm2, sm3, cov, llm and the nine end sets, 1 round
# ($OUT/fs-final.tar.xz), then tools/evidence/perf.sh checks RUNNER_SWEEP sm2 sm3: memcheck
# and the gate's absolute full run ($OUT/checks.txt, $OUT/checks.tar.xz). SKIP as fs63.sh's.
set -u
T=$1 R=$2 sets=()
for s in sm sm2 sm3 cov llm 111111 112222 113333 114444 115555 116666 117777 118888 119999; do
  case $s in [0-9]*) sets+=("seed$s:level6_tuned") ;; *) sets+=("$s:level6_tuned") ;; esac
done
bash .device/bin/fs63.sh "$T" 1 "${sets[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-final.tar.xz
tools/evidence/perf.sh checks "$R" sm2 sm3 > $OUT/checks.txt 2>&1
echo "checks rc=$?"; grep -h "points:" $OUT/checks/perf-full/full.out
grep -h "ERROR SUMMARY" -r $OUT/checks | sort | uniq -c
(cd $OUT && tar cJf checks.tar.xz checks && rm -rf checks)
