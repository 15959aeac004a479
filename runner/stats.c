#include "runner/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double stats_quantile(const double *sorted, int n, double q)
{
    double pos = q * (n - 1);
    int lo = (int)floor(pos);
    int hi = lo + 1 < n ? lo + 1 : lo;
    return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
}

void stats_summarize(const double *samples, int n, struct time_stats *out)
{
    memset(out, 0, sizeof *out);
    if (n <= 0)
        return;
    double *s = malloc((size_t)n * sizeof *s);
    double *dev = malloc((size_t)n * sizeof *dev);
    if (!s || !dev) {
        free(s);
        free(dev);
        return;
    }
    memcpy(s, samples, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    out->samples = n;
    out->min = s[0];
    out->median = stats_quantile(s, n, 0.5);
    out->p10 = stats_quantile(s, n, 0.1);
    out->p90 = stats_quantile(s, n, 0.9);
    if (out->median <= 0) {
        out->rel_noise = 0;
    } else if (n < 3) {
        out->rel_noise = (s[n - 1] - s[0]) / out->median;
    } else {
        for (int i = 0; i < n; ++i)
            dev[i] = fabs(s[i] - out->median);
        qsort(dev, (size_t)n, sizeof *dev, cmp_double);
        double mad = stats_quantile(dev, n, 0.5);
        out->rel_noise = 1.96 * 1.2533 * 1.4826 * mad / sqrt((double)n) / out->median;
    }
    free(s);
    free(dev);
}

/* I_x(a, b), the regularized incomplete beta function, from its continued fraction
 * (evaluated with the modified Lentz method), using the symmetry
 * I_x(a, b) = 1 - I_{1-x}(b, a) where the fraction converges slowly. */
static double beta_fraction(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    d = 1 / (fabs(d) < tiny ? tiny : d);
    double f = d;
    for (int m = 1; m <= 300; ++m) {
        for (int odd = 0; odd < 2; ++odd) {
            const double num =
                odd ? -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
                    : m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
            d = 1 + num * d;
            c = 1 + num / c;
            d = 1 / (fabs(d) < tiny ? tiny : d);
            c = fabs(c) < tiny ? tiny : c;
            f *= c * d;
        }
        if (fabs(c * d - 1) < 1e-15)
            break;
    }
    return f;
}

static double incomplete_beta(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    const double front =
        exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2))
        return front * beta_fraction(a, b, x) / a;
    return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

/* P(T <= t) for Student's t with df degrees of freedom. */
static double t_cdf(double t, int df)
{
    const double tail = 0.5 * incomplete_beta(df / 2.0, 0.5, df / (df + t * t));
    return t >= 0 ? 1 - tail : tail;
}

double stats_t_quantile(double p, int df)
{
    if (p == 0.5)
        return 0;
    if (p < 0.5)
        return -stats_t_quantile(1 - p, df);
    double lo = 0, hi = 1;
    while (t_cdf(hi, df) < p && hi < 1e12)
        hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-10 * hi; ++i) {
        const double mid = (lo + hi) / 2;
        if (t_cdf(mid, df) < p)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

void stats_mean_se(const double *x, int n, double floor_sd, double *mean, double *se)
{
    double sum = 0, ss = 0;
    for (int i = 0; i < n; ++i)
        sum += x[i];
    *mean = n > 0 ? sum / n : 0;
    for (int i = 0; i < n; ++i)
        ss += (x[i] - *mean) * (x[i] - *mean);
    const double sd = n > 1 ? sqrt(ss / (n - 1)) : 0;
    *se = n > 0 ? fmax(sd, floor_sd) / sqrt((double)n) : 0;
}
