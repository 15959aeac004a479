#!/bin/bash
# The first step of every GPU job (gpu_check.sh) and the GPU matrix (gpu_models.sh), with
# fake nvidia-smi and gh commands: one GPU of the routed model passes; two, none, another
# model or a pin past the machine's GPUs fail; the models are the baselines, and with a
# token that lists runners, a model without an online runner of the role is left out and
# reported.
set -u
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check=tools/ci/gpu_check.sh models=tools/ci/gpu_models.sh
smi() { printf '#!/bin/bash\nprintf "%%s\\n" %s\n' "$*" >"$tmp/smi"; chmod +x "$tmp/smi"; }

smi '"NVIDIA H100 80GB HBM3"'
expect env NVIDIA_SMI="$tmp/smi" "$check" nvidia-h100-80gb-hbm3
NVIDIA_SMI=$tmp/smi "$check" nvidia-h200 2>"$tmp/err"
expect test $? -eq 1
expect grep -q "this runner's GPU is 'nvidia-h100-80gb-hbm3', the job was routed for 'nvidia-h200'" "$tmp/err"
smi '"NVIDIA H200" "NVIDIA H200"'
NVIDIA_SMI=$tmp/smi "$check" nvidia-h200 2>"$tmp/err"
expect test $? -eq 1
expect grep -q "this job sees 2 GPUs" "$tmp/err"
expect env NVIDIA_SMI="$tmp/smi" CUDA_VISIBLE_DEVICES=1 "$check" nvidia-h200
NVIDIA_SMI=$tmp/smi CUDA_VISIBLE_DEVICES=0,1 "$check" nvidia-h200 2>/dev/null
expect test $? -eq 1
NVIDIA_SMI=$tmp/smi CUDA_VISIBLE_DEVICES=5 "$check" nvidia-h200 2>"$tmp/err"
expect test $? -eq 1
expect grep -q "names GPU 5, which this machine lacks" "$tmp/err"
NVIDIA_SMI=$tmp/none "$check" nvidia-h200 2>/dev/null
expect test $? -eq 1
"$check" 2>/dev/null
expect test $? -eq 2

# The models: every committed baseline, as JSON for a matrix.
want=$(for f in baselines/*.json; do basename "$f" .json; done | sed 's/.*/"&"/' | paste -sd, -)
expect test "$(env -u GH_TOKEN "$models" gpu-pr)" = "gpus=[$want]"
"$models" gpu-none >/dev/null 2>&1
expect test $? -eq 2
# With a token that lists runners: only the models with an online runner of the role.
mkdir -p "$tmp/bin"
cat >"$tmp/bin/gh" <<'GH'
#!/bin/bash
printf '%s\n' "self-hosted,linux,x64,gpu-publish,nvidia-h100-80gb-hbm3" "self-hosted,linux,x64,gpu-pr,nvidia-h200"
GH
chmod +x "$tmp/bin/gh"
out=$(PATH=$tmp/bin:$PATH GH_TOKEN=t GITHUB_REPOSITORY=o/r GITHUB_STEP_SUMMARY=$tmp/summary "$models" gpu-publish 2>"$tmp/err")
expect test "$out" = 'gpus=["nvidia-h100-80gb-hbm3"]'             # $GITHUB_OUTPUT's one line
expect grep -q "::warning title=sgemm-bench::no online gpu-publish runner for nvidia-h200" "$tmp/err"
expect grep -q "nvidia-h200.*no online .gpu-publish. runner" "$tmp/summary"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
