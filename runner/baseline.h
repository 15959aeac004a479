/* baseline.h: a baseline as a set of runs (DESIGN.md, "Second wave").
 *
 * `--update-baseline` adds the new run to the committed file's set; each kernel keeps the
 * newest BASELINE_KEEP runs that measured it, so a run of one kernel (--levels 6) renews
 * that kernel alone and the others keep their runs and the spread between their GPUs. The
 * tolerances come from that spread (compare.h). */
#ifndef SGEMM_BENCH_RUNNER_BASELINE_H
#define SGEMM_BENCH_RUNNER_BASELINE_H

#include <stddef.h>

#include "runner/results.h"

enum { BASELINE_KEEP = 8 };

/* Builds in *out (initialised here; the caller results_free()s it) the baseline after
 * `run`: run's points and old's points of the kernels run did not measure, old's reviewed
 * thresholds, and old's runs plus `run`, each kernel's newest `keep` runs kept: an old run
 * keeps its points of the kernels it is among the newest `keep` for, and goes when that is
 * none. old may be NULL (a first baseline). Returns 0, or -1 when out of memory. */
int baseline_merge(const struct results *old, const struct results *run, size_t keep,
                   struct results *out);

#endif
