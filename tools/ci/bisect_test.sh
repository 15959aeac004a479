#!/bin/bash
# tools/bisect.sh with fake sweeps: ten commits, the A/B check regressed from the culprit
# on. It names the culprit in about log2(n) probes; an INCONCLUSIVE neighbour turns the
# answer into a range (exit 5); a BAD that does not regress is said so; a build without
# A/B mode is skipped.
set -u
bisect=$(realpath tools/bisect.sh)
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LOG=$tmp/log
# make DIR CULPRIT [INCONCLUSIVE_INDEX [NO_AB_INDEX]]: commits c0..c9; from CULPRIT on the
# check exits 1, before it 0; INCONCLUSIVE_INDEX always exits 5.
make() {
  local dir=$1 culprit=$2 unsure=${3:--1} old=${4:--1} i
  rm -rf "$dir" && mkdir -p "$dir"
  for i in $(seq 0 9); do
    mkdir "$dir/c$i" && echo "change $i" >"$dir/c$i/SUBJECT" && echo "c$i" >>"$dir/ORDER"
    local code=0 help="--against BASE_SWEEP"
    [ "$i" -ge "$culprit" ] && code=1
    [ "$i" -eq "$unsure" ] && code=5
    [ "$i" -eq "$old" ] && help="(no A/B mode)"
    printf '#!/bin/bash\n[ "$1" = --help ] && { echo "%s"; exit 0; }\necho "c%s gpu=$CUDA_VISIBLE_DEVICES $*" >>"$LOG"\nexit %s\n' \
      "$help" "$i" "$code" >"$dir/c$i/sweep"
    chmod +x "$dir/c$i/sweep"
  done
}

make "$tmp/d" 6
"$bisect" "$tmp/d" c0 c9 level6_tuned 4096x4096x4096 --gpu 1 >"$tmp/out" 2>&1
expect test $? -eq 0
expect grep -q "^bisect: first regressed commit: c6 (change 6)$" "$tmp/d/bisect-level6_tuned-4096x4096x4096.txt"
expect test "$(wc -l <"$LOG")" -le 5                                  # BAD, then log2(9) probes
expect grep -q "^c9 gpu=1 --against $tmp/d/c0/sweep --levels level6_tuned --shape 4096x4096x4096 --baseline none --out " "$LOG"

: >"$LOG"
make "$tmp/d" 6 5
"$bisect" "$tmp/d" c0 c9 level6_tuned 4096x4096x4096 >"$tmp/out" 2>&1
expect test $? -eq 5
expect grep -q "probe c5: INCONCLUSIVE twice: skipped" "$tmp/out"
expect grep -q "after c4 and at or before c6" "$tmp/out"

make "$tmp/d" 6 -1 7
"$bisect" "$tmp/d" c0 c9 level6_tuned 4096x4096x4096 >"$tmp/out" 2>&1
expect test $? -eq 0
expect grep -q "first regressed commit: c6" "$tmp/out"
make "$tmp/d" 6 -1 6                                                   # the culprit itself is old
"$bisect" "$tmp/d" c0 c9 level6_tuned 4096x4096x4096 >"$tmp/out" 2>&1
expect test $? -eq 5
expect grep -q "probe c6: no sweep with A/B mode: skipped" "$tmp/out"

make "$tmp/d" 99                                                       # nothing regresses
"$bisect" "$tmp/d" c0 c9 level6_tuned 4096x4096x4096 >"$tmp/out" 2>&1
expect test $? -eq 0
expect grep -q "BAD is not regressed against GOOD at this point: nothing to find" "$tmp/out"

# --faster: a speed-up's commit. GOOD's sweep runs as the head against each commit's, and
# "regresses" (exits 1) against the commits from the culprit on.
: >"$LOG"
make "$tmp/f" 99
for i in $(seq 0 9); do
  printf '#!/bin/bash\n[ "$1" = --help ] && { echo "--against BASE_SWEEP"; exit 0; }\necho "c%s $*" >>"$LOG"\n[ "$1" = --against ] || exit 2\nc=${2%%/sweep}; c=${c##*/c}\n[ "$c" -ge 4 ] && exit 1\nexit 0\n' \
    "$i" >"$tmp/f/c$i/sweep"
done
"$bisect" "$tmp/f" c0 c9 level6_tuned 256x256x256 --faster >"$tmp/out" 2>&1
expect test $? -eq 0
expect grep -q "^bisect: first faster commit: c4 (change 4)$" "$tmp/f/bisect-level6_tuned-256x256x256.txt"
expect grep -q "probe c9: faster than GOOD" "$tmp/out"
expect test -z "$(grep -v '^c0 --against ' "$LOG")"                 # GOOD's sweep is the head
"$bisect" "$tmp/f" c0 c3 level6_tuned 256x256x256 --faster >"$tmp/out" 2>&1
expect grep -q "BAD is not faster than GOOD at this point: nothing to find" "$tmp/out"

# A check that judged nothing (its INFO row: launch-bound by that build's rule) exits 0:
# a skip, never "not regressed".
make "$tmp/i" 99
printf '#!/bin/bash\n[ "$1" = --help ] && { echo "--against BASE_SWEEP"; exit 0; }\necho "level6_tuned               512x512x512      INFO             78.65     44.73   -43.13"\nexit 0\n' >"$tmp/i/c9/sweep"
"$bisect" "$tmp/i" c0 c9 level6_tuned 512x512x512 >"$tmp/out" 2>&1
expect test $? -eq 4
expect grep -q "probe c9: INFO (launch-bound by the build's own rule): not judged: skipped" "$tmp/out"
expect grep -q "BAD cannot be judged against GOOD" "$tmp/out"

"$bisect" "$tmp/d" c9 c0 level6_tuned 4096x4096x4096 >/dev/null 2>&1   # BAD before GOOD
expect test $? -eq 2
"$bisect" "$tmp/nowhere" c0 c9 k 1x1x1 >/dev/null 2>&1
expect test $? -eq 2

# bisect_hint.sh, the publish workflow's word on a regression of a push of several commits:
# the commands for each REGRESSED row (a hostile row is not printed), nothing for a push of
# one commit, exit 2 for an id that is not one.
hint=$(realpath tools/ci/bisect_hint.sh)
repo=$tmp/repo
git init -q "$repo" && for i in 1 2 3 4; do git -C "$repo" -c user.name=t -c user.email=t@invalid commit -q --allow-empty -m "c$i"; done
first=$(git -C "$repo" rev-list --max-parents=0 HEAD) last=$(git -C "$repo" rev-parse HEAD) one=$(git -C "$repo" rev-parse HEAD~1)
cat >"$tmp/sweep.out" <<'OUT'
level6_tuned               4096x4096x4096   REGRESSED       98.40     92.21    -6.33    0.23
level3_register_blocking   1024x1024x1024   PASS            34.41     34.40    -0.03    0.10
`$(touch<x)`;x               1x1x1            REGRESSED       1.0       0.5      -50      1
OUT
(cd "$repo" && "$hint" "$first" "$last" "$tmp/sweep.out") >"$tmp/hint.md"
expect test $? -eq 0
expect grep -qx "tools/bisect.sh /tmp/bisect $first $last level6_tuned 4096x4096x4096" "$tmp/hint.md"
expect grep -qx "tools/backfill.sh build $first^..$last /tmp/bisect --paths ." "$tmp/hint.md"
expect grep -q "holds 3 commits" "$tmp/hint.md"
expect test "$(grep -c '^tools/bisect.sh' "$tmp/hint.md")" -eq 1        # the hostile row is not printed
(cd "$repo" && "$hint" "$one" "$last" "$tmp/sweep.out") >"$tmp/hint1.md"
expect test $? -eq 0 -a ! -s "$tmp/hint1.md"                           # one commit: the run names it
(cd "$repo" && "$hint" "HEAD~3" "$last" "$tmp/sweep.out") >/dev/null 2>&1
expect test $? -eq 2

# A kernel name with '/' (it names the report file) or an operand that is an option is bad
# usage (exit 2), nothing written.
make "$tmp/u" 6
"$bisect" "$tmp/u" c0 c9 "../../x" 4096x4096x4096 >"$tmp/out" 2>&1
expect test $? -eq 2
expect grep -q "is not a kernel name" "$tmp/out"
"$bisect" "$tmp/u" c0 c9 level6_tuned "4096x4096x4096;x" >/dev/null 2>&1
expect test $? -eq 2
"$bisect" "$tmp/u" --x c9 level6_tuned 4096x4096x4096 >/dev/null 2>&1
expect test $? -eq 2
"$bisect" "$tmp/u" c0 c9 level6_tuned 4096x4096x4096 --gpu x >/dev/null 2>&1
expect test $? -eq 2
expect test -z "$(ls "$tmp/u" | grep bisect-)"
# Stopped mid-probe (TERM here: a background job of a script ignores INT, as ^C's), it
# leaves no temporary file behind.
make "$tmp/s" 6
sed -i 's/^exit /sleep 2; exit /' "$tmp/s/c9/sweep"
mkdir -p "$tmp/t9"
TMPDIR=$tmp/t9 "$bisect" "$tmp/s" c0 c9 level6_tuned 4096x4096x4096 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 50); do [ -n "$(ls -A "$tmp/t9")" ] && break; sleep 0.1; done
expect test -n "$(ls -A "$tmp/t9")"                                   # a probe is running
kill -TERM "$pid"
wait "$pid"
expect test $? -eq 143
expect test -z "$(ls -A "$tmp/t9")"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
