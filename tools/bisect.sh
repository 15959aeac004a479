#!/bin/bash
# bisect.sh DIR GOOD BAD KERNEL SHAPE [--gpu N] [--faster] [-- SWEEP FLAGS]: the first
# commit between GOOD and BAD whose KERNEL at SHAPE is REGRESSED against GOOD's, by the
# gate's own A/B rule (docs/HISTORY.md); with --faster, the first that is faster (GOOD's
# sweep REGRESSED against the commit's: a speed-up's commit). On the GPU machine, with the sweeps of
# `tools/backfill.sh build GOOD^..BAD DIR --paths .` (DIR/ORDER, DIR/<sha>/sweep; full
# commit ids). Each probe is one A/B check of that point alone: the candidate's sweep
# --against GOOD's, on GPU N (default 0); about log2(n) probes. A probe that stays
# INCONCLUSIVE after a second try, is INFO (launch-bound: not judged), fails, or whose
# build is missing or predates A/B mode, skips that commit (as `git bisect skip`), so the
# answer can be a range.
# Writes DIR/bisect-KERNEL-SHAPE.txt (every probe, then the answer).
# Exit: 0 a first regressed commit named (or BAD does not regress: said so); 5 the answer
# is a range of skipped commits; 2 bad usage; 4 GOOD's or BAD's sweep cannot run.
set -u
help_text() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; }
usage() { help_text >&2; exit 2; }
case "${1:-}" in -h | --help) help_text; exit 0 ;; esac
dir=${1:-} good=${2:-} bad=${3:-} kernel=${4:-} shape=${5:-}
[ -n "$shape" ] || usage
shift 5
bad() { echo "bisect: $*" >&2; exit 2; }
for a in "$dir" "$good" "$bad" "$kernel" "$shape"; do
  case "$a" in -*) bad "'$a' starts with '-': an option where an operand belongs" ;; esac
done
# The kernel and the shape name the report file: a kernel name is letters, digits and _.-,
# a shape MxNxK (or RxC).
[[ "$kernel" =~ ^[A-Za-z0-9_.][A-Za-z0-9_.-]*$ ]] || bad "KERNEL '$kernel' is not a kernel name ([A-Za-z0-9_.-])"
[[ "$shape" =~ ^[0-9]+x[0-9]+(x[0-9]+)?$ ]] || bad "SHAPE '$shape' is not MxNxK or RxC"
gpu=0 flags=() faster=0 changed="REGRESSED against GOOD" first_is="first regressed commit"
while [ $# -gt 0 ]; do
  case "$1" in
    --gpu) [[ "${2:-}" =~ ^[0-9]+$ ]] || bad "--gpu '${2:-}' is not a GPU number"; gpu=$2; shift 2 ;;
    --faster) faster=1 changed="faster than GOOD" first_is="first faster commit"; shift ;;
    --) shift; flags=("$@"); break ;;
    *) usage ;;
  esac
done
# A probe's temporary files go with the script, however it ends (^C included).
out=
trap 'rm -f "$out" "$out.log"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
[ -s "$dir/ORDER" ] || { echo "bisect: no $dir/ORDER (run tools/backfill.sh build first)" >&2; exit 2; }
mapfile -t order <"$dir/ORDER"
g=-1 b=-1
for i in "${!order[@]}"; do
  [ "${order[$i]}" = "$good" ] && g=$i
  [ "${order[$i]}" = "$bad" ] && b=$i
done
[ "$g" -ge 0 ] && [ "$b" -gt "$g" ] || { echo "bisect: $dir/ORDER must list GOOD before BAD (full commit ids)" >&2; exit 2; }
[ -x "$dir/$good/sweep" ] || { echo "bisect: GOOD ($good) has no sweep in $dir" >&2; exit 4; }
report=$dir/bisect-$kernel-$shape.txt
: >"$report" || exit 4
say() { echo "$*" | tee -a "$report" >&2; }
cands=("${order[@]:$((g + 1)):$((b - g))}") # GOOD exclusive .. BAD inclusive

# probe SHA: 1 changed (regressed; with --faster, faster), 0 not, 2 skip (INCONCLUSIVE
# twice, a failure, no usable sweep). --faster swaps the sides: GOOD's sweep is the head,
# the commit's the base.
probe() {
  local sha=$1 head=$dir/$1/sweep base=$dir/$good/sweep rc try # out: global, for the EXIT trap
  [ "$faster" = 1 ] && head=$dir/$good/sweep base=$dir/$1/sweep
  if [ ! -x "$dir/$sha/sweep" ] || ! "$head" --help 2>&1 | grep -q -- --against; then
    say "probe $sha: no sweep with A/B mode: skipped"
    return 2
  fi
  for try in 1 2; do
    out=$(mktemp "${TMPDIR:-/tmp}/sgemm-bisect.XXXXXX") || exit 4
    CUDA_VISIBLE_DEVICES=$gpu "$head" --against "$(realpath "$base")" --levels "$kernel" \
      --shape "$shape" --baseline none --out "$out" "${flags[@]}" >"$out.log" 2>&1
    rc=$?
    # An INFO row (launch-bound by that build's own rule) exits 0 but judged nothing.
    if [ "$rc" = 0 ] && awk -v k="$kernel" -v s="$shape" '$1 == k && $2 == s && $3 == "INFO" { f = 1 } END { exit !f }' "$out.log"; then
      rc=info
    fi
    rm -f "$out" "$out.log"
    case "$rc" in
      info) say "probe $sha: INFO (launch-bound by the build's own rule): not judged: skipped"; return 2 ;;
      1) say "probe $sha: $changed"; return 1 ;;
      0) say "probe $sha: not ${changed/REGRESSED/regressed}"; return 0 ;;
      5) say "probe $sha: INCONCLUSIVE (try $try)" ;;
      *) say "probe $sha: the check exited $rc: skipped"; return 2 ;;
    esac
  done
  say "probe $sha: INCONCLUSIVE twice: skipped"
  return 2
}

say "bisect: $kernel at $shape, GOOD $good, BAD $bad, ${#cands[@]} commits after GOOD, GPU $gpu"
probe "$bad"
case $? in
  0) say "bisect: BAD is not ${changed/REGRESSED/regressed} at this point: nothing to find"; exit 0 ;;
  2) say "bisect: BAD cannot be judged against GOOD"; exit 4 ;;
esac
# Invariant: cands[lo] is not regressed or GOOD itself (lo = -1); cands[hi] is regressed.
lo=-1 hi=$((${#cands[@]} - 1))
skipped=()
while [ $((hi - lo)) -gt 1 ]; do
  mid=$(((lo + hi) / 2))
  # Past skipped commits: the nearest unskipped one between lo and hi, or none.
  pick=-1
  for ((d = 0; d < hi - lo; ++d)); do
    for c in $((mid - d)) $((mid + d)); do
      if [ "$c" -gt "$lo" ] && [ "$c" -lt "$hi" ] && [[ ! " ${skipped[*]} " =~ " $c " ]]; then
        pick=$c && break 2
      fi
    done
  done
  [ "$pick" -ge 0 ] || break
  probe "${cands[$pick]}"
  case $? in
    1) hi=$pick ;;
    0) lo=$pick ;;
    2) skipped+=("$pick") ;;
  esac
done
first=${cands[$hi]}
if [ $((hi - lo)) -eq 1 ]; then
  say "bisect: $first_is: $first ($(cat "$dir/$first/SUBJECT" 2>/dev/null))"
  exit 0
fi
from=$([ "$lo" -ge 0 ] && echo "${cands[$lo]}" || echo "$good")
say "bisect: the $first_is is after $from and at or before $first; the commits between were skipped"
exit 5
