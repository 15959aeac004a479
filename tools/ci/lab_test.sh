#!/bin/bash
# lab_test.sh [ROOT]: the product and its lab stay apart (lab/README.md). Run by
# tools/test.sh on the checkout itself: lab/ is in .bazelignore, so no Bazel test can see it.
#  1. nothing in the product builds from lab/: .bazelignore lists it, and no BUILD file, .bzl,
#     WORKSPACE, MODULE.bazel, workflow or product script names a path under it;
#  2. every evidence ID the product cites ("lab/evidence/P123", or "evidence P123, G045" in
#     a comment) has its folder under lab/evidence with a NOTE.md naming a GPU and a commit;
#  3. the product names no GPU UUID and no working-day label (the word "session" and a number); recorded runs
#     (site/history, testdata) are data and are left out.
# Exit 0 when all hold, 1 with one line per failure.
set -u
case "${1:-}" in -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root" || exit 1
failures=0
fail() { echo "lab_test: $*" >&2; failures=$((failures + 1)); }

product=(README.md CHANGELOG.md docs kernels runner site tools bazel .github BUILD WORKSPACE
         MODULE.bazel .bazelrc .ci)
# Text files of the product, recorded runs and test inputs left out.
product_files() {
  git ls-files -z -- "${product[@]}" |
    grep -zv -e '^site/history/' -e '/testdata/' -e '\.json$' -e '\.svg$' -e '\.png$'
}

# 1. Nothing builds from lab/.
grep -qx 'lab' .bazelignore || fail ".bazelignore does not list lab"
while IFS= read -r -d '' f; do
  case "$f" in
    */BUILD | BUILD | *.bzl | WORKSPACE | MODULE.bazel | .github/workflows/*) ;;
    tools/*.sh | tools/ci/*.sh | kernels/*/*.sh | .ci/*) ;;
    *) continue ;;
  esac
  [ "$f" = tools/ci/lab_test.sh ] && continue
  if grep -n 'lab/' "$f" | grep -v '^[0-9]*:\s*#' >/dev/null; then
    fail "$f names a path under lab/: $(grep -n 'lab/' "$f" | grep -v '^[0-9]*:\s*#' | head -1)"
  fi
done < <(product_files)

# 2. Every cited evidence ID resolves.
cited=$(product_files | xargs -0 grep -ohE 'lab/evidence/[A-Z][0-9]{3}|evidence ([A-Z][0-9]{3}(, )?)+|^ *(\*|//) *([A-Z][0-9]{3}(, )?)+[);.]' 2>/dev/null |
  grep -oE '[A-Z][0-9]{3}' | sort -u)
[ -n "$cited" ] || fail "the product cites no evidence ID at all: the pattern is broken"
count=0
for id in $cited; do
  count=$((count + 1))
  note=lab/evidence/$id/NOTE.md
  if [ ! -f "$note" ]; then
    fail "evidence $id is cited but lab/evidence/$id/NOTE.md does not exist"
  elif ! grep -q '^- GPU: ' "$note" || ! grep -q '^- Commit' "$note"; then
    fail "$note names no GPU or no commit"
  fi
done

# 3. No GPU UUID, no working-day label.
while IFS= read -r -d '' f; do
  [ "$f" = tools/ci/lab_test.sh ] && continue
  grep -nHE 'GPU-[0-9a-f]{8}' "$f" | head -3 | while IFS= read -r hit; do echo "UUID $hit"; done
  grep -nHiE '\bsessions? ?[0-9]+\b|\bsession[0-9]+' "$f" | head -3 | while IFS= read -r hit; do echo "LABEL $hit"; done
done < <(product_files) >"${TMPDIR:-/tmp}/lab_test.$$"
while IFS= read -r hit; do fail "$hit"; done <"${TMPDIR:-/tmp}/lab_test.$$"
rm -f "${TMPDIR:-/tmp}/lab_test.$$"

if [ "$failures" -gt 0 ]; then
  echo "lab_test: $failures failure(s)" >&2
  exit 1
fi
echo "lab_test: the product builds nothing from lab/; $count cited evidence IDs resolve; no GPU UUID or working-day label"
