#include "runner/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/test_util.h"

int main(void)
{
    struct time_stats t;
    const double one[] = {2.0};
    stats_summarize(one, 1, &t);
    CHECK(t.samples == 1);
    CHECK_NEAR(t.median, 2.0, 0);
    CHECK_NEAR(t.rel_noise, 0, 0);

    double five[] = {5, 1, 4, 2, 3};
    const double five_copy[] = {5, 1, 4, 2, 3};
    stats_summarize(five, 5, &t);
    CHECK_NEAR(t.median, 3, 1e-12);
    CHECK_NEAR(t.min, 1, 0);
    CHECK_NEAR(t.p10, 1.4, 1e-12);
    CHECK_NEAR(t.p90, 4.6, 1e-12);
    /* MAD of {2,1,0,1,2} is 1: 1.96 * 1.2533 * 1.4826 / sqrt(5) / 3 */
    CHECK_NEAR(t.rel_noise, 1.96 * 1.2533 * 1.4826 / sqrt(5.0) / 3, 1e-12);
    CHECK(memcmp(five, five_copy, sizeof five) == 0); /* input untouched (it sorts a copy) */

    /* Noise shrinks as samples accumulate from the same spread. */
    double many[400];
    for (int i = 0; i < 400; ++i)
        many[i] = 1.0 + 0.01 * ((i * 37) % 11 - 5) / 5.0;
    struct time_stats few, lots;
    stats_summarize(many, 20, &few);
    stats_summarize(many, 400, &lots);
    CHECK(lots.rel_noise < few.rel_noise / 3);

    const double two[] = {1.0, 1.5};
    stats_summarize(two, 2, &t);
    CHECK_NEAR(t.rel_noise, 0.5 / 1.25, 1e-12);

    const double flat[] = {3, 3, 3, 3};
    stats_summarize(flat, 4, &t);
    CHECK_NEAR(t.rel_noise, 0, 0);
    /* Student's t quantiles against published tables. */
    CHECK_NEAR(stats_t_quantile(0.975, 1), 12.7062, 1e-4);
    CHECK_NEAR(stats_t_quantile(0.95, 4), 2.1318, 1e-4);
    CHECK_NEAR(stats_t_quantile(0.975, 30), 2.0423, 1e-4);
    CHECK_NEAR(stats_t_quantile(0.9995, 7), 5.4079, 1e-4);
    CHECK_NEAR(stats_t_quantile(0.9999, 1), 3183.0988, 1e-3);
    CHECK_NEAR(stats_t_quantile(0.05, 1), -6.3138, 1e-4);

    /* Mean and standard error, with the floor on the standard deviation. */
    const double x[] = {1, 2, 3, 4};
    double mean, se;
    stats_mean_se(x, 4, 0, &mean, &se);
    CHECK_NEAR(mean, 2.5, 1e-12);
    CHECK_NEAR(se, sqrt(5.0 / 3) / 2, 1e-12);
    stats_mean_se(x, 4, 10, &mean, &se);
    CHECK_NEAR(se, 10.0 / 2, 1e-12);
    return test_report();
}
