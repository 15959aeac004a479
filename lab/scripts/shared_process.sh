#!/bin/bash
# shared_process.sh TAG CHECKS: the shared process of later A/B rounds (runner/sweep.c,
# run_jobs), on the GPU machine from the repository root with stage.sh's binaries. A base
# in round 2 (SGEMM_BENCH_AB_ROUND=1) with a faulting kernel between two others (kernels
# run in level order, and the testing kernels' levels are 90 and up): level 3 is measured
# in the shared process, testing_fault ends it, and testing_wrong, left unmeasured, runs
# again in a process of its own (want exit 3, level 3 valid, testing_fault INVALID by its
# fault, testing_wrong measured and INVALID by its wrong result); then CHECKS same-commit A/B quick
# checks, whose wall time is the quick check's cost. Writes $OUT/process-TAG/ packed into
# $OUT/process-TAG.tar.gz.
set -u
tag=${1:?TAG} checks=${2:?CHECKS}
dir=$OUT/process-$tag
# shellcheck source=tools/evidence/common.sh
. "$(dirname "$0")/common.sh"
run fault-shared env SGEMM_BENCH_AB_ROUND=1 "$bin"/sweep-faulting --levels 3,testing_fault,testing_wrong \
  --sizes 1024 --baseline none --out "$dir/fault-shared.json"
grep -E "shared process|own process|^(level3|testing_fault|testing_wrong)" "$dir/fault-shared.out" "$dir/fault-shared.err" |
  tee -a "$dir/summary.txt"
for i in $(seq 1 "$checks"); do
  run "ab-quick-$i" tools/ab.sh --base-bin "$bin"/base-sweep --head-bin "$bin"/sweep \
    --profile quick --out "$dir/ab-quick-$i.json"
done
tar -C "$OUT" -czf "$OUT/process-$tag.tar.gz" "process-$tag" && rm -rf "$dir"
