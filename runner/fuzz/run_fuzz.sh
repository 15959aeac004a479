#!/bin/bash
# Builds a fuzzer with clang (libFuzzer, ASan, UBSan) and runs it over a copy of its
# committed corpus for SECONDS seconds (default 20). Any crash, leak or undefined
# behaviour fails the run. Usage: run_fuzz.sh [SECONDS] [CORPUS_OUT_DIR] [TARGET]
#   TARGET results (default): the results loader and compare;
#   TARGET publish: validation, then the history store name (site/history.c);
#   TARGET escape: every output escaper, over arbitrary bytes (the page writers' strings);
#   TARGET pages: the site's model and page writers (index, regressions, feed, runs, commit);
#   TARGET selftest: a target that always crashes (keeps_crashes_test.sh).
# Crash inputs are kept (in the test's outputs under bazel, else in a directory it names).
#   bazel test runs each briefly; for a long run, from the workspace root:
#   runner/fuzz/run_fuzz.sh 600 runner/fuzz/corpus
#   runner/fuzz/run_fuzz.sh 600 runner/fuzz/publish_corpus publish
set -eu
seconds=${1:-20}
out=${2:-}
[ "$out" = - ] && out=""  # "-": no corpus out
target=${3:-results}
case "$target" in
  results) srcs=(runner/fuzz/results_fuzz.c runner/compare.c runner/sass.c runner/stats.c) corpus=runner/fuzz/corpus ;;
  publish) srcs=(runner/fuzz/publish_fuzz.c site/history.c) corpus=runner/fuzz/publish_corpus ;;
  escape) srcs=(runner/fuzz/escape_fuzz.c site/html.c) corpus=runner/fuzz/escape_corpus ;;
  pages) srcs=(runner/fuzz/pages_fuzz.c site/analysis.c site/annotations.c site/changepoint.c site/commits.c site/history.c site/pages/*.c site/html.c site/charts.c
      runner/compare.c runner/run_info.c runner/sass.c runner/stats.c) corpus=runner/fuzz/pages_corpus ;;
  selftest) srcs=(runner/fuzz/crash_fuzz.c) corpus=runner/fuzz/crash_corpus ;; # TEST ONLY
  *) echo "run_fuzz: unknown target '$target'" >&2; exit 2 ;;
esac
root=$(pwd)
jansson_a=${JANSSON_A:-$(find -L "$root" -path '*jansson/lib/libjansson.a' | head -1)}
jansson_inc=$(dirname "$(find -L "$root" -path '*jansson/include/jansson.h' | head -1)")
clang=$(command -v clang || command -v clang-14 || true)
if [ -z "$clang" ] || [ -z "$jansson_a" ]; then
  echo "run_fuzz: needs clang and libclang-rt-14-dev (apt-get install clang libclang-rt-14-dev)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$clang" -std=c11 -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L -g -O1 \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
  -I"$root" -I"$jansson_inc" \
  "${srcs[@]}" runner/results.c runner/results_read.c runner/results_stream.c \
  runner/results_write.c runner/slug.c runner/atomic_file.c runner/escape.c \
  "$jansson_a" -lm -o "$work/fuzzer"
mkdir -p "$work/corpus"
cp "$corpus"/* runner/testdata/*.json runner/testdata/bad/*.json "$work/corpus/" 2>/dev/null || true
# Crash inputs outlive the temporary directory: under `bazel test` in the test's undeclared
# outputs (bazel-testlogs/.../test.outputs), else in a directory of their own, named below.
crashes=${TEST_UNDECLARED_OUTPUTS_DIR:-}
[ -n "$crashes" ] || crashes=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-crashes.XXXXXX")
"$work/fuzzer" "$work/corpus" -max_total_time="$seconds" -rss_limit_mb=2048 \
  -max_len=65536 -print_final_stats=1 -artifact_prefix="$crashes/" 2>&1 | tail -15
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
  echo "run_fuzz: the failing inputs are kept in $crashes" >&2
elif [ -z "${TEST_UNDECLARED_OUTPUTS_DIR:-}" ]; then
  rmdir "$crashes" 2>/dev/null || true # nothing found: nothing to keep
fi
if [ -n "$out" ] && [ "$status" -eq 0 ]; then
  mkdir -p "$out"
  "$work/fuzzer" -merge=1 "$out" "$work/corpus" >/dev/null 2>&1
fi
if [ "$status" -eq 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; fi
exit "$status"
