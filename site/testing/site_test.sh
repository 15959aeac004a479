#!/bin/bash
# The dashboard end to end, with no GPU: publishing (refusal, idempotence), building,
# escaping of hostile strings, HTML validity (Nu checker), a headless-Chromium render of
# three pages with every image and internal link resolving, and a 1,000-run history
# (generated for this test) built in under 60 s with an index under 1 MB.
set -u
build=$(realpath "$1") publish=$(realpath "$2") gen=$(realpath "$3")
# The chart scripts come from this test's own runfiles (its `data`), never from another
# target's runfiles tree.
charts=$(dirname "$(realpath "$4")")
data=runner/testdata
passed=0 failed=0
ok() { passed=$((passed + 1)); }
no() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
expect() { if "$@"; then ok; else no "$*"; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shots=${TEST_UNDECLARED_OUTPUTS_DIR:-$tmp/shots}
mkdir -p "$shots"
export SGEMM_SITE_CHARTS=$charts

# Publishing: malformed results are refused and leave nothing; a commit publishes once.
hist=$tmp/history
"$publish" "$data/bad/truncated.json" --history "$hist" 2>"$tmp/err"
expect test $? -eq 2
expect grep -q "truncated.json: not valid JSON" "$tmp/err"
expect test ! -e "$hist/nvidia-h100-80gb-hbm3"
expect "$publish" "$data/hostile_strings.json" --history "$hist"
out=$("$publish" "$data/hostile_strings.json" --history "$hist")
expect grep -q "already published" <<<"$out"
# The hostile GPU name is stored under the slug derived from it.
hostile=gpu-img-src-x-onerror-alert-1-co
expect test "$(ls "$hist/$hostile" | wc -l)" -eq 1
expect "$gen" "$data/base.json" "$hist" 5
expect test "$(ls "$hist/nvidia-h100-80gb-hbm3" | wc -l)" -eq 5

# Build, with each run's own (hostile) repository URL.
site=$tmp/site
expect "$build" --history "$hist" --out "$site" --baselines "$tmp/no-baselines"
gpu=$site/gpu/nvidia-h100-80gb-hbm3
commit=$(ls "$gpu"/runs/*.html | head -1)
for f in "$site/index.html" "$site/regressions.html" "$site/style.css" "$gpu/index.html" \
         "$gpu/runs.html" "$gpu/gflops.svg" "$gpu/pct4096.svg" "$gpu/history4096-0.svg" \
         "$gpu/roofline.svg"; do
  expect test -s "$f"
done
expect test "$(ls "$gpu"/runs/*.html | wc -l)" -eq 5
expect test "$(ls "$site/gpu/$hostile"/runs/*.html | wc -l)" -eq 1

# The memory family (a real H100 run, evidence M001): its own page, GB/s against
# size, each kernel beside its seed's expectation, and the seeds' ratios from the data.
mhist=$tmp/mem-history msite=$tmp/mem-site
expect "$publish" "$data/memory_h100.json" --history "$mhist"
expect "$build" --history "$mhist" --out "$msite" --baselines "$tmp/no-baselines"
mem=$msite/gpu/nvidia-h100-80gb-hbm3
expect test -s "$mem/memory.html"
expect test -s "$mem/gbs.svg"
expect grep -q '% of the copy at 16384x16384' "$mem/mempct16384.svg"
expect grep -q 'src="mempct16384.svg"' "$mem/memory.html"
expect grep -q 'href="memory.html"' "$mem/index.html"
# each memory kernel's row links to its history at that shape, on its kernel's page
expect grep -q '<th scope="row"><a href="kernel-memory_aos_read_x.html#h-memory_aos_read_x-16384x16384x1" title="its history at this shape">memory_aos_read_x</a></th>' "$mem/memory.html"
expect grep -q '<figure id="h-memory_aos_read_x-16384x16384x1">' "$mem/kernel-memory_aos_read_x.html"
expect grep -q 'Seed 004: about 3.4x' "$mem/memory.html"
# SoA 2415.8 against AoS 1246.3 GB/s at 16384x16384 in that run: 1.94x
expect grep -q 'SoA read against AoS read of one field: <strong>1.94x</strong>' "$mem/memory.html"
expect grep -q '25-40 (outside)' "$mem/memory.html"
expect grep -q 'GB/s against size' "$mem/gbs.svg"
expect grep -q 'memory_copy_float4' "$mem/gbs.svg"
# the GEMM charts hold no memory kernel
expect bash -c "! grep -q 'memory_' \"\$0\"" "$mem/roofline.svg"

# Escaping: markup, quotes and ampersands from results files never survive as markup.
all=$(cat "$site"/*.html "$site"/gpu/*/*.html "$site"/gpu/*/runs/*.html)
expect bash -c "! grep -q '<script>alert' <<<\"\$0\"" "$all"
expect bash -c "! grep -q '<img src=x onerror' <<<\"\$0\"" "$all"
expect bash -c "! grep -q '<b>tags</b>' <<<\"\$0\"" "$all"
expect grep -qF 'feat/&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;co' <<<"$all"
expect grep -qF 'GPU &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;' <<<"$all"
expect grep -qF 'Fix &quot;quotes&quot; &amp; &lt;b&gt;tags&lt;/b&gt; | pipes' <<<"$all"
# A repository URL holding a quote is not a URL: the commit shows, unlinked.
expect bash -c "! grep -qF 'href=\"https://example.com/o/r' <<<\"\$0\"" "$all"
expect grep -qF '<code>105e10a</code>' <<<"$all"
# A URL that is not http(s) never becomes a link.
"$build" --history "$hist" --out "$tmp/site2" --repo-url "javascript:alert(1)" 2>"$tmp/err"
expect test $? -eq 2
expect grep -q "must start with https://" "$tmp/err"
expect test ! -e "$tmp/site2"

# The index: a latest run that regressed against the run before says so and names the
# point; a latest run that is the baseline's own commit is never a PASS against itself.
idx=$tmp/idx
mkdir -p "$idx/bl"
"$publish" "$data/base.json" --history "$idx/hist" >/dev/null
sed -e 's#"commit": "105e10a"#"commit": "abcdef1"#' -e 's#"utc": "2026-11-21T05:44:58Z"#"utc": "2026-11-22T05:44:58Z"#' \
  "$data/drop5.json" >"$idx/drop.json"
"$publish" "$idx/drop.json" --history "$idx/hist" >/dev/null
cp "$data/base.json" "$idx/bl/nvidia-h100-80gb-hbm3.json"
expect "$build" --history "$idx/hist" --out "$idx/site" --baselines "$idx/bl"
card=$(tr -d '\n' <"$idx/site/index.html")
expect grep -qE 'Against the previous run: <span class="badge [a-z]+">REGRESSED</span>' <<<"$card"
expect grep -qF 'Worst regression: level4_double_buffering 4096x4096x4096, -5.00%' <<<"$card"
expect grep -qE 'Against the baseline \(commit <code>105e10a</code>, 2026-11-21T05:44:58Z\): <span class="badge [a-z]+">REGRESSED' <<<"$card"
cp "$idx/drop.json" "$idx/bl/nvidia-h100-80gb-hbm3.json"
expect "$build" --history "$idx/hist" --out "$idx/site" --baselines "$idx/bl"
card=$(tr -d '\n' <"$idx/site/index.html")
expect grep -qF "this run is the baseline's own commit: it is not judged against itself" <<<"$card"
expect bash -c "! grep -qE 'Against the baseline[^<]*<code>abcdef1</code>[^<]*</span>? *PASS' <<<\"\$0\"" "$card"

# Each kernel's expected range comes from its registration, recorded in the results file
# (base.json's "kernels" table), shown with its source on the commit page.
expect grep -qF 'an estimate &lt;b&gt;for&lt;/b&gt; the test' "$idx/site/gpu/nvidia-h100-80gb-hbm3/runs/"*105e10a.html
expect grep -qF '<td>70-85</td>' "$idx/site/gpu/nvidia-h100-80gb-hbm3/runs/"*105e10a.html
# ... and a kernel the GPU could not run, with the reason the run recorded
expect grep -qF '<strong>Not run here:</strong> needs compute capability 9.1 &lt;b&gt;or&lt;/b&gt; higher' \
  "$idx/site/gpu/nvidia-h100-80gb-hbm3/runs/"*105e10a.html

# The Atom feed with strings from files: a hostile GPU name, and an error text holding an
# escape, a newline and "::warning::" on a point that turned INVALID. The feed stays
# well-formed XML (xmllint) and carries them escaped, the control character replaced.
atom=$tmp/atom
sed -e 's#"commit": "105e10a"#"commit": "abcdef2"#' -e 's#"utc": "2026-11-21T05:44:58Z"#"utc": "2026-11-23T05:44:58Z"#' \
    -e '0,/"valid": true/s##"valid": false, "error": "bad \\u001b[2J\\n::warning::x <b>"#' \
    "$data/hostile_strings.json" >"$tmp/hostile_invalid.json"
"$publish" "$data/hostile_strings.json" --history "$atom/hist" >/dev/null
"$publish" "$tmp/hostile_invalid.json" --history "$atom/hist" >/dev/null
expect "$build" --history "$atom/hist" --out "$atom/site" --baselines "$tmp/no-baselines"
expect xmllint --noout "$atom/site/regressions.xml"
expect grep -qF 'INVALID on GPU &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;' "$atom/site/regressions.xml"
expect grep -qF "bad $(printf '\xef\xbf\xbd')[2J" "$atom/site/regressions.xml"
expect grep -qF '::warning::x &lt;b&gt;' "$atom/site/regressions.xml"

# The roofline's FP32 peak follows the compute capability: 64 FMA lanes per SM on an A100
# (cc 8.0), 128 on an H100 (cc 9.0).
a100=$tmp/a100
sed -e 's#"NVIDIA H100 80GB HBM3"#"NVIDIA A100-SXM4-80GB"#' -e 's#"nvidia-h100-80gb-hbm3"#"nvidia-a100-sxm4-80gb"#' \
    -e 's#"cc": "9.0"#"cc": "8.0"#' -e 's#"sms": 132#"sms": 108#' "$data/base.json" >"$tmp/a100.json"
"$publish" "$tmp/a100.json" --history "$a100/hist" >/dev/null
"$publish" "$data/base.json" --history "$a100/hist" >/dev/null
expect "$build" --history "$a100/hist" --out "$a100/site" --baselines "$tmp/no-baselines"
expect grep -q "108 SMs x 64 FMA/clock (cc 8.0)" "$a100/site/gpu/nvidia-a100-sxm4-80gb/roofline.svg"
expect grep -q "132 SMs x 128 FMA/clock (cc 9.0)" "$a100/site/gpu/nvidia-h100-80gb-hbm3/roofline.svg"

# Every internal link and image of the site in $1 resolves, and a link to a point
# (#fragment) lands on an element of that id; sets broken and landed (fragments found).
links_resolve() {
  broken=0 landed=0
  local page dir ref target frag
  while IFS= read -r page; do
    dir=$(dirname "$page")
    while IFS= read -r ref; do
      target=${ref%%#*} frag=
      [ "$target" != "$ref" ] && frag=${ref#*#}
      case "$target" in http://* | https://*) continue ;; esac
      [ -z "$target" ] && target=$(basename "$page")
      if [ ! -e "$dir/$target" ]; then
        echo "broken: $page -> $ref" >&2; broken=$((broken + 1))
      elif [ -n "$frag" ]; then
        if grep -qF "id=\"$frag\"" "$dir/$target"; then landed=$((landed + 1)); else
          echo "no such row: $page -> $ref" >&2; broken=$((broken + 1))
        fi
      fi
    done < <(grep -oE '(href|src)="[^"]*"' "$page" | sed -E 's/^(href|src)="//; s/"$//')
  done < <(find "$1" -name '*.html')
}
links_resolve "$site"
expect test "$broken" -eq 0

# A kernel's name is a string from the file: one that is a path holding a newline and
# "::warning::" gets a page named by its hash beside the GPU page, no file outside the
# site, and its text escaped on the page; the chart links from its rows resolve.
kpath=$tmp/kpath
sed '0,/"kernel": "level6_tuned"/s##"kernel": "../../../k\\n::warning::x <b>"#' \
  "$data/base.json" >"$tmp/kernel-path.json"
expect "$publish" "$tmp/kernel-path.json" --history "$kpath/hist"
expect "$build" --history "$kpath/hist" --out "$kpath/site" --baselines "$tmp/no-baselines"
kp=$(ls "$kpath"/site/gpu/nvidia-h100-80gb-hbm3/kernel-x-*.html)
expect test "$(wc -l <<<"$kp")" -eq 1
expect grep -qF '../../../k' "$kp"
expect grep -qF '::warning::x &lt;b&gt;' "$kp"
expect test -z "$(find "$kpath" -mindepth 1 -maxdepth 1 ! -name site ! -name hist)"
expect test ! -e "$tmp/k" -a ! -e "$kpath/k"
links_resolve "$kpath/site"
expect test "$broken" -eq 0

# The committed history with the committed baselines: two verdict tables per page.
# The committed history, as files: Bazel's runfiles are symbolic links, which the loader
# refuses to follow (hostile_test.sh case 17).
cp -RL site/history "$tmp/committed-history"
expect "$build" --history "$tmp/committed-history" --out "$tmp/real" --baselines baselines \
  --annotations site/annotations.json
# The committed history is the project's own, backfilled (docs/HISTORY.md): a sweep that
# failed as a whole (69ec0ef, every point INVALID) is one row per GPU, and the regression
# behind it (level 6 at 1x1x1 fell from 4020b10 to b0bfbdf) is judged against the last run
# that measured the point, not lost.
expect grep -q '<th scope="row">162 points, every point of the run<br>' "$tmp/real/regressions.html"
expect test "$(grep -c '<th scope="row">[0-9]* points, every point of the run<br>' "$tmp/real/regressions.html")" -eq 4
expect grep -qE 'level6_tuned</a><br><span class="shape">1x1x1</span><br><span class="gpu">NVIDIA H100 80GB HBM3</span></th><td data-label="verdict"><span class="v-REGRESSED">REGRESSED</span> -34\.36%.*4020b10d261e</code></a> → .*b0bfbdf91208' "$tmp/real/regressions.html"
# The regressions page's headline counts the rows its table shows (a failed sweep is one).
table=$(sed -n '/<caption>Regressions, newest first/,/<\/table>/p' "$tmp/real/regressions.html")
expect grep -q "newest commit first: $(( $(grep -c '<tr' <<<"$table") - 1 )) rows" "$tmp/real/regressions.html"
# ... and its commit page writes its one error as one row a table, not one a point (162).
sweep_page=$(ls "$tmp"/real/gpu/nvidia-h200/runs/*69ec0ef58156.html)
once=$(grep -o 'cudaErrorInitializationError' "$sweep_page" | wc -l)
expect test "$once" -ge 2 -a "$once" -le 3
expect test "$(grep -o '<th scope="row" colspan="[0-9]*">162 points, every one' "$sweep_page" | wc -l)" -eq "$once"
# ... each point's anchor kept (the links_resolve check below follows every link to them).
expect test "$(grep -o '<span id="pt-' "$sweep_page" | wc -l)" -eq 162
# The index says that every regression of the latest H100 run is triaged (site/annotations.json).
expect grep -q 'All: 5 of 5 triaged in the annotations' "$tmp/real/index.html"
# ... and the triage of level 6 at 1x1x1 names the bisection's files, a link given a repository.
expect grep -q 'evidence: <code>lab/evidence/H004</code>)' "$tmp/real/regressions.html"
expect "$build" --history "$tmp/committed-history" --out "$tmp/real-linked" --baselines baselines \
  --annotations site/annotations.json --repo-url https://example.invalid/o/r
expect grep -q 'evidence: <a href="https://example.invalid/o/r/tree/HEAD/lab/evidence/H004"><code>' "$tmp/real-linked/regressions.html"
# ... and so does that run's commit page, on the point's verdict row (a chart's red mark
# lands there): mark, row, evidence.
expect grep -q '<tr id="prev-level6_tuned-1x1x1">.*triaged: expected by .*evidence: <a href="https://example.invalid/o/r/tree/HEAD/lab/evidence/H004">' "$tmp/real-linked/gpu/nvidia-h100-80gb-hbm3/runs/20261124T060431Z-ef42f0f1ed51.html"
# Every link of the committed history's site resolves, every mark of its history charts
# on a row that exists; a changed mark on its verdict row (#prev-...), where the triage is.
links_resolve "$tmp/real"
expect test "$broken" -eq 0 -a "$landed" -gt 100
# Every series of the history has its chart: each point's row on a commit page (id
# pt-KERNEL-MxNxK) a chart (id h-KERNEL-MxNxK) on its kernel's page, GEMM and memory;
# and each commit page links the runs before and after it in commit order.
for gpu in "$tmp"/real/gpu/*/; do
  pts=$(grep -oh 'id="pt-[^"]*"' "$gpu"runs/*.html | sed 's/id="pt-/id="h-/' | sort -u)
  charts=$(grep -oh 'id="h-[^"]*"' "$gpu"kernel-*.html | sort -u)
  expect test "$(wc -l <<<"$pts")" -gt 100 -a "$pts" = "$charts"
  expect grep -q 'id="h-memory_copy_float4-1031x4099x1"' "$gpu"kernel-memory_copy_float4.html
  expect grep -q 'id="h-level6_tuned-4097x129x65"' "$gpu"kernel-level6_tuned.html
  n=$(ls "$gpu"runs/*.html | wc -l)
  expect test "$(grep -l 'rel="prev"' "$gpu"runs/*.html | wc -l)" -eq $((n - 1))
  expect test "$(grep -l 'rel="next"' "$gpu"runs/*.html | wc -l)" -eq $((n - 1))
done
expect grep -q 'href="runs/20261124T055432Z-335a6a730568.html#prev-level5_async_copy_4b-4096x4096x4096"' "$tmp/real/gpu/nvidia-h100-80gb-hbm3/index.html"
# The known level-6 speed-ups are faster steps at their ranges (640fd12: the deep class).
expect grep -qE 'level6_tuned</th><td data-label="shape">4096x4096x4096</td><td class="num" data-label="change \(%\)">\+10\.02</td>.*04fab4f09e52</code></a> → .*640fd129fa0c' "$tmp/real/regressions.html"

# Valid HTML under the Nu checker.
vnu=${VNU_JAR:-$(npm root -g 2>/dev/null)/vnu-jar/build/dist/vnu.jar}
if [ -n "$vnu" ] && [ -f "$vnu" ]; then
  java -jar "$vnu" --errors-only --skip-non-html "$site" 2>"$tmp/vnu.txt"
  expect test $? -eq 0
  head -5 "$tmp/vnu.txt" >&2
  java -jar "$vnu" --errors-only --skip-non-html "$tmp/real" 2>"$tmp/vnu.txt"
  expect test $? -eq 0
  head -5 "$tmp/vnu.txt" >&2
else
  no "vnu.jar not found: run the README's test command (it installs vnu-jar), or set VNU_JAR"
fi

# A real browser (Chromium through playwright-core) on the site built from the committed
# history and baselines: no sideways scroll at 390 px, one colour per kernel, chart links
# that land on rows, the Atom feed; screenshots of every page type at 1400 and 390 px are
# kept in the test outputs for a person to look at.
chrome=$(tools/find_chromium.sh || true)
pw=$(npm root -g 2>/dev/null)
if [ -n "$chrome" ] && [ -f "$pw/playwright-core/package.json" ]; then
  expect env NODE_PATH="$pw" timeout 300 node site/testing/browser_check.cjs "$chrome" "$tmp/real" "$shots"
  expect test -s "$shots/gpu-390.png"
else
  no "chromium or playwright-core not found: run the README's test command (tools/deps.sh tests)"
fi

# A step across runs: 20 runs (GENERATED), level 6 6% slower from run 12 on (the 13th).
# The regressions page lists it as a slower step of level 6, at each of its shapes, with
# the range from run 11 to run 12 (commits 000abc00000b, 000abc00000c); no other kernel.
expect "$gen" baselines/nvidia-h100-80gb-hbm3.json "$tmp/stepped" 20 12 -6 level6_tuned
expect "$build" --history "$tmp/stepped" --out "$tmp/stepsite" --baselines "$tmp/no-baselines"
steps=$(sed -n '/<caption>Slower steps/,/<\/table>/p' "$tmp/stepsite/regressions.html")
expect grep -qE '<th scope="row">level6_tuned</th><td data-label="shape">4096x4096x4096</td><td class="num" data-label="change \(%\)">-(5\.[89]|6\.[01])' <<<"$steps"
expect grep -q '000abc00000b</code></a> → <a href="gpu/nvidia-h100-80gb-hbm3/runs/[^"]*000abc00000c' <<<"$steps"
expect test "$(grep -o '<th scope="row">[^<]*' <<<"$steps" | sort -u)" = '<th scope="row">level6_tuned'
# On the history charts a slower step is a down triangle (and dashed red), a faster one an
# up triangle (dash-dotted blue): told apart without colour. 6% faster from run 12 on:
marked() { grep -l "$1" "$2"/gpu/*/history4096-*.svg 2>/dev/null | xargs -r grep -l 'level6_tuned at 4096' | wc -l; }
expect test "$(marked '▼' "$tmp/stepsite")" -eq 1 -a "$(marked '▲' "$tmp/stepsite")" -eq 0
expect "$gen" baselines/nvidia-h100-80gb-hbm3.json "$tmp/raised" 20 12 6 level6_tuned
expect "$build" --history "$tmp/raised" --out "$tmp/raisedsite" --baselines "$tmp/no-baselines"
expect test "$(marked '▲' "$tmp/raisedsite")" -eq 1 -a "$(marked '▼' "$tmp/raisedsite")" -eq 0
# ... and where the runs recorded their kernels' SASS (sweep --sass; the template is a real
# H100 run, the step halves level 6's FFMAs), each row of the step gives the code's change.
expect "$gen" site/testing/testdata/h100-full-sass.json "$tmp/sassed" 20 12 -6 level6_tuned
expect "$build" --history "$tmp/sassed" --out "$tmp/sasssite" --baselines "$tmp/no-baselines"
sass_change='same kernel tuned_kernel&lt;128,256,16,3,1,1&gt;.*same registers (215).*; SASS FFMA 2272 -&gt; 1136, instructions 5440 -&gt; 4304'
expect grep -q "level6_tuned</a><br><span class=\"shape\">4096x4096x4096</span>.*<summary>inside the kernel</summary>$sass_change" "$tmp/sasssite/regressions.html"
expect grep -q "level6_tuned</a></th><td>4096x4096x4096</td>.*inside the kernel: $sass_change" "$tmp/sasssite/gpu/nvidia-h100-80gb-hbm3/runs/20270101T121200Z-000abc00000c.html"
# ... the history chart marks it (its alt text counts the marks) ...
expect grep -q 'alt="level6_tuned at 4096³: [^"]*1 step across runs and [0-9]* known changes\? marked' "$tmp/stepsite/gpu/nvidia-h100-80gb-hbm3/index.html"
# "still present" stands on robust levels, not one run: the drop that lasts is still
# present, medians given; a drop back from a one-run high (+8% at run 10 alone) is not
# sustained, and nothing of it is still present.
row=$(grep -o 'level6_tuned</a><br><span class="shape">4096x4096x4096</span>.*' "$tmp/stepsite/regressions.html" | head -1)
expect grep -qE 'still present: [0-9.]+ since \(median of 8\) against [0-9.]+ before \(median of 5\)' <<<"$row"
expect "$gen" site/testing/testdata/h100-full-sass.json "$tmp/blip" 20 10 8 level6_tuned 1
expect "$build" --history "$tmp/blip" --out "$tmp/blipsite" --baselines "$tmp/no-baselines"
expect grep -q 'not sustained: the run before was a high' "$tmp/blipsite/regressions.html"
expect test "$(grep -c 'class="present"' "$tmp/blipsite/regressions.html")" -eq 0
# ... and the Atom feed carries each of them as an entry.
expect test "$(grep -c '<title>level6_tuned [0-9x]* stepped -' "$tmp/stepsite/regressions.xml")" -eq 9
# Annotations: the step's commit marked expected for level 6 (one entry covers its every
# shape), a note on run 5 for every kernel; who and why are escaped. The steps table shows
# the triage, the known changes list the note, the charts mark it, and the feed too.
cat >"$tmp/notes.json" <<'NOTES'
{"schema": "sgemm-bench-annotations/1", "annotations": [
 {"gpu": "nvidia-h100-80gb-hbm3", "commit": "000abc00000c", "kernel": "level6_tuned",
  "state": "expected", "who": "<b>kernel team</b>", "why": "fewer stages & less shared memory"},
 {"gpu": "*", "commit": "000abc000005", "state": "note", "who": "ops", "why": "driver update"}]}
NOTES
expect "$build" --history "$tmp/stepped" --out "$tmp/notesite" --baselines "$tmp/no-baselines" --annotations "$tmp/notes.json"
expect grep -q 'triaged: expected by &lt;b&gt;kernel team&lt;/b&gt;: fewer stages &amp; less shared memory' "$tmp/notesite/regressions.html"
expect grep -q '<td>driver update</td><td>ops (note)</td>' "$tmp/notesite/regressions.html"
expect grep -q 'alt="level6_tuned at 4096³: [^"]*2 known changes marked' "$tmp/notesite/gpu/nvidia-h100-80gb-hbm3/index.html"
# A malformed annotations file is skipped whole and named; --strict refuses it.
echo '{"schema": "sgemm-bench-annotations/1", "annotations": [{"gpu": "*", "commit": "xyz", "state": "note", "who": "a", "why": "b"}]}' >"$tmp/bad-notes.json"
"$build" --history "$tmp/stepped" --out "$tmp/badnotes" --baselines "$tmp/no-baselines" --annotations "$tmp/bad-notes.json" 2>"$tmp/bad-notes.err"
expect test $? -eq 0
expect grep -q "skipping the annotations: .*bad-notes.json: annotations\[0\].commit: 7 to 40 lower-case hex digits" "$tmp/bad-notes.err"
"$build" --history "$tmp/stepped" --out "$tmp/badnotes2" --baselines "$tmp/no-baselines" --annotations "$tmp/bad-notes.json" --strict 2>/dev/null
expect test $? -eq 2
# An evidence path that leaves the repository, or is not one, is refused the same way.
for ev in '../../etc/passwd' '/abs/path' 'a//b' 'docs/x y' 'docs/"x'; do
  printf '{"schema": "sgemm-bench-annotations/1", "annotations": [{"gpu": "*", "commit": "000abc000005", "state": "note", "who": "a", "why": "b", "evidence": "%s"}]}' "${ev//\"/\\\"}" >"$tmp/bad-ev.json"
  "$build" --history "$tmp/stepped" --out "$tmp/badev" --baselines "$tmp/no-baselines" --annotations "$tmp/bad-ev.json" --strict 2>"$tmp/bad-ev.err"
  expect test $? -eq 2
  expect grep -q 'annotations\[0\].evidence: a path in the repository' "$tmp/bad-ev.err"
done

# The same checks in the browser for a site of 20 runs with steps and regressions (at
# 390 px, its commit pages' environment table once scrolled the page sideways).
if [ -n "$chrome" ] && [ -f "$pw/playwright-core/package.json" ]; then
  expect env NODE_PATH="$pw" timeout 300 node site/testing/browser_check.cjs "$chrome" "$tmp/stepsite" "$shots/stepped"
fi

# 1,000 runs on one GPU (GENERATED for this test) build in under 60 s; the index < 1 MB.
big=$tmp/big
expect "$gen" baselines/nvidia-h100-80gb-hbm3.json "$big" 1000
start=$(date +%s.%N)
expect "$build" --history "$big" --out "$tmp/bigsite" --baselines "$tmp/no-baselines"
secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
echo "1000-run build: ${secs} s, index $(stat -c %s "$tmp/bigsite/index.html") bytes," \
     "GPU page $(stat -c %s "$tmp/bigsite/gpu/nvidia-h100-80gb-hbm3/index.html") bytes"
expect awk -v s="$secs" 'BEGIN { exit !(s < 60) }'
expect test "$(stat -c %s "$tmp/bigsite/index.html")" -lt 1000000
expect test "$(ls "$tmp/bigsite/gpu/nvidia-h100-80gb-hbm3/runs" | wc -l)" -eq 1000
# Run lists are pages of 100: no page grows with the history.
expect test -s "$tmp/bigsite/gpu/nvidia-h100-80gb-hbm3/runs-10.html"
expect test ! -e "$tmp/bigsite/gpu/nvidia-h100-80gb-hbm3/runs-11.html"
expect test "$(grep -c '<tr><td><a href="runs/' "$tmp/bigsite/gpu/nvidia-h100-80gb-hbm3/runs.html")" -eq 100

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
