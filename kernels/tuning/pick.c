/* pick.c: ranks the level-6 grid points of a results file by the geometric mean of their
 * % of cuBLAS over the measured shapes, and names the winner. Reads JSON only.
 * usage: pick RESULTS.json  (exit 0, or 2 on bad input or no grid points) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/exit_codes.h"
#include "runner/results.h"

struct rank {
    char kernel[RS_SHORT];
    double log_sum;
    int n, invalid;
};

static int by_score(const void *a, const void *b)
{
    const struct rank *x = a, *y = b;
    double sx = x->invalid ? -1 : x->log_sum / x->n, sy = y->invalid ? -1 : y->log_sum / y->n;
    return (sx < sy) - (sx > sy);
}

int main(int argc, char **argv)
{
    struct results r;
    char err[512];
    if (argc != 2) {
        fprintf(stderr, "usage: pick RESULTS.json\n");
        return SB_EXIT_USAGE;
    }
    if (results_read(argv[1], &r, err, sizeof err)) {
        fprintf(stderr, "pick: %s\n", err);
        return SB_EXIT_USAGE;
    }
    struct rank *ranks = calloc(r.n_points, sizeof *ranks);
    size_t n = 0;
    for (size_t i = 0; ranks && i < r.n_points; ++i) {
        const struct result_point *p = &r.points[i];
        if (strncmp(p->kernel, "level6_", 7) != 0)
            continue;
        size_t j = 0;
        while (j < n && strcmp(ranks[j].kernel, p->kernel) != 0)
            ++j;
        if (j == n)
            snprintf(ranks[n++].kernel, RS_SHORT, "%s", p->kernel);
        if (!p->valid || p->pct_ref <= 0)
            ranks[j].invalid = 1;
        else
            ranks[j].log_sum += log(p->pct_ref), ranks[j].n++;
    }
    if (n == 0) {
        fprintf(stderr, "pick: %s holds no level6 points\n", argv[1]);
        free(ranks);
        results_free(&r);
        return SB_EXIT_USAGE;
    }
    qsort(ranks, n, sizeof *ranks, by_score);
    printf("%-32s %s\n", "configuration", "geomean % of cuBLAS");
    for (size_t j = 0; j < n; ++j)
        printf("%-32s %s%.2f\n", ranks[j].kernel, ranks[j].invalid ? "INVALID " : "",
               ranks[j].n ? exp(ranks[j].log_sum / ranks[j].n) : 0.0);
    printf("winner: %s\n", ranks[0].kernel);
    free(ranks);
    results_free(&r);
    return SB_EXIT_OK;
}
