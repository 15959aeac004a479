/* changepoint.h: steps in a series of runs. Binary segmentation (Scott and Knott 1974;
 * Vostrikova 1981) on the two-sample t statistic of the means, each split kept only when a
 * permutation test of its largest statistic says so, as E-Divisive means does (Matteson
 * and James 2014; MongoDB's Hunter, now Apache Otava): the permutations shuffle the
 * segment, so the p-value accounts for taking the best split of many. Deterministic: the
 * permutations come from a generator seeded by the caller.
 *
 * The site runs it on the log of a point's % of cuBLAS over a GPU's runs (site/analysis.c);
 * changepoint_test.c measures how often it finds a step of 1, 2 and 4 times the noise. */
#ifndef SGEMM_BENCH_SITE_CHANGEPOINT_H
#define SGEMM_BENCH_SITE_CHANGEPOINT_H

#include <stdint.h>

enum {
    CP_MIN_SEGMENT = 3,     /* runs on each side of a step, at least */
    CP_PERMUTATIONS = 999,  /* per test: the smallest p-value is 1/1000 */
    CP_MAX_STEPS = 16,
};
#define CP_ALPHA 0.01 /* a split is a step when its permutation p-value is at most this */

struct cp_step {
    int at;              /* the first index after the step */
    double before, after; /* the means of the segments on either side */
    double p;            /* the permutation p-value of the split */
};

/* The steps of x[0..n), by index; returns their count (at most cap). seed fixes the
 * permutations (the same series and seed, the same answer). */
int cp_detect(const double *x, int n, uint64_t seed, struct cp_step *out, int cap);

#endif
