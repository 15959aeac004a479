#!/bin/bash
# regression_issues.sh DIR: the publish job's issues, from `//runner:comment --issues DIR`.
# One open issue (label sgemm-regression) a regressed point: a point of DIR/<n>.key with no
# open issue gets one (DIR/<n>.title, DIR/<n>.md); one that has one gets the new body and a
# comment saying it is still regressed at $GITHUB_SHA. An open issue whose key is in
# DIR/passing.txt (the point ran valid and not regressed) is closed with a comment. An
# issue's key is the hidden marker its body starts with. Uses gh (GH_TOKEN, with issues:
# write) on $GITHUB_REPOSITORY.
# Exit: 0; 1 a gh call failed; 2 bad usage.
set -u
help_text() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) help_text; exit 0 ;; "") help_text >&2; exit 2 ;; esac
dir=$1
[ -f "$dir/regressed.txt" ] && [ -f "$dir/passing.txt" ] || { echo "regression_issues: $dir is not comment --issues output" >&2; exit 2; }
repo=${GITHUB_REPOSITORY:?regression_issues: GITHUB_REPOSITORY is not set} sha=${GITHUB_SHA:-unknown}
label=sgemm-regression
gh label create "$label" --repo "$repo" --color d93f0b --description "a kernel regressed on main (sgemm-bench)" --force >/dev/null || exit 1
# number<TAB>key of every open issue of the label
open=$(gh issue list --repo "$repo" --label "$label" --state open --limit 500 --json number,body \
  --jq '.[] | [.number, (.body | capture("^<!-- sgemm-bench regression (?<k>[A-Za-z0-9_./x-]+) -->").k // "")] | @tsv') || exit 1
issue_of() { awk -F'\t' -v k="$1" '$2 == k { print $1; exit }' <<<"$open"; }
for keyfile in "$dir"/*.key; do
  [ -e "$keyfile" ] || continue
  n=${keyfile%.key} key=$(cat "$keyfile")
  number=$(issue_of "$key")
  if [ -z "$number" ]; then
    gh issue create --repo "$repo" --label "$label" --title "$(cat "$n.title")" --body-file "$n.md" >/dev/null || exit 1
    echo "regression_issues: opened: $key"
  else
    gh issue edit "$number" --repo "$repo" --body-file "$n.md" >/dev/null &&
      gh issue comment "$number" --repo "$repo" --body "Still regressed at $sha." >/dev/null || exit 1
    echo "regression_issues: updated #$number: $key"
  fi
done
while IFS=$'\t' read -r number key; do
  [ -n "$key" ] && grep -qxF -- "$key" "$dir/passing.txt" || continue
  grep -qxF -- "$key" "$dir/regressed.txt" && continue
  gh issue close "$number" --repo "$repo" --comment "Recovered: valid and not regressed at $sha." >/dev/null || exit 1
  echo "regression_issues: closed #$number: $key"
done <<<"$open"
