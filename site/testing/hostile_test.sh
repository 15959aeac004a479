#!/bin/bash
# The history tools under hostile input, no GPU: the site builder never replaces
# what it did not make; publish never writes outside its store, never drops a run, and
# stores the input's bytes; parallel publishes and kill -9 leave a consistent store;
# FIFOs never block; strings from files never reach a terminal or GitHub raw.
set -u
source "$(dirname "$0")/testlib.sh"
# A copy of the fixture with one string field of "run" replaced: variant FILE FIELD VALUE
# (sed on the fixture's one-field-per-line layout; the value may hold '/' but not '#').
variant() { sed "s#^  \"$2\": \"[^\"]*\"#  \"$2\": \"$3\"#" "$data/base.json" >"$1"; }
mkdir hist && "$publish" "$data/base.json" --history hist >/dev/null

# 1. --out names something the builder did not make: exit 2, nothing touched.
mkdir -p user/sub && echo precious >user/sub/thesis.txt
"$build" --history hist --out user --baselines none 2>err; rc=$?
expect test $rc -eq 2
expect grep -q "refusing to replace .*user: not a site built by sgemm-bench" err
expect test "$(cat user/sub/thesis.txt)" = precious
for target in hist .; do
  before=$(find "$target" -type f | sort | xargs md5sum)
  "$build" --history hist --out "$target" --baselines none 2>/dev/null
  expect test $? -eq 2
  expect test "$(find "$target" -type f | sort | xargs md5sum)" = "$before"
done
echo note >afile.txt
"$build" --history hist --out afile.txt --baselines none 2>/dev/null
expect test $? -eq 2
expect test "$(cat afile.txt)" = note
# A missing or empty directory is fine, and so is a site it built before; a stranger's
# "out6.old" beside it survives.
mkdir -p out6.old && echo keep >out6.old/x && mkdir empty
expect "$build" --history hist --out out6 --baselines none
expect "$build" --history hist --out out6 --baselines none
expect "$build" --history hist --out empty --baselines none
expect test -f out6/index.html -a -f out6/.sgemm-bench-site -a -f empty/index.html
expect test "$(cat out6.old/x)" = keep
expect test -z "$(ls -d out6.old-* out6.tmp-* 2>/dev/null)"

# 2. Fields that would make a path: refused with exit 2, naming the field; nothing written.
# /tmp/abs* as it was before (another program's files there are not this test's business).
tmp_before=$(ls -d /tmp/abs* 2>/dev/null)
for utc in "../../../escaped/x" "/tmp/abs" "2026/11/21" "2026-11-21T05:00:00Z/../x"; do
  variant bad.json utc "$utc"
  "$publish" bad.json --history store2 2>err
  expect test $? -eq 2
  expect grep -q "field run.utc" err
done
expect test -z "$(find . -path ./hist -prune -o -name '*x-*' -print)"
expect test "$(ls -d /tmp/abs* 2>/dev/null)" = "$tmp_before"
expect test ! -e escaped -a ! -e ../escaped
expect test -z "$(find store2 -name '*.json' 2>/dev/null)"

# 3. A run is never dropped silently: commits that are not hex ids are refused (with the
#    way out), two commits that used to fold together are two files, and a file already
#    under the run's name with other bytes is an error, never "already published".
variant unknown.json commit unknown
"$publish" unknown.json --history s3 2>err
expect test $? -eq 2
expect grep -q "field run.commit: 'unknown'.*--commit SHA" err
expect "$publish" unknown.json --history s3 --commit 0123456789abcdef
for c in abcdef123456 fedcba123456; do
  variant "c-$c.json" commit "$c"
  expect "$publish" "c-$c.json" --history s3
done
variant upper.json commit ABCDEF123456
"$publish" upper.json --history s3 2>/dev/null
expect test $? -eq 2
expect test "$(ls s3/nvidia-h100-80gb-hbm3 | wc -l)" -eq 3
out=$("$publish" c-abcdef123456.json --history s3)
expect grep -q "^already published: s3/nvidia-h100-80gb-hbm3/.*-abcdef123456.json$" <<<"$out"
expect test -f "${out#already published: }"
name=$(basename "$(ls s3/nvidia-h100-80gb-hbm3/*abcdef123456.json)")
mkdir -p s3b/nvidia-h100-80gb-hbm3 && : >"s3b/nvidia-h100-80gb-hbm3/$name"
"$publish" c-abcdef123456.json --history s3b 2>err
expect test $? -eq 2
expect grep -q "already holds another run" err

# 4. The stored file is the input's bytes: unknown fields, long argv, a long throttle reason.
argv=$(printf '"a%d",' $(seq 1 100))
sed -e "s#^ \"schema\": \"sgemm-bench/1\",# \"schema\": \"sgemm-bench/1\", \"extra\": {\"kept\": true},#" \
    -e "s#^  \"argv\": \[#  \"argv\": [${argv}#" \
    -e "s#\"throttle_reasons\": \[\]#\"throttle_reasons\": [\"$(printf 'r%.0s' $(seq 1 100))\"]#" \
    -e "0,/\"gflops\": [0-9.]*/s//\"gflops\": 12345.678901234567/" "$data/base.json" >rich.json
expect grep -q '"kept": true' rich.json
expect "$publish" rich.json --history s4
expect cmp -s rich.json s4/nvidia-h100-80gb-hbm3/*.json

# 5. Twenty publishes of one commit at different times, in parallel, three times: twenty
#    files each time, the same as one after another.
for trial in 1 2 3; do
  for i in $(seq -w 1 20); do
    variant "p$i.json" utc "2026-11-21T05:00:${i}Z"
  done
  for i in $(seq -w 1 20); do "$publish" "p$i.json" --history "s5-$trial" >/dev/null 2>&1 & done
  wait
  expect test "$(ls "s5-$trial/nvidia-h100-80gb-hbm3" | wc -l)" -eq 20
done

# 6. Leftovers of dead processes go with the next run; a live one's and a stranger's stay.
sleep 1000 & alive=$!
( exit 0 ) & dead=$!; wait $dead
: >"s3/nvidia-h100-80gb-hbm3/.tmp-$dead-20261121T054458Z-0000000.json"
: >"s3/nvidia-h100-80gb-hbm3/.tmp-$alive-20261121T054458Z-1111111.json"
# A leftover is ours only when its marker names that very directory (the builder writes
# "dir=<name>"): a dead process's one goes; a live one's, a stranger's, a user's copy of the
# site under a date (the number is no process id) or a pid, all stay.
marker() { mkdir -p "$1" && printf 'sgemm-bench site, built by //site:build\ndir=%s\n' "${2:-$1}" >"$1/.sgemm-bench-site"; }
marker "out6.tmp-$dead"
marker "out6.old-$dead"
marker "out6.tmp-$alive"
mkdir -p out6.tmp-1x
( exit 0 ) & dead2=$!; wait $dead2
( exit 0 ) & dead3=$!; wait $dead3
cp -r out6 out6.old-20261121 && cp -r out6 "out6.old-$dead2" && cp -r out6 out6.tmp-99999999999
marker "out6.old-$dead3" "out6.tmp-777"
# A build killed between its old site's marker and the old site's directory (empty, no
# marker left) or while rewriting the live site's marker (a part beside it) blocks no one.
( exit 0 ) & dead4=$!; wait $dead4
mkdir "out6.old-$dead4"
printf 'sgemm-bench site, bu' | tee out6/.sgemm-bench-site.part >"out6/.sgemm-bench-site.part-$dead4"
"$publish" c-fedcba123456.json --history s3 >/dev/null 2>err
expect test ! -e "s3/nvidia-h100-80gb-hbm3/.tmp-$dead-20261121T054458Z-0000000.json"
expect test -e "s3/nvidia-h100-80gb-hbm3/.tmp-$alive-20261121T054458Z-1111111.json"
expect "$build" --history hist --out out6 --baselines none
expect test ! -e "out6.tmp-$dead" -a ! -e "out6.old-$dead" -a ! -e "out6.old-$dead4"
expect test -z "$(ls -A out6 | grep part)"
expect test -e "out6.tmp-$alive" -a -e "out6.tmp-1x" -a -e out6.tmp-99999999999
expect test -f out6.old-20261121/index.html -a -f "out6.old-$dead2/index.html"
expect test -e "out6.old-$dead3"
kill $alive

# 7. A FIFO named like a results file: skipped with a message, never blocking.
mkfifo hist/nvidia-h100-80gb-hbm3/20260101T000000Z-0000000.json
timeout 20 "$build" --history hist --out out7 --baselines none 2>err
expect test $? -eq 0
expect grep -q "skipping .*20260101T000000Z-0000000.json: .*not a regular file (a FIFO)" err

# 11. Every skip is named, with a summary; --strict makes it exit 2.
mkdir -p "hist/NVIDIA H200" "hist/caf\xc3\xa9"
expect grep -q "site: 1 files or directories skipped" err
timeout 20 "$build" --history hist --out out11 --baselines none 2>err
expect grep -q "skipping hist/NVIDIA H200: not a GPU directory" err
expect grep -q "site: 3 files or directories skipped" err
timeout 20 "$build" --history hist --out out11b --baselines none --strict 2>err
expect test $? -eq 2
expect test ! -e out11b
expect grep -q "warning: no baselines directory at .*none" err

# 9. Strings from files never reach the terminal, the summary or GitHub raw.
sed -e 's#"level3_register_blocking"#"::warning file=x::y"#' \
    -e 's#"level4_double_buffering"#"k\\n::add-mask::x"#' \
    -e 's#"level6_tuned"#"k\\u001b[2J\\u001b]0;title\\u0007"#' \
    -e 's#"driver": "580.159.04"#"driver": "580\\n::warning file=x::owned"#' "$data/base.json" >evil.json
sed -E -e 's#"pct_cublas": ([0-9])([0-9])\.#"pct_cublas": \1.\2#' \
    -e 's#"gflops": ([0-9]+)([0-9])\.#"gflops": \1.\2#' evil.json >evil-slow.json  # a tenth, both
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY=$tmp/summary.md "$compare" evil.json evil-slow.json \
  --summary summary2.md >out9 2>&1
expect test $? -eq 1
expect bash -c "! grep -q \$'\\x1b' out9 summary.md summary2.md"
# Only the tool's own annotation lines start with "::", and they carry the data escaped.
expect bash -c "! grep '^::' out9 | grep -vq '^::\\(error\\|warning\\) title=sgemm-bench'"
expect grep -qF '\x3a:warning file=x::y ' out9
expect grep -q '^::error title=sgemm-bench::k%0A::add-mask::x 4096x4096x4096 regressed' out9
expect grep -qF '| \x3a:warning file=x::y |' summary2.md
expect bash -c "! grep -q '^::' summary2.md"

# 10. A history file whose name is not a store name (a '#' in it) never becomes a link.
cp hist/nvidia-h100-80gb-hbm3/*-105e10a.json 'hist/nvidia-h100-80gb-hbm3/20261121T054458Z-1#frag.json'
timeout 20 "$build" --history hist --out out10 --baselines none 2>err
expect grep -q "skipping .*1#frag.json: not a store name" err
expect bash -c "! grep -rq 'frag' out10"
expect test "$(ls out10/gpu/nvidia-h100-80gb-hbm3/runs | wc -l)" -eq 1

# 12 and 13. Reasons carry strerror; every tool has --help; the verdict's exit code wins
#    over a summary that cannot be written.
"$compare" "$data/base.json" "$data" 2>err
expect test $? -eq 2
expect grep -q "not a regular file (a directory)" err
"$compare" "$data/base.json" nonexistent.json 2>err
expect grep -q "cannot open: No such file or directory" err
for tool in "$compare" "$publish" "$build"; do expect "$tool" --help; done
mkdir sumdir
"$compare" "$data/base.json" "$data/drop5.json" --summary sumdir >/dev/null 2>err
expect test $? -eq 1
expect grep -q "warning: the summary was not written" err

# 14. Inputs inside --out are refused before anything is written: the build replaces
#     --out, and would take its inputs with it. A trailing slash names the same --out.
mkdir -p site14 && "$publish" "$data/base.json" --history site14/history >/dev/null
before=$(find site14 -type f | sort | xargs md5sum)
"$build" --history site14/history --out site14 --baselines none 2>err
expect test $? -eq 2
expect grep -q "is inside --out .*site14, which the build replaces" err
expect test "$(find site14 -type f | sort | xargs md5sum)" = "$before"
mkdir -p base14 && cp "$data/base.json" base14/
"$build" --history hist --out . --baselines base14 2>err
expect test $? -eq 2
expect "$build" --history hist --out out14/ --baselines none
expect test -f out14/index.html
expect test -z "$(ls -d out14/.tmp-* out14.tmp-* 2>/dev/null)"

# 15. One stored run with a huge finite number (a rate of 1e308, which made a chart's range
#     inf) is skipped with its reason: the site is still built; --strict refuses.
"$publish" "$data/base.json" --history hist15 >/dev/null
f15=$(ls hist15/nvidia-h100-80gb-hbm3/*.json | head -1)
huge=hist15/nvidia-h100-80gb-hbm3/20300101T000000Z-abcdef1.json
sed '0,/"gflops": [0-9.e+]*/s//"gflops": 1e308/' "$f15" >"$huge"
expect bash -c "! cmp -s '$f15' '$huge'"
"$build" --history hist15 --out out15 --baselines none 2>err
expect test $? -eq 0
expect grep -q "skipping .*20300101T000000Z-abcdef1.json: .*at most 1e+12" err
expect test -f out15/index.html
"$build" --history hist15 --out out15b --baselines none --strict 2>/dev/null
expect test $? -eq 2

# 16. A committed baseline that exists but cannot be read (a FIFO, a corrupt file) is named,
#     the GPU page says so instead of "none committed", and --strict refuses.
for kind in fifo corrupt; do
  mkdir -p "base16-$kind"
  if [ $kind = fifo ]; then mkfifo "base16-$kind/nvidia-h100-80gb-hbm3.json"
  else head -c 300 "$data/base.json" >"base16-$kind/nvidia-h100-80gb-hbm3.json"; fi
  timeout 20 "$build" --history hist15 --out "out16-$kind" --baselines "base16-$kind" 2>err
  expect test $? -eq 0
  expect grep -q "skipping the baseline: .*nvidia-h100-80gb-hbm3.json" err
  expect grep -q "the committed one cannot be read" "out16-$kind/gpu/nvidia-h100-80gb-hbm3/index.html"
  timeout 20 "$build" --history hist15 --out "out16s-$kind" --baselines "base16-$kind" --strict 2>/dev/null
  expect test $? -eq 2
done

# 17. The store holds files, not links: a run linked from outside, a linked GPU directory and
#     a plain file named like a GPU are each skipped with a line (--strict refuses).
"$publish" "$data/base.json" --history hist17 >/dev/null
mkdir -p outside && cp "$(ls hist17/nvidia-h100-80gb-hbm3/*.json | head -1)" outside/run.json
ln -s "$PWD/outside/run.json" hist17/nvidia-h100-80gb-hbm3/20300101T000000Z-abcdef2.json
ln -s "$PWD/hist15/nvidia-h100-80gb-hbm3" hist17/nvidia-h200
: >hist17/nvidia-a100
"$build" --history hist17 --out out17 --baselines none 2>err
expect test $? -eq 0
expect grep -q "skipping .*20300101T000000Z-abcdef2.json: a symbolic link" err
expect grep -q "skipping hist17/nvidia-h200: not a directory" err
expect grep -q "skipping hist17/nvidia-a100: not a directory" err
expect test ! -e out17/gpu/nvidia-h200
"$build" --history hist17 --out out17s --baselines none --strict 2>/dev/null
expect test $? -eq 2

# 23. publish removes only the temporary files it makes (".tmp-<pid>-<store name>") of a
#     process that is gone: a user's file named like one, under a dead pid, stays.
mkdir -p hist23/nvidia-h100-80gb-hbm3
true & gone23=$!
wait "$gone23"
echo "user notes" >"hist23/nvidia-h100-80gb-hbm3/.tmp-$gone23-notes.txt"
echo "half a run" >"hist23/nvidia-h100-80gb-hbm3/.tmp-$gone23-20261121T054458Z-4c35738.json"
expect "$publish" "$data/base.json" --history hist23
expect grep -q "user notes" "hist23/nvidia-h100-80gb-hbm3/.tmp-$gone23-notes.txt"
expect test ! -e "hist23/nvidia-h100-80gb-hbm3/.tmp-$gone23-20261121T054458Z-4c35738.json"

# 24. --commit is for a run without a commit id: a run that names its own commit is filed
#     under it alone (another --commit is exit 2, nothing stored), so one run is never
#     stored under two commits.
"$publish" "$data/base.json" --history hist24 --commit abcdef1234567890 2>err24
expect test $? -eq 2
expect grep -q "the run says it measured commit" err24
expect test -z "$(find hist24 -name '*.json' 2>/dev/null)"

# 25. --annotations naming a FIFO never blocks the build, and an annotation's shape is
#     three whole numbers of 1 to 2^30 (99999999999 overflowed an int): each bad file is
#     skipped whole and named, and --strict refuses it.
mkfifo ann25.fifo
timeout 60 "$build" --history hist15 --out out25 --baselines none --annotations ann25.fifo 2>err25
expect test $? -eq 0
expect grep -q "not a regular file (a FIFO)" err25
cat >ann25.json <<'ANN'
{"schema": "sgemm-bench-annotations/1", "annotations": [{"gpu": "*", "commit": "105e10a",
 "kernel": "level6_tuned", "shape": "99999999999x1x1", "state": "note", "who": "w", "why": "y"}]}
ANN
"$build" --history hist15 --out out25 --baselines none --annotations ann25.json 2>err25
expect test $? -eq 0
expect grep -q "shape: MxNxK, each of 1 to 2^30" err25
"$build" --history hist15 --out out25 --baselines none --annotations ann25.json --strict 2>/dev/null
expect test $? -eq 2

# 26. Sixteen builds into one --out at once, three times, take turns: every one exits 0, the
#     site is whole, and no <out>.old-<pid> or <out>.tmp-<pid> is left behind (unlocked,
#     about one round in five lost a build with exit 2 here).
for round in 1 2 3; do
  pids26=()
  for i in $(seq 16); do
    "$build" --history hist15 --out out26 --baselines none >/dev/null 2>"err26-$i" &
    pids26+=($!)
  done
  codes26=
  for p in "${pids26[@]}"; do wait "$p"; codes26="$codes26$?"; done
  expect test "$codes26" = 0000000000000000
  expect test -f out26/index.html
  expect test -z "$(ls -d out26.old-* out26.tmp-* 2>/dev/null)"
done

# 18. publish --commit files a run whose own run.commit is no commit id: the pages link the
#     commit it was filed under, not "commit/unknown".
variant unknown.json commit unknown
expect "$publish" unknown.json --history hist18 --commit abcdef1234567890
expect "$build" --history hist18 --out out18 --baselines none --repo-url https://github.com/x/y
expect grep -rq 'href="https://github.com/x/y/commit/abcdef123456"' out18
expect bash -c "! grep -rq 'commit/unknown' out18"

# 19. A full disk is the environment's (exit 4), not bad usage, and leaves no partial file:
#     publish and build onto a small tmpfs filled to the last byte (in a mount namespace of
#     our own; skipped with a message where the machine allows none).
if unshare -rm true 2>/dev/null; then
  mkdir -p full19
  unshare -rm bash -c "mount -t tmpfs -o size=64k tmpfs full19 && mkdir full19/h full19/s &&
    dd if=/dev/zero of=full19/fill bs=4k >/dev/null 2>&1
    '$publish' '$data/base.json' --history full19/h >/dev/null 2>full19-publish.err
    echo \$? >full19-publish.rc
    '$build' --history hist15 --out full19/site --baselines none >/dev/null 2>full19-build.err
    echo \$? >full19-build.rc
    find full19 -type f ! -name fill ! -name .lock >full19-left.txt"
  expect test "$(cat full19-publish.rc)" = 4
  expect grep -q "No space left on device" full19-publish.err
  expect test "$(cat full19-build.rc)" = 4
  expect test ! -s full19-left.txt
  # With a few KB left the build fails part way (a page, a chart's data): it still says
  # why, every time, and leaves no site behind.
  for left in 8 36 64; do
    unshare -rm bash -c "mount -t tmpfs -o size=2m tmpfs full19 &&
      dd if=/dev/zero of=full19/fill bs=1k count=$((2048 - left)) >/dev/null 2>&1
      '$build' --history hist15 --out full19/site --baselines none >/dev/null 2>full19-$left.err
      echo \$? >full19-$left.rc
      find full19 -mindepth 1 ! -name fill >full19-$left-left.txt"
    expect test "$(cat "full19-$left.rc")" = 4
    expect grep -q "^build: .*: No space left on device$" "full19-$left.err"
    expect test ! -s "full19-$left-left.txt"
  done
else
  echo "hostile_test: case 19 (a full disk) skipped: no mount namespace here" >&2
fi

# 22. A read-only store is the environment's too (exit 4), for publish and for the baseline
#     tool's target (a tmpfs mounted read-only in a mount namespace of our own).
if unshare -rm true 2>/dev/null; then
  mkdir -p ro22
  unshare -rm bash -c "mount -t tmpfs -o ro tmpfs ro22
    '$publish' '$data/base.json' --history ro22/h >/dev/null 2>ro22-publish.err
    echo \$? >ro22-publish.rc"
  expect test "$(cat ro22-publish.rc)" = 4
  expect grep -q "Read-only file system" ro22-publish.err
else
  echo "hostile_test: case 22 (a read-only store) skipped: no mount namespace here" >&2
fi

# 20. An old site that cannot be removed (here: a mount point inside it, in a mount
#     namespace of our own) leaves the new site in place: exit 0 with a warning naming the
#     old copy, which the next build removes.
if unshare -rm true 2>/dev/null; then
  "$build" --history hist15 --out out20 --baselines none >/dev/null 2>&1
  unshare -rm bash -c "mount -t tmpfs tmpfs out20/gpu &&
    '$build' --history hist15 --out out20 --baselines none >/dev/null 2>out20.err
    echo \$? >out20.rc"
  expect test "$(cat out20.rc)" = 0
  expect grep -q "the site is in place, but its old copy stays at out20.old-" out20.err
  expect test -f out20/index.html
  expect test -n "$(ls -d out20.old-* 2>/dev/null)"
  "$build" --history hist15 --out out20 --baselines none >/dev/null 2>out20-next.err
  expect test -z "$(ls -d out20.old-* 2>/dev/null)"
else
  echo "hostile_test: case 20 (an old site that cannot be removed) skipped: no mount namespace here" >&2
fi

# 21. Bystanders: after the cases, a user's directories beside each --out, named as the
#     builder's own leftovers would be (a date, a number past any pid, pid 1 and this
#     shell's pid, both alive, a process that is gone, a .bak), survive one more build into
#     that --out, byte for byte: without the builder's marker naming it, nothing is its.
bystand() { find . -maxdepth 3 -path './by-*' -prune -o -type f -path '*/bystander.txt' -print | sort |
  xargs md5sum; }
outs=(out6 out7 out10 out15 out18 site14 empty)
true & gone=$!
wait "$gone"
for o in "${outs[@]}"; do
  for n in "$o.old-20261121" "$o.tmp-999999999" "$o.old-1" "$o.tmp-$$" "$o.old-$gone" \
    "$o.tmp-$gone" "$o.bak"; do
    mkdir -p "$n/sub" && echo "user data $n" >"$n/sub/bystander.txt"
  done
done
before=$(bystand)
expect test "$(echo "$before" | wc -l)" -eq $((${#outs[@]} * 7))
for o in "${outs[@]}"; do
  rm -rf "$o" && "$build" --history hist --out "$o" --baselines none >/dev/null 2>&1
  expect test -f "$o/index.html"
done
expect test "$(bystand)" = "$before"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
