#include "runner/baseline.h"

#include <stdlib.h>
#include <string.h>

int baseline_merge(const struct results *old, const struct results *run, size_t keep,
                   struct results *out)
{
    results_init(out);
    out->run = run->run;
    out->device = run->device;
    out->conditions = run->conditions;
    for (size_t i = 0; i < run->n_points; ++i)
        if (results_add(out, &run->points[i]))
            return -1;
    if (old && old->n_thresholds > 0) {
        out->thresholds = calloc(old->n_thresholds, sizeof *out->thresholds);
        if (!out->thresholds)
            return -1;
        memcpy(out->thresholds, old->thresholds, old->n_thresholds * sizeof *out->thresholds);
        out->n_thresholds = old->n_thresholds;
    }
    if (old)
        out->threshold_pct = old->threshold_pct;
    const size_t have = old ? old->n_runs : 0;
    const size_t skip = keep == 0 ? have : have + 1 > keep ? have + 1 - keep : 0;
    for (size_t i = skip; i < have; ++i)
        if (results_copy_run(out, &old->runs[i]))
            return -1;
    return keep == 0 ? 0 : results_add_run(out, run);
}
