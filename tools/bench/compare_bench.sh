#!/bin/bash
# compare_bench.sh [N ...]: time and peak memory of `compare F F` for results files of N
# points (default 10000 100000 1000000), generated here with awk (compact JSON, one
# kernel name per 64 points). A benchmark, not a test: run by hand, figures in the note.
#   tools/bench/compare_bench.sh            (builds //runner:compare first)
#   COMPARE=.device/bin/compare tools/bench/compare_bench.sh   (a machine without Bazel)
case "${1:-}" in -h | --help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
set -eu
cd "$(dirname "$0")/../.."
if [ -z "${COMPARE:-}" ]; then
  bazel build //runner:compare >/dev/null 2>&1
  COMPARE=$PWD/bazel-bin/runner/compare
fi
compare=$(realpath "$COMPARE")
echo "compare_bench: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- 10000 100000 1000000
for n in "$@"; do
  awk -v n="$n" 'BEGIN {
    printf "{\"schema\":\"sgemm-bench/2\",\"run\":{\"commit\":\"0123456\",\"branch\":\"b\",\"utc\":\"2026-11-21T05:00:00Z\",\"tool_version\":\"0\",\"argv\":[],\"profile\":\"full\"},"
    printf "\"device\":{\"name\":\"NVIDIA H100 80GB HBM3\",\"slug\":\"nvidia-h100-80gb-hbm3\",\"cc\":\"9.0\",\"sms\":132,\"l2_bytes\":1,\"mem_bytes\":1,\"sm_clock_max_mhz\":1980,\"mem_bandwidth_gbs\":1,\"driver\":\"d\",\"cuda_runtime\":\"13.0\",\"cublas\":\"13\"},"
    printf "\"conditions\":{\"sm_clock_mhz\":{\"min\":null,\"max\":null},\"temp_c_max\":null,\"throttle_reasons\":[],\"discarded_samples\":0},\"results\":["
    t = "{\"median\":1,\"min\":1,\"p10\":1,\"p90\":1,\"rel_noise\":0.001,\"samples\":3}"
    for (i = 0; i < n; ++i)
      printf "%s{\"kernel\":\"k%d\",\"level\":1,\"m\":%d,\"n\":2048,\"k\":2048,\"time_ms\":%s,\"cublas_time_ms\":%s,\"gflops\":1,\"cublas_gflops\":1,\"pct_cublas\":50,\"max_rel_err\":0,\"valid\":true}", (i ? "," : ""), i / 64, 1024 + i % 64, t, t
    printf "]}\n" }' >"$tmp/r.json"
  size=$(stat -c %s "$tmp/r.json")
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$compare" "$tmp/r.json" "$tmp/r.json" >/dev/null 2>"$tmp/err" || true
  read -r secs kib < <(tail -1 "$tmp/time") # a failed run's first line says so
  printf "compare_bench: %8d points, %6.1f MB file: %6.2f s, peak %7.1f MB%s\n" "$n" \
    "$(awk -v s="$size" 'BEGIN { print s / 1e6 }')" "$secs" "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')" \
    "$(grep -q . "$tmp/err" && echo " ($(head -c 120 "$tmp/err"))")"
  rm -f "$tmp/r.json"
done
