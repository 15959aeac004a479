/* stats.h: summaries of timing samples. */
#ifndef SGEMM_BENCH_RUNNER_STATS_H
#define SGEMM_BENCH_RUNNER_STATS_H

#include "runner/results.h"

/* Summarises n >= 1 samples (milliseconds; the array is not modified):
 * median, min, p10, p90 (linear interpolation) and rel_noise, the relative half-width
 * of an approximate 95% confidence interval of the median:
 *     rel_noise = 1.96 * 1.2533 * (1.4826 * MAD) / sqrt(n) / median
 * (MAD scaled to a standard deviation; 1.2533 = sqrt(pi/2), the median's standard error
 * factor). It shrinks as samples accumulate, so "sample until rel_noise <= 0.5%" ends.
 * With fewer than 3 samples rel_noise is (max - min) / median. */
void stats_summarize(const double *samples, int n, struct time_stats *out);

/* The q-quantile (0..1) of sorted[0..n), linear interpolation. */
double stats_quantile(const double *sorted, int n, double q);

/* The p-quantile (0 < p < 1) of Student's t distribution with df >= 1 degrees of freedom
 * (to ~1e-9 relative, by bisection on the distribution function, which comes from the
 * regularized incomplete beta function). */
double stats_t_quantile(double p, int df);

/* The mean of x[0..n) and its standard error: the sample standard deviation (n - 1 in the
 * denominator), raised to floor_sd when under it, over sqrt(n). n >= 1; with n == 1 the
 * standard deviation is floor_sd. */
void stats_mean_se(const double *x, int n, double floor_sd, double *mean, double *se);

#endif
