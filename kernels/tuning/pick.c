/* pick.c: ranks the level-6 grid points of a results file per shape class
 * (kernels/shape_class.h, with the class of each shape taken for level 6's 128x128 main
 * tile on the run's SM count) by the geometric mean of their % of cuBLAS, and names the
 * winner of each class. The one-launch class (the large square-ish GEMMs) decides the main
 * tile: its winner is the `winner:` line that autotune.sh records. Reads JSON only.
 * usage: pick RESULTS.json  (exit 0, or 2 on bad input or no grid points) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/shape_class.h"
#include "runner/exit_codes.h"
#include "runner/results.h"

/* The main tile the classes are taken for: level6_tuned's (kernels/level6_tuned.cu). */
enum { MAIN_BM = 128, MAIN_BN = 128, MAIN_THREADS = 128 };

struct rank {
    char kernel[RS_SHORT];
    double log_sum;
    int n, invalid;
};

static int by_score(const void *a, const void *b)
{
    const struct rank *x = a, *y = b;
    double sx = x->invalid || !x->n ? -1 : x->log_sum / x->n;
    double sy = y->invalid || !y->n ? -1 : y->log_sum / y->n;
    return (sx < sy) - (sx > sy);
}

/* Ranks the grid points of r over the points of class c into ranks[0..*n). */
static void rank_class(const struct results *r, enum shape_class c, struct rank *ranks, size_t *n)
{
    *n = 0;
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        if (strncmp(p->kernel, "level6_grid_", 12) != 0 ||
            shape_class_of(p->m, p->n, p->k, r->device.sms, MAIN_BM, MAIN_BN, MAIN_THREADS) != c)
            continue;
        size_t j = 0;
        while (j < *n && strcmp(ranks[j].kernel, p->kernel) != 0)
            ++j;
        if (j == *n) {
            memset(&ranks[j], 0, sizeof ranks[j]);
            snprintf(ranks[(*n)++].kernel, RS_SHORT, "%s", p->kernel);
        }
        if (!p->valid || p->pct_ref <= 0)
            ranks[j].invalid = 1;
        else
            ranks[j].log_sum += log(p->pct_ref), ranks[j].n++;
    }
    qsort(ranks, *n, sizeof *ranks, by_score);
}

int main(int argc, char **argv)
{
    struct results r;
    char err[512];
    int classes = 0;
    if (argc != 2) {
        fprintf(stderr, "usage: pick RESULTS.json\n");
        return SB_EXIT_USAGE;
    }
    if (results_read(argv[1], &r, err, sizeof err)) {
        fprintf(stderr, "pick: %s\n", err);
        return SB_EXIT_USAGE;
    }
    struct rank *ranks = calloc(r.n_points ? r.n_points : 1, sizeof *ranks);
    const char *main_winner = NULL;
    static char main_name[RS_SHORT];
    for (int c = 0; ranks && c < SHAPE_CLASSES; ++c) {
        size_t n;
        rank_class(&r, (enum shape_class)c, ranks, &n);
        if (n == 0)
            continue;
        classes++;
        printf("%s class:\n%-32s %s\n", shape_class_name((enum shape_class)c), "configuration",
               "geomean % of cuBLAS");
        for (size_t j = 0; j < n; ++j)
            printf("%-32s %s%.2f\n", ranks[j].kernel, ranks[j].invalid ? "INVALID " : "",
                   ranks[j].n ? exp(ranks[j].log_sum / ranks[j].n) : 0.0);
        printf("winner %s: %s\n\n", shape_class_name((enum shape_class)c), ranks[0].kernel);
        if (c == SHAPE_ONE_LAUNCH) {
            snprintf(main_name, sizeof main_name, "%s", ranks[0].kernel);
            main_winner = main_name;
        }
    }
    if (!classes)
        fprintf(stderr, "pick: %s holds no level6_grid points\n", argv[1]);
    else if (main_winner)
        printf("winner: %s\n", main_winner);
    free(ranks);
    results_free(&r);
    return classes ? SB_EXIT_OK : SB_EXIT_USAGE;
}
