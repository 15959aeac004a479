#!/bin/bash
# plan_equivalence.sh BASE [SHAPES] [SEED]: level 6's launches at commit BASE against the
# working tree's, on the host with no GPU (dispatch_oracle.cu records every launch, memset,
# registered workspace and launch note), for SHAPES log-uniform M, N, K in 1..65536
# (plan_shapes.py: each aligned and unaligned, a tenth also without a workspace) on 132 and
# 114 SMs. Prints the count of differing lines; exit 1 if any differ.
set -euo pipefail
base=${1:?usage: plan_equivalence.sh BASE [SHAPES] [SEED]}
shapes=${2:-1000000}
seed=${3:-2026}
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
nv=(nvcc -std=c++17 -O3 --expt-relaxed-constexpr -I. -DSGEMM_MIN_ARCH_CC=80 -arch=sm_90
    -cudart none -Xptxas=-v)
oracle() { # DIR OUT: the oracle built from DIR's kernels
    local plan=()
    [ -f "$1/kernels/level6_plan.c" ] && plan=(kernels/level6_plan.c)
    (cd "$1" && "${nv[@]}" "$root/lab/scripts/dispatch_oracle.cu" \
        "$root/lab/scripts/dispatch_oracle_rt.cpp" kernels/registry.c kernels/level6_*.cu \
        "${plan[@]}" -o "$2" 2>"$2.ptxas")
}
git -C "$root" worktree add --detach "$work/base" "$base" >/dev/null 2>&1
oracle "$work/base" "$work/old"
oracle "$root" "$work/new"
python3 "$root/lab/scripts/plan_shapes.py" "$shapes" "$seed" >"$work/shapes.txt"
echo "$(wc -l <"$work/shapes.txt") products ($shapes shapes, seed $seed), base $(git -C "$root" rev-parse --short "$base")"
status=0
for sms in 132 114; do
    ORACLE_SMS=$sms ORACLE_PTXAS="$work/old.ptxas" "$work/old" <"$work/shapes.txt" >"$work/old.$sms"
    ORACLE_SMS=$sms ORACLE_PTXAS="$work/new.ptxas" "$work/new" <"$work/shapes.txt" >"$work/new.$sms"
    differ=$(diff "$work/old.$sms" "$work/new.$sms" | grep -c '^<' || true)
    echo "$sms SMs: $differ of $(wc -l <"$work/new.$sms") products differ; launches $(grep -o '_Z[A-Za-z0-9_]*' "$work/new.$sms" | wc -l), relays $(grep -c pad_b_rows "$work/new.$sms" || true), memsets $(grep -c memset "$work/new.$sms" || true), strips $(grep -c '+' "$work/new.$sms" || true)"
    [ "$differ" = 0 ] || { diff "$work/old.$sms" "$work/new.$sms" | head -6; status=1; }
done
exit $status
