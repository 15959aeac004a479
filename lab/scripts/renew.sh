#!/bin/bash
# renew.sh TAG BASELINE ABS UPDATE CHECKS [SKIP]: one GPU's part in renewing a baseline, run
# on the GPU machine from the repository root with stage.sh's binaries. First ABS absolute
# full runs against BASELINE as it is (this GPU outside its run set), then UPDATE full runs
# that join it (--update-baseline, on a copy put in this checkout's baselines/), then CHECKS
# same-commit A/B quick checks (their wall time is the quick check's cost). SKIP: a comma
# list of GPU UUID prefixes (GPU-xxxxxxxx) already in the set; on one of them the script
# measures nothing and exits 3, so that the caller can ask for another GPU. Writes
# $OUT/renew-TAG/ (gpu.txt, summary.txt, <step>-<i>.{out,err,json}, the baseline before and
# after) packed into $OUT/renew-TAG.tar.gz. RENEW_LEVELS (e.g. 6): the UPDATE runs measure
# those levels alone, renewing their kernels and leaving the others' runs in the set.
set -u
tag=${1:?TAG} baseline=${2:?BASELINE} abs=${3:?ABS} update=${4:?UPDATE} checks=${5:?CHECKS}
skip=${6:-}
dir=$OUT/renew-$tag
# shellcheck source=tools/evidence/common.sh
. "$(dirname "$0")/common.sh"
uuid=$(nvidia-smi "${gpu[@]}" --query-gpu=uuid --format=csv,noheader | head -n 1)
for s in ${skip//,/ }; do
  case "$uuid" in "$s"*) echo "renew: $uuid is already in the set; ask for another GPU" | tee "$dir/skipped.txt"; exit 3 ;; esac
done
slug=$(basename "$baseline" .json)
cp "$baseline" "$dir/before.json"
for i in $(seq 1 "$abs"); do
  run "absolute-$i" "$bin"/sweep --profile full --baseline "$dir/before.json" --out "$dir/absolute-$i.json"
done
if [ "$update" -gt 0 ]; then
  mkdir -p baselines
  [ "$baseline" -ef "baselines/$slug.json" ] || cp "$baseline" "baselines/$slug.json"
  for i in $(seq 1 "$update"); do
    run "baseline-$i" "$bin"/sweep --profile full ${RENEW_LEVELS:+--levels "$RENEW_LEVELS"} \
      --update-baseline --out "$dir/baseline-$i.json"
  done
  cp "baselines/$slug.json" "$dir/$slug.json"
fi
for i in $(seq 1 "$checks"); do
  run "ab-quick-$i" tools/ab.sh --base-bin "$bin"/base-sweep --head-bin "$bin"/sweep \
    --profile quick --out "$dir/ab-quick-$i.json"
done
tar -C "$OUT" -czf "$OUT/renew-$tag.tar.gz" "renew-$tag" && rm -rf "$dir"
