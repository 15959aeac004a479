/* pick.c: ranks the level-6 grid points of a results file per shape class
 * (kernels/shape_class.h, with the class of each shape taken for level 6's own tiles,
 * kernels/level6_config.h, on the run's SM count) by the geometric mean of their % of
 * cuBLAS, and names the winner of each class. The main tile serves two classes, split-K
 * and one-launch: its winner, the `winner:` line, is ranked over both together. The
 * `winner deep:` and `winner small-tile:` lines name the wide tile's and the small tiles'.
 * autotune.sh records all three. With several files of one GPU (repeated runs), a grid
 * point's figure at a shape is its median over them. Reads JSON only.
 * usage: pick RESULTS.json [MORE.json ...]  (exit 0, or 2 on bad input or no grid points) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/level6_config.h"
#include "kernels/shape_class.h"
#include "runner/escape.h"
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
    double sx = x->invalid || !x->n ? -1 : x->log_sum / x->n;
    double sy = y->invalid || !y->n ? -1 : y->log_sum / y->n;
    return (sx < sy) - (sx > sy);
}

enum { MAX_FILES = 8 };

static int compare_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of p's % of cuBLAS over the files that hold its kernel and shape (p is a
 * point of r[0]); 0 when any of them is invalid. A median, so that one run whose cuBLAS
 * call was slow (a % far above the others) does not pick the winner. */
static double median_pct(const struct results *r, int files, const struct result_point *p)
{
    double v[MAX_FILES];
    int n = 0;
    for (int f = 0; f < files; ++f)
        for (size_t i = 0; i < r[f].n_points; ++i) {
            const struct result_point *q = &r[f].points[i];
            if (q->m != p->m || q->n != p->n || q->k != p->k || strcmp(q->kernel, p->kernel))
                continue;
            if (!q->valid || q->pct_ref <= 0)
                return 0;
            v[n++] = q->pct_ref;
            break;
        }
    qsort(v, n, sizeof v[0], compare_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Ranks the grid points of r[0] (with their medians over the files) over the points of
 * the classes in `classes` (a bit per class) into ranks[0..*n). */
static void rank_classes(const struct results *r, int files, unsigned classes, struct rank *ranks,
                         size_t *n)
{
    const struct shape_tile tile = shape_tile_of(L6_BM, L6_BN);
    const struct shape_tile wide = shape_tile_of(L6_WIDE_BM, L6_WIDE_BN);
    *n = 0;
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        if (strncmp(p->kernel, "level6_grid_", 12) != 0 ||
            !(classes >> shape_class_of(p->m, p->n, p->k, r->device.sms, tile, wide) & 1u))
            continue;
        size_t j = 0;
        while (j < *n && strcmp(ranks[j].kernel, p->kernel) != 0)
            ++j;
        if (j == *n) {
            memset(&ranks[j], 0, sizeof ranks[j]);
            snprintf(ranks[(*n)++].kernel, RS_SHORT, "%s", p->kernel);
        }
        const double pct = median_pct(r, files, p);
        if (pct <= 0)
            ranks[j].invalid = 1;
        else
            ranks[j].log_sum += log(pct), ranks[j].n++;
    }
    qsort(ranks, *n, sizeof *ranks, by_score);
}

/* A kernel name from a results file, escaped for the terminal, then padded to a column of
 * 32 and a space. */
static void print_kernel(const char *name)
{
    esc_term(stdout, name);
    printf("%*s ", strlen(name) < 32 ? (int)(32 - strlen(name)) : 0, "");
}

/* Prints the ranking of `classes` under `title`, then "winner NAME: KERNEL"; returns the
 * number of grid points ranked. */
static size_t print_ranking(const struct results *r, int files, unsigned classes,
                            const char *title, const char *name, struct rank *ranks)
{
    size_t n;
    rank_classes(r, files, classes, ranks, &n);
    if (n == 0)
        return 0;
    printf("%s:\n%-32s %s\n", title, "configuration", "geomean % of cuBLAS");
    for (size_t j = 0; j < n; ++j) {
        print_kernel(ranks[j].kernel);
        printf("%s%.2f\n", ranks[j].invalid ? "INVALID " : "",
               ranks[j].n ? exp(ranks[j].log_sum / ranks[j].n) : 0.0);
    }
    printf("winner%s%s: ", *name ? " " : "", name);
    esc_term(stdout, ranks[0].kernel);
    fputs("\n\n", stdout);
    return n;
}

int main(int argc, char **argv)
{
    struct results r[MAX_FILES];
    char err[512];
    int classes = 0, files = 0, rc = SB_EXIT_USAGE;
    if (argc < 2 || argc > MAX_FILES + 1) {
        fprintf(stderr, "usage: pick RESULTS.json [MORE.json ...] (at most %d files)\n", MAX_FILES);
        return SB_EXIT_USAGE;
    }
    for (; files < argc - 1; ++files) {
        if (results_read(argv[files + 1], &r[files], err, sizeof err)) {
            esc_report(stderr, "pick", err);
            goto out;
        }
        if (strcmp(r[files].device.slug, r[0].device.slug) != 0 || r[files].device.sms != r[0].device.sms) {
            fputs("pick: ", stderr);
            esc_term(stderr, argv[files + 1]);
            fputs(" is from another GPU than ", stderr);
            esc_term(stderr, argv[1]);
            fputc('\n', stderr);
            results_free(&r[files]);
            goto out;
        }
    }
    struct rank *ranks = calloc(r[0].n_points ? r[0].n_points : 1, sizeof *ranks);
    if (!ranks) {
        fprintf(stderr, "pick: out of memory\n");
        rc = SB_EXIT_ENV;
        goto out;
    }
    for (int c = 0; c < SHAPE_CLASSES; ++c) {
        char title[64];
        const char *name = shape_class_name((enum shape_class)c);
        snprintf(title, sizeof title, "%s class", name);
        classes += print_ranking(r, files, 1u << c, title, name, ranks) > 0;
    }
    if (!classes) {
        fputs("pick: ", stderr);
        esc_term(stderr, argv[1]);
        fputs(" holds no level6_grid points\n", stderr);
    } else {
        print_ranking(r, files, 1u << SHAPE_SPLIT_K | 1u << SHAPE_ONE_LAUNCH,
                      "main tile (split-K and one-launch classes)", "", ranks);
    }
    free(ranks);
    rc = classes ? SB_EXIT_OK : SB_EXIT_USAGE;
out:
    while (files > 0)
        results_free(&r[--files]);
    return rc;
}
