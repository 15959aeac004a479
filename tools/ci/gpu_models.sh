#!/bin/bash
# gpu_models.sh ROLE: the GPU models a workflow runs on, as a JSON list for its matrix: the
# slug of every committed baseline (baselines/<slug>.json), so that a new baseline is a new
# matrix entry with no workflow edit. ROLE is the runner group label (gpu-pr, gpu-publish).
# Where GH_TOKEN can list the repository's self-hosted runners (a token with read access
# to them: the RUNNER_READ_TOKEN secret; see docs/CI.md), a model with no online runner
# that has the labels ROLE and its slug is left out and reported (a warning and a line in
# the job summary), rather than queued until GitHub cancels it after 24 hours. Without
# such a token every model is listed.
# Output: one line, e.g. gpus=["nvidia-h100-80gb-hbm3","nvidia-h200"] (for $GITHUB_OUTPUT).
# Exit: 0; 2 bad usage or no baseline at all.
set -u
help_text() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) help_text; exit 0 ;; "") help_text >&2; exit 2 ;; esac
role=$1
case "$role" in gpu-pr | gpu-publish) ;; *) echo "gpu_models: ROLE '$role' is not gpu-pr or gpu-publish" >&2; exit 2 ;; esac
cd "$(dirname "$0")/../.." || exit 2
models=()
for f in baselines/*.json; do
  slug=$(basename "$f" .json)
  [[ "$slug" =~ ^[a-z0-9]+(-[a-z0-9]+)*$ ]] || { echo "gpu_models: skipping '$f': not a slug" >&2; continue; }
  models+=("$slug")
done
[ ${#models[@]} -gt 0 ] || { echo "gpu_models: no baselines/*.json" >&2; exit 2; }
online=
if [ -n "${GH_TOKEN:-}" ] && [ -n "${GITHUB_REPOSITORY:-}" ] &&
  online=$(gh api --paginate "repos/$GITHUB_REPOSITORY/actions/runners" \
    --jq '.runners[] | select(.status == "online") | [.labels[].name] | join(",")' 2>/dev/null); then
  kept=()
  for m in "${models[@]}"; do
    if grep -qE "(^|,)$role(,|$)" <<<"$(grep -E "(^|,)$m(,|$)" <<<"$online")"; then
      kept+=("$m")
    else
      echo "::warning title=sgemm-bench::no online $role runner for $m: not measured in this run" >&2
      [ -n "${GITHUB_STEP_SUMMARY:-}" ] &&
        echo "- **$m**: no online \`$role\` runner; this model is not measured in this run" >>"$GITHUB_STEP_SUMMARY"
    fi
  done
  models=("${kept[@]}")
fi
list=
for m in "${models[@]}"; do list="$list${list:+,}\"$m\""; done
echo "gpus=[$list]"
