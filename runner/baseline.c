#include "runner/baseline.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool points_hold_kernel(const struct results *r, const char *kernel)
{
    for (size_t i = 0; i < r->n_points; ++i)
        if (strcmp(r->points[i].kernel, kernel) == 0)
            return true;
    return false;
}

/* Newer runs holding each kernel, counted from the newest run back. */
struct kernel_count {
    char kernel[RS_SHORT];
    size_t runs;
};

static struct kernel_count *count_of(struct kernel_count *c, size_t *n, const char *kernel)
{
    for (size_t i = 0; i < *n; ++i)
        if (strcmp(c[i].kernel, kernel) == 0)
            return &c[i];
    struct kernel_count *e = &c[(*n)++];
    memcpy(e->kernel, kernel, sizeof e->kernel);
    e->runs = 0;
    return e;
}

/* Counts run's kernels once each: the run is one more newer run for each kernel it holds. */
static void count_run(struct kernel_count *c, size_t *n, const struct baseline_run *run)
{
    for (size_t j = 0; j < run->n_points; ++j) {
        bool seen = false;
        for (size_t i = 0; i < j && !seen; ++i)
            seen = strcmp(run->points[i].kernel, run->points[j].kernel) == 0;
        if (!seen)
            count_of(c, n, run->points[j].kernel)->runs++;
    }
}

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
    if (old) /* a kernel the run did not measure keeps its points */
        for (size_t i = 0; i < old->n_points; ++i)
            if (!points_hold_kernel(run, old->points[i].kernel) && results_add(out, &old->points[i]))
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
    if (keep == 0)
        return 0;
    struct results newest; /* run as a baseline run: its valid points */
    results_init(&newest);
    if (results_add_run(&newest, run)) {
        results_free(&newest);
        return -1;
    }
    const size_t have = old ? old->n_runs : 0;
    size_t total_points = newest.runs[0].n_points;
    for (size_t i = 0; i < have; ++i)
        total_points += old->runs[i].n_points;
    /* Each kernel keeps the newest `keep` runs that hold it. Walking back from the new run,
     * an old run keeps the points of the kernels it is among those for; one that keeps
     * none goes. Kept runs are collected newest first, then copied oldest first. */
    struct kernel_count *counts = calloc(total_points + 1, sizeof *counts);
    struct baseline_run *kept = calloc(have + 1, sizeof *kept);
    int rc = counts && kept ? 0 : -1;
    size_t n_counts = 0, n_kept = 0;
    if (rc == 0)
        count_run(counts, &n_counts, &newest.runs[0]);
    for (size_t i = have; rc == 0 && i-- > 0;) {
        const struct baseline_run *r = &old->runs[i];
        struct baseline_run k = *r;
        k.points = calloc(r->n_points + 1, sizeof *k.points);
        if (!k.points) {
            rc = -1;
            break;
        }
        k.n_points = 0;
        for (size_t j = 0; j < r->n_points; ++j)
            if (count_of(counts, &n_counts, r->points[j].kernel)->runs < keep)
                k.points[k.n_points++] = r->points[j];
        count_run(counts, &n_counts, r);
        if (k.n_points > 0)
            kept[n_kept++] = k;
        else
            free(k.points);
    }
    for (size_t i = n_kept; rc == 0 && i-- > 0;)
        rc = results_copy_run(out, &kept[i]);
    if (rc == 0)
        rc = results_copy_run(out, &newest.runs[0]);
    for (size_t i = 0; i < n_kept; ++i)
        free(kept[i].points);
    free(kept);
    free(counts);
    results_free(&newest);
    return rc;
}
