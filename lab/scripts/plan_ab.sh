#!/bin/bash
# plan_ab.sh PROFILE ORDER: level 6 before and after the plan (evidence P-ID in the notebook
# 2026-12-02-level6-plan.md), an A/B check on the GPU machine of .device/bin/old-sweep (the
# base commit's build) against .device/bin/sweep (the plan's), level 6 alone (no other kernel
# changed): ORDER old-new judges new against old, new-old old against new. Writes
# $OUT/plan-ab/PROFILE-ORDER.json and the sweep's output beside it.
set -u
profile=$1 order=$2
dir=$OUT/plan-ab
# shellcheck source=lab/scripts/common.sh
. "$(dirname "$0")/common.sh"
case $order in
  old-new) base=$bin/old-sweep head=$bin/sweep ;;
  new-old) base=$bin/sweep head=$bin/old-sweep ;;
  *) echo "plan_ab.sh: ORDER is old-new or new-old" >&2; exit 2 ;;
esac
run "$profile-$order" tools/ab.sh --base-bin "$base" --head-bin "$head" --profile "$profile" \
  --levels level6_tuned --baseline none --out "$dir/$profile-$order.json"
