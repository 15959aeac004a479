#!/bin/bash
# call64.sh SWEEP_TUNING RUNNER [SET...]: one call of session 64's A/B. lab/evidence/P386's fs63.sh runs
# level 6 beside level6_grid_split_shift (session 63's level 6: split-K shifting B up to 40
# tiles across) and level6_grid_few80 (the few-tiles rule at 80%) on the sets and any SETs given, 2 rounds
# ($OUT/fs-sets.tar.xz), then level 6 beside the first on the nine end sets, 1 round
# ($OUT/fs-end.tar.xz); then the checks step of the runner's build RUNNER (memcheck, with sx
# and fw; the gate's absolute full run) into $OUT/checks.txt and checks.tar.xz. SKIP as
# fs63.sh's.
set -u
T=$1 R=$2 L=level6_tuned,level6_grid_split_shift,level6_grid_few80
sets=(); for s in sx fw ss s63 cov llm "${@:3}"; do sets+=("$s:$L"); done
bash .device/bin/fs63.sh "$T" 2 "${sets[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-sets.tar.xz
ends=(); for s in 111111 112222 113333 114444 115555 116666 117777 118888 119999; do ends+=("seed$s:level6_tuned,level6_grid_split_shift"); done
bash .device/bin/fs63.sh "$T" 1 "${ends[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-end.tar.xz
timeout 250 tools/evidence/perf.sh checks "$R" sx fw > $OUT/checks.txt 2>&1
echo "checks rc=$?"; grep -h "rc=\|ERROR SUMMARY\|PASS\|REGRESSED\|INCONCLUSIVE" $OUT/checks.txt | sort | uniq -c
(cd $OUT && tar cJf checks.tar.xz checks && rm -rf checks)
