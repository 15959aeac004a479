#include "runner/stats.h"

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
    return test_report();
}
