/* commit.c: gpu/<slug>/runs/<id>.html, one run: its verdicts against the baseline and
 * the run before, every point, the kernels, where it ran (common.h). */
#include "site/pages/common.h"

#include <string.h>

#include "site/html.h"

/* Severity order of the verdict rows: what needs a look first. */
static int severity(enum verdict v)
{
    static const int rank[V_COUNT] = {[V_INVALID] = 0, [V_REGRESSED] = 1, [V_INCONCLUSIVE] = 2,
                                      [V_IMPROVED] = 3, [V_PASS] = 4, [V_INFO] = 5,
                                      [V_MISSING] = 6, [V_NEW] = 7};
    return v >= 0 && v < V_COUNT ? rank[v] : V_COUNT;
}

/* Where a verdict table's triage comes from: the run against the one before (the
 * regressions the annotations triage); NULL for the table against the baseline. */
struct triage_src {
    const struct site_ctx *ctx;
    const char *slug;
    const struct results *r;
};

/* The note of an INVALID row whose error is the row above's (a failed sweep's one error
 * on every point): each row keeps its anchor, the text is written once. */
#define SAME_ERROR "<span class=\"missing\">the same error as the row above</span>"

/* An empty element holding a point's anchor: a row that stands for many points keeps
 * every point's link target. */
static void anchor_span(FILE *f, const char *prefix, const char *kernel, int m, int n, int k)
{
    fputs("<span id=\"", f);
    point_anchor(f, prefix, kernel, m, n, k);
    fputs("\"></span>", f);
}

/* When every INVALID row of c holds one error and none is triaged (a sweep that failed as
 * a whole), writes them as one row, with each point's anchor kept as an empty element in
 * it, and returns true. */
static bool invalid_as_one(FILE *f, const struct comparison *c, const char *id_prefix,
                           const struct triage_src *t)
{
    const struct point_verdict *first = NULL;
    int n = 0;
    for (size_t i = 0; i < c->n_rows; ++i) {
        const struct point_verdict *v = &c->rows[i];
        if (v->verdict != V_INVALID)
            continue;
        if ((first && strcmp(first->note, v->note) != 0) || v->inside[0] ||
            (t && annotations_find(t->ctx->model->notes, t->slug, t->r->run.commit, v->kernel,
                                   v->m, v->n, v->k, true)))
            return false;
        first = first ? first : v;
        n++;
    }
    if (n < 2)
        return false;
    html_raw(f, "<tr><th scope=\"row\" colspan=\"2\">%d points, every one", n);
    for (size_t i = 0; i < c->n_rows; ++i)
        if (c->rows[i].verdict == V_INVALID)
            anchor_span(f, id_prefix, c->rows[i].kernel, c->rows[i].m, c->rows[i].n, c->rows[i].k);
    fputs("</th><td class=\"v-INVALID\">INVALID</td><td class=\"num\">-</td><td class=\"num\">"
          "-</td><td class=\"num\">-</td><td class=\"num\">-</td><td class=\"num\">-</td><td>", f);
    html_text(f, first->note);
    fputs("</td></tr>\n", f);
    return true;
}

static void verdict_rows(FILE *f, const struct comparison *c, int rank, int only_changes,
                         const char *id_prefix, const struct triage_src *t)
{
    if (rank == severity(V_INVALID) && invalid_as_one(f, c, id_prefix, t))
        return;
    const char *above = NULL; /* the note of the row above, when it was an INVALID one */
    for (size_t i = 0; i < c->n_rows; ++i) {
        const struct point_verdict *v = &c->rows[i];
        if (severity(v->verdict) != rank || (only_changes && v->verdict == V_PASS))
            continue;
        /* An anchor per row: charts and other pages link to the point itself. */
        fputs("<tr id=\"", f);
        point_anchor(f, id_prefix, v->kernel, v->m, v->n, v->k);
        fputs("\"><th scope=\"row\"><a href=\"", f);
        const struct series sr = series_of_verdict(v);
        series_href(f, "../", &sr);
        fputs("\" title=\"its history\">", f);
        html_text(f, v->kernel);
        html_raw(f, "</a></th><td>%dx%dx%d</td><td class=\"v-%s\">%s</td>", v->m, v->n, v->k,
                 verdict_name(v->verdict), verdict_name(v->verdict));
        if (v->verdict == V_NEW || v->verdict == V_MISSING || v->verdict == V_INVALID)
            fputs("<td class=\"num\">-</td><td class=\"num\">-</td><td class=\"num\">-</td>"
                  "<td class=\"num\">-</td><td class=\"num\">-</td><td>", f);
        else
            html_raw(f, "<td class=\"num\">%.2f</td><td class=\"num\">%.2f</td><td class=\"num\">"
                        "%+.2f</td><td class=\"num\">%.2f</td><td class=\"num\">%.1f</td><td>",
                     v->base_pct, v->cur_pct, v->delta_pct, v->noise_pct, v->threshold_pct);
        /* A failed sweep's one error, repeated on every point, is written once. */
        const bool repeated = v->verdict == V_INVALID && above && strcmp(above, v->note) == 0;
        if (repeated)
            fputs(SAME_ERROR, f);
        else
            html_text(f, v->note);
        above = v->verdict == V_INVALID ? v->note : NULL;
        if (v->inside[0]) {
            fputs(v->note[0] ? "<br>inside the kernel: " : "inside the kernel: ", f);
            html_text(f, v->inside);
        }
        const struct annotation *a =
            t && (v->verdict == V_REGRESSED || v->verdict == V_INVALID)
                ? annotations_find(t->ctx->model->notes, t->slug, t->r->run.commit, v->kernel,
                                   v->m, v->n, v->k, true)
                : NULL;
        if (a) {
            fputs(v->note[0] || v->inside[0] ? "<br>" : "", f);
            triage_text(f, t->ctx, t->r, a);
        }
        fputs("</td></tr>\n", f);
    }
}

static const char verdict_head[] =
    "<thead><tr><th scope=\"col\">kernel</th><th scope=\"col\">shape (MxNxK)</th>"
    "<th scope=\"col\">verdict</th><th scope=\"col\" class=\"num\">before (% of cuBLAS)</th>"
    "<th scope=\"col\" class=\"num\">now (% of cuBLAS)</th><th scope=\"col\" class=\"num\">"
    "change (%)</th><th scope=\"col\" class=\"num\">noise (%)</th><th scope=\"col\" "
    "class=\"num\">threshold (%)</th><th scope=\"col\">note</th></tr></thead>\n";

/* The verdicts, most severe first; what was not judged (INFO, NEW, MISSING) folded away
 * in its own table. */
static void verdict_table(FILE *f, const struct comparison *c, int only_changes,
                          const char *id_prefix, const struct triage_src *t)
{
    int shown = 0, folded = c->counts[V_INFO] + c->counts[V_NEW] + c->counts[V_MISSING];
    for (int i = 0; i < c->n_warnings; ++i) {
        fputs("<p class=\"warning\">Warning: ", f);
        html_text(f, c->warnings[i]);
        fputs("</p>\n", f);
    }
    for (size_t i = 0; i < c->n_rows; ++i)
        shown += severity(c->rows[i].verdict) <= severity(V_PASS) &&
                 !(only_changes && c->rows[i].verdict == V_PASS);
    html_raw(f, "<div class=\"scroll\"><table>\n<caption>Verdicts, most severe first</caption>\n%s"
                "<tbody>\n", verdict_head);
    for (int rank = 0; rank <= severity(V_PASS); ++rank)
        verdict_rows(f, c, rank, only_changes, id_prefix, t);
    if (!shown)
        fputs("<tr><td colspan=\"9\">Every point within the threshold and the noise.</td></tr>\n", f);
    fputs("</tbody>\n</table></div>\n", f);
    if (folded) {
        html_raw(f, "<details><summary>%d points not judged: launch-bound (the kernel under "
                    "%.0f µs), new or missing</summary>\n<div class=\"scroll\"><table>\n"
                    "<caption>Points not judged</caption>\n%s<tbody>\n",
                 folded, COMPARE_MIN_TIME_US, verdict_head);
        verdict_rows(f, c, severity(V_INFO), 0, id_prefix, t);
        verdict_rows(f, c, severity(V_MISSING), 0, id_prefix, t);
        verdict_rows(f, c, severity(V_NEW), 0, id_prefix, t);
        fputs("</tbody>\n</table></div></details>\n", f);
    }
}

static void results_table(FILE *f, const struct results *r)
{
    const char *above = NULL; /* the error of the row above, when it was INVALID */
    static const char *const head[] = {
        "kernel", "shape (MxNxK)", "GFLOP/s", "cuBLAS GFLOP/s", "% of cuBLAS", "median (ms)",
        "noise (%)", "samples", "max rel. error", "registers", "static smem (B)", "local (B)",
        "status"};
    fputs("<div class=\"scroll\"><table>\n<caption>Every point of this run</caption>\n"
          "<thead><tr>", f);
    for (size_t i = 0; i < sizeof head / sizeof head[0]; ++i) {
        html_raw(f, "<th scope=\"col\"%s>", i >= 2 && i <= 11 ? " class=\"num\"" : "");
        html_text(f, head[i]);
        fputs("</th>", f);
    }
    fputs("</tr></thead>\n<tbody>\n", f);
    bool one_error = r->n_points > 1; /* a sweep that failed as a whole: one row */
    for (size_t i = 0; i < r->n_points && one_error; ++i)
        one_error = !r->points[i].valid &&
                    strcmp(point_error(&r->points[i]), point_error(&r->points[0])) == 0;
    if (one_error) {
        html_raw(f, "<tr><th scope=\"row\" colspan=\"12\">%zu points, every one", r->n_points);
        for (size_t i = 0; i < r->n_points; ++i)
            anchor_span(f, "pt", r->points[i].kernel, r->points[i].m, r->points[i].n, r->points[i].k);
        fputs("</th><td class=\"v-INVALID\">INVALID: ", f);
        html_text(f, point_error(&r->points[0]));
        fputs("</td></tr>\n</tbody>\n</table></div>\n", f);
        return;
    }
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        /* The anchor the history charts link to. */
        fputs("<tr id=\"", f);
        point_anchor(f, "pt", p->kernel, p->m, p->n, p->k);
        fputs("\"><th scope=\"row\"><a href=\"", f);
        const struct series sr = series_of_point(p);
        series_href(f, "../", &sr);
        fputs("\" title=\"its history\">", f);
        html_text(f, p->kernel);
        html_raw(f, "</a></th><td>%dx%dx%d</td><td class=\"num\">%.4g</td><td class=\"num\">%.4g</td>",
                 p->m, p->n, p->k, p->rate, p->ref_rate);
        if (compare_is_informational(p)) /* launch latency, not the kernel */
            html_raw(f, "<td class=\"num missing\" title=\"launch-bound (the kernel under "
                        "%.0f µs): %.2f, not a measure of the kernel\">launch-bound</td>",
                     COMPARE_MIN_TIME_US, p->pct_ref);
        else
            html_raw(f, "<td class=\"num\">%.2f</td>", p->pct_ref);
        html_raw(f, "<td class=\"num\">%.4g</td><td class=\"num\">%.2f</td><td class=\"num\">%d"
                    "</td><td class=\"num\">%.2g</td>",
                 p->time_ms.median, 100 * p->time_ms.rel_noise, p->time_ms.samples, p->max_rel_err);
        html_raw(f, "<td class=\"num\">%d</td><td class=\"num\">%d</td><td class=\"num\">%d</td>",
                 p->regs, p->smem_static_bytes, p->local_bytes);
        if (p->valid) {
            fputs("<td class=\"v-PASS\">valid</td></tr>\n", f);
        } else {
            const char *error = point_error(p);
            fputs("<td class=\"v-INVALID\">INVALID: ", f);
            if (above && strcmp(above, error) == 0)
                fputs(SAME_ERROR, f);
            else
                html_text(f, error);
            fputs("</td></tr>\n", f);
        }
        above = p->valid ? NULL : point_error(p);
    }
    fputs("</tbody>\n</table></div>\n", f);
}

/* What each kernel's registration says: its technique and the range expected of it, with
 * the source of that range. Files from before the "kernels" table have none. */
static void kernels_table(FILE *f, const struct results *r)
{
    if (!r->n_kernels)
        return;
    fputs("<h2>The kernels</h2>\n<div class=\"scroll\"><table>\n<caption>As each kernel "
          "registered itself in the build that ran</caption>\n<thead><tr><th scope=\"col\">"
          "kernel</th><th scope=\"col\" class=\"num\">level</th><th scope=\"col\">technique"
          "</th><th scope=\"col\">expected (% of cuBLAS)</th><th scope=\"col\">according to"
          "</th></tr></thead>\n<tbody>\n", f);
    for (size_t i = 0; i < r->n_kernels; ++i) {
        const struct kernel_info *k = &r->kernels[i];
        fputs("<tr><th scope=\"row\">", f);
        html_text(f, k->name);
        html_raw(f, "</th><td class=\"num\">%d</td><td>", k->level);
        html_text(f, k->technique);
        if (k->not_run[0]) {
            fputs("<br><strong>Not run here:</strong> ", f);
            html_text(f, k->not_run);
        }
        if (k->expected_high_pct > 0)
            html_raw(f, "</td><td>%g-%g</td><td>", k->expected_low_pct, k->expected_high_pct);
        else
            fputs("</td><td>-</td><td>", f);
        html_text(f, k->expected_source);
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody>\n</table></div>\n", f);
}

static void kv(FILE *f, const char *key, const char *value)
{
    fputs("<tr><th scope=\"row\">", f);
    html_text(f, key);
    fputs("</th><td>", f);
    html_text(f, value);
    fputs("</td></tr>\n", f);
}

static void environment_table(FILE *f, const struct results *r)
{
    const struct device_info *d = &r->device;
    const struct conditions *c = &r->conditions;
    char buf[512];
    fputs("<div class=\"scroll\"><table class=\"kv\">\n<caption>Where and how this run was measured</caption>\n", f);
    kv(f, "GPU", d->name);
    kv(f, "GPU id (hash of its UUID)", d->gpu_id);
    kv(f, "host id (hash of its name)", r->run.host_id);
    kv(f, "compute capability", d->cc);
    snprintf(buf, sizeof buf, "%d SMs, %.0f MiB L2, %.1f GiB memory", d->sms,
             d->l2_bytes / 1048576.0, d->mem_bytes / 1073741824.0);
    kv(f, "size", buf);
    kv(f, "driver", d->driver);
    kv(f, "CUDA runtime", d->cuda_runtime);
    kv(f, "cuBLAS", d->cublas);
    snprintf(buf, sizeof buf, "%d MHz", d->sm_clock_max_mhz);
    kv(f, "max SM clock", buf);
    if (c->sm_clock_min_mhz >= 0)
        snprintf(buf, sizeof buf, "%d to %d MHz", c->sm_clock_min_mhz, c->sm_clock_max_mhz);
    else
        snprintf(buf, sizeof buf, "unknown (no NVML)");
    kv(f, "SM clock during the run", buf);
    if (c->temp_c_max >= 0)
        snprintf(buf, sizeof buf, "%d °C", c->temp_c_max);
    else
        snprintf(buf, sizeof buf, "unknown");
    kv(f, "hottest", buf);
    buf[0] = '\0';
    for (int i = 0; i < c->n_throttle; ++i)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? ", " : "",
                 c->throttle_reasons[i]);
    kv(f, "clock limits seen", c->n_throttle ? buf : "none");
    snprintf(buf, sizeof buf, "%d", c->discarded_samples);
    kv(f, "samples discarded (throttling)", buf);
    fputs("</table></div>\n", f);
}

/* The badge and the changed points of a judged run; 0 (nothing written) when there is
 * nothing to compare with. id_prefix tells the row anchors of two tables on one page apart
 * ("base", "prev"). */
static int verdict_section(FILE *f, const struct judged *j, const char *id_prefix,
                           const struct triage_src *t)
{
    if (j->rc != 0)
        return 0;
    verdict_badge(f, &j->c);
    verdict_table(f, &j->c, 1, id_prefix, t);
    return 1;
}

/* gpu/<slug>/runs/<id>.html */
int page_commit(const struct site_ctx *ctx, const struct gpu_model *gm, size_t idx, char *err,
                size_t errlen)
{
    const struct gpu_history *g = gm->g;
    const struct run *run = &g->runs[idx];
    const struct results *r = &run->res;
    char rel[PATH], title[256];
    snprintf(rel, sizeof rel, "gpu/%s/runs/%s.html", g->slug, run->id);
    snprintf(title, sizeof title, "Run %s", run->id);
    FILE *f = page_open(ctx, rel, title, "../../../", err, errlen);
    if (!f)
        return -1;
    fputs("<p class=\"crumbs\"><a href=\"../index.html\">", f);
    html_text(f, r->device.name);
    fputs("</a> · commit ", f);
    run_origin(f, ctx, r);
    fputs("</p>\n", f);
    /* The runs in commit order (the runs page's): the one before and the one after. */
    char before[PATH] = "", after[PATH] = "";
    if (idx > 0)
        snprintf(before, sizeof before, "%s.html", g->runs[idx - 1].id);
    if (idx + 1 < g->n_runs)
        snprintf(after, sizeof after, "%s.html", g->runs[idx + 1].id);
    pager(f, "run", before, idx > 0 ? g->runs[idx - 1].id : "", after,
          idx + 1 < g->n_runs ? g->runs[idx + 1].id : "");
    if (r->run.subject[0]) {
        fputs("<p class=\"subject\">", f);
        html_text(f, r->run.subject);
        fputs("</p>\n", f);
    }
    fputs("<p class=\"legend\">In the tables below, <b>change</b> is the % of cuBLAS now "
          "against before, in percent of before; <b>noise</b> is the uncertainty of that "
          "change, from the spread of both runs' timings. A point regresses only when its "
          "drop exceeds both the <b>threshold</b> and the noise.</p>\n", f);
    fputs("<h2>Against the baseline</h2>\n", f);
    if (gm->runs[idx].base.rc == 2 || gm->runs[idx].base.rc == -1) {
        fputs(gm->runs[idx].base.rc == 2 ? "<p><span class=\"badge none\">STALE</span> " : "<p>", f);
        html_text(f, gm->runs[idx].base.err);
        fputs("</p>\n", f);
    } else if (!verdict_section(f, &gm->runs[idx].base, "base", NULL)) {
        fputs("<p>No baseline committed for this GPU.</p>\n", f);
    }
    fputs("<h2>Against the previous run on this GPU</h2>\n", f);
    if (idx > 0) {
        const struct results *prev = &g->runs[idx - 1].res;
        const char *repo = repo_of(ctx, r);
        fputs("<p>Previous: <a href=\"", f);
        html_href_segment(f, g->runs[idx - 1].id);
        fputs(".html\">", f);
        html_text(f, g->runs[idx - 1].id);
        fputs("</a>", f);
        if (repo) { /* the repository's view of the commits in between */
            fputs(" · <a href=\"", f);
            html_attr(f, repo);
            fputs("/compare/", f);
            html_href_segment(f, prev->run.commit);
            fputs("...", f);
            html_href_segment(f, r->run.commit);
            fputs("\">the commits in between</a>", f);
        }
        fputs("</p>\n", f);
    }
    const struct triage_src from_prev = {ctx, g->slug, r};
    if (!verdict_section(f, &gm->runs[idx].prev, "prev", &from_prev))
        fputs("<p>The first run published for this GPU.</p>\n", f);
    fputs("<h2>Results</h2>\n", f);
    results_table(f, r);
    kernels_table(f, r);
    fputs("<h2>Environment</h2>\n", f);
    environment_table(f, r);
    fputs("<p>Command: <code>", f);
    for (int i = 0; i < r->run.argc; ++i) {
        html_text(f, r->run.argv[i]);
        fputc(' ', f);
    }
    fputs("</code> (profile ", f);
    html_text(f, r->run.profile);
    fputs(", sgemm-bench ", f);
    html_text(f, r->run.tool_version);
    fputs(")</p>\n", f);
    html_end(f);
    return close_out(f, rel, err, errlen);
}
