/* runs.c: gpu/<slug>/runs.html, runs-2.html, ...: every run of a GPU, newest first
 * (common.h). */
#include "site/pages/common.h"


#include "site/html.h"

void runs_table(FILE *f, const struct gpu_history *g, size_t from, const char *prefix)
{
    html_raw(f, "<div class=\"scroll\"><table>\n<caption>Runs, newest first</caption>\n"
                "<thead><tr><th scope=\"col\">run (UTC)</th><th scope=\"col\">commit</th>"
                "<th scope=\"col\">branch</th><th scope=\"col\">subject</th>"
                "<th scope=\"col\" class=\"num\">best %% of cuBLAS at 4096</th>"
                "<th scope=\"col\">invalid points</th></tr></thead>\n<tbody>\n");
    for (size_t i = g->n_runs; i-- > from;) {
        const struct results *r = &g->runs[i].res;
        const struct result_point *best = best_at(r, 4096);
        int invalid = 0;
        for (size_t j = 0; j < r->n_points; ++j)
            invalid += !r->points[j].valid;
        html_raw(f, "<tr><td><a href=\"%s", prefix);
        html_href_segment(f, g->runs[i].id);
        fputs(".html\">", f);
        html_text(f, r->run.utc);
        fputs("</a></td><td><code>", f);
        html_text(f, r->run.commit);
        fputs("</code></td><td>", f);
        html_text(f, r->run.branch);
        fputs("</td><td>", f);
        html_text(f, r->run.subject);
        if (best)
            html_raw(f, "</td><td class=\"num\">%.1f</td>", best->pct_ref);
        else
            fputs("</td><td class=\"num\">-</td>", f);
        html_raw(f, "<td class=\"%s\">%d</td></tr>\n", invalid ? "v-INVALID" : "", invalid);
    }
    fputs("</tbody>\n</table></div>\n", f);
}

/* gpu/<slug>/runs.html (newest RUNS_PER_PAGE), runs-2.html, ...: no page grows with the
 * whole history. */
enum { RUNS_PER_PAGE = 100 };

static void runs_page_name(size_t page, char *out, size_t cap)
{
    if (page == 1)
        snprintf(out, cap, "runs.html");
    else
        snprintf(out, cap, "runs-%zu.html", page);
}

int page_runs(const struct site_ctx *ctx, const struct gpu_history *g, char *err,
                     size_t errlen)
{
    const size_t pages = (g->n_runs + RUNS_PER_PAGE - 1) / RUNS_PER_PAGE;
    for (size_t page = 1; page <= pages; ++page) {
        char rel[PATH], name[64], title[256];
        const size_t end = g->n_runs - (page - 1) * RUNS_PER_PAGE;
        const size_t from = end > RUNS_PER_PAGE ? end - RUNS_PER_PAGE : 0;
        runs_page_name(page, name, sizeof name);
        snprintf(rel, sizeof rel, "gpu/%s/%s", g->slug, name);
        snprintf(title, sizeof title, "Runs on %s (page %zu of %zu)",
                 g->runs[g->n_runs - 1].res.device.name, page, pages);
        FILE *f = page_open(ctx, rel, title, "../../", err, errlen);
        if (!f)
            return -1;
        struct gpu_history slice = *g;
        slice.n_runs = end;
        runs_table(f, &slice, from, "runs/");
        fputs("<p>", f);
        if (page > 1) {
            runs_page_name(page - 1, name, sizeof name);
            html_raw(f, "<a href=\"%s\">newer runs</a> ", name);
        }
        if (page < pages) {
            runs_page_name(page + 1, name, sizeof name);
            html_raw(f, "<a href=\"%s\">older runs</a>", name);
        }
        fputs("</p>\n", f);
        html_end(f);
        if (close_out(f, rel, err, errlen))
            return -1;
    }
    return 0;
}
