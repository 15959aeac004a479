#!/bin/bash
# help_test.sh: every tool's --help prints its usage to standard output and exits 0, with
# nothing on standard error and no line of the script's code (tools/*.sh, the CI helpers,
# the autotuner). tools/sweep.sh passes --help to the sweep binary (cli_test covers it).
set -u
failures=0
for t in tools/*.sh tools/ci/push_history.sh tools/ci/bisect_hint.sh tools/ci/verdict.sh tools/ci/gpu_check.sh tools/ci/gpu_models.sh tools/ci/regression_issues.sh \
         tools/ci/drift.sh tools/ci/lab_test.sh tools/bench/compare_bench.sh \
         kernels/tuning/autotune.sh; do
  [ "$t" = tools/sweep.sh ] && continue
  out=$(HOME=/nonexistent "$t" --help 2>"${TEST_TMPDIR:-/tmp}/err")
  rc=$?
  err=$(cat "${TEST_TMPDIR:-/tmp}/err")
  why=
  [ "$rc" = 0 ] || why="exit $rc"
  [ -n "$out" ] || why="$why, nothing on stdout"
  [ -z "$err" ] || why="$why, stderr: ${err:0:80}"
  # A line of code: an assignment, set -u, a case or a function definition.
  if grep -qE '^(set -|[a-z_]+=|case |[a-z_]+\(\) *\{)' <<<"$out"; then why="$why, a line of code"; fi
  if grep -qiE 'issue #?[0-9]+' <<<"$out"; then why="$why, an issue number"; fi
  if [ -n "$why" ]; then echo "FAIL: $t --help: ${why#, }" >&2; failures=$((failures + 1)); fi
done
[ "$failures" = 0 ] || exit 1
echo "help_test: every --help prints to stdout and exits 0"
