#!/bin/bash
# The site renders a model and judges once (site/analysis.h): no page file calls the
# verdict module's judging functions, and nothing but analysis.c reads a baseline.
set -u
bad=$(grep -nE '\b(compare_results|compare_point|compare_reference|compare_threshold|results_read)\(' \
  site/pages/*.c)
if [ -n "$bad" ]; then
  echo "FAIL: a page judges or reads results itself (move it to site/analysis.c):" >&2
  echo "$bad" >&2
  exit 1
fi
echo "layout_test: $(ls site/pages/*.c | wc -l) page files render only"
