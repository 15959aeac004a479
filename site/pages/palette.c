/* palette.c: one chart style per kernel, site-wide: its place in the sorted list of every
 * kernel name in the history (pages.h, common.h). */
#include "site/pages/common.h"

#include <stdlib.h>
#include <string.h>

int palette_cmp_name(const void *a, const void *b) { return strcmp(a, b); }

int pages_palette(struct site_ctx *ctx)
{
    size_t cap = 16, n = 0;
    char(*names)[RS_SHORT] = malloc(cap * sizeof *names);
    if (!names)
        return -1;
    for (size_t gi = 0; gi < ctx->h->n_gpus; ++gi) {
        const struct gpu_history *g = &ctx->h->gpus[gi];
        for (size_t i = 0; i < g->n_runs; ++i) {
            const struct results *r = &g->runs[i].res;
            for (size_t j = 0; j < r->n_points; ++j) {
                size_t q = 0;
                while (q < n && strcmp(names[q], r->points[j].kernel) != 0)
                    ++q;
                if (q < n)
                    continue;
                if (n == cap) {
                    void *grown = realloc(names, 2 * cap * sizeof *names);
                    if (!grown) {
                        free(names);
                        return -1;
                    }
                    names = grown;
                    cap *= 2;
                }
                snprintf(names[n++], RS_SHORT, "%s", r->points[j].kernel);
            }
        }
    }
    qsort(names, n, sizeof *names, palette_cmp_name);
    ctx->palette = names;
    ctx->n_palette = n;
    return 0;
}

void pages_palette_free(struct site_ctx *ctx)
{
    free(ctx->palette);
    ctx->palette = NULL;
    ctx->n_palette = 0;
}

enum { STYLES = 24, STYLE_CUBLAS = 100 }; /* common.gp defines styles 1..24 and 100 */

/* The kernel's gnuplot style: its place in the site-wide palette. */
int kernel_style(const struct site_ctx *ctx, const char *name)
{
    const char(*hit)[RS_SHORT] =
        bsearch(name, ctx->palette, ctx->n_palette, sizeof *ctx->palette, palette_cmp_name);
    return hit ? (int)((size_t)(hit - ctx->palette) % STYLES) + 1 : STYLES;
}

/* Appends to names[0..n) the kernels of r of `family` not already there, in palette
 * order; returns the new count (at most cap). */
size_t kernel_names(const struct site_ctx *ctx, const struct results *r,
                           const char *family, char names[][RS_SHORT], size_t n, size_t cap)
{
    for (size_t q = 0; q < ctx->n_palette && n < cap; ++q) {
        bool have = false, known = false;
        for (size_t i = 0; i < r->n_points && !have; ++i)
            have = strcmp(r->points[i].kernel, ctx->palette[q]) == 0 &&
                   of_family(&r->points[i], family);
        for (size_t j = 0; j < n && !known; ++j)
            known = strcmp(names[j], ctx->palette[q]) == 0;
        if (have && !known)
            snprintf(names[n++], RS_SHORT, "%s", ctx->palette[q]);
    }
    return n;
}

/* The styles of names[0..n) as a gnuplot word list, cuBLAS (100) last when with_cublas. */
void styles_of(const struct site_ctx *ctx, char names[][RS_SHORT], size_t n,
                      bool with_cublas, char *out, size_t cap)
{
    out[0] = '\0';
    for (size_t k = 0; k < n; ++k)
        snprintf(out + strlen(out), cap - strlen(out), "%s%d", k ? " " : "",
                 kernel_style(ctx, names[k]));
    if (with_cublas)
        snprintf(out + strlen(out), cap - strlen(out), " %d", STYLE_CUBLAS);
}
