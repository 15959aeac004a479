#!/bin/bash
# oc.sh TAG N [AMOUNT...]: the gate's operating characteristic (docs/GATE.md), run on the
# GPU machine from the repository root with the binaries of tools/evidence/stage.sh. For
# each of N rounds and each amount (in turn, so that drift spreads over all of them): one
# A/B quick check of level 6, base //runner:sweep, head //kernels/testing:sweep_level6_slowed
# with SGEMM_TEST_SLOWDOWN_PCT=AMOUNT (its rate that many % lower). Default amounts: 0, 1.5,
# 2.4, 3.6, 4.5 and 6: 0, 0.5, 0.8, 1.2, 1.5 and 2 times the 3% threshold.
# Writes $OUT/oc-TAG/oc-<amount>-<i>.{out,err,json}, summary.txt (exit code and time of
# each check), packed into $OUT/oc-TAG.tar.gz. tools/evidence/oc_table.sh counts them.
set -u
tag=${1:?TAG} n=${2:?N}
shift 2
amounts=("$@")
[ ${#amounts[@]} -gt 0 ] || amounts=(0 1.5 2.4 3.6 4.5 6)
dir=$OUT/oc-$tag
# shellcheck source=tools/evidence/common.sh
. "$(dirname "$0")/common.sh"
for i in $(seq 1 "$n"); do
  for a in "${amounts[@]}"; do
    run "oc-$a-$i" env SGEMM_TEST_SLOWDOWN_PCT="$a" tools/ab.sh --base-bin "$bin"/sweep \
      --head-bin "$bin"/sweep-level6-slowed --profile quick --levels 6 --out "$dir/oc-$a-$i.json"
  done
done
tar -C "$OUT" -czf "$OUT/oc-$tag.tar.gz" "oc-$tag" && rm -rf "$dir"
