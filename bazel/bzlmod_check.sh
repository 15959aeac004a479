#!/bin/bash
# bzlmod_check.sh [ROOT]: what Bazel 8 and 9 would reject, checked statically, since
# neither can run here (no network for Bazel itself or the module registry). ROOT is the
# source tree (default: found from this test's MODULE.bazel runfile). Checks:
#  1. no native.cc_* / native.sh_* (and java, py, objc) in our .bzl files;
#  2. every cc_* / sh_* rule used in a BUILD or .bzl file (generated BUILD text included)
#     is loaded in that file from @rules_cc or @rules_shell;
#  3. those loads name files that exist upstream (rules_cc, rules_shell) and in the
#     offline shims, which define every loaded symbol;
#  4. every @repo that a BUILD or .bzl file names is in MODULE.bazel (bazel_dep or a
#     use_repo_rule instance) and in WORKSPACE;
#  5. no WORKSPACE-only construct where bzlmod reads (MODULE.bazel, BUILD, .bzl);
#  6. .bazelrc makes Bazel 4.2.3 reject empty globs, as Bazel 8 does by default.
set -u
root=${1:-$(dirname "$(realpath MODULE.bazel)")}
cd "$root" || exit 2
passed=0 failed=0
ok() { passed=$((passed + 1)); }
no() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

mapfile -t files < <(find . \( -name 'bazel-*' -o -name .git -o -path ./third_party \) -prune -o \
                       -type f \( -name BUILD -o -name BUILD.bazel -o -name '*.bzl' \) -print | sort)
[ "${#files[@]}" -ge 5 ] || { echo "only ${#files[@]} BUILD/.bzl files under $root" >&2; exit 1; }
RULES='cc_binary|cc_library|cc_test|cc_import|sh_test|sh_binary|sh_library'
# Upstream load paths (rules_cc 0.2, rules_shell 0.6) -> the offline shim that stands in.
declare -A UPSTREAM=(
  ["@rules_cc//cc:defs.bzl"]=third_party/rules_cc/cc/defs.bzl
  ["@rules_cc//cc/common:cc_info.bzl"]=third_party/rules_cc/cc/common/cc_info.bzl
  ["@rules_shell//shell:sh_test.bzl"]=third_party/rules_shell/shell/sh_test.bzl
  ["@rules_shell//shell:sh_binary.bzl"]=third_party/rules_shell/shell/sh_binary.bzl
)

for f in "${files[@]}"; do
  # 1. native rules behind a macro.
  if grep -nE "native\.(cc_|sh_|java_|py_|objc_)" "$f" >&2; then no "$f calls a native rule Bazel 9 removed"; else ok; fi
  # 2. each rule used is loaded.
  used=$(grep -oE "(^|[^._a-zA-Z])($RULES)\(" "$f" | grep -oE "($RULES)" | sort -u)
  loads=$(grep -oE 'load\("@rules_(cc|shell)//[^"]*"[^)]*\)' "$f")
  for r in $used; do
    if grep -q "\"$r\"" <<<"$loads"; then ok; else no "$f uses $r without loading it from @rules_cc/@rules_shell"; fi
  done
  # 3. the loaded files exist upstream and in the shims, with the loaded symbols.
  while IFS= read -r l; do
    [ -n "$l" ] || continue
    path=$(grep -oE '@rules_(cc|shell)//[^"]*' <<<"$l")
    shim=${UPSTREAM[$path]:-}
    if [ -z "$shim" ]; then no "$f loads $path: not a file this check knows upstream"; continue; fi
    for sym in $(sed -E 's/^load\("[^"]*"//' <<<"$l" | grep -oE '"[A-Za-z_]+"' | tr -d '"'); do
      if grep -qE "^(def $sym\(|$sym = )" "$shim"; then ok; else no "$f loads $sym from $path: the shim $shim lacks it"; fi
    done
  done <<<"$loads"
  # 4. every repository named is declared for both Bazels.
  for repo in $(grep -oE '"@[a-z_][a-z0-9_]*//' "$f" | sed -E 's/^"@//; s|//$||' | sort -u); do
    case "$repo" in bazel_tools) continue ;; esac
    if grep -qE "^bazel_dep\(name = \"$repo\"|^[a-z_]+\(name = \"$repo\"\)" MODULE.bazel; then ok
    else no "$f names @$repo, which MODULE.bazel does not declare"; fi
    if grep -qE "name = \"$repo\"" WORKSPACE; then ok; else no "$f names @$repo, which WORKSPACE does not declare"; fi
  done
  # 5. WORKSPACE-only constructs.
  if grep -nE '//external:|native\.bind\(|native\.register_toolchains\(' "$f" >&2; then no "$f uses a WORKSPACE-only construct"; else ok; fi
done
if grep -nE '^\s*(workspace|local_repository|http_archive|git_repository|bind|load)\(' MODULE.bazel >&2; then
  no "MODULE.bazel holds a WORKSPACE-only construct"
else ok; fi
for dep in rules_cc rules_shell platforms; do
  if grep -qE "^bazel_dep\(name = \"$dep\", version = \"[0-9.]+\"\)" MODULE.bazel; then ok; else no "MODULE.bazel lacks bazel_dep $dep"; fi
done
# 6. empty globs.
if grep -qE '^build --incompatible_disallow_empty_glob' .bazelrc; then ok; else no ".bazelrc does not reject empty globs (Bazel 8's default)"; fi
echo "${#files[@]} files checked"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
