#!/bin/bash
# call63.sh SWEEP_TUNING RUNNER: session 63's last calls. fs63.sh's forced runs of level 6
# against level6_grid_clamp (B's 4-byte copies clamped, as before) on the sets, 2 rounds (and
# level6_grid_split_no_shift at ss and s63)
# ($OUT/fs-sets.tar.xz), then on the nine end sets, 1 round ($OUT/fs-end.tar.xz); then the
# checks step of the runner's build RUNNER (memcheck, with slow and clh; the gate's absolute
# full run) into $OUT/checks.txt and checks.tar.xz. SKIP as fs63.sh's.
set -u
T=$1 R=$2 L=level6_tuned,level6_grid_clamp
sets=(); for s in slow sw cl clh sk cov llm; do sets+=("$s:$L"); done
for s in ss s63; do sets+=("$s:$L,level6_grid_split_no_shift"); done
bash .device/bin/fs63.sh "$T" 2 "${sets[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-sets.tar.xz
ends=(); for s in 101010 102020 103030 104040 105050 106060 107070 108080 109090; do ends+=("seed$s:$L,level6_grid_split_no_shift"); done
bash .device/bin/fs63.sh "$T" 1 "${ends[@]}" || exit $?
mv $OUT/fs.tar.xz $OUT/fs-end.tar.xz
timeout 250 tools/evidence/perf.sh checks "$R" slow clh > $OUT/checks.txt 2>&1
echo "checks rc=$?"; grep -h "rc=\|ERROR SUMMARY\|PASS\|REGRESSED\|INCONCLUSIVE" $OUT/checks.txt | sort | uniq -c
(cd $OUT && tar cJf checks.tar.xz checks && rm -rf checks)
