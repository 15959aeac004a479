/* pages.c: index, per-GPU, per-commit and regressions pages (see pages.h). */
#include "site/pages.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/atomic_file.h"
#include "runner/compare.h"
#include "runner/escape.h"
#include "site/charts.h"
#include "site/html.h"

enum { PATH = 4096 };

/* The % of cuBLAS kernel `name`'s registration expects, as the run recorded it; -1: none
 * (no expectation, or a file from before the "kernels" table). */
static void expected_range(const struct results *r, const char *name, double *lo, double *hi)
{
    const struct kernel_info *k = results_kernel(r, name);
    *lo = *hi = -1;
    if (k && k->expected_high_pct > 0) {
        *lo = k->expected_low_pct;
        *hi = k->expected_high_pct;
    }
}

static FILE *open_out(const struct site_ctx *ctx, const char *rel, char *err, size_t errlen)
{
    char path[PATH];
    snprintf(path, sizeof path, "%s/%s", ctx->out, rel);
    if (make_parent_dirs(path) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    FILE *f = fopen(path, "w");
    if (!f)
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return f;
}

static int close_out(FILE *f, const char *rel, char *err, size_t errlen)
{
    if (ferror(f) | (fclose(f) != 0)) {
        snprintf(err, errlen, "%s: write failed", rel);
        return -1;
    }
    return 0;
}

/* ---- shared pieces ----------------------------------------------------------------- */

static const struct result_point *best_at(const struct results *r, int size)
{
    const struct result_point *best = NULL;
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        if (p->valid && p->m == size && p->n == size && p->k == size &&
            (!best || p->pct_ref > best->pct_ref))
            best = p;
    }
    return best;
}

/* Loads <baselines>/<slug>.json: 0 when it was read; -1 when there is none; -2 when there
 * is one that cannot be read (a FIFO, a corrupt file: why[cap] says what). */
static int read_baseline(const char *dir, const char *slug, struct results *base, char *why,
                         size_t cap)
{
    char path[PATH];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s.json", dir, slug);
    results_init(base);
    why[0] = '\0';
    if (lstat(path, &st) != 0 && errno == ENOENT)
        return -1;
    return results_read(path, base, why, cap) ? -2 : 0;
}

int pages_check_baselines(const struct site_ctx *ctx)
{
    int bad = 0;
    char why[512];
    for (size_t i = 0; i < ctx->h->n_gpus; ++i) {
        struct results base;
        if (read_baseline(ctx->baselines, ctx->h->gpus[i].slug, &base, why, sizeof why) == -2) {
            esc_report(stderr, "site: skipping the baseline", why);
            bad++;
        }
        results_free(&base);
    }
    return bad;
}


static const char *repo_of(const struct site_ctx *ctx, const struct results *r)
{
    const char *url = ctx->repo_url ? ctx->repo_url : r->run.repo_url;
    return url && html_url_ok(url) ? url : NULL;
}

/* True for a commit id: 7 to 40 hex digits (nothing else goes into a commit URL). */
static bool is_commit_id(const char *s)
{
    const size_t n = strspn(s, "0123456789abcdefABCDEF");
    return n >= 7 && n <= 40 && s[n] == '\0';
}

static void commit_link(FILE *f, const struct site_ctx *ctx, const struct results *r)
{
    const char *url = repo_of(ctx, r);
    char sha[16];
    esc_copy(sha, 13, r->run.commit);
    if (url && is_commit_id(r->run.commit)) {
        fputs("<a href=\"", f);
        html_attr(f, url);
        fputs("/commit/", f);
        html_href_segment(f, r->run.commit);
        fputs("\"><code>", f);
        html_text(f, sha);
        fputs("</code></a>", f);
    } else {
        fputs("<code>", f);
        html_text(f, sha);
        fputs("</code>", f);
    }
}

/* "<commit link> on <branch>, <utc>": where a run came from. */
static void run_origin(FILE *f, const struct site_ctx *ctx, const struct results *r)
{
    commit_link(f, ctx, r);
    fputs(" on ", f);
    html_text(f, r->run.branch);
    fputs(", ", f);
    html_text(f, r->run.utc);
}

static const char *verdict_class(int code)
{
    switch (code) {
    case 0: return "pass";
    case 1: return "regressed";
    case 3: return "invalid";
    case 5: return "inconclusive";
    default: return "none";
    }
}

static void verdict_badge(FILE *f, const struct comparison *c)
{
    int code = compare_exit_code(c);
    html_raw(f, "<span class=\"badge %s\">%s</span> ", verdict_class(code),
             code == 0 ? "PASS" : code == 1 ? "REGRESSED" : code == 3 ? "INVALID" : "INCONCLUSIVE");
    for (int v = 0; v < V_COUNT; ++v)
        if (c->counts[v])
            html_raw(f, "<span class=\"count\">%d %s</span> ", c->counts[v], verdict_name(v));
}

/* ---- index --------------------------------------------------------------------------- */

/* True when commits a and b name the same commit (one may be abbreviated, 7+ digits). */
static bool same_commit(const char *a, const char *b)
{
    size_t n = strlen(a) < strlen(b) ? strlen(a) : strlen(b);
    return n >= 7 && strncmp(a, b, n) == 0;
}

/* True when run r is one of the baseline's own runs (its set, or its top-level run). */
static bool is_baseline_run(const struct results *base, const struct results *r)
{
    if (same_commit(base->run.commit, r->run.commit))
        return true;
    for (size_t i = 0; i < base->n_runs; ++i)
        if (same_commit(base->runs[i].commit, r->run.commit))
            return true;
    return false;
}

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

/* The card's two verdicts: against the run before, and against the named baseline. */
static void card_verdicts(FILE *f, const struct site_ctx *ctx, const struct gpu_history *g)
{
    const struct results *r = &g->runs[g->n_runs - 1].res;
    const struct compare_options opt = {0};
    struct comparison c;
    struct results base;
    char e[512];
    fputs("<p>Against the previous run: ", f);
    if (g->n_runs < 2) {
        fputs("none (the first published run).", f);
    } else if (compare_results(&g->runs[g->n_runs - 2].res, r, &opt, &c, e, sizeof e) == 0) {
        verdict_badge(f, &c);
        fputs("(", f);
        html_text(f, g->runs[g->n_runs - 2].res.run.commit);
        fputs(").", f);
        worst_line(f, &c);
        for (int i = 0; i < c.n_warnings; ++i) {
            fputs("<br><span class=\"warn\">", f);
            html_text(f, c.warnings[i]);
            fputs("</span>", f);
        }
        compare_free(&c);
    } else {
        fputs("not comparable: ", f);
        html_text(f, e);
    }
    fputs("</p>\n<p>Against the baseline", f);
    char why[512];
    const int got = read_baseline(ctx->baselines, g->slug, &base, why, sizeof why);
    if (got != 0) {
        fputs(got == -1 ? ": none committed for this GPU." : ": the committed one cannot be read: ",
              f);
        html_text(f, got == -1 ? "" : why);
        fputs("</p>\n", f);
        return;
    }
    char short_commit[13];
    snprintf(short_commit, sizeof short_commit, "%s", base.run.commit);
    fputs(" (commit <code>", f);
    html_text(f, short_commit);
    fputs("</code>, ", f);
    html_text(f, base.run.utc);
    if (base.n_runs > 0)
        html_raw(f, ", a set of %zu runs", base.n_runs);
    fputs("): ", f);
    if (is_baseline_run(&base, r)) {
        fputs("<span class=\"badge none\">BASELINE</span> this run is the baseline's own "
              "commit: it is not judged against itself.", f);
    } else if (compare_results(&base, r, &opt, &c, e, sizeof e) == 0) {
        verdict_badge(f, &c);
        worst_line(f, &c);
        compare_free(&c);
    } else {
        fputs("not comparable: ", f);
        html_text(f, e);
    }
    fputs("</p>\n", f);
    results_free(&base);
}

int page_index(const struct site_ctx *ctx, char *err, size_t errlen)
{
    FILE *f = open_out(ctx, "index.html", err, errlen);
    if (!f)
        return -1;
    html_begin(f, "SGEMM performance by GPU", "");
    html_raw(f, "<p>Each card is one GPU model: its latest published run, judged against the run "
                "before it and against the committed baseline of that GPU. Percentages are of "
                "cuBLAS FP32, timed in the same run on the same inputs; a change counts only "
                "beyond both the threshold and the noise.</p>\n<div class=\"cards\">\n");
    if (ctx->h->n_gpus == 0)
        html_raw(f, "<p>No runs published yet.</p>\n");
    for (size_t i = 0; i < ctx->h->n_gpus; ++i) {
        const struct gpu_history *g = &ctx->h->gpus[i];
        const struct results *r = &g->runs[g->n_runs - 1].res;
        const struct result_point *best = best_at(r, 4096);
        fputs("<section class=\"card\">\n<h2><a href=\"gpu/", f);
        html_href_segment(f, g->slug);
        fputs("/index.html\">", f);
        html_text(f, r->device.name);
        fputs("</a></h2>\n<p>Latest: ", f);
        run_origin(f, ctx, r);
        fputs("</p>\n", f);
        card_verdicts(f, ctx, g);
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

/* ---- verdict tables ------------------------------------------------------------------ */

/* Severity order of the verdict rows: what needs a look first. */
static int severity(enum verdict v)
{
    static const int rank[V_COUNT] = {[V_INVALID] = 0, [V_REGRESSED] = 1, [V_INCONCLUSIVE] = 2,
                                      [V_IMPROVED] = 3, [V_PASS] = 4, [V_INFO] = 5,
                                      [V_MISSING] = 6, [V_NEW] = 7};
    return v >= 0 && v < V_COUNT ? rank[v] : V_COUNT;
}

static void verdict_rows(FILE *f, const struct comparison *c, int rank, int only_changes,
                         const char *id_prefix)
{
    for (size_t i = 0; i < c->n_rows; ++i) {
        const struct point_verdict *v = &c->rows[i];
        if (severity(v->verdict) != rank || (only_changes && v->verdict == V_PASS))
            continue;
        /* An anchor per row: charts and other pages link to the point itself. */
        html_raw(f, "<tr id=\"%s-", id_prefix);
        html_href_segment(f, v->kernel);
        html_raw(f, "-%dx%dx%d\"><th scope=\"row\">", v->m, v->n, v->k);
        html_text(f, v->kernel);
        html_raw(f, "</th><td>%dx%dx%d</td><td class=\"v-%s\">%s</td>", v->m, v->n, v->k,
                 verdict_name(v->verdict), verdict_name(v->verdict));
        if (v->verdict == V_NEW || v->verdict == V_MISSING || v->verdict == V_INVALID)
            fputs("<td class=\"num\">-</td><td class=\"num\">-</td><td class=\"num\">-</td>"
                  "<td class=\"num\">-</td><td class=\"num\">-</td><td>", f);
        else
            html_raw(f, "<td class=\"num\">%.2f</td><td class=\"num\">%.2f</td><td class=\"num\">"
                        "%+.2f</td><td class=\"num\">%.2f</td><td class=\"num\">%.1f</td><td>",
                     v->base_pct, v->cur_pct, v->delta_pct, v->noise_pct, v->threshold_pct);
        html_text(f, v->note);
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
                          const char *id_prefix)
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
        verdict_rows(f, c, rank, only_changes, id_prefix);
    if (!shown)
        fputs("<tr><td colspan=\"9\">Every point within the threshold and the noise.</td></tr>\n", f);
    fputs("</tbody>\n</table></div>\n", f);
    if (folded) {
        html_raw(f, "<details><summary>%d points not judged: launch-bound (the kernel under "
                    "%.0f µs), new or missing</summary>\n<div class=\"scroll\"><table>\n"
                    "<caption>Points not judged</caption>\n%s<tbody>\n",
                 folded, COMPARE_MIN_TIME_US, verdict_head);
        verdict_rows(f, c, severity(V_INFO), 0, id_prefix);
        verdict_rows(f, c, severity(V_MISSING), 0, id_prefix);
        verdict_rows(f, c, severity(V_NEW), 0, id_prefix);
        fputs("</tbody>\n</table></div></details>\n", f);
    }
}

static void results_table(FILE *f, const struct results *r)
{
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
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        /* The anchor the history charts link to. */
        fputs("<tr id=\"pt-", f);
        html_href_segment(f, p->kernel);
        html_raw(f, "-%dx%dx%d\"><th scope=\"row\">", p->m, p->n, p->k);
        html_text(f, p->kernel);
        html_raw(f, "</th><td>%dx%dx%d</td><td class=\"num\">%.4g</td><td class=\"num\">%.4g</td>",
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
            fputs("<td class=\"v-INVALID\">INVALID: ", f);
            html_text(f, point_error(p));
            fputs("</td></tr>\n", f);
        }
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
    fputs("<table class=\"kv\">\n<caption>Where and how this run was measured</caption>\n", f);
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
    fputs("</table>\n", f);
}

/* The badge and the changed points of r against before; 0 (nothing written) when there
 * is nothing to compare with. */
/* id_prefix tells the row anchors of two tables on one page apart ("base", "prev"). */
static int verdict_section(FILE *f, const struct results *before, const struct results *r,
                           const char *id_prefix)
{
    struct comparison c;
    char e[512];
    if (!before || compare_results(before, r, &(struct compare_options){0}, &c, e, sizeof e))
        return 0;
    verdict_badge(f, &c);
    verdict_table(f, &c, 1, id_prefix);
    compare_free(&c);
    return 1;
}

/* gpu/<slug>/runs/<id>.html */
static int page_commit(const struct site_ctx *ctx, const struct gpu_history *g, size_t idx,
                       const struct results *base, char *err, size_t errlen)
{
    const struct run *run = &g->runs[idx];
    const struct results *r = &run->res;
    char rel[PATH], title[256];
    snprintf(rel, sizeof rel, "gpu/%s/runs/%s.html", g->slug, run->id);
    FILE *f = open_out(ctx, rel, err, errlen);
    if (!f)
        return -1;
    snprintf(title, sizeof title, "Run %s", run->id);
    html_begin(f, title, "../../../");
    fputs("<p class=\"crumbs\"><a href=\"../index.html\">", f);
    html_text(f, r->device.name);
    fputs("</a> · commit ", f);
    run_origin(f, ctx, r);
    fputs("</p>\n", f);
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
    if (!verdict_section(f, base, r, "base"))
        fputs("<p>No baseline committed for this GPU.</p>\n", f);
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
    if (!verdict_section(f, idx > 0 ? &g->runs[idx - 1].res : NULL, r, "prev"))
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

/* ---- charts -------------------------------------------------------------------------- */

static int is_square(const struct result_point *p) { return p->m == p->n && p->n == p->k; }

/* <figure><img ...>, left open for an image map to follow inside it. */
static void figure_open(FILE *f, const char *src, const char *alt, const char *map, int w, int h)
{
    html_raw(f, "<figure><img src=\"%s\" width=\"%d\" height=\"%d\" alt=\"", src, w, h);
    html_attr(f, alt);
    if (map)
        html_raw(f, "\" usemap=\"#%s", map);
    fputs("\">", f);
}

static void figure(FILE *f, const char *src, const char *alt, const char *map, int w, int h)
{
    figure_open(f, src, alt, map, w, h);
    fputs("</figure>\n", f);
}

/* ---- the palette ------------------------------------------------------------------- */

static int cmp_name(const void *a, const void *b) { return strcmp(a, b); }

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
    qsort(names, n, sizeof *names, cmp_name);
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
static int kernel_style(const struct site_ctx *ctx, const char *name)
{
    const char(*hit)[RS_SHORT] =
        bsearch(name, ctx->palette, ctx->n_palette, sizeof *ctx->palette, cmp_name);
    return hit ? (int)((size_t)(hit - ctx->palette) % STYLES) + 1 : STYLES;
}

static bool of_family(const struct result_point *p, const char *family)
{
    return strcmp(p->family[0] ? p->family : "sgemm", family) == 0;
}

/* Appends to names[0..n) the kernels of r of `family` not already there, in palette
 * order; returns the new count (at most cap). */
static size_t kernel_names(const struct site_ctx *ctx, const struct results *r,
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

/* A square size with enough work to judge (compare.h: launch-bound below). */
static bool chart_size(const struct result_point *p, bool memory)
{
    const bool square = memory ? of_family(p, "memory") && p->m == p->n
                               : of_family(p, "sgemm") && is_square(p);
    return p->valid && square && !compare_is_informational(p);
}

/* One block per name (square sizes, ascending), then cuBLAS, every block written even
 * when empty (a NaN row), so that the blocks of two runs line up. */
static int write_gflops_data(const char *path, const struct results *r, bool memory,
                             char names[][RS_SHORT], size_t nk, double *ymax)
{
    char safe[RS_SHORT];
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    for (size_t k = 0; k <= nk; ++k) {
        int rows = 0;
        chart_safe_name(k == nk ? (memory ? "copy" : "cuBLAS") : names[k], safe, sizeof safe);
        fprintf(f, "%s%s\n", k ? "\n\n" : "", safe);
        for (int size = 1; size <= (1 << 20); size *= 2) {
            double sum = 0;
            int cnt = 0;
            for (size_t i = 0; i < r->n_points; ++i) {
                const struct result_point *p = &r->points[i];
                if (!chart_size(p, memory) || p->m != size)
                    continue;
                if (k == nk || strcmp(p->kernel, names[k]) == 0) {
                    sum += k == nk ? p->ref_rate : p->rate;
                    cnt++;
                }
            }
            if (!cnt)
                continue;
            rows++;
            /* x: the side M = N = K, or a memory shape's element count */
            fprintf(f, "%.0f\t%.3f\n", memory ? (double)size * size : size, sum / cnt);
            if (sum / cnt > *ymax)
                *ymax = sum / cnt;
        }
        if (!rows)
            fputs("NaN\tNaN\n", f);
    }
    return fclose(f) ? -1 : 0;
}

/* The styles of names[0..n) as a gnuplot word list, cuBLAS (100) last when with_cublas. */
static void styles_of(const struct site_ctx *ctx, char names[][RS_SHORT], size_t n,
                      bool with_cublas, char *out, size_t cap)
{
    out[0] = '\0';
    for (size_t k = 0; k < n; ++k)
        snprintf(out + strlen(out), cap - strlen(out), "%s%d", k ? " " : "",
                 kernel_style(ctx, names[k]));
    if (with_cublas)
        snprintf(out + strlen(out), cap - strlen(out), " %d", STYLE_CUBLAS);
}

/* The rate against size chart of one family: gflops.svg (sgemm) or gbs.svg (memory). */
static int chart_gflops(const struct site_ctx *ctx, const char *dir, const struct results *r,
                        const struct results *base, bool memory, char *err, size_t errlen)
{
    char cur[PATH], bdat[PATH], vars[PATH * 3 + 512], names[64][RS_SHORT], styles[512];
    const char *stem = memory ? "gbs" : "gflops";
    double ymax = 0;
    size_t nk = kernel_names(ctx, r, memory ? "memory" : "sgemm", names, 0, 64);
    int square = 0;
    for (size_t i = 0; i < r->n_points; ++i)
        square += chart_size(&r->points[i], memory);
    if (!square)
        return 1; /* nothing square to plot */
    snprintf(cur, sizeof cur, "%s/%s_latest.tsv", dir, stem);
    snprintf(bdat, sizeof bdat, "%s/%s_baseline.tsv", dir, stem);
    if (write_gflops_data(cur, r, memory, names, nk, &ymax) ||
        write_gflops_data(bdat, base ? base : r, memory, names, nk, &ymax))
        return -1;
    styles_of(ctx, names, nk, true, styles, sizeof styles);
    snprintf(vars, sizeof vars,
             "out='%s/%s.svg'; cur='%s'; base='%s'; nseries=%zu; styles='%s'; ymax=%f; "
             "base_title='%s'; %s",
             dir, stem, cur, bdat, nk + 1, styles, ymax * 1.08,
             base ? "baseline (markers without a line)" : "no baseline: the latest run again",
             memory ? "chart_title='GB/s against size (square rows x cols)'; "
                      "xlabel='elements, rows = cols (log2 scale)'; "
                      "ylabel='GB/s (bytes the operation must move)'"
                    : "");
    return chart_run(ctx->charts_dir, "gflops.gp", vars, NULL, err, errlen);
}

/* Each kernel's % of the reference at one size, beside its expected range: pct<size>.svg
 * (sgemm, size^3) or mempct<size>.svg (memory, size x size, % of the copy). */
static int chart_pct(const struct site_ctx *ctx, const char *dir, const struct results *r,
                     int size, bool memory, char *err, size_t errlen)
{
    char dat[PATH], vars[PATH * 2 + 256], safe[RS_SHORT], names[64][RS_SHORT], styles[512];
    const char *stem = memory ? "mempct" : "pct";
    size_t nk = kernel_names(ctx, r, memory ? "memory" : "sgemm", names, 0, 64), n = 0;
    snprintf(dat, sizeof dat, "%s/%s%d.tsv", dir, stem, size);
    FILE *f = fopen(dat, "w");
    if (!f)
        return -1;
    for (size_t k = 0; k < nk; ++k) {
        const struct result_point *p = results_find(r, names[k], size, size, memory ? 1 : size);
        double lo, hi;
        if (!p || !p->valid)
            continue;
        expected_range(r, p->kernel, &lo, &hi);
        chart_safe_name(p->kernel, safe, sizeof safe);
        fprintf(f, "%zu\t%s\t%.3f\t%g\t%g\n", n, safe, p->pct_ref, lo, hi);
        snprintf(names[n++], RS_SHORT, "%s", p->kernel); /* n <= k: in place */
    }
    if (fclose(f))
        return -1;
    if (!n)
        return 1;
    styles_of(ctx, names, n, false, styles, sizeof styles);
    snprintf(vars, sizeof vars, "out='%s/%s%d.svg'; dat='%s'; n=%zu; size=%d; styles='%s'%s", dir,
             stem, size, dat, n, size, styles,
             memory ? "; chart_title=sprintf('%% of the copy at %dx%d (the copy timed in the "
                      "same run)', size, size); ylabel='% of a copy of the same bytes'; "
                      "range_title=\"the seeds' expectation\"; key_below=1"
                    : "");
    const int rc = chart_run(ctx->charts_dir, "pct.gp", vars, NULL, err, errlen);
    unlink(dat);
    return rc;
}

/* The relative noise of a point's % of cuBLAS: both timings' noise, in quadrature. */
static double pct_noise(const struct result_point *p)
{
    return p->pct_ref * sqrt(p->time_ms.rel_noise * p->time_ms.rel_noise +
                                p->ref_time_ms.rel_noise * p->ref_time_ms.rel_noise);
}

/* The verdict of (kernel, size) in cmp (a run against the one before), or V_COUNT. */
static enum verdict verdict_of(const struct comparison *cmp, const char *kernel, int size)
{
    for (size_t i = 0; cmp && i < cmp->n_rows; ++i) {
        const struct point_verdict *v = &cmp->rows[i];
        if (v->m == size && v->n == size && v->k == size && strcmp(v->kernel, kernel) == 0)
            return v->verdict;
    }
    return V_COUNT;
}

/* The runs a GPU page's history shows, with each one's comparison with the run before. */
struct window {
    const struct gpu_history *g;
    size_t first, count;
    struct comparison *cmp; /* cmp[i]: run first + i against the one before; n_rows 0: none */
};

static int window_open(const struct site_ctx *ctx, const struct gpu_history *g, struct window *w)
{
    char e[512];
    w->g = g;
    w->first = g->n_runs > (size_t)ctx->history_points ? g->n_runs - ctx->history_points : 0;
    w->count = g->n_runs - w->first;
    w->cmp = calloc(w->count ? w->count : 1, sizeof *w->cmp);
    if (!w->cmp)
        return -1;
    for (size_t i = 0; i < w->count; ++i) {
        const size_t at = w->first + i;
        if (at > 0 && compare_results(&g->runs[at - 1].res, &g->runs[at].res,
                                      &(struct compare_options){0}, &w->cmp[i], e, sizeof e))
            memset(&w->cmp[i], 0, sizeof w->cmp[i]);
    }
    return 0;
}

static void window_close(struct window *w)
{
    for (size_t i = 0; i < w->count; ++i)
        if (w->cmp[i].rows)
            compare_free(&w->cmp[i]);
    free(w->cmp);
}

/* "MM-DD\nHH:MM" (a two-line tic label) of an ISO utc "YYYY-MM-DDTHH:MM:SSZ", or "?":
 * only digits, '-' and ':' ever reach gnuplot. */
static void short_date(const char *utc, char *out, size_t cap)
{
    bool ok = strlen(utc) >= 16;
    for (int i = 5; ok && i < 16; ++i)
        ok = (utc[i] >= '0' && utc[i] <= '9') || utc[i] == '-' || utc[i] == ':' || i == 10;
    if (ok)
        snprintf(out, cap, "%.5s\\n%.5s", utc + 5, utc + 11);
    else
        snprintf(out, cap, "?");
}

/* One small multiple: kernel `name` at `size` over the window, its image map, its figure. */
static int chart_history(const struct site_ctx *ctx, const char *dir, FILE *page,
                         const struct window *w, const struct results *base, const char *name,
                         int size, int serial, char *err, size_t errlen)
{
    enum { H = 230 };
    const struct gpu_history *g = w->g;
    char dat[PATH], vars[PATH * 3], xt[512], safe[RS_SHORT], day[24], alt[768];
    double lo = 0, hi = 0, first_pct = NAN, last_pct = NAN;
    int points = 0, regressed = 0;
    snprintf(dat, sizeof dat, "%s/history.tsv", dir);
    FILE *f = fopen(dat, "w");
    if (!f)
        return -1;
    for (size_t i = 0; i < w->count; ++i) {
        const struct result_point *p = results_find(&g->runs[w->first + i].res, name, size, size, size);
        if (!p || !p->valid) {
            fputs("\n", f); /* a gap: no line across a run without the point */
            continue;
        }
        const bool bad = verdict_of(&w->cmp[i], name, size) == V_REGRESSED;
        fprintf(f, "%zu\t%.4f\t%.4f\t%d\n", i, p->pct_ref, pct_noise(p), bad);
        points++;
        regressed += bad;
        if (isnan(first_pct))
            first_pct = p->pct_ref;
        last_pct = p->pct_ref;
    }
    if (fclose(f))
        return -1;
    if (!points)
        return 1;
    if (base) { /* the band: the reference and its tolerance (compare.h) */
        const double t = compare_threshold(base, name, 0);
        const struct point_reference pr = compare_reference(base, name, size, size, size, t);
        const struct result_point *q = results_find(base, name, size, size, size);
        const double center = pr.n > 0 ? pr.center_pct : q && q->valid ? q->pct_ref : 0;
        const double tol = pr.n > 0 ? pr.tolerance_pct : t;
        if (center > 0) {
            lo = center * (1 - tol / 100);
            hi = center * (1 + tol / 100);
        }
    }
    /* x tics: the first, middle and last run's dates. */
    xt[0] = '\0';
    const size_t tics[3] = {0, (w->count - 1) / 2, w->count - 1};
    for (int t = 0; t < 3; ++t) {
        const size_t i = tics[t];
        if (t > 0 && i == tics[t - 1])
            continue;
        short_date(g->runs[w->first + i].res.run.utc, day, sizeof day);
        snprintf(xt + strlen(xt), sizeof xt - strlen(xt), "%s\"%s\" %zu", xt[0] ? ", " : "", day, i);
    }
    chart_safe_name(name, safe, sizeof safe);
    snprintf(vars, sizeof vars,
             "out='%s/history%d-%d.svg'; dat='%s'; ls_k=%d; name='%s'; size=%d; band_lo=%f; "
             "band_hi=%f; xt='%s'",
             dir, size, serial, dat, kernel_style(ctx, name), safe, size, lo, hi, xt);
    struct plot_area a;
    if (chart_run(ctx->charts_dir, "history.gp", vars, &a, err, errlen))
        return -1;
    unlink(dat);
    snprintf(alt, sizeof alt,
             "%s at %d: %.1f%% of cuBLAS in the latest run, %.1f%% in the oldest of %d shown "
             "(%+.1f%%); %d regression%s marked%s",
             name, size, last_pct, first_pct, points,
             first_pct > 0 ? (last_pct - first_pct) / first_pct * 100 : 0.0, regressed,
             regressed == 1 ? "" : "s", lo < hi ? "; the band is the baseline's tolerance" : "");
    char src[64], map[32];
    snprintf(src, sizeof src, "history%d-%d.svg", size, serial);
    snprintf(map, sizeof map, "h%d-%d", size, serial);
    figure_open(page, src, alt, map, 360, H);
    html_raw(page, "<map name=\"h%d-%d\">\n", size, serial);
    for (size_t i = 0; i < w->count && a.xmax > a.xmin && a.ymax > a.ymin; ++i) {
        const struct run *run = &g->runs[w->first + i];
        const struct result_point *p = results_find(&run->res, name, size, size, size);
        if (!p || !p->valid)
            continue;
        const enum verdict v = verdict_of(&w->cmp[i], name, size);
        double x = a.term_xmin + ((double)i - a.xmin) / (a.xmax - a.xmin) * (a.term_xmax - a.term_xmin);
        double y = H - (a.term_ymin + (p->pct_ref - a.ymin) / (a.ymax - a.ymin) *
                                          (a.term_ymax - a.term_ymin));
        char tip[256];
        snprintf(tip, sizeof tip, "%.12s, %s: %.2f ± %.2f %% of cuBLAS, %s", run->res.run.commit,
                 run->res.run.utc, p->pct_ref, pct_noise(p),
                 v == V_COUNT ? "first run" : verdict_name(v));
        html_raw(page, "<area shape=\"circle\" coords=\"%.0f,%.0f,7\" href=\"runs/", x, y);
        html_href_segment(page, run->id);
        fputs(".html#pt-", page);
        html_href_segment(page, name);
        html_raw(page, "-%dx%dx%d\" alt=\"", size, size, size);
        html_attr(page, tip);
        fputs("\" title=\"", page);
        html_attr(page, tip);
        fputs("\">\n", page);
    }
    fputs("</map></figure>\n", page);
    return 0;
}

/* FP32 fused multiply-adds per clock per SM by compute capability: the CUDA C++ Programming
 * Guide's table "Throughput of Native Arithmetic Instructions" (32-bit floating-point add,
 * multiply, multiply-add): 64 for 7.x and 8.0 (V100, A100), 128 for 8.6, 8.7, 8.9 and 9.0
 * (GA10x, Ada, H100) and for the later majors. 0: unknown (no peak drawn). */
static int fp32_lanes_per_sm(int cc)
{
    if (cc < 70)
        return 0;
    if (cc < 86)
        return 64;
    return 128;
}

static int chart_roofline(const struct site_ctx *ctx, const char *dir, const struct results *r,
                          char *err, size_t errlen)
{
    char dat[PATH], vars[PATH * 2], names[64][RS_SHORT], safe[RS_SHORT], styles[512];
    const struct device_info *d = &r->device;
    const int cc = results_cc(d); /* a number: no string from the file reaches gnuplot */
    const int lanes = fp32_lanes_per_sm(cc);
    const double peak = d->sms * (double)lanes * 2.0 * d->sm_clock_max_mhz / 1000.0; /* GFLOP/s */
    const double bw = d->mem_bandwidth_gbs > 0 ? d->mem_bandwidth_gbs : 1000.0;
    size_t nk = kernel_names(ctx, r, "sgemm", names, 0, 64), blocks = 0;
    snprintf(dat, sizeof dat, "%s/roofline.tsv", dir);
    FILE *f = fopen(dat, "w");
    if (!f)
        return -1;
    for (size_t k = 0; k < nk; ++k) {
        int rows = 0;
        for (size_t i = 0; i < r->n_points; ++i) {
            const struct result_point *p = &r->points[i];
            if (!p->valid || p->rate <= 0 || strcmp(p->kernel, names[k]) != 0)
                continue;
            double flop = 2.0 * p->m * (double)p->n * p->k;
            double bytes = 4.0 * ((double)p->m * p->k + (double)p->k * p->n + (double)p->m * p->n);
            if (!rows++) {
                chart_safe_name(names[k], safe, sizeof safe);
                fprintf(f, "%s%s\n", blocks ? "\n\n" : "", safe);
            }
            fprintf(f, "%.4f\t%.3f\n", flop / bytes, p->rate);
        }
        if (rows && blocks++ != k) /* the plotted names, in place (blocks <= k) */
            memcpy(names[blocks - 1], names[k], RS_SHORT);
    }
    if (fclose(f))
        return -1;
    if (!blocks || peak <= 0)
        return 1;
    styles_of(ctx, names, blocks, false, styles, sizeof styles);
    snprintf(vars, sizeof vars,
             "out='%s/roofline.svg'; dat='%s'; nseries=%zu; styles='%s'; peak=%f; bw=%f; "
             "peak_label='FP32 FFMA peak %.1f TFLOP/s (%d SMs x %d FMA/clock (cc %d.%d) x 2 x %d MHz)'; "
             "bw_label='memory %.0f GB/s (from the memory clock and bus width)'",
             dir, dat, blocks, styles, peak, bw, peak / 1000, d->sms, lanes, cc / 10, cc % 10,
             d->sm_clock_max_mhz, bw);
    return chart_run(ctx->charts_dir, "roofline.gp", vars, NULL, err, errlen);
}

static int note_chart(FILE *f, int rc, const char *what, char *err)
{
    if (rc < 0)
        return -1;
    if (rc > 0) {
        fputs("<p class=\"missing\">No data for ", f);
        html_text(f, what);
        fputs(" in this run.</p>\n", f);
    }
    (void)err;
    return 0;
}

static void runs_table(FILE *f, const struct gpu_history *g, size_t from, const char *prefix)
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

static int page_runs(const struct site_ctx *ctx, const struct gpu_history *g, char *err,
                     size_t errlen)
{
    const size_t pages = (g->n_runs + RUNS_PER_PAGE - 1) / RUNS_PER_PAGE;
    for (size_t page = 1; page <= pages; ++page) {
        char rel[PATH], name[64], title[256];
        const size_t end = g->n_runs - (page - 1) * RUNS_PER_PAGE;
        const size_t from = end > RUNS_PER_PAGE ? end - RUNS_PER_PAGE : 0;
        runs_page_name(page, name, sizeof name);
        snprintf(rel, sizeof rel, "gpu/%s/%s", g->slug, name);
        FILE *f = open_out(ctx, rel, err, errlen);
        if (!f)
            return -1;
        snprintf(title, sizeof title, "Runs on %s (page %zu of %zu)",
                 g->runs[g->n_runs - 1].res.device.name, page, pages);
        html_begin(f, title, "../../");
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
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        if (!p->valid || !compare_is_informational(p))
            continue;
        if (!n++)
            html_raw(f, "<details><summary>Launch-bound shapes: a kernel under %.0f µs is "
                        "mostly launch latency, so these points are not charted or judged "
                        "(their times)</summary>\n<div class=\"scroll\"><table>\n<caption>Median time of each launch-bound "
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

/* The fastest kernel at the largest charted size: the alt text's one fact. */
static const char *gflops_alt(const struct results *r, bool memory, char *out, size_t cap)
{
    const struct result_point *best = NULL;
    const char *unit = memory ? "GB/s" : "GFLOP/s", *ref = memory ? "the copy" : "cuBLAS";
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        if (chart_size(p, memory) &&
            (!best || p->m > best->m || (p->m == best->m && p->rate > best->rate)))
            best = p;
    }
    if (!best)
        snprintf(out, cap, "%s against size: no data", unit);
    else
        snprintf(out, cap,
                 "%s against size on a log2 axis, each kernel and %s, the latest run as lines "
                 "and the baseline as markers. At %d%s the fastest kernel is %s at %.0f %s, "
                 "%.1f%% of %s's %.0f.",
                 unit, ref, best->m, memory ? " squared" : "", best->kernel, best->rate, unit,
                 best->pct_ref, ref, best->ref_rate);
    return out;
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

/* Small multiples: one chart per kernel at 4096 and at 1024, grouped by level. */
static int history_section(const struct site_ctx *ctx, const char *dir, FILE *f,
                           const struct gpu_history *g, const struct results *base, char *err,
                           size_t errlen)
{
    static const int sizes[] = {4096, 1024};
    char names[64][RS_SHORT];
    struct window w;
    size_t nk = 0;
    int rc = 0, serial = 0;
    if (window_open(ctx, g, &w)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < w.count; ++i)
        nk = kernel_names(ctx, &g->runs[w.first + i].res, "sgemm", names, nk, 64);
    qsort(names, nk, sizeof names[0], cmp_name);
    html_raw(f, "<h2>History</h2>\n<p class=\"legend\">%% of cuBLAS over the last %zu runs, "
                "oldest left, one chart per kernel. Bars: each point's noise (both timings). "
                "Band: the baseline's reference ± its tolerance. Black triangle: regressed "
                "against the run before. A gap: no valid point in that run. Each point links "
                "to its row on its commit's page.</p>\n",
             w.count);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0] && !rc; ++s) {
        int level = -1;
        html_raw(f, "<h3>At %d</h3>\n", sizes[s]);
        for (size_t k = 0; k < nk && !rc; ++k) {
            const struct result_point *p = NULL;
            for (size_t i = w.count; i-- > 0 && !p;)
                p = results_find(&g->runs[w.first + i].res, names[k], sizes[s], sizes[s], sizes[s]);
            if (!p)
                continue;
            if (p->level != level) {
                html_raw(f, "%s<h4>Level %d</h4>\n<div class=\"multiples\">\n",
                         level >= 0 ? "</div>\n" : "", p->level);
                level = p->level;
            }
            rc = chart_history(ctx, dir, f, &w, base, names[k], sizes[s], serial++, err, errlen);
            if (rc > 0)
                rc = 0;
        }
        if (level >= 0)
            fputs("</div>\n", f);
    }
    window_close(&w);
    return rc;
}

/* ---- the memory family ------------------------------------------------------------- */

/* The largest square memory size at which r holds a valid point of `kernel`, or 0. */
static int memory_size_of(const struct results *r, const char *kernel)
{
    int best = 0;
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        if (p->valid && of_family(p, "memory") && p->m == p->n && p->m > best &&
            (!kernel || strcmp(p->kernel, kernel) == 0))
            best = p->m;
    }
    return best;
}

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
        fputs("<tr><th scope=\"row\">", f);
        html_text(f, p->kernel);
        fputs("</th><td>", f);
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
static int page_memory(const struct site_ctx *ctx, const struct gpu_history *g,
                       const struct results *base, char *err, size_t errlen)
{
    const struct results *r = &g->runs[g->n_runs - 1].res;
    const int side = memory_size_of(r, NULL);
    char rel[PATH], dir[PATH], alt[1024], title[RS_TEXT + 32];
    if (!side)
        return 1;
    snprintf(rel, sizeof rel, "gpu/%s/memory.html", g->slug);
    snprintf(dir, sizeof dir, "%s/gpu/%s", ctx->out, g->slug);
    FILE *f = open_out(ctx, rel, err, errlen);
    if (!f)
        return -1;
    snprintf(title, sizeof title, "%s: the memory family", r->device.name);
    html_begin(f, title, "../../");
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

int page_gpu(const struct site_ctx *ctx, const struct gpu_history *g, char *err, size_t errlen)
{
    const struct results *r = &g->runs[g->n_runs - 1].res;
    struct results base;
    char why[512];
    const int base_state = read_baseline(ctx->baselines, g->slug, &base, why, sizeof why);
    const int have_base = base_state == 0;
    char rel[PATH], dir[PATH], alt[1024];
    int rc = 0;
    snprintf(rel, sizeof rel, "gpu/%s/index.html", g->slug);
    snprintf(dir, sizeof dir, "%s/gpu/%s", ctx->out, g->slug);
    FILE *f = open_out(ctx, rel, err, errlen);
    if (!f) {
        results_free(&base);
        return -1;
    }
    html_begin(f, r->device.name, "../../");
    fputs("<p>Latest run ", f);
    commit_link(f, ctx, r);
    fputs(" (", f);
    html_text(f, r->run.utc);
    html_raw(f, "), <a href=\"runs/");
    html_href_segment(f, g->runs[g->n_runs - 1].id);
    fputs(".html\">its results</a>. ", f);
    baseline_line(f, ctx, have_base ? &base : NULL);
    html_raw(f, " <a href=\"runs.html\">All %zu runs</a>.</p>\n", g->n_runs);
    if (base_state == -2) { /* not "none committed": one is, and it is broken */
        fputs("<p class=\"warn\">Baseline: the committed one cannot be read: ", f);
        html_text(f, why);
        fputs("</p>\n", f);
    }
    if (memory_size_of(r, NULL))
        fputs("<p>This page shows the GEMM levels; <a href=\"memory.html\">the memory family</a> "
              "(copies, AoS and SoA reads, transposes) has its own page.</p>\n", f);

    fputs("<h2>Throughput against size</h2>\n", f);
    rc = note_chart(f, chart_gflops(ctx, dir, r, have_base ? &base : NULL, false, err, errlen),
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
        rc = history_section(ctx, dir, f, g, have_base ? &base : NULL, err, errlen);
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
    if (!rc && page_memory(ctx, g, have_base ? &base : NULL, err, errlen) < 0)
        rc = -1;
    for (size_t i = 0; !rc && i < g->n_runs; ++i)
        rc = page_commit(ctx, g, i, have_base ? &base : NULL, err, errlen);
    if (!rc)
        rc = page_runs(ctx, g, err, errlen);
    results_free(&base);
    return rc;
}

/* ---- regressions ---------------------------------------------------------------------- */

/* A regression: a point REGRESSED (or INVALID) in run `bad` against run `good`, the run
 * before it, and the first later run where it is back (recovered; NULL: still present). */
struct regression {
    const struct gpu_history *g;
    const struct run *good, *bad, *recovered;
    struct point_verdict v;
};

static int by_newest(const void *a, const void *b)
{
    const struct regression *x = a, *y = b;
    return strcmp(y->bad->res.run.utc, x->bad->res.run.utc);
}

/* The first run after g->runs[from] where x's point is valid again and, for a REGRESSED
 * point, no longer regressed against the last good run. */
static const struct run *recovery(const struct gpu_history *g, size_t from, const struct regression *x)
{
    const struct result_point *ok =
        results_find(&x->good->res, x->v.kernel, x->v.m, x->v.n, x->v.k);
    for (size_t j = from + 1; j < g->n_runs; ++j) {
        const struct result_point *p =
            results_find(&g->runs[j].res, x->v.kernel, x->v.m, x->v.n, x->v.k);
        double d, n;
        if (!p || !p->valid)
            continue;
        if (x->v.verdict == V_INVALID || !ok ||
            compare_point(ok, p, x->v.threshold_pct, &d, &n) != V_REGRESSED)
            return &g->runs[j];
    }
    return NULL;
}

enum { REGRESSIONS_CAP = 2000 };

/* Every regression of every GPU, newest first; *n set. NULL when out of memory. */
static struct regression *find_regressions(const struct site_ctx *ctx, size_t *n)
{
    struct regression *list = calloc(REGRESSIONS_CAP, sizeof *list);
    char e[512];
    *n = 0;
    if (!list)
        return NULL;
    for (size_t gi = 0; gi < ctx->h->n_gpus; ++gi) {
        const struct gpu_history *g = &ctx->h->gpus[gi];
        for (size_t i = 1; i < g->n_runs; ++i) {
            struct comparison c;
            if (compare_results(&g->runs[i - 1].res, &g->runs[i].res, &(struct compare_options){0},
                                &c, e, sizeof e))
                continue;
            for (size_t j = 0; j < c.n_rows && *n < REGRESSIONS_CAP; ++j) {
                enum verdict v = c.rows[j].verdict;
                if (v != V_INVALID && v != V_REGRESSED)
                    continue;
                struct regression *x = &list[(*n)++];
                *x = (struct regression){g, &g->runs[i - 1], &g->runs[i], NULL, c.rows[j]};
                x->recovered = recovery(g, i, x);
            }
            compare_free(&c);
        }
    }
    qsort(list, *n, sizeof *list, by_newest);
    return list;
}

static void run_link(FILE *f, const char *root, const struct gpu_history *g, const struct run *run,
                     const char *anchor_kernel, const struct point_verdict *v)
{
    html_raw(f, "<a href=\"%sgpu/", root);
    html_href_segment(f, g->slug);
    fputs("/runs/", f);
    html_href_segment(f, run->id);
    fputs(".html", f);
    if (anchor_kernel) {
        fputs("#pt-", f);
        html_href_segment(f, anchor_kernel);
        html_raw(f, "-%dx%dx%d", v->m, v->n, v->k);
    }
    char sha[16];
    snprintf(sha, sizeof sha, "%.12s", run->res.run.commit);
    fputs("\"><code>", f);
    html_text(f, sha);
    fputs("</code></a>", f);
}

/* 1 when utc is RFC 3339 as Atom wants it: "YYYY-MM-DDTHH:MM:SSZ". */
static int rfc3339_ok(const char *utc)
{
    static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
    if (strlen(utc) != sizeof shape - 1)
        return 0;
    for (size_t i = 0; shape[i]; ++i)
        if (shape[i] == 'd' ? !(utc[i] >= '0' && utc[i] <= '9') : utc[i] != shape[i])
            return 0;
    return 1;
}

/* regressions.xml: the same list as an Atom feed (RFC 4287), newest first. */
static int feed_regressions(const struct site_ctx *ctx, const struct regression *list, size_t n,
                            char *err, size_t errlen)
{
    const char *updated = "1970-01-01T00:00:00Z";
    for (size_t i = 0; i < n; ++i)
        if (rfc3339_ok(list[i].bad->res.run.utc) && strcmp(list[i].bad->res.run.utc, updated) > 0)
            updated = list[i].bad->res.run.utc;
    FILE *f = open_out(ctx, "regressions.xml", err, errlen);
    if (!f)
        return -1;
    html_raw(f, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
                "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
                "<title>sgemm-bench: regressions and invalid results</title>\n"
                "<id>urn:sgemm-bench:regressions</id>\n<updated>%s</updated>\n"
                "<link rel=\"self\" href=\"regressions.xml\"/>\n"
                "<link rel=\"alternate\" type=\"text/html\" href=\"regressions.html\"/>\n"
                "<author><name>sgemm-bench</name></author>\n",
             updated);
    for (size_t i = 0; i < n; ++i) {
        const struct regression *x = &list[i];
        char text[1024];
        fputs("<entry>\n<id>urn:sgemm-bench:regression:", f);
        html_href_segment(f, x->g->slug);
        fputc(':', f);
        html_href_segment(f, x->v.kernel);
        html_raw(f, ":%dx%dx%d:", x->v.m, x->v.n, x->v.k);
        html_href_segment(f, x->bad->id);
        fputs("</id>\n<title>", f);
        if (x->v.verdict == V_INVALID)
            snprintf(text, sizeof text, "%s %dx%dx%d INVALID on %s", x->v.kernel, x->v.m, x->v.n,
                     x->v.k, x->bad->res.device.name);
        else
            snprintf(text, sizeof text, "%s %dx%dx%d REGRESSED %+.2f%% on %s", x->v.kernel, x->v.m,
                     x->v.n, x->v.k, x->v.delta_pct, x->bad->res.device.name);
        xml_text(f, text);
        html_raw(f, "</title>\n<updated>%s</updated>\n<link href=\"gpu/",
                 rfc3339_ok(x->bad->res.run.utc) ? x->bad->res.run.utc : "1970-01-01T00:00:00Z");
        html_href_segment(f, x->g->slug);
        fputs("/runs/", f);
        html_href_segment(f, x->bad->id);
        fputs(".html#pt-", f);
        html_href_segment(f, x->v.kernel);
        html_raw(f, "-%dx%dx%d\"/>\n<summary>", x->v.m, x->v.n, x->v.k);
        snprintf(text, sizeof text,
                 "%.12s to %.12s: %.2f to %.2f %% of cuBLAS (noise %.2f %%, threshold %.1f %%); "
                 "%s%.12s. %s",
                 x->good->res.run.commit, x->bad->res.run.commit, x->v.base_pct, x->v.cur_pct,
                 x->v.noise_pct, x->v.threshold_pct, x->recovered ? "recovered at " : "still present",
                 x->recovered ? x->recovered->res.run.commit : "", x->v.note);
        xml_text(f, text);
        fputs("</summary>\n</entry>\n", f);
    }
    fputs("</feed>\n", f);
    return close_out(f, "regressions.xml", err, errlen);
}

int page_regressions(const struct site_ctx *ctx, char *err, size_t errlen)
{
    size_t n = 0, present = 0;
    struct regression *list = find_regressions(ctx, &n);
    if (!list) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; ++i)
        present += list[i].recovered == NULL;
    FILE *f = open_out(ctx, "regressions.html", err, errlen);
    if (!f) {
        free(list);
        return -1;
    }
    html_begin(f, "Regressions and invalid results", "");
    html_raw(f, "<p>Every point that became INVALID, or REGRESSED against the run before it on "
                "the same GPU, newest first: %zu, of which %zu still present%s. "
                "<a href=\"regressions.xml\">Atom feed</a>.</p>\n",
             n, present, n == REGRESSIONS_CAP ? " (the list is capped)" : "");
    fputs("<p class=\"legend\"><b>range</b>: the last good run, then the first bad one. "
          "<b>change</b>: the % of cuBLAS after against before, in percent of before. "
          "<b>noise</b>: the uncertainty of that change from both runs' timings. A point "
          "regresses when its drop exceeds both the threshold and the noise, and its own "
          "GFLOP/s dropped too. <b>status</b>: recovered once a later run is no longer "
          "regressed against the last good one.</p>\n", f);
    fputs("<div class=\"scroll\"><table>\n<caption>Regressions, newest first</caption>\n"
          "<thead><tr><th scope=\"col\">GPU</th><th scope=\"col\">kernel</th>"
          "<th scope=\"col\">shape (MxNxK)</th><th scope=\"col\">verdict</th>"
          "<th scope=\"col\" class=\"num\">change (%)</th><th scope=\"col\" class=\"num\">"
          "noise (%)</th><th scope=\"col\" class=\"num\">threshold (%)</th>"
          "<th scope=\"col\" class=\"num\">before (% of cuBLAS)</th><th scope=\"col\" "
          "class=\"num\">after (% of cuBLAS)</th><th scope=\"col\">range (good, bad)</th>"
          "<th scope=\"col\">status</th><th scope=\"col\">when</th></tr></thead>\n<tbody>\n",
          f);
    for (size_t i = 0; i < n; ++i) {
        const struct regression *x = &list[i];
        const bool invalid = x->v.verdict == V_INVALID;
        fputs("<tr><td>", f);
        html_text(f, x->bad->res.device.name);
        fputs("</td><th scope=\"row\">", f);
        html_text(f, x->v.kernel);
        html_raw(f, "</th><td>%dx%dx%d</td><td class=\"v-%s\">%s</td>", x->v.m, x->v.n, x->v.k,
                 verdict_name(x->v.verdict), verdict_name(x->v.verdict));
        if (invalid)
            fputs("<td class=\"num\">-</td><td class=\"num\">-</td><td class=\"num\">-</td>"
                  "<td class=\"num\">-</td><td class=\"num\">-</td><td>", f);
        else
            html_raw(f, "<td class=\"num\">%+.2f</td><td class=\"num\">%.2f</td><td class=\"num\">"
                        "%.1f</td><td class=\"num\">%.2f</td><td class=\"num\">%.2f</td><td>",
                     x->v.delta_pct, x->v.noise_pct, x->v.threshold_pct, x->v.base_pct,
                     x->v.cur_pct);
        run_link(f, "", x->g, x->good, x->v.kernel, &x->v);
        fputs(" → ", f);
        run_link(f, "", x->g, x->bad, x->v.kernel, &x->v);
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
        if (x->recovered) {
            fputs("</td><td class=\"recovered\">recovered at ", f);
            run_link(f, "", x->g, x->recovered, x->v.kernel, &x->v);
        } else {
            fputs("</td><td class=\"present\">still present", f);
        }
        fputs("</td><td>", f);
        html_text(f, x->bad->res.run.utc);
        fputs("</td></tr>\n", f);
    }
    if (!n)
        fputs("<tr><td colspan=\"12\">None.</td></tr>\n", f);
    fputs("</tbody>\n</table></div>\n", f);
    html_end(f);
    int rc = close_out(f, "regressions.html", err, errlen);
    if (!rc)
        rc = feed_regressions(ctx, list, n, err, errlen);
    free(list);
    return rc;
}

int page_stylesheet(const struct site_ctx *ctx, char *err, size_t errlen)
{
    static const char css[] =
        ":root{color-scheme:light dark}\n"
        "body{font-family:system-ui,-apple-system,'DejaVu Sans',sans-serif;margin:0;color:#1d1d1f;"
        "background:#fafafa;line-height:1.45}\n"
        "header{display:flex;flex-wrap:wrap;gap:.5em 2em;align-items:baseline;padding:.8em 1.5em;"
        "background:#1f3b57}\n"
        "header a{color:#fff;text-decoration:none;margin-right:1em}.brand{font-weight:700}\n"
        "main{padding:1em 1.5em;max-width:1400px}h1{font-size:1.6em;overflow-wrap:anywhere}"
        "h2{margin-top:1.6em}\n"
        "p,li,summary{overflow-wrap:anywhere}\n"
        "footer{padding:1em 1.5em;color:#666;font-size:.85em}\n"
        ".cards{display:flex;flex-wrap:wrap;gap:1em}.card{background:#fff;border:1px solid #ddd;"
        "border-radius:8px;padding:.5em 1.2em;min-width:min(22em,100%);flex:1;"
        "box-sizing:border-box}\n"
        "table{border-collapse:collapse;font-size:.9em;margin:.5em 0;background:#fff}\n"
        "caption{text-align:left;font-weight:600;padding:.2em 0}\n"
        "th,td{border:1px solid #ddd;padding:.25em .6em;text-align:left;vertical-align:top}\n"
        "th{background:#eef2f6}.num{text-align:right;font-variant-numeric:tabular-nums}\n"
        "tbody th{font-weight:600;white-space:nowrap}\n"
        "figure{margin:.5em 0}img{max-width:100%;height:auto;background:#fff;"
        "border:1px solid #ddd;box-sizing:border-box}\n"
        ".multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(360px,1fr));"
        "gap:.25em .75em}.multiples figure{margin:0}\n"
        ".badge{display:inline-block;padding:.05em .5em;border-radius:4px;font-weight:700}\n"
        ".warn{color:#8a5300}.scroll{overflow-x:auto;max-width:100%}.legend{font-size:.9em}\n"
        ".pass{background:#dff3e3;color:#14532d}.regressed,.invalid{background:#fde2e1;"
        "color:#7f1d1d}.inconclusive{background:#fef3c7;color:#78350f}.none{background:#eee}\n"
        ".count{margin-right:.6em;color:#444}\n"
        ".v-REGRESSED,.v-INVALID{color:#a11;font-weight:700}.v-IMPROVED{color:#176b2c;"
        "font-weight:700}.v-INCONCLUSIVE{color:#8a5a00}\n"
        ".warning{color:#8a5a00}.subject{font-style:italic}.missing{color:#666}\n"
        ".recovered{color:#176b2c}.present{color:#a11;font-weight:700}\n"
        "@media (max-width:600px){main{padding:.75em}header{padding:.6em .75em}"
        ".multiples{grid-template-columns:1fr}}\n"
        /* Dark mode: the page follows the reader; the charts stay on their white panels. */
        "@media (prefers-color-scheme:dark){body{background:#16181c;color:#e4e6ea}"
        "a{color:#8ab4f8}a:visited{color:#c58af9}header{background:#0f2236}"
        "table,.card{background:#1f2227}th{background:#2a2f36}th,td,.card{border-color:#3a3f46}"
        "footer,.missing,.count{color:#a0a4ab}.pass{background:#12391f;color:#b8f0c8}"
        ".regressed,.invalid{background:#4a1513;color:#ffd2cf}.inconclusive{background:#3f3108;"
        "color:#fde68a}.none{background:#2a2f36}.v-REGRESSED,.v-INVALID,.present{color:#ff8a80}"
        ".v-IMPROVED,.recovered{color:#7ee2a0}.v-INCONCLUSIVE,.warning,.warn{color:#f5c46b}"
        "img{border-color:#3a3f46}}\n";
    FILE *f = open_out(ctx, "style.css", err, errlen);
    if (!f)
        return -1;
    fputs(css, f);
    return close_out(f, "style.css", err, errlen);
}
