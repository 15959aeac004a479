/* index.c: index.html, one card per GPU: its latest run against the run before and
 * against its baseline (pages.h). */
#include "site/pages/common.h"

#include <string.h>

#include "site/html.h"

/* The REGRESSED row with the largest drop; with none, the judged row with the largest
 * drop (a drop inside its tolerance); NULL when nothing was judged. */
static const struct point_verdict *worst_row(const struct comparison *c)
{
    const struct point_verdict *w = NULL;
    for (size_t i = 0; i < c->n_rows; ++i) {
        const struct point_verdict *v = &c->rows[i];
        const bool judged = v->verdict == V_PASS || v->verdict == V_IMPROVED ||
                            v->verdict == V_REGRESSED || v->verdict == V_INCONCLUSIVE;
        const bool worse = !w || (v->verdict == V_REGRESSED) > (w->verdict == V_REGRESSED) ||
                           ((v->verdict == V_REGRESSED) == (w->verdict == V_REGRESSED) &&
                            v->delta_pct < w->delta_pct);
        if (judged && worse)
            w = v;
    }
    return w;
}

static void worst_line(FILE *f, const struct comparison *c)
{
    const struct point_verdict *w = worst_row(c);
    if (!w)
        return;
    fputs(w->verdict == V_REGRESSED ? " Worst regression: " : " Worst change: ", f);
    html_text(f, w->kernel);
    html_raw(f, " %dx%dx%d, %+.2f%% (noise %.2f%%, threshold %.1f%%).", w->m, w->n, w->k,
             w->delta_pct, w->noise_pct, w->threshold_pct);
}

/* " N of them triaged ...": the latest run's regressions (against the run before) that
 * the annotations acknowledge or expect, so that a card's REGRESSED says whether anyone
 * has looked. */
static void triaged_line(FILE *f, const struct site_model *m, const struct gpu_model *gm)
{
    const struct run *latest = &gm->g->runs[gm->g->n_runs - 1];
    size_t n = 0, triaged = 0;
    for (size_t i = 0; i < m->n_regressions; ++i)
        if (m->regressions[i].bad == latest && m->regressions[i].v.verdict == V_REGRESSED) {
            n++;
            triaged += m->regressions[i].triage != NULL;
        }
    if (triaged)
        html_raw(f, " %s%zu of %zu triaged in the annotations (<a href=\"regressions.html\">"
                    "regressions</a>).",
                 triaged == n ? "All: " : "", triaged, n);
}

/* The card's two verdicts: against the run before, and against the named baseline. */
static void card_verdicts(FILE *f, const struct site_model *m, const struct gpu_model *gm)
{
    const struct gpu_history *g = gm->g;
    const struct run_model *rm = &gm->runs[g->n_runs - 1];
    if (gm->behind_head > 0)
        html_raw(f, "<p class=\"warn\">The history is behind: its latest run is %ld commit%s "
                    "before this build's checkout of the repository.</p>\n", gm->behind_head,
                 gm->behind_head == 1 ? "" : "s");
    fputs("<p>Against the previous run: ", f);
    if (rm->prev.rc == 1) {
        fputs("none (the first published run).", f);
    } else if (rm->prev.rc == 0) {
        verdict_badge(f, &rm->prev.c);
        fputs("(", f);
        html_text(f, g->runs[g->n_runs - 2].res.run.commit);
        fputs(").", f);
        worst_line(f, &rm->prev.c);
        triaged_line(f, m, gm);
        for (int i = 0; i < rm->prev.c.n_warnings; ++i) {
            fputs("<br><span class=\"warn\">", f);
            html_text(f, rm->prev.c.warnings[i]);
            fputs("</span>", f);
        }
    } else {
        fputs("not comparable: ", f);
        html_text(f, rm->prev.err);
    }
    fputs("</p>\n<p>Against the baseline", f);
    if (gm->base_state != 0) {
        fputs(gm->base_state == -1 ? ": none committed for this GPU."
                                   : ": the committed one cannot be read: ",
              f);
        html_text(f, gm->base_state == -1 ? "" : gm->base_why);
        fputs("</p>\n", f);
        return;
    }
    const struct results *base = &gm->base;
    char short_commit[13];
    snprintf(short_commit, sizeof short_commit, "%s", base->run.commit);
    fputs(" (commit <code>", f);
    html_text(f, short_commit);
    fputs("</code>, ", f);
    html_text(f, base->run.utc);
    if (base->n_runs > 0)
        html_raw(f, ", a set of %zu runs", base->n_runs);
    fputs("): ", f);
    if (gm->latest_is_baseline) {
        fputs("<span class=\"badge none\">BASELINE</span> this run is the baseline's own "
              "commit: it is not judged against itself.", f);
    } else if (rm->base.rc == 0) {
        verdict_badge(f, &rm->base.c);
        worst_line(f, &rm->base.c);
    } else if (rm->base.rc == 2) {
        fputs("<span class=\"badge none\">STALE</span> ", f);
        html_text(f, rm->base.err);
    } else {
        fputs("not comparable: ", f);
        html_text(f, rm->base.err);
    }
    fputs("</p>\n", f);
}

int page_index(const struct site_ctx *ctx, char *err, size_t errlen)
{
    FILE *f = page_open(ctx, "index.html", "SGEMM performance by GPU", "", err, errlen);
    if (!f)
        return -1;
    html_raw(f, "<p>Each card is one GPU model: its latest published run, judged against the run "
                "before it and against the committed baseline of that GPU. Percentages are of "
                "cuBLAS FP32, timed in the same run on the same inputs; a change counts only "
                "beyond both the threshold and the noise.</p>\n<div class=\"cards\">\n");
    if (ctx->h->n_gpus == 0)
        html_raw(f, "<p>No runs published yet.</p>\n");
    for (size_t i = 0; i < ctx->h->n_gpus; ++i) {
        const struct gpu_model *gm = &ctx->model->gpus[i];
        const struct gpu_history *g = gm->g;
        const struct results *r = &g->runs[g->n_runs - 1].res;
        const struct result_point *best = best_at(r, 4096);
        fputs("<section class=\"card\">\n<h2><a href=\"gpu/", f);
        html_href_segment(f, g->slug);
        fputs("/index.html\">", f);
        html_text(f, r->device.name);
        fputs("</a></h2>\n<p>Latest: ", f);
        run_origin(f, ctx, r);
        fputs("</p>\n", f);
        card_verdicts(f, ctx->model, gm);
        fputs("<p>Best at 4096: ", f);
        if (best) {
            html_text(f, best->kernel);
            html_raw(f, " <strong>%.1f%%</strong> of cuBLAS (%.0f GFLOP/s)", best->pct_ref,
                     best->rate);
        } else {
            fputs("not measured", f);
        }
        html_raw(f, "</p>\n<p>%zu published run%s · ", g->n_runs, g->n_runs == 1 ? "" : "s");
        fputs("<a href=\"gpu/", f);
        html_href_segment(f, g->slug);
        fputs("/index.html\">charts and history</a> · <a href=\"gpu/", f);
        html_href_segment(f, g->slug);
        fputs("/runs/", f);
        html_href_segment(f, g->runs[g->n_runs - 1].id);
        fputs(".html\">latest run</a></p>\n</section>\n", f);
    }
    fputs("</div>\n", f);
    html_end(f);
    return close_out(f, "index.html", err, errlen);
}
