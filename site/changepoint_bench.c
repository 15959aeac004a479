/* changepoint_bench: the cost of cp_detect (site/changepoint.h) on series of runs, for the
 * figures docs/HISTORY.md states. Prints, per series length and kind (flat, one step of 4
 * sigma, three steps), the steps found and the wall time of one call, the median of 5.
 *   bazel run //site:changepoint_bench [-- N ...]   (default 30 100 1000 10000) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "site/changepoint.h"

static uint64_t state = 7;

static double gauss(void)
{
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const double u = ((state >> 11) + 0.5) / 9007199254740992.0;
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const double v = ((state >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    const int defaults[] = {30, 100, 1000, 10000};
    const int count = argc > 1 ? argc - 1 : 4;
    printf("%8s  %-12s %6s %12s\n", "runs", "series", "steps", "seconds");
    for (int c = 0; c < count; ++c) {
        const int n = argc > 1 ? atoi(argv[c + 1]) : defaults[c];
        if (n < 1) {
            fprintf(stderr, "changepoint_bench: '%s' is not a run count\n", argv[c + 1]);
            return 2;
        }
        double *x = malloc((size_t)n * sizeof *x);
        if (!x)
            return 4;
        for (int kind = 0; kind < 3; ++kind) {
            static const char *const names[] = {"flat", "one step", "three steps"};
            double t[5];
            int found = 0;
            for (int r = 0; r < 5; ++r) {
                for (int i = 0; i < n; ++i)
                    x[i] = gauss() + (kind == 1 && i >= n / 2 ? 4 : 0) +
                           (kind == 2 ? 4.0 * ((i * 4 / n) % 2) : 0);
                struct cp_step s[CP_MAX_STEPS];
                const double t0 = now_s();
                found = cp_detect(x, n, (uint64_t)r + 1, s, CP_MAX_STEPS);
                t[r] = now_s() - t0;
            }
            qsort(t, 5, sizeof t[0], cmp);
            printf("%8d  %-12s %6d %12.4f\n", n, names[kind], found, t[2]);
        }
        free(x);
    }
    return 0;
}
