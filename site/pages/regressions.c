/* regressions.c: regressions.html, every regression of every GPU, newest first, with
 * its range and whether it recovered (pages.h); regressions.xml is feed.c. */
#include "site/pages/common.h"

#include <stdbool.h>
#include <stdlib.h>

#include "site/changepoint.h"
#include "site/html.h"

static void run_link(FILE *f, const char *root, const struct gpu_history *g, const struct run *run,
                     const char *anchor_kernel, const struct point_verdict *v)
{
    html_raw(f, "<a href=\"%sgpu/", root);
    html_href_segment(f, g->slug);
    fputs("/runs/", f);
    html_href_segment(f, run->id);
    fputs(".html", f);
    if (anchor_kernel) {
        fputc('#', f);
        point_anchor(f, "pt", anchor_kernel, v->m, v->n, v->k);
    }
    char sha[16];
    snprintf(sha, sizeof sha, "%.12s", run->res.run.commit);
    fputs("\"><code>", f);
    html_text(f, sha);
    fputs("</code></a>", f);
}

/* The known changes of every GPU (site/analysis.h), newest first within each GPU. */
static void events_table(FILE *f, const struct site_ctx *ctx)
{
    size_t shown = 0;
    fputs("<h2>Known changes</h2>\n<p class=\"legend\">What changed around a run besides the "
          "code: the driver, CUDA runtime or cuBLAS against the run before, the committed "
          "baseline's own commit, and the notes of the annotations file (reviewed like code). "
          "The history charts mark each with a dotted grey line.</p>\n<div class=\"scroll\">"
          "<table>\n<caption>Known changes</caption>\n<thead><tr><th scope=\"col\">GPU</th>"
          "<th scope=\"col\">run</th><th scope=\"col\">what</th><th scope=\"col\">noted by"
          "</th></tr></thead>\n<tbody>\n", f);
    for (size_t gi = 0; gi < ctx->model->n_gpus; ++gi) {
        const struct gpu_model *gm = &ctx->model->gpus[gi];
        for (size_t e = gm->n_events; e-- > 0; shown++) {
            const struct event *ev = &gm->events[e];
            const struct run *run = &gm->g->runs[ev->run];
            fputs("<tr><td>", f);
            html_text(f, run->res.device.name);
            fputs("</td><td>", f);
            run_link(f, "", gm->g, run, NULL, NULL);
            fputs("</td><td>", f);
            if (ev->note && ev->note->kernel[0]) {
                html_text(f, ev->note->kernel);
                fputs(": ", f);
            }
            html_text(f, ev->what);
            fputs("</td><td>", f);
            if (ev->note) {
                html_text(f, ev->note->who);
                html_raw(f, " (%s)", annotation_state_name(ev->note->state));
            } else {
                fputs("the results", f);
            }
            fputs("</td></tr>\n", f);
        }
    }
    if (!shown)
        fputs("<tr><td colspan=\"4\">None.</td></tr>\n", f);
    fputs("</tbody>\n</table></div>\n", f);
}

/* The legend of the steps across runs (site/analysis.h). */
static void steps_legend(FILE *f, const struct site_ctx *ctx)
{
    html_raw(f, "<h2>Steps across runs</h2>\n<p class=\"legend\">Each point's %% of cuBLAS "
                "over the latest %d runs of its GPU, split where it steps: circular binary "
                "segmentation, each split kept when a permutation test gives p at most %.2f "
                "(docs/HISTORY.md). A step shows across several runs even when no two "
                "neighbours differ by more than their noise; it names the range that holds it, "
                "the last run before and the first after. Listed: the steps of %.0f%% or "
                "more, slower then faster (a faster step names the commit that sped a kernel "
                "up).</p>\n",
             ctx->history_points, CP_ALPHA, COMPARE_DEFAULT_THRESHOLD_PCT);
}

/* The steps across runs that made points slower (or faster), newest first. */
static void steps_table(FILE *f, const struct site_ctx *ctx, bool slower)
{
    size_t shown = 0;
    html_raw(f, "<div class=\"scroll\"><table class=\"stack\">\n<caption>%s steps, newest first</caption>\n",
             slower ? "Slower" : "Faster");
    fputs("<thead><tr><th scope=\"col\">GPU</th><th scope=\"col\">kernel</th>"
          "<th scope=\"col\">shape (MxNxK)</th><th scope=\"col\" class=\"num\">change (%)"
          "</th><th scope=\"col\" class=\"num\">before (% of cuBLAS)</th><th scope=\"col\" "
          "class=\"num\">after (% of cuBLAS)</th><th scope=\"col\" class=\"num\">p</th>"
          "<th scope=\"col\">range (last before, first after)</th></tr></thead>\n<tbody>\n",
          f);
    for (size_t i = 0; i < ctx->model->n_steps; ++i) {
        const struct step *s = &ctx->model->steps[i];
        if ((s->change_pct < 0) != slower)
            continue;
        const struct point_verdict at = {.m = s->m, .n = s->n, .k = s->k};
        shown++;
        fputs("<tr><td data-label=\"GPU\">", f);
        html_text(f, s->first_after->res.device.name);
        fputs("</td><th scope=\"row\">", f);
        html_text(f, s->kernel);
        html_raw(f, "</th><td data-label=\"shape\">%dx%dx%d</td><td class=\"num\" "
                    "data-label=\"change (%%)\">%+.2f</td><td class=\"num\" data-label=\"before\">"
                    "%.2f</td><td class=\"num\" data-label=\"after\">%.2f</td><td class=\"num\" "
                    "data-label=\"p\">%.3f</td><td data-label=\"range\">",
                 s->m, s->n, s->k, s->change_pct, s->before_pct, s->after_pct, s->p);
        run_link(f, "", s->g, s->last_before, s->kernel, &at);
        fputs(" → ", f);
        run_link(f, "", s->g, s->first_after, s->kernel, &at);
        if (s->triage) {
            fputs("<br>", f);
            triage_text(f, ctx, &s->first_after->res, s->triage);
        }
        fputs("</td></tr>\n", f);
    }
    if (!shown)
        fputs("<tr><td colspan=\"8\">None.</td></tr>\n", f);
    fputs("</tbody>\n</table></div>\n", f);
}

int page_regressions(const struct site_ctx *ctx, char *err, size_t errlen)
{
    const struct regression *list = ctx->model->regressions;
    const size_t n = ctx->model->n_regressions;
    /* Counted as the table shows them: a REGRESSED point a row, the INVALID points of one
     * run against one good run one row (a failed sweep is one row, not 162). */
    size_t rows = 0, regressed = 0, present = 0, triaged = 0;
    for (size_t i = 0; i < n; ++i) {
        const struct regression *x = &list[i];
        bool counted = false;
        for (size_t j = 0; j < i && x->v.verdict == V_INVALID && !counted; ++j)
            counted = list[j].v.verdict == V_INVALID && list[j].g == x->g &&
                      list[j].good == x->good && list[j].bad == x->bad;
        if (counted)
            continue;
        rows++;
        regressed += x->v.verdict != V_INVALID;
        present += x->recovered == NULL;
        triaged += x->recovered == NULL && x->triage;
    }
    FILE *f = page_open(ctx, "regressions.html", "Regressions and invalid results", "", err,
                        errlen);
    if (!f)
        return -1;
    html_raw(f, "<p>Every point that REGRESSED against the run before it on the same GPU, "
                "and every run with INVALID points, newest commit first: %zu rows (%zu regressed "
                "points, %zu runs with INVALID points), of which %zu still present",
             rows, regressed, rows - regressed, present);
    if (triaged)
        html_raw(f, " (%zu of them triaged in the annotations: acknowledged or expected)", triaged);
    html_raw(f, "%s. <a href=\"regressions.xml\">Atom feed</a>.</p>\n",
             n == REGRESSIONS_CAP ? " (the list is capped)" : "");
    html_raw(f, "<p class=\"legend\"><b>change</b>: the %% of cuBLAS after against before, in "
                "percent of before, beside its <b>noise</b> (from both runs' timings) and the "
                "<b>threshold</b>: a point regresses when its drop exceeds both, and its own "
                "GFLOP/s dropped too. <b>range</b>: the last good run, then the first bad one. "
                "<b>status</b>: still present while the median of the runs since stays below "
                "the level before (the median of the last %d valid runs up to the good one) "
                "by more than the threshold; recovered at the first run back within it; not "
                "sustained when the run before was a one-run high. The INVALID points of one "
                "run against one good run are one row (a sweep that failed as a whole). The "
                "kernel links to its history at that shape.</p>\n",
             REGRESSION_LEVEL_RUNS);
    fputs("<div class=\"scroll\"><table class=\"stack\">\n<caption>Regressions, newest "
          "first</caption>\n<thead><tr><th scope=\"col\">kernel, shape, GPU</th>"
          "<th scope=\"col\">verdict, change</th><th scope=\"col\" class=\"num\">% of "
          "cuBLAS (before → after)</th><th scope=\"col\">range (good → bad)</th>"
          "<th scope=\"col\">status</th><th scope=\"col\">measured</th></tr></thead>\n<tbody>\n",
          f);
    for (size_t i = 0, len; i < n; i += len) {
        const struct regression *x = &list[i];
        const bool invalid = x->v.verdict == V_INVALID;
        len = invalid_run_len(list, n, i);
        /* A group of INVALID points links the runs, not one point of them. */
        const char *kernel = len > 1 ? NULL : x->v.kernel;
        const struct point_verdict *at = len > 1 ? NULL : &x->v;
        fputs("<tr><th scope=\"row\">", f);
        if (len > 1) {
            html_raw(f, "%zu points%s", len, len == x->bad->res.n_points ? ", every point of the run" : "");
        } else {
            const struct series sr = series_of_verdict(&x->v);
            html_raw(f, "<a href=\"gpu/");
            html_href_segment(f, x->g->slug);
            series_href(f, "/", &sr);
            fputs("\">", f);
            html_text(f, x->v.kernel);
            html_raw(f, "</a><br><span class=\"shape\">%dx%dx%d</span>", x->v.m, x->v.n, x->v.k);
        }
        fputs("<br><span class=\"gpu\">", f);
        html_text(f, x->bad->res.device.name);
        html_raw(f, "</span></th><td data-label=\"verdict\"><span class=\"v-%s\">%s</span>",
                 verdict_name(x->v.verdict), verdict_name(x->v.verdict));
        if (invalid)
            fputs("</td><td class=\"num\" data-label=\"% of cuBLAS\">-</td>", f);
        else
            html_raw(f, " %+.2f%%<br><span class=\"aside\">noise %.2f, threshold %.1f</span></td>"
                        "<td class=\"num\" data-label=\"%% of cuBLAS\">%.2f → %.2f</td>",
                     x->v.delta_pct, x->v.noise_pct, x->v.threshold_pct, x->v.base_pct, x->v.cur_pct);
        fputs("<td data-label=\"range\">", f);
        run_link(f, "", x->g, x->good, kernel, at);
        fputs(" → ", f);
        run_link(f, "", x->g, x->bad, kernel, at);
        const char *repo = repo_of(ctx, &x->bad->res);
        if (repo) {
            fputs(" (<a href=\"", f);
            html_attr(f, repo);
            fputs("/compare/", f);
            html_href_segment(f, x->good->res.run.commit);
            fputs("...", f);
            html_href_segment(f, x->bad->res.run.commit);
            fputs("\">diff</a>)", f);
        }
        if (x->v.inside[0]) {
            fputs("<details><summary>inside the kernel</summary>", f);
            html_text(f, x->v.inside);
            fputs("</details>", f);
        }
        fputs("</td><td data-label=\"status\" class=\"", f);
        if (x->recovered && x->recovered == x->bad && !invalid) {
            html_raw(f, "recovered\">not sustained: the run before was a high; the level "
                        "since, %.2f (median of %d), is within the threshold of the level "
                        "before, %.2f (median of %d)",
                     x->level_since, x->n_since, x->level_before, x->n_before);
        } else if (x->recovered) {
            fputs("recovered\">recovered at ", f);
            run_link(f, "", x->g, x->recovered, kernel, at);
        } else if (x->triage) {
            fputs("triaged\">", f);
            triage_text(f, ctx, &x->bad->res, x->triage);
        } else {
            fputs("present\">still present", f);
            if (!invalid)
                html_raw(f, ": %.2f since (median of %d) against %.2f before (median of %d)",
                         x->level_since, x->n_since, x->level_before, x->n_before);
        }
        fputs("</td><td data-label=\"measured\">", f);
        char day[16];
        snprintf(day, sizeof day, "%.10s", x->bad->res.run.utc);
        html_text(f, day);
        fputs("</td></tr>\n", f);
    }
    if (!n)
        fputs("<tr><td colspan=\"6\">None.</td></tr>\n", f);
    fputs("</tbody>\n</table></div>\n", f);
    steps_legend(f, ctx);
    steps_table(f, ctx, true);
    steps_table(f, ctx, false);
    events_table(f, ctx);
    html_end(f);
    int rc = close_out(f, "regressions.html", err, errlen);
    if (!rc)
        rc = feed_regressions(ctx, err, errlen);
    return rc;
}
