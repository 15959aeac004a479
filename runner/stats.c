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
