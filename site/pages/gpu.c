/* gpu.c: gpu/<slug>/index.html, one GPU: its charts, its history as small multiples,
 * the launch-bound points; and the pages it brings along (pages.h). */
#include "site/pages/common.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "site/html.h"

/* "Baseline: commit X (utc), N runs from M GPUs." or "No baseline committed yet." */
static void baseline_line(FILE *f, const struct site_ctx *ctx, const struct results *base)
{
    if (!base) {
        fputs("No baseline committed yet.", f);
        return;
    }
    fputs("Baseline: commit ", f);
    commit_link(f, ctx, base);
    fputs(" (", f);
    html_text(f, base->run.utc);
    if (base->n_runs)
        html_raw(f, "), a set of %zu runs from %d GPUs.", base->n_runs, compare_distinct_gpus(base));
    else
        fputs("), one run.", f);
}

/* Launch-bound points (compare.h) are left out of the charts: their times, as a table. */
static void latency_table(FILE *f, const struct results *r)
{
    int n = 0;
    const double min_ref_rate = chart_min_ref_rate(r, false);
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        if (!p->valid || !(compare_is_informational(p) ||
                           (chart_square(p, false) && !chart_size(p, false, min_ref_rate))))
            continue;
        if (!n++)
            html_raw(f, "<details><summary>Launch-bound shapes: a kernel under %.0f µs is "
                        "mostly launch latency, so these points are not charted or judged; "
                        "nor is a size at which cuBLAS reaches under 1%% of its best rate "
                        "charted (their times)</summary>\n<div class=\"scroll\"><table>\n<caption>Median time of each launch-bound "
                        "point, latest run</caption>\n<thead><tr><th scope=\"col\">kernel</th>"
                        "<th scope=\"col\">shape (MxNxK)</th><th scope=\"col\" class=\"num\">"
                        "kernel (µs)</th><th scope=\"col\" class=\"num\">cuBLAS (µs)</th></tr>"
                        "</thead>\n<tbody>\n",
                     COMPARE_MIN_TIME_US);
        fputs("<tr><th scope=\"row\">", f);
        html_text(f, p->kernel);
        html_raw(f, "</th><td>%dx%dx%d</td><td class=\"num\">%.1f</td><td class=\"num\">%.1f"
                    "</td></tr>\n",
                 p->m, p->n, p->k, 1000 * p->time_ms.median, 1000 * p->ref_time_ms.median);
    }
    if (n)
        fputs("</tbody>\n</table></div></details>\n", f);
}

static const char *pct_alt(const struct results *r, int size, char *out, size_t cap)
{
    snprintf(out, cap, "Percent of cuBLAS per kernel at %d, beside the range the course "
                       "material expects for its level:", size);
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        if (p->valid && p->m == size && p->n == size && p->k == size && strlen(out) + 80 < cap)
            snprintf(out + strlen(out), cap - strlen(out), " %s %.1f%%;", p->kernel, p->pct_ref);
    }
    return out;
}

/* Small multiples: one chart per kernel at 4096, grouped by level; each kernel's page has
 * every shape. */
static int history_section(const struct site_ctx *ctx, const char *dir, FILE *f,
                           const struct gpu_model *gm, char *err, size_t errlen)
{
    const struct gpu_history *g = gm->g;
    enum { SIZE = 4096 };
    char names[64][RS_SHORT], stem[32];
    struct window w;
    size_t nk = 0;
    int rc = 0, level = -1;
    window_of(ctx, gm, &w);
    for (size_t i = 0; i < w.count; ++i)
        nk = kernel_names(ctx, &g->runs[w.first + i].res, "sgemm", names, nk, 64);
    qsort(names, nk, sizeof names[0], palette_cmp_name);
    fputs("<h2>History</h2>\n", f);
    history_legend(f, w.count, "one chart per kernel at 4096³; each kernel's own page "
                               "(below) has every shape it ran, over every run");
    html_raw(f, "<h3>At 4096³</h3>\n");
    for (size_t k = 0; k < nk && !rc; ++k) {
        const struct result_point *p = NULL;
        for (size_t i = w.count; i-- > 0 && !p;)
            p = results_find(&g->runs[w.first + i].res, names[k], SIZE, SIZE, SIZE);
        if (!p)
            continue;
        if (p->level != level) {
            html_raw(f, "%s<h4>Level %d</h4>\n<div class=\"multiples\">\n",
                     level >= 0 ? "</div>\n" : "", p->level);
            level = p->level;
        }
        const struct series s = {.name = names[k], .m = SIZE, .n = SIZE, .k = SIZE};
        snprintf(stem, sizeof stem, "history%d-%zu", SIZE, k);
        rc = chart_history(ctx, dir, f, &w, &s, stem, err, errlen);
        if (rc > 0)
            rc = 0;
    }
    if (level >= 0)
        fputs("</div>\n", f);
    fputs("<h3 id=\"kernels\">Every shape of each kernel</h3>\n", f);
    if (!rc && kernel_list(ctx, gm, f)) {
        snprintf(err, errlen, "out of memory for the kernels of %s", g->slug);
        rc = -1;
    }
    return rc;
}

int page_gpu(const struct site_ctx *ctx, const struct gpu_model *gm, char *err, size_t errlen)
{
    const struct gpu_history *g = gm->g;
    const struct results *r = &g->runs[g->n_runs - 1].res;
    const struct results *base = gm->base_state == 0 ? &gm->base : NULL;
    char rel[PATH], dir[PATH], alt[1024];
    int rc = 0;
    snprintf(rel, sizeof rel, "gpu/%s/index.html", g->slug);
    snprintf(dir, sizeof dir, "%s/gpu/%s", ctx->out, g->slug);
    FILE *f = page_open(ctx, rel, r->device.name, "../../", err, errlen);
    if (!f)
        return -1;
    fputs("<p>Latest run ", f);
    commit_link(f, ctx, r);
    fputs(" (", f);
    html_text(f, r->run.utc);
    html_raw(f, "), <a href=\"runs/");
    html_href_segment(f, g->runs[g->n_runs - 1].id);
    fputs(".html\">its results</a>. ", f);
    baseline_line(f, ctx, base);
    html_raw(f, " <a href=\"runs.html\">All %zu runs</a>.</p>\n", g->n_runs);
    if (gm->base_state == -2) { /* not "none committed": one is, and it is broken */
        fputs("<p class=\"warn\">Baseline: the committed one cannot be read: ", f);
        html_text(f, gm->base_why);
        fputs("</p>\n", f);
    }
    if (memory_size_of(r, NULL))
        fputs("<p>This page shows the GEMM levels; <a href=\"memory.html\">the memory family</a> "
              "(copies, AoS and SoA reads, transposes) has its own page.</p>\n", f);

    fputs("<h2>Throughput against size</h2>\n", f);
    rc = note_chart(f, chart_gflops(ctx, dir, r, base, false, err, errlen),
                    "square sizes", err);
    if (!rc && access((snprintf(rel, sizeof rel, "%s/gflops.svg", dir), rel), F_OK) == 0)
        figure(f, "gflops.svg", gflops_alt(r, false, alt, sizeof alt), NULL, 900, 560);
    latency_table(f, r);
    fputs("<h2>Each level against cuBLAS, and what the course material expects</h2>\n", f);
    if (!rc)
        rc = note_chart(f, chart_pct(ctx, dir, r, 4096, false, err, errlen), "4096", err);
    if (!rc && access((snprintf(rel, sizeof rel, "%s/pct4096.svg", dir), rel), F_OK) == 0)
        figure(f, "pct4096.svg", pct_alt(r, 4096, alt, sizeof alt), NULL, 1000, 440);
    if (!rc)
        rc = history_section(ctx, dir, f, gm, err, errlen);
    fputs("<h2>Roofline</h2>\n", f);
    if (!rc)
        rc = note_chart(f, chart_roofline(ctx, dir, r, err, errlen), "the roofline", err);
    if (!rc && access((snprintf(rel, sizeof rel, "%s/roofline.svg", dir), rel), F_OK) == 0)
        figure(f, "roofline.svg",
               "Roofline of the latest run: each kernel's GFLOP/s at its shapes against "
               "arithmetic intensity, under the FP32 peak and the memory bandwidth",
               NULL, 900, 560);
    fputs("<h2>Recent runs</h2>\n", f);
    runs_table(f, g, g->n_runs > 30 ? g->n_runs - 30 : 0, "runs/");
    html_end(f);
    snprintf(rel, sizeof rel, "gpu/%s/index.html", g->slug);
    if (close_out(f, rel, err, errlen))
        rc = -1;
    for (const char *const *t = (const char *const[]){"gflops_latest", "gflops_baseline",
                                                         "pct4096", "roofline", NULL};
         *t; ++t) {
        snprintf(rel, sizeof rel, "%s/%s.tsv", dir, *t);
        unlink(rel);
    }
    if (!rc && page_memory(ctx, gm, err, errlen) < 0)
        rc = -1;
    if (!rc && page_kernels(ctx, gm, err, errlen) < 0)
        rc = -1;
    for (size_t i = 0; !rc && i < g->n_runs; ++i)
        rc = page_commit(ctx, gm, i, err, errlen);
    if (!rc)
        rc = page_runs(ctx, g, err, errlen);
    return rc;
}
