/* changepoint_test: the step detector (changepoint.h) on series whose steps are known.
 * Exact cases first; then the validation that docs/HISTORY.md quotes: 30 runs with
 * Gaussian noise of one sigma and a step at run 15 of 1, 2 and 4 sigma, 400 series each,
 * and 400 series without a step: how often a step is found, and how far from its run. */
#include <math.h>
#include <stdio.h>

#include "runner/test_util.h"
#include "site/changepoint.h"

static uint64_t state = 42;

static double uniform(void) /* (0, 1) */
{
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return ((double)(state >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(void) { return sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform()); }

static void exact_cases(void)
{
    double x[40];
    struct cp_step s[CP_MAX_STEPS];
    for (int i = 0; i < 20; ++i)
        x[i] = i < 10 ? 1.0 + 0.001 * (i % 3) : 2.0 + 0.001 * (i % 3);
    int n = cp_detect(x, 20, 1, s, CP_MAX_STEPS);
    CHECK(n == 1 && s[0].at == 10);
    CHECK(n == 1 && fabs(s[0].before - 1.001) < 0.01 && fabs(s[0].after - 2.001) < 0.01);
    CHECK(n == 1 && s[0].p <= CP_ALPHA);
    /* Two steps, down then back up. */
    for (int i = 0; i < 30; ++i)
        x[i] = (i >= 10 && i < 20 ? 0.5 : 1.0) + 0.001 * (i % 4);
    n = cp_detect(x, 30, 1, s, CP_MAX_STEPS);
    CHECK(n == 2 && s[0].at == 10 && s[1].at == 20);
    /* Flat: nothing. Too short to split with CP_MIN_SEGMENT on each side: nothing. */
    for (int i = 0; i < 30; ++i)
        x[i] = 1.0;
    CHECK(cp_detect(x, 30, 1, s, CP_MAX_STEPS) == 0);
    x[0] = x[1] = 0, x[2] = x[3] = x[4] = 5;
    CHECK(cp_detect(x, 5, 1, s, CP_MAX_STEPS) == 0);
    /* The same series and seed: the same answer. */
    for (int i = 0; i < 30; ++i)
        x[i] = gauss() + (i >= 15 ? 1.5 : 0);
    struct cp_step a[CP_MAX_STEPS], b[CP_MAX_STEPS];
    const int na = cp_detect(x, 30, 7, a, CP_MAX_STEPS), nb = cp_detect(x, 30, 7, b, CP_MAX_STEPS);
    int same = na == nb;
    for (int i = 0; same && i < na; ++i)
        same = a[i].at == b[i].at && a[i].p == b[i].p && a[i].before == b[i].before;
    CHECK(same);
}

/* Of `trials` series of n runs with a step of `size` sigma at run `at`: found (a step
 * within 2 runs of it), exact (at it), and false (series with a step elsewhere, or any
 * step when size is 0). */
static void validate(double size, int n, int at, int trials, int *found, int *exact, int *wrong)
{
    double x[64];
    struct cp_step s[CP_MAX_STEPS];
    *found = *exact = *wrong = 0;
    for (int t = 0; t < trials; ++t) {
        for (int i = 0; i < n; ++i)
            x[i] = gauss() + (i >= at ? size : 0);
        const int k = cp_detect(x, n, (uint64_t)t + 1, s, CP_MAX_STEPS);
        int hit = 0, hit_exact = 0, other = 0;
        for (int i = 0; i < k; ++i) {
            if (size > 0 && abs(s[i].at - at) <= 2)
                hit = 1, hit_exact |= s[i].at == at;
            else
                other = 1;
        }
        *found += hit;
        *exact += hit_exact;
        *wrong += other;
    }
}

int main(void)
{
    exact_cases();
    enum { TRIALS = 400, N = 30, AT = 15 };
    int found, exact, wrong;
    printf("step (sigma)  found within 2 runs  at the run  series with a step elsewhere\n");
    const double sizes[] = {0, 1, 2, 4};
    int found_at[4], wrong_at[4];
    for (int i = 0; i < 4; ++i) {
        validate(sizes[i], N, AT, TRIALS, &found, &exact, &wrong);
        printf("%-12g  %6.1f%%              %6.1f%%     %6.1f%%\n", sizes[i],
               100.0 * found / TRIALS, 100.0 * exact / TRIALS, 100.0 * wrong / TRIALS);
        found_at[i] = found;
        wrong_at[i] = wrong;
    }
    /* What the method promises: false steps near its alpha, large steps always found. */
    CHECK(wrong_at[0] <= TRIALS * 3 / 100);
    CHECK(found_at[3] >= TRIALS * 99 / 100);
    CHECK(found_at[2] >= TRIALS * 75 / 100);
    CHECK(found_at[2] > found_at[1]);
    return test_report();
}
