# testlib.sh: sourced by the history tools' tests. Arguments: BUILD PUBLISH COMPARE CHART;
# sets build, publish, compare, data (runner/testdata), SGEMM_SITE_CHARTS, expect(), and a
# temporary directory $tmp that is the working directory and goes at exit.
build=$(realpath "$1") publish=$(realpath "$2") compare=$(realpath "$3")
export SGEMM_SITE_CHARTS=$(dirname "$(realpath "$4")")
data=$(realpath runner/testdata)
passed=0 failed=0
expect() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL (line ${BASH_LINENO[0]}): $*" >&2; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
