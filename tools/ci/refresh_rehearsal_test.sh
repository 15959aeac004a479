#!/bin/bash
# The baseline refresh, rehearsed from refresh-baseline.yml's own steps (parsed with the
# npm `yaml` package): each `run:` executes as GitHub runs it (bash -e), in order, and a
# failed step skips the rest. A fake `bazel` stands in for the sweep, following the
# sweep's contract for --update-baseline: it writes the file, then exits 0 even when the
# new run is slower than the old set (real runs on the GPU did: docs/GATE.md). The GPU job
# (refresh) uploads the file; the hosted job (propose), which needs it, opens the PR: a
# fake create-pull-request records that the PR step was reached. The case the refresh
# exists for, a slower run, must reach it; a sweep that fails (a wrong kernel, exit 3) must
# not, and then the hosted job never runs.
set -u
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
wf=$(realpath .github/workflows/refresh-baseline.yml)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The refresh job's steps as "run<TAB>base64 script" or "uses<TAB>action".
node -e '
  const { execSync } = require("node:child_process");
  const YAML = require(`${execSync("npm root -g").toString().trim()}/yaml`);
  const wf = YAML.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  for (const job of ["refresh", "propose"]) {
    console.log(`job\t${job}`);
    for (const s of wf.jobs[job].steps)
      console.log(s.run ? `run\t${Buffer.from(s.run).toString("base64")}` : `uses\t${s.uses}`);
  }
  if (![].concat(wf.jobs.propose.needs).includes("refresh")) process.exit(3);
' "$wf" >"$tmp/steps" 2>/dev/null
expect test "$(grep -c '^run' "$tmp/steps")" -ge 2
expect grep -q "^uses	peter-evans/create-pull-request@" "$tmp/steps"

# rehearse SWEEP_EXIT: runs the steps in a scratch tree; prints the steps reached.
rehearse() {
  local dir=$tmp/case-$1
  mkdir -p "$dir/bin" "$dir/tools/ci" "$dir/baselines"
  printf '#!/bin/bash\nexit 0\n' >"$dir/tools/deps.sh"
  printf '#!/bin/bash\nexit 0\n' >"$dir/tools/ci/gpu_check.sh" # one GPU of the model
  # The fake sweep: an --update-baseline run writes the baseline, then exits $1.
  cat >"$dir/bin/bazel" <<FAKE
#!/bin/bash
case " \$* " in *" --update-baseline "*) echo '{"slower": true}' >baselines/nvidia-h100-80gb-hbm3.json ;; esac
exit $1
FAKE
  chmod +x "$dir/bin/bazel" "$dir/tools/deps.sh" "$dir/tools/ci/gpu_check.sh"
  while IFS=$'\t' read -r kind body; do
    case "$kind" in
      job) echo "job-$body" ;;
      uses)
        case "$body" in
          peter-evans/create-pull-request@*) echo "pr-step" ;;
          actions/upload-artifact@*) [ -s "$dir/baselines/nvidia-h100-80gb-hbm3.json" ] && echo "uploaded" ;;
          actions/checkout@*) echo "checkout" ;;
        esac ;;
      run)
        (cd "$dir" && PATH=$dir/bin:$PATH bash -e -c "$(base64 -d <<<"$body")") >/dev/null 2>&1 || return 0
        echo "run-ok" ;;
    esac
  done <"$tmp/steps"
}
slower=$(rehearse 0)
expect grep -q "uploaded" <<<"$slower"
expect grep -q "pr-step" <<<"$slower"
expect test -s "$tmp/case-0/baselines/nvidia-h100-80gb-hbm3.json"
wrong=$(rehearse 3)
expect bash -c "! grep -q 'pr-step' <<<\"\$0\"" "$wrong"
expect bash -c "! grep -q 'job-propose' <<<\"\$0\"" "$wrong"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
