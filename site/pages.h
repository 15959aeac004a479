/* pages.h: the dashboard's pages, rendered from the model of site/analysis.h, one file
 * per page under site/pages/. All paths are inside ctx->out. */
#ifndef SGEMM_BENCH_SITE_PAGES_H
#define SGEMM_BENCH_SITE_PAGES_H

#include "site/analysis.h"
#include "site/history.h"

struct site_ctx {
    const struct history *h;
    const struct site_model *model; /* h judged (analysis_site) */
    const char *out;        /* the (temporary) output directory */
    const char *charts_dir; /* the gnuplot scripts */
    const char *repo_url;   /* --repo-url, or NULL: then each run's own run.repo_url */
    int history_points;     /* commits shown on the history charts */
    /* Every kernel name in the history, sorted: a kernel's chart style is its place here
     * (pages_palette fills it), so it keeps one colour, marker and dash site-wide. */
    char (*palette)[RS_SHORT];
    size_t n_palette;
};

/* Fills ctx->palette from ctx->h. Returns 0, or -1 when out of memory. */
int pages_palette(struct site_ctx *ctx);
void pages_palette_free(struct site_ctx *ctx);

/* Each returns 0, or -1 with a message in err. */
int page_index(const struct site_ctx *ctx, char *err, size_t errlen);
int page_gpu(const struct site_ctx *ctx, const struct gpu_model *gm, char *err, size_t errlen);
int page_regressions(const struct site_ctx *ctx, char *err, size_t errlen);
int page_stylesheet(const struct site_ctx *ctx, char *err, size_t errlen);

#endif
