/* analysis.h: the site's model step. It reads each GPU's committed baseline once, judges
 * every run once (against the run before it and against the baseline), and lists the
 * regressions with their recoveries. The pages (site/pages/) render this model: only this
 * file calls the verdict module's judging functions (compare_results, compare_point,
 * compare_reference); the pages use its names and one-point predicates.
 *
 * Errors: functions return 0, or -1 when out of memory; what cannot be judged is part of
 * the model (an rc and a reason), never an error. */
#ifndef SGEMM_BENCH_SITE_ANALYSIS_H
#define SGEMM_BENCH_SITE_ANALYSIS_H

#include <stdbool.h>

#include "runner/compare.h"
#include "site/annotations.h"
#include "site/commits.h"
#include "site/history.h"

/* One run judged. rc 0: the comparison holds the verdicts; 1: nothing to judge against
 * (the first run; no readable baseline); -1: not comparable, err says why; 2: stale, not
 * judged: the baseline was made at a later commit than the run (err says how many
 * commits later), so a verdict would compare the run with what came after it. */
struct judged {
    int rc;
    struct comparison c;
    char err[512];
};

struct run_model {
    struct judged prev; /* against the run before it on this GPU */
    struct judged base; /* against the committed baseline */
};

/* The valid runs up to a regression's good one whose median is the level it fell from. */
#define REGRESSION_LEVEL_RUNS 5

/* A regression: a point REGRESSED (or INVALID) in run `bad` against run `good`, the run
 * before it, and the run from which it is back (recovered; NULL: still present). A
 * REGRESSED point is back when the median of its runs since (level_since, n_since runs)
 * is within the threshold of the median of the REGRESSION_LEVEL_RUNS valid runs up to
 * `good` (level_before, n_before): recovered == bad when `good` was a one-run high. */
struct regression {
    const struct gpu_history *g;
    const struct run *good, *bad, *recovered;
    struct point_verdict v;
    const struct annotation *triage; /* acknowledged or expected in the annotations, or NULL */
    double level_before, level_since; /* % of the reference; NAN for an INVALID point */
    int n_before, n_since;
    long at; /* the bad run's commit's position in the history (commits.h), -1: not placed */
};

enum { REGRESSIONS_CAP = 2000, STEPS_CAP = 2000 };

/* A step across runs (site/changepoint.h) in one point's % of cuBLAS: the last run before
 * it and the first after, the means of the segments on either side, the change in % of
 * before, its permutation p-value. Only steps at least the gate's default threshold. */
struct step {
    const struct gpu_history *g;
    char kernel[RS_SHORT];
    int m, n, k;
    const struct run *last_before, *first_after;
    double before_pct, after_pct, change_pct, p;
    const struct annotation *triage;
    long at; /* first_after's commit's position in the history (commits.h), -1: not placed */
};

/* A known change at one run of a GPU: the driver, CUDA runtime or cuBLAS differs from the
 * run before, the run is the baseline's commit, or the annotations note it (`note`; its
 * kernel, when it names one, limits the mark to that kernel's charts). */
struct event {
    size_t run;
    char what[RS_TEXT];
    const struct annotation *note;
};

struct gpu_model {
    const struct gpu_history *g;
    int base_state; /* 0: base was read; -1: none committed; -2: one is, unreadable (base_why) */
    struct results base;
    char base_why[512];
    struct run_model *runs;  /* runs[i] for g->runs[i] */
    bool latest_is_baseline; /* the latest run is one of the baseline's own runs */
    long behind_head;        /* commits between the latest run and the checkout's HEAD; -1: unknown */
    struct event *events;    /* oldest first */
    size_t n_events;
};

struct site_model {
    const struct history *h;
    const struct annotations *notes; /* or NULL */
    struct gpu_model *gpus; /* gpus[i] for h->gpus[i] */
    size_t n_gpus;
    struct regression *regressions; /* every GPU's, newest first */
    size_t n_regressions;           /* at most REGRESSIONS_CAP */
    struct step *steps;             /* every GPU's, newest first */
    size_t n_steps;                 /* at most STEPS_CAP */
    const struct commit_order *order; /* the checkout's history (commits.h), or NULL */
};

/* The whole model of history h: every GPU's baseline and runs judged, the regressions,
 * and the steps of each point's series over its GPU's latest `window` runs. With the
 * repository's commit order (NULL: none), a run older than its baseline is stale (rc 2)
 * and each GPU says how far its latest run is behind HEAD.
 * Held in memory at once, about 160 KB a run (two comparisons of ~160 points; measured:
 * the 1000-run build of site_test peaks at 438 MB, against 280 MB when pages judged as
 * they printed, in the same ~14 s). Each baseline that exists but cannot be read is named
 * on stderr. */
int analysis_site(const struct history *h, const char *baselines, const struct annotations *notes,
                  const struct commit_order *order, int window, struct site_model *m);
/* How many committed baselines exist but cannot be read. */
int analysis_bad_baselines(const struct site_model *m);
void analysis_site_free(struct site_model *m);

/* The baseline's band for `name` at MxNxK: its reference and tolerance as a range of % of
 * the reference (compare.h); lo == hi == 0 when there is none. */
void analysis_band(const struct gpu_model *gm, const char *name, int m, int n, int k, double *lo,
                   double *hi);

#endif
