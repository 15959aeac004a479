#!/bin/bash
# add_kernel_test.sh DISK_CACHE: the promise of docs/ADDING_A_KERNEL.md, kept on a copy of
# the workspace. The guide's example kernel goes into kernels/my_sgemm.cu and one line into
# kernels/BUILD; nothing else changes. Then the kernel must be in `sweep --list`, in a
# results file written by a fake run (//kernels/testing:fake_run: there is no GPU here),
# and on the site built from that file. tools/test.sh runs it after the tests; the copy's
# build reuses the tests' actions through the shared disk cache.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cache=${1:?usage: add_kernel_test.sh DISK_CACHE}
tmp=$(mktemp -d)
ws=$tmp/ws ob=$tmp/output_base
passed=0 failed=0
cleanup() {
  bazel --output_base="$ob" shutdown >/dev/null 2>&1 || true
  chmod -R u+w "$tmp" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }

# The copy: every tracked file as it is in the working tree.
mkdir -p "$ws"
git -C "$root" ls-files -z | tar -C "$root" --null -T - -cf - | tar -C "$ws" -xf -

# One file: the example of the guide, as printed there.
awk '/^```cuda$/ { on = 1; next } /^```$/ { on = 0 } on' "$root/docs/ADDING_A_KERNEL.md" \
  >"$ws/kernels/my_sgemm.cu"
expect grep -q 'SGEMM_REGISTER_KERNEL(my_sgemm' "$ws/kernels/my_sgemm.cu"
# One BUILD line.
sed -i 's/^    "level6_tuned.cu",$/&\n    "my_sgemm.cu",/' "$ws/kernels/BUILD"
expect test "$(diff "$root/kernels/BUILD" "$ws/kernels/BUILD" | grep -c '^[<>]')" -eq 1

cd "$ws" || exit 1
bazel --output_base="$ob" build --disk_cache="$cache" //runner:sweep \
  //kernels/testing:fake_run //site:build //site:publish 2>"$tmp/build.log" ||
  { failed=$((failed + 1)); tail -20 "$tmp/build.log" >&2; }
list=$(bazel-bin/runner/sweep --list)
expect grep -qE '^sgemm +8 +my_sgemm +8\.0\+ +one line for --list and the site$' <<<"$list"

hist=$tmp/history site=$tmp/site
expect bazel-bin/kernels/testing/fake_run "$tmp/fake.json" 0123456789ab 2026-11-22T02:00:00Z
expect grep -q '"name": "my_sgemm"' "$tmp/fake.json"
expect grep -q '"source": "where the 40-60% comes from"' "$tmp/fake.json"
expect bazel-bin/site/publish "$tmp/fake.json" --history "$hist"
expect bazel-bin/site/build --history "$hist" --out "$site" --baselines "$tmp/no-baselines"
page=$(cat "$site"/gpu/fake-gpu/runs/*.html)
expect grep -q 'id="pt-my_sgemm-4096x4096x4096"' <<<"$page"
expect grep -qF 'where the 40-60% comes from' <<<"$page"
expect grep -q 'my_sgemm at 4096' "$site"/gpu/fake-gpu/history4096-*.svg

echo "add_kernel_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
