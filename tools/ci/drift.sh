#!/bin/bash
# drift.sh BASELINE.json RESULTS.json: the PR check's "drift since the baseline" section.
# Judges the head's results against the committed baseline of this GPU and writes the
# verdict to the step summary under its own heading. It never fails the job: the A/B
# verdict gates the PR; drift is what a refresh of the baseline would review.
case "${1:-}" in -h | --help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
set -u
base=$1 results=$2
if [ ! -f "$base" ]; then
  echo "::warning title=sgemm-bench drift::no committed baseline $base: drift not reported"
  exit 0
fi
md=$(mktemp)
trap 'rm -f "$md"' EXIT
# The compare tool's own annotations would read as failures: it runs outside Actions here.
env -u GITHUB_ACTIONS -u GITHUB_STEP_SUMMARY bazel run //runner:compare -- "$base" "$results" \
  --summary "$md"
rc=$?
if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -s "$md" ]; then
  { echo "## Drift since the baseline (warning only; the A/B verdict above gates the PR)"
    echo
    sed 's/^## sgemm-bench verdict:/### Against the baseline:/' "$md"; } >>"$GITHUB_STEP_SUMMARY"
fi
[ "$rc" -eq 0 ] || echo "::warning title=sgemm-bench drift::the results differ from $base (compare exit $rc): see the step summary"
exit 0
