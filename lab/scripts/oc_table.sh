#!/bin/bash
# oc_table.sh THRESHOLD DIR...: the operating-characteristic rows of oc.sh's folders, one
# per GPU and amount (folders of one GPU add up), as docs/evidence/gate/
# operating-characteristic.csv has them:
#   gpu,mode,change_pct,threshold_pct,checks,regressed,inconclusive,passed
# A check's outcome is its exit code: 1 REGRESSED, 5 INCONCLUSIVE, 0 PASS; any other code
# stops the table (a check that failed to run has no outcome). gpu: the model and the
# UUID's first 8 hex digits, from each folder's gpu.txt. change_pct: the rate change asked
# of the slowed build (SGEMM_TEST_SLOWDOWN_PCT, negative: slower).
set -eu
threshold=${1:?THRESHOLD}
shift
echo "gpu,mode,change_pct,threshold_pct,checks,regressed,inconclusive,passed"
for dir in "$@"; do
  gpu=$(awk -F', ' 'NR == 2 { sub(/^GPU-/, "", $2); print $1 " " substr($2, 1, 8) }' "$dir/gpu.txt")
  sed "s/^/$gpu|/" "$dir/summary.txt"
done | awk -F'|' -v t="$threshold" '
  { split($2, f, " "); split(f[1], name, "-"); rc = f[2]; sub(/^rc=/, "", rc)
    if (rc != 0 && rc != 1 && rc != 5) { print $1 ": " f[1] " exited " rc > "/dev/stderr"; bad = 1; exit 1 }
    key = $1 SUBSEP name[2]
    if (!(key in checks)) { order[++k] = key; gpu[key] = $1; amount[key] = name[2] }
    checks[key]++; reg[key] += rc == 1; inc[key] += rc == 5; pass[key] += rc == 0 }
  END { if (bad) exit 1
        for (i = 1; i <= k; i++) { key = order[i]; a = amount[key]
          printf "%s,ab-quick-level6,%s,%s,%d,%d,%d,%d\n", gpu[key], a == 0 ? "0" : "-" a, t,
                 checks[key], reg[key], inc[key], pass[key] } }'
