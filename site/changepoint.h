/* changepoint.h: steps in a series of runs. Binary segmentation (Scott and Knott 1974;
 * Vostrikova 1981) on the two-sample t statistic of the means, each split kept only when a
 * permutation test of its largest statistic says so, as E-Divisive means does (Matteson
 * and James 2014; MongoDB's Hunter, now Apache Otava): the permutations shuffle the
 * segment, so the p-value accounts for taking the best split of many. Deterministic: the
 * permutations come from a generator seeded by the caller.
 *
 * The site runs it on the log of a point's % of cuBLAS over a GPU's runs (site/analysis.c);
 * changepoint_test.c measures how often it finds a step of 1, 2 and 4 times the noise.
 *
 * Cost. The statistic is the circular one (a run of the series against the rest, which
 * finds a bump as well as a step), with the run's ends on a grid of about CP_GRID points:
 * O(n + CP_GRID^2) for a series of n runs, every index for n <= CP_GRID. A tested segment
 * costs that once per permutation: CP_PERMUTATIONS where it holds a step; where it does
 * not, the permutations stop once CP_ALPHA x (CP_PERMUTATIONS + 1) = 10 of them reach the
 * observed statistic (the p-value can no longer pass), a few dozen. So a series costs
 * O(steps x CP_PERMUTATIONS x (n + CP_GRID^2)): near-linear in n. Measured with
 * //site:changepoint_bench (docs/HISTORY.md gives the figures). The found step's ends are
 * then placed to the run (the best index within a grid stride), which the p-value does
 * not depend on. */
#ifndef SGEMM_BENCH_SITE_CHANGEPOINT_H
#define SGEMM_BENCH_SITE_CHANGEPOINT_H

#include <stdint.h>

enum {
    CP_MIN_SEGMENT = 3,     /* runs on each side of a step, at least */
    CP_PERMUTATIONS = 999,  /* per test: the smallest p-value is 1/1000 */
    CP_MAX_STEPS = 16,
    CP_GRID = 64,           /* a run's ends are tried on about this many points (see below) */
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
