#!/bin/bash
# oc_table.sh THRESHOLD DIR...: the operating-characteristic rows of oc.sh's folders, one
# per folder and amount, as docs/evidence/gate/operating-characteristic.csv has them
# (gpu,mode,change_pct,threshold_pct,checks,regressed,inconclusive,passed). A check's
# outcome is its exit code: 1 REGRESSED, 5 INCONCLUSIVE, 0 PASS; any other code stops
# the table (a check that failed to run is no outcome). gpu: the model and the UUID
# prefix from the folder's gpu.txt.
set -eu
threshold=${1:?THRESHOLD}
shift
for dir in "$@"; do
  gpu=$(awk -F', ' 'NR == 2 { sub(/^GPU-/, "", $2); print $1 " " substr($2, 1, 8) }' "$dir/gpu.txt")
  awk -v gpu="$gpu" -v t="$threshold" -v src="$dir" '
    { split($1, name, "-"); a = name[2]; sub(/^rc=/, "", $2)
      if ($2 != 0 && $2 != 1 && $2 != 5) { print src ": " $1 " exited " $2 > "/dev/stderr"; bad = 1; exit 1 }
      if (!(a in checks)) order[++k] = a
      checks[a]++; reg[a] += $2 == 1; inc[a] += $2 == 5; pass[a] += $2 == 0 }
    END { if (bad) exit 1
          for (i = 1; i <= k; i++) { a = order[i]
            printf "%s,ab-quick-level6,%s,%s,%d,%d,%d,%d\n", gpu, a == 0 ? "0" : "-" a, t,
                   checks[a], reg[a], inc[a], pass[a] } }' "$dir/summary.txt"
done
