#!/bin/bash
# gate_ab.sh STEP: the gate's GPU evidence (docs/GATE.md), run on the GPU machine from the
# repository root with the binaries that tools/evidence/stage.sh copied to .device/bin.
# Writes everything under $OUT/gate-<STEP>/ and packs it into $OUT/gate-<STEP>.tar.gz.
#   ab-quick N      N same-commit A/B checks, quick profile (base and head: the same build)
#   ab-full N       N same-commit A/B checks, full profile
#   baseline N      N full sweeps with --update-baseline (the run set grows by N)
#   absolute N      N full sweeps against the committed multi-run baseline
#   sensitivity N   N A/B checks of level 6: base //runner:sweep, head the 256x128x8
#                   variant (kernels/testing/level6_variant.cu), quick profile
#   wrong           the testing_wrong kernel: must be INVALID, exit 3
set -u
step=$1 n=${2:-1}
dir=$OUT/gate-$step
# shellcheck source=tools/evidence/common.sh
. "$(dirname "$0")/common.sh"
case "$step" in
  ab-quick | ab-full)
    for i in $(seq 1 "$n"); do
      run "$step-$i" tools/ab.sh --base-bin "$bin"/base-sweep --head-bin "$bin"/sweep \
        --profile "${step#ab-}" --out "$dir/$step-$i.json"
    done ;;
  baseline)
    for i in $(seq 1 "$n"); do
      run "baseline-$i" "$bin"/sweep --profile full --update-baseline --out "$dir/baseline-$i.json"
    done
    cp baselines/*.json "$dir/" ;;
  absolute)
    for i in $(seq 1 "$n"); do
      run "absolute-$i" "$bin"/sweep --profile full --out "$dir/absolute-$i.json"
    done ;;
  sensitivity)
    for i in $(seq 1 "$n"); do
      run "sensitivity-$i" tools/ab.sh --base-bin "$bin"/sweep --head-bin "$bin"/sweep-level6-variant \
        --profile quick --levels 6 --out "$dir/sensitivity-$i.json"
    done ;;
  wrong)
    run wrong "$bin"/sweep-faulting --levels 92 --shape 1024x1024x1024 --baseline none \
      --out "$dir/wrong.json" ;;
  *) echo "gate_ab.sh: unknown step '$step'" >&2; exit 2 ;;
esac
tar -C "$OUT" -czf "$OUT/gate-$step.tar.gz" "gate-$step" && rm -rf "$dir"
