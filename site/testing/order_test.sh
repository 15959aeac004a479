#!/bin/bash
# The site in the repository's order, no GPU: runs stand in the order of their commits in
# `git rev-list --topo-order` (a backfilled old commit is not the latest run), a run older
# than its GPU's baseline gets no verdict against it (STALE: the baseline came later), the
# index says how many commits the history is behind HEAD, and without a checkout the build
# keeps measurement order and says so.
set -u
source "$(dirname "$0")/testlib.sh"
# A copy of the fixture with one string field of "run" replaced: variant FILE FIELD VALUE.
variant() { sed "s#^  \"$2\": \"[^\"]*\"#  \"$2\": \"$3\"#" "${4:-$data/base.json}" >"$1"; }

# A repository of four commits, a -> b -> c -> d (HEAD), committed 2026-10-01 .. 10-04.
git init -q repo
day=0
for c in a b c d; do
  day=$((day + 1))
  GIT_COMMITTER_DATE="2026-10-0${day}T12:00:00Z" \
    git -C repo -c user.name=t -c user.email=t@example.com commit -q --allow-empty -m "$c"
done
sha() { git -C repo rev-parse "HEAD~$1"; }
a=$(sha 3) b=$(sha 2) c=$(sha 1) d=$(sha 0)

# c measured first, then a backfilled a day later (measurement order: c, a).
variant c.json commit "$c" && variant c2.json utc 2026-11-20T00:00:00Z c.json
variant a.json commit "$a" && variant a2.json utc 2026-11-21T00:00:00Z a.json
expect "$publish" c2.json --history hist
expect "$publish" a2.json --history hist
# The baseline was made at b.
mkdir base && variant base/nvidia-h100-80gb-hbm3.json commit "$b"

expect "$build" --history hist --out site --baselines base --git repo
gpu=site/gpu/nvidia-h100-80gb-hbm3
sa=${a:0:12} sc=${c:0:12}
# The latest run is c's (the newest commit), not a's (the newest measurement).
latest=$(grep -o 'runs/[^"]*\.html' "$gpu/index.html" | head -1)
expect grep -q "$sc" <<<"$latest"
# The runs table, newest first, lists c before a.
first=$(grep -o 'runs/[^"]*\.html' "$gpu/runs.html" | head -1)
expect grep -q "$sc" <<<"$first"
# a's run is older than the baseline: STALE, one commit, no verdict table against it.
pa=$(ls "$gpu"/runs/*"$sa".html)
expect grep -q "STALE</span> the baseline was made 1 commit after this run (at ${b:0:12})" "$pa"
against_base() { sed -n '/Against the baseline/,/Against the previous/p' "$1"; }
expect bash -c "! grep -q 'Verdicts, most severe first' <<<\"\$0\"" "$(against_base "$pa")"
# c's run is judged against it.
pc=$(ls "$gpu"/runs/*"$sc".html)
expect grep -q '<span class="badge pass">PASS</span>' <<<"$(against_base "$pc")"
# The index: the latest run (c) is one commit behind HEAD (d).
expect grep -q "The history is behind: its latest run is 1 commit before" site/index.html
# c against the previous run is c against a (the order of commits).
expect grep -q "$sa" "$pc"
# The history charts' x axis: the commits in that order, a then c, as tics "sha7 MM-DD".
chart=$(ls "$gpu"/history*.svg | head -1)
tics=$(grep -o '<text[^>]*>[^<]*</text>' "$chart" | sed 's/<[^>]*>//g' | grep -x "${a:0:7}\|${c:0:7}" | tr '\n' ' ')
expect test "$tics" = "${a:0:7} ${c:0:7} "
# ... each with its commit's date (a: 10-01, c: 10-03), not its measurement's (11-21, 11-20).
dates=$(grep -o '<text[^>]*>[^<]*</text>' "$chart" | sed 's/<[^>]*>//g' | grep -x '[0-9][0-9]-[0-9][0-9]' | tr '\n' ' ')
expect test "$dates" = "10-01 10-03 "

# An annotation on b, which has no run: a warning, and it is shown on c's run, whose range
# (a..c) holds b; one on a commit the history lacks: a warning, not shown.
cat >notes.json <<JSON
{"schema": "sgemm-bench-annotations/1", "annotations": [
 {"gpu": "*", "commit": "${b:0:10}", "state": "note", "who": "t", "why": "between-runs note"},
 {"gpu": "*", "commit": "fedcba9876", "state": "note", "who": "t", "why": "nowhere note"}]}
JSON
"$build" --history hist --out site4 --baselines base --git repo --annotations notes.json 2>err; rc=$?
expect test $rc -eq 0
expect grep -q "annotation of \* at ${b:0:10} matches no published run: shown on the run that ends the range" err
expect grep -q "annotation of \* at fedcba9876 matches no published run and no range holds its commit" err
expect grep -q "between-runs note (at ${b:0:10}, in the range that ends at this run)" site4/regressions.html
expect bash -c "! grep -q 'nowhere note' site4/regressions.html"

# Without a checkout: measurement order (a's run is the latest), a warning, no STALE.
"$build" --history hist --out site2 --baselines base --git nowhere 2>err; rc=$?
expect test $rc -eq 0
expect grep -q "no commit order (runs in measurement order" err
latest=$(grep -o 'runs/[^"]*\.html' site2/gpu/nvidia-h100-80gb-hbm3/index.html | head -1)
expect grep -q "$sa" <<<"$latest"
expect bash -c "! grep -rq 'STALE' site2"

# A run of a commit the checkout lacks (another branch): that GPU keeps measurement order,
# named on stderr.
variant x.json commit 0123456789abcdef0123456789abcdef01234567
variant x2.json utc 2026-11-22T00:00:00Z x.json
expect "$publish" x2.json --history hist
"$build" --history hist --out site3 --baselines base --git repo 2>err; rc=$?
expect test $rc -eq 0
expect grep -q "is of a commit this checkout's history lacks" err

# The regressions page lists its rows newest commit first, not newest measurement: b
# (measured last) and d each run level 6 10% slower than the commit before them.
slow() { sed 's/"gflops": 42967.07457/"gflops": 38670.37/; s/"pct_cublas": 82.77802652/"pct_cublas": 74.50/' "$1" >"$2"; }
variant r1.json commit "$a" && variant ra.json utc 2026-11-21T00:00:00Z r1.json
variant r2.json commit "$b" && variant r3.json utc 2026-11-25T00:00:00Z r2.json && slow r3.json rb.json
variant r4.json commit "$c" && variant rc.json utc 2026-11-22T00:00:00Z r4.json
variant r5.json commit "$d" && variant r6.json utc 2026-11-23T00:00:00Z r5.json && slow r6.json rd.json
for r in ra rb rc rd; do expect "$publish" "$r.json" --history rhist; done
expect "$build" --history rhist --out site5 --baselines base --git repo
bads=$(sed -n '/<caption>Regressions, newest first/,/<\/table>/p' site5/regressions.html |
  grep -o '</code></a> → <a href="[^"]*"><code>[0-9a-f]*' | grep -o '[0-9a-f]*$' | tr '\n' ' ')
expect test "$bads" = "${d:0:12} ${b:0:12} "

echo "order_test: $passed passed, $failed failed"
test "$failed" -eq 0
