#!/bin/bash
# bisect_hint.sh BEFORE AFTER SWEEP_OUTPUT: the publish workflow's word on a regression that
# a push of several commits brought (docs/HISTORY.md). For each REGRESSED row of
# the sweep's verdict table (its stdout), the commands that name the commit, for a machine
# with Bazel and the GPU, as Markdown on stdout (the job summary). Nothing when BEFORE..AFTER
# is one commit (the run names it already) or when nothing regressed. Run in the checkout,
# with the history of the push (BEFORE, AFTER: full commit ids).
# Exit: 0; 2 bad usage (an id that is not 40 hex digits, an unreadable output file).
case "${1:-}" in -h | --help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
set -u
before=${1:-} after=${2:-} out=${3:-}
hex='^[0-9a-f]{40}$'
[[ $before =~ $hex && $after =~ $hex ]] || { echo "bisect_hint: BEFORE and AFTER must be full commit ids" >&2; exit 2; }
[ -r "$out" ] || { echo "bisect_hint: cannot read the sweep's output '$out'" >&2; exit 2; }
n=$(git rev-list --count "$before..$after" 2>/dev/null) || {
  echo "This push's range ${before:0:12}..${after:0:12} is not in this checkout's history: bisect by hand (docs/HISTORY.md)."
  exit 0
}
[ "$n" -gt 1 ] || exit 0
# Rows: "<kernel> <MxNxK> REGRESSED ..."; a name or shape of any other form is not printed.
mapfile -t rows < <(awk '$3 == "REGRESSED" && $1 ~ /^[A-Za-z0-9_]+$/ && $2 ~ /^[0-9]+x[0-9]+x[0-9]+$/ { print $1, $2 }' "$out" | sort -u)
[ ${#rows[@]} -gt 0 ] || exit 0
echo "### Which of the $n commits of this push?"
echo
echo "The push ${before:0:12}..${after:0:12} holds $n commits. To name the first that"
echo "regressed each point, on a machine with Bazel and the GPU (\`tools/bisect.sh\`, about"
echo "log2($n) A/B checks of that point alone):"
echo
echo '```'
echo "tools/backfill.sh build $before^..$after /tmp/bisect --paths ."
for r in "${rows[@]}"; do
  set -- $r
  echo "tools/bisect.sh /tmp/bisect $before $after $1 $2"
done
echo '```'
echo
echo "Record the answer in site/annotations.json (state \"acknowledged\"): the regressions page shows it beside the regression."
