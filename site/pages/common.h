/* common.h: what the page files share (private to site/pages/). Each page file renders
 * one kind of page from the model (site/analysis.h) and never judges anything itself.
 * Functions that write a file return 0, or -1 with a message in err; a chart function
 * returns 1 when it has nothing to draw. */
#ifndef SGEMM_BENCH_SITE_PAGES_COMMON_H
#define SGEMM_BENCH_SITE_PAGES_COMMON_H

#include <stdbool.h>
#include <stdio.h>

#include "site/analysis.h"
#include "site/pages.h"

enum { PATH = 4096 };

/* Output files, under ctx->out. */
FILE *open_out(const struct site_ctx *ctx, const char *rel, char *err, size_t errlen);
int close_out(FILE *f, const char *rel, char *err, size_t errlen);
/* open_out, then the page's head (html_begin: title, root = the path back to the site's
 * top). NULL with a message in err. */
FILE *page_open(const struct site_ctx *ctx, const char *rel, const char *title, const char *root,
                char *err, size_t errlen);

/* Pieces of many pages (common.c). */
void expected_range(const struct results *r, const char *name, double *lo, double *hi);
const struct result_point *best_at(const struct results *r, int size);
bool of_family(const struct result_point *p, const char *family);
const char *repo_of(const struct site_ctx *ctx, const struct results *r);
void commit_link(FILE *f, const struct site_ctx *ctx, const struct results *r);
void run_origin(FILE *f, const struct site_ctx *ctx, const struct results *r);
void verdict_badge(FILE *f, const struct comparison *c);
/* <nav class="pager">: "previous WHAT: TEXT" and "next WHAT: TEXT", linked to the pages
 * beside this one (file names beside it, as URL segments); "" for a side that has none. */
void pager(FILE *f, const char *what, const char *prev_href, const char *prev_text,
           const char *next_href, const char *next_text);
/* A chart's <img> (src a file name beside the page), and its <figure>: the image and a
 * link that opens the chart alone, at its own size (a phone can zoom it). */
void img_open(FILE *f, const char *src, const char *alt, const char *map, int w, int h);
void figure_caption_larger(FILE *f, const char *src);
void figure(FILE *f, const char *src, const char *alt, const char *map, int w, int h);
int note_chart(FILE *f, int rc, const char *what, char *err);
/* "<prefix>-<kernel>-MxNxK", the kernel as a URL segment: the id of a point's row on its
 * commit page ("pt": the results table; "base", "prev": the verdict tables), and the
 * fragment that the charts, the regressions page and the feed link to. */
void point_anchor(FILE *f, const char *prefix, const char *kernel, int m, int n, int k);
int memory_size_of(const struct results *r, const char *kernel);

/* The palette (palette.c): a kernel's chart style, and kernel names in palette order. */
int palette_cmp_name(const void *a, const void *b);
int kernel_style(const struct site_ctx *ctx, const char *name);
size_t kernel_names(const struct site_ctx *ctx, const struct results *r, const char *family,
                    char names[][RS_SHORT], size_t n, size_t cap);
void styles_of(const struct site_ctx *ctx, char names[][RS_SHORT], size_t n, bool with_cublas,
               char *out, size_t cap);

/* Charts (charts.c): gnuplot data, the chart, and for the history its figure and map. */
/* A valid point of a square size of the family. The rate charts draw such a point when it
 * is not launch-bound and its reference reaches chart_min_ref_rate of its run, 1% of the
 * reference's best rate there (the others go in a table). */
bool chart_square(const struct result_point *p, bool memory);
double chart_min_ref_rate(const struct results *r, bool memory);
bool chart_size(const struct result_point *p, bool memory, double min_ref_rate);
int chart_gflops(const struct site_ctx *ctx, const char *dir, const struct results *r,
                 const struct results *base, bool memory, char *err, size_t errlen);
int chart_pct(const struct site_ctx *ctx, const char *dir, const struct results *r, int size,
              bool memory, char *err, size_t errlen);
int chart_roofline(const struct site_ctx *ctx, const char *dir, const struct results *r,
                   char *err, size_t errlen);
/* A series: one kernel at one shape (MxNxK; a memory kernel's rows x cols, k 1). */
struct series {
    const char *name;
    int m, n, k;
    bool memory;
};
/* The series of a point, of a verdict's row (its name points into them). */
struct series series_of_point(const struct result_point *p);
struct series series_of_verdict(const struct point_verdict *v);
/* Its shape as a chart title says it: "4096³" for a square GEMM, else results_shape_text. */
void series_shape(const struct series *s, char *out, size_t cap);
/* The id of its history chart ("h-<kernel>-MxNxK") on its kernel's page. */
void series_id(FILE *f, const struct series *s);
/* The runs a GPU page's history shows: gm's runs first .. first + count - 1. */
struct window {
    const struct gpu_model *gm;
    size_t first, count;
};
void window_of(const struct site_ctx *ctx, const struct gpu_model *gm, struct window *w);
/* Series s's history over w: stem.svg beside the page, its figure and its image map. */
int chart_history(const struct site_ctx *ctx, const char *dir, FILE *page, const struct window *w,
                  const struct series *s, const char *stem, char *err, size_t errlen);
const char *gflops_alt(const struct results *r, bool memory, char *out, size_t cap);

/* Kernel pages (kernel.c): each kernel's file beside its GPU page ("kernel-<name>.html";
 * a name outside [a-z0-9_] by its hash), a link to a series' chart there (to_gpu: the path
 * from the page to the GPU's folder), the history charts' legend, the list of a GPU's
 * kernels, and every kernel page of a GPU. */
void kernel_file(const char *name, char *out, size_t cap);
void series_href(FILE *f, const char *to_gpu, const struct series *s);
void history_legend(FILE *f, size_t runs, const char *what);
int kernel_list(const struct site_ctx *ctx, const struct gpu_model *gm, FILE *f); /* -1: no memory */
int page_kernels(const struct site_ctx *ctx, const struct gpu_model *gm, char *err, size_t errlen);

/* The pages a GPU page brings along. */
void runs_table(FILE *f, const struct gpu_history *g, size_t from, const char *prefix);
int page_runs(const struct site_ctx *ctx, const struct gpu_history *g, char *err, size_t errlen);
int page_commit(const struct site_ctx *ctx, const struct gpu_model *gm, size_t idx, char *err,
                size_t errlen);
int page_memory(const struct site_ctx *ctx, const struct gpu_model *gm, char *err, size_t errlen);
int feed_regressions(const struct site_ctx *ctx, char *err, size_t errlen);
/* How many regressions from list[i] on are INVALID points of one run against one good run
 * (same GPU, same range, same recovery): a sweep that failed as a whole is one row and one
 * feed entry, not one per point. 1 when list[i] is not INVALID. */
size_t invalid_run_len(const struct regression *list, size_t n, size_t i);
/* "triaged: <state> by <who>: <why>" and a link to its evidence (in r's repository): a
 * regression or a step the annotations triage. */
void triage_text(FILE *f, const struct site_ctx *ctx, const struct results *r,
                 const struct annotation *a);

#endif
