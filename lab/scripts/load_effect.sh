#!/bin/bash
# load_effect.sh DIR...: how far a CPU load moves each point's own time, against how far a
# second process in the same condition moves it, from shared_host.sh's folders (needs jq).
# Pairs, per GPU and iteration: absolute-cpu-load vs absolute-alone ("load vs alone"), and
# run 2 vs run 1 of one condition ("same condition", the process-to-process spread). For
# each, over points whose own time is under / over 25 us: the count, the mean log change
# with its standard error (a load that slows points shows as a mean away from 0), the RMS
# and the largest change, in %.
set -u
[ $# -gt 0 ] || { echo "usage: load_effect.sh DIR..." >&2; exit 2; }
times() { # FILE: "kernel mxnxk median_ms" per valid point
  jq -r '.results[] | select(.valid) | "\(.kernel) \(.m)x\(.n)x\(.k) \(.time_ms.median)"' "$1"
}
pair() { # GROUP A B: one line per point in both, "GROUP log(B/A) A_us"
  [ -f "$2" ] && [ -f "$3" ] || return 0
  awk -v g="$1" 'NR == FNR { t[$1 " " $2] = $3; next }
    ($1 " " $2) in t { printf "%s %.9f %.3f\n", g, log($3 / t[$1 " " $2]), 1000 * t[$1 " " $2] }' \
    <(times "$2") <(times "$3")
}
for d in "$@"; do
  for g in 0 1; do
    for i in 1 2 3 4 5; do
      pair "load-vs-alone" "$d/absolute-alone-gpu$g-$i.json" "$d/absolute-cpu-load-gpu$g-$i.json"
    done
    for c in alone cpu-load; do
      for i in 2 3 4 5; do
        pair "same-condition" "$d/absolute-$c-gpu$g-$((i - 1)).json" "$d/absolute-$c-gpu$g-$i.json"
      done
    done
  done
done | awk '{ k = $1 ($3 < 25 ? " under-25us" : " over-25us"); n[k]++; s[k] += $2; q[k] += $2 * $2
             a = $2 < 0 ? -$2 : $2; if (a > mx[k]) mx[k] = a }
  END { for (k in n) { m = s[k] / n[k]; v = (q[k] - n[k] * m * m) / (n[k] - 1)
          printf "%-30s %5d %+9.3f %7.3f %6.2f %7.2f\n", k, n[k], 100 * m, 100 * sqrt(v / n[k]),
            100 * sqrt(q[k] / n[k]), 100 * mx[k] } }' | sort |
  { printf "%-30s %5s %9s %7s %6s %7s\n" pairs n "mean %" "se %" "rms %" "max %"; cat; }
