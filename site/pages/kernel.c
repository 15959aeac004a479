/* kernel.c: gpu/<slug>/kernel-<name>.html, one kernel on one GPU: the history of each of
 * its shapes over every published run, one chart a shape, in commit order. The commit
 * pages' rows and the GPU and memory pages link here. */
#include "site/pages/common.h"

#include <stdlib.h>
#include <string.h>

#include "runner/slug.h"
#include "site/html.h"

void kernel_file(const char *name, char *out, size_t cap)
{
    /* Level names are [a-z0-9_]: the file keeps them. Any other name (a file can hold
     * anything) becomes its hash, "x-" first: never a path, never a plain name's file. */
    if (name[0] && strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(name)) {
        snprintf(out, cap, "kernel-%s.html", name);
    } else {
        char id[17];
        slug_hash_id(name, strlen(name), id);
        snprintf(out, cap, "kernel-x-%s.html", id);
    }
}

void series_href(FILE *f, const char *to_gpu, const struct series *s)
{
    char file[RS_SHORT + 32];
    kernel_file(s->name, file, sizeof file);
    html_raw(f, "%s", to_gpu);
    html_href_segment(f, file);
    fputc('#', f);
    series_id(f, s);
}

void history_legend(FILE *f, size_t runs, const char *what)
{
    html_raw(f, "<p class=\"legend\">%% of the reference (cuBLAS; for the memory family, a "
                "copy of the same bytes) over %zu runs, oldest left, in commit order: ",
             runs);
    html_text(f, what);
    fputs(". Bars: each point's noise (both timings). Band: the baseline's reference ± its "
          "tolerance. Black triangle: regressed against the run before. A step across runs: "
          "slower, a dashed red line with a down triangle (the regressions page lists "
          "these); faster, a dash-dotted blue line with an up triangle. Dotted grey line: a "
          "known change (a driver, CUDA or cuBLAS version, the baseline's commit, an "
          "annotation). A gap: no valid point in that run. Each point links to its row on "
          "its commit's page.</p>\n", f);
}

/* Orders shapes: GEMM squares by size, then the other GEMMs by their work; memory shapes
 * by their element count. */
static int shape_cmp(const void *a, const void *b)
{
    const struct series *x = a, *y = b;
    const int sx = x->m == x->n && x->n == x->k, sy = y->m == y->n && y->n == y->k;
    if (!x->memory && sx != sy)
        return sy - sx;
    const double wx = (double)x->m * x->n * x->k, wy = (double)y->m * y->n * y->k;
    return (wx > wy) - (wx < wy);
}

/* The shapes at which kernel `name` has a point in any run of g, sorted (shape_cmp), in
 * *out (malloc'd; the caller frees it). Returns how many, or -1 when out of memory. */
static long shapes_of(const struct gpu_history *g, const char *name, struct series **out)
{
    size_t n = 0, cap = 0;
    *out = NULL;
    for (size_t r = 0; r < g->n_runs; ++r) {
        const struct results *res = &g->runs[r].res;
        for (size_t i = 0; i < res->n_points; ++i) {
            const struct result_point *p = &res->points[i];
            bool known = strcmp(p->kernel, name) != 0;
            for (size_t j = 0; j < n && !known; ++j)
                known = (*out)[j].m == p->m && (*out)[j].n == p->n && (*out)[j].k == p->k;
            if (known)
                continue;
            if (n == cap) {
                struct series *more = realloc(*out, (cap = cap ? 2 * cap : 32) * sizeof **out);
                if (!more)
                    return free(*out), *out = NULL, -1;
                *out = more;
            }
            (*out)[n++] = series_of_point(p);
        }
    }
    if (n)
        qsort(*out, n, sizeof **out, shape_cmp);
    return (long)n;
}

/* The newest registration of kernel `name` in g's runs, and the run's family of it. */
static const struct kernel_info *registration(const struct gpu_history *g, const char *name)
{
    for (size_t r = g->n_runs; r-- > 0;) {
        const struct kernel_info *k = results_kernel(&g->runs[r].res, name);
        if (k)
            return k;
    }
    return NULL;
}

/* Every kernel name in g's runs, palette order (site-wide, sorted), malloc'd (the caller
 * frees it; NULL when out of memory) with its count in *n: the palette holds them all. */
static char (*names_of(const struct site_ctx *ctx, const struct gpu_history *g, size_t *n))[RS_SHORT]
{
    char(*names)[RS_SHORT] = malloc((ctx->n_palette ? ctx->n_palette : 1) * sizeof *names);
    *n = 0;
    for (size_t r = 0; names && r < g->n_runs; ++r) {
        *n = kernel_names(ctx, &g->runs[r].res, "sgemm", names, *n, ctx->n_palette);
        *n = kernel_names(ctx, &g->runs[r].res, "memory", names, *n, ctx->n_palette);
    }
    if (*n)
        qsort(names, *n, sizeof names[0], palette_cmp_name);
    return names;
}

/* The list of kernel pages: names[0..n), each linked to its page. */
static void list_kernels(FILE *f, char names[][RS_SHORT], size_t n)
{
    fputs("<ul class=\"kernels\">\n", f);
    for (size_t i = 0; i < n; ++i) {
        char file[RS_SHORT + 32];
        kernel_file(names[i], file, sizeof file);
        fputs("<li><a href=\"", f);
        html_href_segment(f, file);
        fputs("\">", f);
        html_text(f, names[i]);
        fputs("</a></li>\n", f);
    }
    fputs("</ul>\n", f);
}

/* The page of names[i], one of g's n kernels (its neighbours in the list are its pager's). */
static int page_kernel(const struct site_ctx *ctx, const struct gpu_model *gm,
                       char names[][RS_SHORT], size_t n_names, size_t i, char *err, size_t errlen)
{
    const struct gpu_history *g = gm->g;
    const char *const name = names[i];
    struct series *shapes;
    char file[RS_SHORT + 32], rel[PATH], dir[PATH], title[RS_SHORT + 160], stem[64];
    const long n = shapes_of(g, name, &shapes);
    if (n < 0) {
        snprintf(err, errlen, "out of memory for the shapes of %s", g->slug);
        return -1;
    }
    kernel_file(name, file, sizeof file);
    snprintf(rel, sizeof rel, "gpu/%s/%s", g->slug, file);
    snprintf(dir, sizeof dir, "%s/gpu/%s", ctx->out, g->slug);
    snprintf(title, sizeof title, "%s on %s", name, g->runs[g->n_runs - 1].res.device.name);
    FILE *f = page_open(ctx, rel, title, "../../", err, errlen);
    if (!f)
        return free(shapes), -1;
    fputs("<p class=\"crumbs\"><a href=\"index.html\">", f);
    html_text(f, g->runs[g->n_runs - 1].res.device.name);
    fputs("</a> · <a href=\"#kernels\">every kernel</a></p>\n", f);
    char prev[RS_SHORT + 32] = "", next[RS_SHORT + 32] = "";
    if (i > 0)
        kernel_file(names[i - 1], prev, sizeof prev);
    if (i + 1 < n_names)
        kernel_file(names[i + 1], next, sizeof next);
    pager(f, "kernel", prev, i > 0 ? names[i - 1] : "", next, i + 1 < n_names ? names[i + 1] : "");
    const struct kernel_info *k = registration(g, name);
    if (k) {
        html_raw(f, "<p>Level %d: ", k->level);
        html_text(f, k->technique);
        fputs(".</p>\n", f);
    }
    const struct window all = {.gm = gm, .first = 0, .count = g->n_runs};
    history_legend(f, g->n_runs, "one chart per shape this kernel ran");
    fputs("<div class=\"multiples\">\n", f);
    int rc = 0;
    for (long c = 0; c < n && !rc; ++c) {
        snprintf(stem, sizeof stem, "%.*s-%ld", (int)(strlen(file) - 5), file, c);
        rc = chart_history(ctx, dir, f, &all, &shapes[c], stem, err, errlen);
        if (rc > 0) { /* not one valid point: say so where its chart would be */
            char shape[48];
            series_shape(&shapes[c], shape, sizeof shape);
            html_raw(f, "<p class=\"missing\" id=\"");
            series_id(f, &shapes[c]);
            fputs("\">", f);
            html_text(f, shape);
            fputs(": no valid point in any run.</p>\n", f);
            rc = 0;
        }
    }
    fputs("</div>\n<h2 id=\"kernels\">Every kernel on this GPU</h2>\n", f);
    list_kernels(f, names, n_names);
    html_end(f);
    free(shapes);
    if (close_out(f, rel, err, errlen))
        rc = -1;
    return rc;
}

int kernel_list(const struct site_ctx *ctx, const struct gpu_model *gm, FILE *f)
{
    size_t n;
    char(*names)[RS_SHORT] = names_of(ctx, gm->g, &n);
    if (!names)
        return -1;
    list_kernels(f, names, n);
    free(names);
    return 0;
}

int page_kernels(const struct site_ctx *ctx, const struct gpu_model *gm, char *err, size_t errlen)
{
    size_t n;
    char(*names)[RS_SHORT] = names_of(ctx, gm->g, &n);
    int rc = 0;
    if (!names) {
        snprintf(err, errlen, "out of memory for the kernels of %s", gm->g->slug);
        return -1;
    }
    for (size_t i = 0; i < n && !rc; ++i)
        rc = page_kernel(ctx, gm, names, n, i, err, errlen);
    free(names);
    return rc;
}
