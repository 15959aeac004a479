#!/bin/bash
# verdict.sh RC: turns the sweep's exit code into the PR check's outcome.
# Fails on a regression (1), bad input (2), a wrong kernel (3), a broken environment (4)
# or a kernel the base measured and the head lacks (6); an inconclusive run (5) is a
# warning, not a failure.
case "${1:-}" in -h | --help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
rc=${1:-}
case "$rc" in
  0) echo "sgemm-bench: no regression" ;;
  1) echo "::error::sgemm-bench: a kernel regressed against the baseline (see the summary)"; exit 1 ;;
  2) echo "::error::sgemm-bench: bad usage or a bad input file"; exit 2 ;;
  3) echo "::error::sgemm-bench: a kernel produced wrong results or faulted"; exit 3 ;;
  4) echo "::error::sgemm-bench: the GPU environment is broken (no GPU, CUDA error)"; exit 4 ;;
  5) echo "::warning::sgemm-bench: inconclusive (too noisy or throttled after reruns)" ;;
  6) echo "::error::sgemm-bench: a kernel the base or baseline measured is missing (deleted or renamed)"; exit 6 ;;
  *) echo "::error::sgemm-bench: the sweep did not report an exit code ('$rc')"; exit 1 ;;
esac
