/* baseline.h: a baseline as a set of runs (DESIGN.md, "Second wave").
 *
 * `--update-baseline` adds the new run to the committed file's set and keeps the newest
 * BASELINE_KEEP runs; the tolerances come from that set's spread (compare.h). */
#ifndef SGEMM_BENCH_RUNNER_BASELINE_H
#define SGEMM_BENCH_RUNNER_BASELINE_H

#include <stddef.h>

#include "runner/results.h"

enum { BASELINE_KEEP = 8 };

/* Builds in *out (initialised here; the caller results_free()s it) the baseline after
 * `run`: run's points, old's reviewed thresholds, old's runs plus `run`, the newest `keep`
 * kept (oldest dropped first). old may be NULL (a first baseline). Returns 0, or -1 when
 * out of memory. */
int baseline_merge(const struct results *old, const struct results *run, size_t keep,
                   struct results *out);

#endif
