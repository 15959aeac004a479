/* memory.c: gpu/<slug>/memory.html, the memory family of the latest run (common.h). */
#include "site/pages/common.h"

#include <string.h>
#include <unistd.h>

#include "site/html.h"

/* One of the seeds' comparisons: the ratio of two kernels' GB/s at side x side. */
static void seed_ratio(FILE *f, const struct results *r, int side, const char *fast,
                       const char *slow, const char *what, const char *claim)
{
    const struct result_point *a = results_find(r, fast, side, side, 1);
    const struct result_point *b = results_find(r, slow, side, side, 1);
    fputs("<li>", f);
    html_text(f, what);
    if (a && b && a->valid && b->valid && b->rate > 0)
        html_raw(f, ": <strong>%.2fx</strong> here (%.0f against %.0f GB/s at %dx%d). ",
                 a->rate / b->rate, a->rate, b->rate, side, side);
    else
        fputs(": not measured in this run. ", f);
    html_text(f, claim);
    fputs("</li>\n", f);
}

static void memory_table(FILE *f, const struct results *r, int side)
{
    fputs("<div class=\"scroll\"><table>\n<caption>Each memory kernel against the copy of the "
          "same bytes, beside what its seed expects</caption>\n<thead><tr>"
          "<th scope=\"col\">kernel</th><th scope=\"col\">technique</th>"
          "<th scope=\"col\" class=\"num\">GB/s</th><th scope=\"col\" class=\"num\">% of "
          "the copy</th><th scope=\"col\" class=\"num\">expected</th>"
          "<th scope=\"col\">the expectation's source</th></tr></thead>\n<tbody>\n", f);
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        if (!of_family(p, "memory") || p->m != side || p->n != side)
            continue;
        const struct kernel_info *k = results_kernel(r, p->kernel);
        double lo, hi;
        expected_range(r, p->kernel, &lo, &hi);
        const struct series sr = series_of_point(p);
        fputs("<tr><th scope=\"row\"><a href=\"", f);
        series_href(f, "", &sr);
        fputs("\" title=\"its history at this shape\">", f);
        html_text(f, p->kernel);
        fputs("</a></th><td>", f);
        html_text(f, k ? k->technique : "");
        if (p->valid)
            html_raw(f, "</td><td class=\"num\">%.0f</td><td class=\"num\">%.1f</td>", p->rate,
                     p->pct_ref);
        else
            fputs("</td><td class=\"num\">-</td><td class=\"num\">INVALID</td>", f);
        if (hi > 0)
            html_raw(f, "<td class=\"num\">%g-%g%s</td><td>", lo, hi,
                     p->valid && (p->pct_ref < lo || p->pct_ref > hi) ? " (outside)" : "");
        else
            fputs("<td class=\"num\">none</td><td>", f);
        html_text(f, k ? k->expected_source : "");
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody>\n</table></div>\n", f);
}

/* gpu/<slug>/memory.html: the memory family of the latest run. 1 when it has none. */
int page_memory(const struct site_ctx *ctx, const struct gpu_model *gm, char *err, size_t errlen)
{
    const struct gpu_history *g = gm->g;
    const struct results *base = gm->base_state == 0 ? &gm->base : NULL;
    const struct results *r = &g->runs[g->n_runs - 1].res;
    const int side = memory_size_of(r, NULL);
    char rel[PATH], dir[PATH], alt[1024], title[RS_TEXT + 32];
    if (!side)
        return 1;
    snprintf(rel, sizeof rel, "gpu/%s/memory.html", g->slug);
    snprintf(dir, sizeof dir, "%s/gpu/%s", ctx->out, g->slug);
    snprintf(title, sizeof title, "%s: the memory family", r->device.name);
    FILE *f = page_open(ctx, rel, title, "../../", err, errlen);
    if (!f)
        return -1;
    fputs("<p>The seeds' memory-access lessons, measured in the latest run (", f);
    html_text(f, r->run.utc);
    fputs("). Each kernel's reference is a device-to-device <code>cudaMemcpyAsync</code> that "
          "moves the same bytes, timed in the same run; GB/s counts the bytes the operation "
          "must move (a field read: 4 read and 4 written per element), so a kernel that "
          "fetches bytes it does not use shows less. Every output is checked bit for bit. "
          "<a href=\"index.html\">Back to the GEMM levels</a>.</p>\n", f);
    fputs("<h2>GB/s against size</h2>\n", f);
    int rc = note_chart(f, chart_gflops(ctx, dir, r, base, true, err, errlen), "square sizes", err);
    if (!rc && access((snprintf(rel, sizeof rel, "%s/gbs.svg", dir), rel), F_OK) == 0)
        figure(f, "gbs.svg", gflops_alt(r, true, alt, sizeof alt), NULL, 900, 560);
    html_raw(f, "<h2>At %dx%d, against the copy and the seeds</h2>\n", side, side);
    rc = rc ? rc : note_chart(f, chart_pct(ctx, dir, r, side, true, err, errlen), "that size", err);
    snprintf(rel, sizeof rel, "%s/mempct%d.svg", dir, side);
    if (!rc && access(rel, F_OK) == 0) {
        char src[64];
        snprintf(src, sizeof src, "mempct%d.svg", side);
        figure(f, src, "Percent of the copy per memory kernel at the largest square size, each "
                       "beside the range its seed expects (the table below has the figures)",
               NULL, 1000, 440);
    }
    memory_table(f, r, side);
    fputs("<h2>The seeds' comparisons</h2>\n<ul>\n", f);
    seed_ratio(f, r, memory_size_of(r, "memory_aos_read_x"), "memory_soa_read_x",
               "memory_aos_read_x", "SoA read against AoS read of one field",
               "Seed 004: about 3.4x on an RTX 3080 (95 against 28 GB/s), from a load that uses "
               "25% of each sector it fetches.");
    seed_ratio(f, r, memory_size_of(r, "memory_transpose_smem32"),
               "memory_transpose_smem32_padded", "memory_transpose_smem32",
               "Padded against unpadded shared-memory transpose",
               "Seed 001: the 32x33 tile removes the bank conflicts of the column read; it gives "
               "no figure.");
    seed_ratio(f, r, memory_size_of(r, "memory_transpose_naive"),
               "memory_transpose_smem32_padded", "memory_transpose_naive",
               "Padded tiled transpose against the naive one",
               "Seed 001: a strided warp access uses 128 of the 1024 bytes it loads (12.5%).");
    fputs("</ul>\n", f);
    html_end(f);
    snprintf(rel, sizeof rel, "gpu/%s/memory.html", g->slug);
    if (close_out(f, rel, err, errlen))
        rc = -1;
    for (const char *const *t = (const char *const[]){"gbs_latest", "gbs_baseline", NULL}; *t; ++t) {
        snprintf(rel, sizeof rel, "%s/%s.tsv", dir, *t);
        unlink(rel);
    }
    return rc;
}
