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
#include "site/charts.h"
#include "site/html.h"

enum { PATH = 4096 };

/* The range of % of cuBLAS the course material expects per level; -1: none given. */
static void expected_range(int level, double *lo, double *hi)
{
    static const double ranges[][2] = {{1, 5}, {5, 15}, {20, 40}, {50, 70}, {70, 85}, {85, 95}};
    *lo = *hi = -1;
    if (level >= 0 && level < 6) {
        *lo = ranges[level][0];
        *hi = ranges[level][1];
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
            (!best || p->pct_cublas > best->pct_cublas))
            best = p;
    }
    return best;
}

/* Loads baselines/<slug>.json; returns 0 when there is one. */
static int load_baseline(const struct site_ctx *ctx, const char *slug, struct results *base)
{
    char path[PATH], err[512];
    snprintf(path, sizeof path, "%s/%s.json", ctx->baselines, slug);
    results_init(base);
    if (access(path, R_OK) != 0)
        return -1;
    if (results_read(path, base, err, sizeof err)) {
        fprintf(stderr, "site: ignoring baseline: %s\n", err);
        return -1;
    }
    return 0;
}

static const char *repo_of(const struct site_ctx *ctx, const struct results *r)
{
    const char *url = ctx->repo_url ? ctx->repo_url : r->run.repo_url;
    return url && html_url_ok(url) ? url : NULL;
}

static void commit_link(FILE *f, const struct site_ctx *ctx, const struct results *r)
{
    const char *url = repo_of(ctx, r);
    char sha[16];
    snprintf(sha, sizeof sha, "%.12s", r->run.commit);
    if (url) {
        fputs("<a href=\"", f);
        html_attr(f, url);
        fputs("/commit/", f);
        html_attr(f, r->run.commit);
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
    if (load_baseline(ctx, g->slug, &base) != 0) {
        fputs(": none committed for this GPU.</p>\n", f);
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
            html_raw(f, " <strong>%.1f%%</strong> of cuBLAS (%.0f GFLOP/s)", best->pct_cublas,
                     best->gflops);
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
        html_raw(f, "<details><summary>%d points not judged: launch-bound (under %.0f GFLOP), "
                    "new or missing</summary>\n<div class=\"scroll\"><table>\n<caption>Points "
                    "not judged</caption>\n%s<tbody>\n",
                 folded, COMPARE_MIN_GFLOP, verdict_head);
        verdict_rows(f, c, severity(V_INFO), 0, id_prefix);
        verdict_rows(f, c, severity(V_MISSING), 0, id_prefix);
        verdict_rows(f, c, severity(V_NEW), 0, id_prefix);
        fputs("</tbody>\n</table></div></details>\n", f);
    }
}

static void results_table(FILE *f, const struct results *r)
{
    html_raw(f, "<table>\n<thead><tr><th>kernel</th><th>shape</th><th class=\"num\">GFLOP/s</th>"
                "<th class=\"num\">cuBLAS GFLOP/s</th><th class=\"num\">%% of cuBLAS</th>"
                "<th class=\"num\">median ms</th><th class=\"num\">noise %%</th>"
                "<th class=\"num\">samples</th><th class=\"num\">max rel. error</th>"
                "<th class=\"num\">registers</th><th class=\"num\">static smem B</th>"
                "<th class=\"num\">local B</th><th>status</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        fputs("<tr><td>", f);
        html_text(f, p->kernel);
        html_raw(f, "</td><td>%dx%dx%d</td><td class=\"num\">%.1f</td><td class=\"num\">%.1f</td>"
                    "<td class=\"num\">%.2f</td><td class=\"num\">%.4g</td><td class=\"num\">%.2f"
                    "</td><td class=\"num\">%d</td><td class=\"num\">%.2g</td>",
                 p->m, p->n, p->k, p->gflops, p->cublas_gflops, p->pct_cublas, p->time_ms.median,
                 100 * p->time_ms.rel_noise, p->time_ms.samples, p->max_rel_err);
        html_raw(f, "<td class=\"num\">%d</td><td class=\"num\">%d</td><td class=\"num\">%d</td>",
                 p->regs, p->smem_static_bytes, p->local_bytes);
        if (p->valid) {
            fputs("<td class=\"v-PASS\">valid</td></tr>\n", f);
        } else {
            fputs("<td class=\"v-INVALID\">INVALID: ", f);
            html_text(f, p->error);
            fputs("</td></tr>\n", f);
        }
    }
    fputs("</tbody>\n</table>\n", f);
}

static void kv(FILE *f, const char *key, const char *value)
{
    fputs("<tr><th>", f);
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
    fputs("<table class=\"kv\">\n", f);
    kv(f, "GPU", d->name);
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
        fputs("<p>Previous: <a href=\"", f);
        html_href_segment(f, g->runs[idx - 1].id);
        fputs(".html\">", f);
        html_text(f, g->runs[idx - 1].id);
        fputs("</a></p>\n", f);
    }
    if (!verdict_section(f, idx > 0 ? &g->runs[idx - 1].res : NULL, r, "prev"))
        fputs("<p>The first run published for this GPU.</p>\n", f);
    fputs("<h2>Results</h2>\n", f);
    results_table(f, r);
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

/* Appends to names[0..n) the kernels of r not already there, in order of first
 * appearance; returns the new count (at most cap). */
static size_t kernel_names(const struct results *r, char names[][RS_SHORT], size_t n, size_t cap)
{
    for (size_t i = 0; i < r->n_points; ++i) {
        size_t j = 0;
        while (j < n && strcmp(names[j], r->points[i].kernel) != 0)
            ++j;
        if (j == n && n < cap)
            snprintf(names[n++], RS_SHORT, "%s", r->points[i].kernel);
    }
    return n;
}

/* One block per kernel (square sizes, ascending), then cuBLAS. Returns blocks written. */
static int write_gflops_data(const char *path, const struct results *r, double *ymax)
{
    char names[64][RS_SHORT], safe[RS_SHORT];
    size_t nk = kernel_names(r, names, 0, 64);
    int blocks = 0;
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    for (size_t k = 0; k <= nk; ++k) {
        int rows = 0;
        for (int size = 1; size <= (1 << 20); size *= 2) {
            double sum = 0;
            int cnt = 0;
            for (size_t i = 0; i < r->n_points; ++i) {
                const struct result_point *p = &r->points[i];
                if (!p->valid || !is_square(p) || p->m != size)
                    continue;
                if (k == nk || strcmp(p->kernel, names[k]) == 0) {
                    sum += k == nk ? p->cublas_gflops : p->gflops;
                    cnt++;
                }
            }
            if (!cnt)
                continue;
            if (!rows++) {
                chart_safe_name(k == nk ? "cuBLAS" : names[k], safe, sizeof safe);
                fprintf(f, "%s%s\n", blocks ? "\n\n" : "", safe);
            }
            fprintf(f, "%d\t%.3f\n", size, sum / cnt);
            if (sum / cnt > *ymax)
                *ymax = sum / cnt;
        }
        blocks += rows > 0;
    }
    fclose(f);
    return blocks;
}

static int chart_gflops(const struct site_ctx *ctx, const char *dir, const struct results *r,
                        const struct results *base, char *err, size_t errlen)
{
    char cur[PATH], bdat[PATH], vars[PATH * 3];
    double ymax = 0;
    snprintf(cur, sizeof cur, "%s/gflops_latest.tsv", dir);
    snprintf(bdat, sizeof bdat, "%s/gflops_baseline.tsv", dir);
    int n = write_gflops_data(cur, r, &ymax);
    int nb = write_gflops_data(bdat, base ? base : r, &ymax);
    if (n <= 1 || nb != n) { /* a baseline with other kernels: plot the latest twice */
        nb = write_gflops_data(bdat, r, &ymax);
        base = NULL;
    }
    if (n <= 1)
        return 1; /* nothing square to plot */
    snprintf(vars, sizeof vars,
             "out='%s/gflops.svg'; cur='%s'; base='%s'; nseries=%d; ymax=%f; "
             "title_cur='latest run'; title_base='%s'",
             dir, cur, bdat, n, ymax * 1.12, base ? "baseline" : "latest run (no baseline)");
    return chart_run(ctx->charts_dir, "gflops.gp", vars, NULL, err, errlen);
}

static int chart_pct(const struct site_ctx *ctx, const char *dir, const struct results *r,
                     int size, char *err, size_t errlen)
{
    char dat[PATH], vars[PATH * 2], safe[RS_SHORT];
    int n = 0;
    snprintf(dat, sizeof dat, "%s/pct%d.tsv", dir, size);
    FILE *f = fopen(dat, "w");
    if (!f)
        return -1;
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        double lo, hi;
        if (!p->valid || !is_square(p) || p->m != size)
            continue;
        expected_range(p->level, &lo, &hi);
        chart_safe_name(p->kernel, safe, sizeof safe);
        fprintf(f, "%d\t%s\t%.3f\t%g\t%g\n", n++, safe, p->pct_cublas, lo, hi);
    }
    fclose(f);
    if (!n)
        return 1;
    snprintf(vars, sizeof vars, "out='%s/pct%d.svg'; dat='%s'; n=%d; size=%d", dir, size, dat, n,
             size);
    return chart_run(ctx->charts_dir, "pct.gp", vars, NULL, err, errlen);
}

/* History chart at `size` over the last runs, and its image map to the commit pages. */
static int chart_history(const struct site_ctx *ctx, const char *dir, FILE *page,
                         const struct gpu_history *g, int size, char *err, size_t errlen)
{
    enum { H = 440 };
    char dat[PATH], vars[PATH * 4], xt[PATH], names[64][RS_SHORT], safe[RS_SHORT];
    size_t first = g->n_runs > (size_t)ctx->history_points ? g->n_runs - ctx->history_points : 0;
    size_t nk = 0;
    int blocks = 0;
    for (size_t i = first; i < g->n_runs; ++i)
        nk = kernel_names(&g->runs[i].res, names, nk, 64);
    snprintf(dat, sizeof dat, "%s/history%d.tsv", dir, size);
    FILE *f = fopen(dat, "w");
    if (!f)
        return -1;
    for (size_t k = 0; k < nk; ++k) {
        int rows = 0;
        for (size_t i = first; i < g->n_runs; ++i) {
            const struct result_point *p = results_find(&g->runs[i].res, names[k], size, size, size);
            if (!p || !p->valid)
                continue;
            if (!rows++) {
                chart_safe_name(names[k], safe, sizeof safe);
                fprintf(f, "%s%s\n", blocks ? "\n\n" : "", safe);
            }
            fprintf(f, "%zu\t%.3f\n", i - first, p->pct_cublas);
        }
        blocks += rows > 0;
    }
    fclose(f);
    if (!blocks)
        return 1;
    /* x tics: about 12 commit labels (hex from the run id: safe in a gnuplot string). */
    size_t count = g->n_runs - first, step = count / 12 + 1;
    xt[0] = '\0';
    for (size_t i = first; i < g->n_runs; i += step) {
        const char *dash = strrchr(g->runs[i].id, '-');
        chart_safe_name(dash ? dash + 1 : g->runs[i].id, safe, sizeof safe);
        snprintf(xt + strlen(xt), sizeof xt - strlen(xt), "%s\"%.7s\" %zu", xt[0] ? ", " : "",
                 safe, i - first);
    }
    if (!xt[0])
        snprintf(xt, sizeof xt, "\"\" 0");
    snprintf(vars, sizeof vars, "out='%s/history%d.svg'; dat='%s'; nseries=%d; size=%d; xt='%s'",
             dir, size, dat, blocks, size, xt);
    struct plot_area a;
    if (chart_run(ctx->charts_dir, "history.gp", vars, &a, err, errlen))
        return -1;
    html_raw(page, "<map name=\"history%d\">\n", size);
    for (size_t k = 0; k < nk; ++k) {
        for (size_t i = first; i < g->n_runs; ++i) {
            const struct result_point *p = results_find(&g->runs[i].res, names[k], size, size, size);
            if (!p || !p->valid || a.xmax <= a.xmin || a.ymax <= a.ymin)
                continue;
            double x = a.term_xmin + ((double)(i - first) - a.xmin) / (a.xmax - a.xmin) *
                                         (a.term_xmax - a.term_xmin);
            double y = H - (a.term_ymin + (p->pct_cublas - a.ymin) / (a.ymax - a.ymin) *
                                              (a.term_ymax - a.term_ymin));
            html_raw(page, "<area shape=\"circle\" coords=\"%.0f,%.0f,6\" href=\"runs/", x, y);
            html_href_segment(page, g->runs[i].id);
            fputs(".html\" alt=\"", page);
            html_attr(page, names[k]);
            html_raw(page, " %.1f%% at ", p->pct_cublas);
            html_attr(page, g->runs[i].id);
            fputs("\">\n", page);
        }
    }
    fputs("</map>\n", page);
    return 0;
}

static int chart_roofline(const struct site_ctx *ctx, const char *dir, const struct results *r,
                          char *err, size_t errlen)
{
    char dat[PATH], vars[PATH * 2], names[64][RS_SHORT], safe[RS_SHORT];
    const struct device_info *d = &r->device;
    const double peak = d->sms * 128.0 * 2.0 * d->sm_clock_max_mhz / 1000.0; /* FFMA GFLOP/s */
    const double bw = d->mem_bandwidth_gbs > 0 ? d->mem_bandwidth_gbs : 1000.0;
    size_t nk = kernel_names(r, names, 0, 64);
    int blocks = 0;
    snprintf(dat, sizeof dat, "%s/roofline.tsv", dir);
    FILE *f = fopen(dat, "w");
    if (!f)
        return -1;
    for (size_t k = 0; k < nk; ++k) {
        int rows = 0;
        for (size_t i = 0; i < r->n_points; ++i) {
            const struct result_point *p = &r->points[i];
            if (!p->valid || p->gflops <= 0 || strcmp(p->kernel, names[k]) != 0)
                continue;
            double flop = 2.0 * p->m * (double)p->n * p->k;
            double bytes = 4.0 * ((double)p->m * p->k + (double)p->k * p->n + (double)p->m * p->n);
            if (!rows++) {
                chart_safe_name(names[k], safe, sizeof safe);
                fprintf(f, "%s%s\n", blocks ? "\n\n" : "", safe);
            }
            fprintf(f, "%.4f\t%.3f\n", flop / bytes, p->gflops);
        }
        blocks += rows > 0;
    }
    fclose(f);
    if (!blocks || peak <= 0)
        return 1;
    snprintf(vars, sizeof vars,
             "out='%s/roofline.svg'; dat='%s'; nseries=%d; peak=%f; bw=%f; "
             "peak_label='FP32 FFMA peak %.1f TFLOP/s (%d SMs x 128 x 2 x %d MHz)'; "
             "bw_label='memory %.0f GB/s (from the memory clock and bus width)'",
             dir, dat, blocks, peak, bw, peak / 1000, d->sms, d->sm_clock_max_mhz, bw);
    return chart_run(ctx->charts_dir, "roofline.gp", vars, NULL, err, errlen);
}

static void figure(FILE *f, const char *src, const char *alt, const char *map, int w, int h)
{
    html_raw(f, "<figure><img src=\"%s\" width=\"%d\" height=\"%d\" alt=\"", src, w, h);
    html_attr(f, alt);
    if (map)
        html_raw(f, "\" usemap=\"#%s", map);
    fputs("\"></figure>\n", f);
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
    html_raw(f, "<table>\n<thead><tr><th>run</th><th>commit</th><th>branch</th><th>subject</th>"
                "<th class=\"num\">best %% of cuBLAS at 4096</th><th>invalid points</th></tr>"
                "</thead>\n<tbody>\n");
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
            html_raw(f, "</td><td class=\"num\">%.1f</td>", best->pct_cublas);
        else
            fputs("</td><td class=\"num\">-</td>", f);
        html_raw(f, "<td class=\"%s\">%d</td></tr>\n", invalid ? "v-INVALID" : "", invalid);
    }
    fputs("</tbody>\n</table>\n", f);
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

int page_gpu(const struct site_ctx *ctx, const struct gpu_history *g, char *err, size_t errlen)
{
    const struct results *r = &g->runs[g->n_runs - 1].res;
    struct results base;
    int have_base = load_baseline(ctx, g->slug, &base) == 0;
    char rel[PATH], dir[PATH];
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
    html_raw(f, ".html\">its results</a>. Baseline: %s. <a href=\"runs.html\">All %zu runs</a>.</p>\n",
             have_base ? "committed" : "none yet", g->n_runs);

    fputs("<h2>Throughput against size</h2>\n", f);
    rc = note_chart(f, chart_gflops(ctx, dir, r, have_base ? &base : NULL, err, errlen), "square sizes", err);
    if (!rc && access((snprintf(rel, sizeof rel, "%s/gflops.svg", dir), rel), F_OK) == 0)
        figure(f, "gflops.svg", "GFLOP/s against matrix size, latest run and baseline", NULL, 1100, 560);
    fputs("<h2>Each level against cuBLAS, and what the course material expects</h2>\n", f);
    if (!rc)
        rc = note_chart(f, chart_pct(ctx, dir, r, 4096, err, errlen), "4096", err);
    if (!rc && access((snprintf(rel, sizeof rel, "%s/pct4096.svg", dir), rel), F_OK) == 0)
        figure(f, "pct4096.svg", "Percent of cuBLAS per level at 4096 beside the expected range", NULL, 1000, 440);
    fputs("<h2>History</h2>\n<p>Each point links to its commit's page.</p>\n", f);
    for (int s = 0; !rc && s < 2; ++s) {
        const int size = s ? 1024 : 4096;
        char name[32], map[32];
        snprintf(name, sizeof name, "history%d.svg", size);
        snprintf(map, sizeof map, "history%d", size);
        rc = note_chart(f, chart_history(ctx, dir, f, g, size, err, errlen), map, err);
        if (!rc && access((snprintf(rel, sizeof rel, "%s/%s", dir, name), rel), F_OK) == 0)
            figure(f, name, "Percent of cuBLAS per level over commits", map, 1100, 440);
    }
    fputs("<h2>Roofline</h2>\n", f);
    if (!rc)
        rc = note_chart(f, chart_roofline(ctx, dir, r, err, errlen), "the roofline", err);
    if (!rc && access((snprintf(rel, sizeof rel, "%s/roofline.svg", dir), rel), F_OK) == 0)
        figure(f, "roofline.svg", "Roofline of the latest run", NULL, 1000, 520);
    fputs("<h2>Recent runs</h2>\n", f);
    runs_table(f, g, g->n_runs > 30 ? g->n_runs - 30 : 0, "runs/");
    html_end(f);
    snprintf(rel, sizeof rel, "gpu/%s/index.html", g->slug);
    if (close_out(f, rel, err, errlen))
        rc = -1;
    for (const char *const *t = (const char *const[]){"gflops_latest", "gflops_baseline",
                                                         "pct4096", "history4096",
                                                         "history1024", "roofline", NULL};
         *t; ++t) {
        snprintf(rel, sizeof rel, "%s/%s.tsv", dir, *t);
        unlink(rel);
    }
    for (size_t i = 0; !rc && i < g->n_runs; ++i)
        rc = page_commit(ctx, g, i, have_base ? &base : NULL, err, errlen);
    if (!rc)
        rc = page_runs(ctx, g, err, errlen);
    results_free(&base);
    return rc;
}

/* ---- regressions --------------------------------------------------------------------- */

struct regression {
    const struct gpu_history *g;
    const struct run *run;
    struct point_verdict v;
};

static int by_newest(const void *a, const void *b)
{
    const struct regression *x = a, *y = b;
    return strcmp(y->run->res.run.utc, x->run->res.run.utc);
}

int page_regressions(const struct site_ctx *ctx, char *err, size_t errlen)
{
    enum { CAP = 2000 };
    struct regression *list = calloc(CAP, sizeof *list);
    size_t n = 0;
    char e[512];
    if (!list) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t gi = 0; gi < ctx->h->n_gpus; ++gi) {
        const struct gpu_history *g = &ctx->h->gpus[gi];
        for (size_t i = 0; i < g->n_runs; ++i) {
            struct comparison c;
            const struct results *prev = i ? &g->runs[i - 1].res : &g->runs[i].res;
            if (compare_results(prev, &g->runs[i].res, &(struct compare_options){0}, &c, e, sizeof e))
                continue;
            for (size_t j = 0; j < c.n_rows && n < CAP; ++j) {
                enum verdict v = c.rows[j].verdict;
                if (v == V_INVALID || (i > 0 && v == V_REGRESSED))
                    list[n++] = (struct regression){g, &g->runs[i], c.rows[j]};
            }
            compare_free(&c);
        }
    }
    qsort(list, n, sizeof *list, by_newest);
    FILE *f = open_out(ctx, "regressions.html", err, errlen);
    if (!f) {
        free(list);
        return -1;
    }
    html_begin(f, "Regressions and invalid results", "");
    html_raw(f, "<p>Every point that was INVALID, or REGRESSED against the previous run on the "
                "same GPU, newest first (%zu%s).</p>\n",
             n, n == CAP ? ", the newest shown" : "");
    html_raw(f, "<table>\n<thead><tr><th>when</th><th>GPU</th><th>run</th><th>kernel</th>"
                "<th>shape</th><th>verdict</th><th class=\"num\">before</th>"
                "<th class=\"num\">after</th><th class=\"num\">change %%</th><th>note</th></tr>"
                "</thead>\n<tbody>\n");
    for (size_t i = 0; i < n; ++i) {
        const struct regression *x = &list[i];
        fputs("<tr><td>", f);
        html_text(f, x->run->res.run.utc);
        fputs("</td><td>", f);
        html_text(f, x->run->res.device.name);
        fputs("</td><td><a href=\"gpu/", f);
        html_attr(f, x->g->slug);
        fputs("/runs/", f);
        html_attr(f, x->run->id);
        fputs(".html\">", f);
        html_text(f, x->run->id);
        fputs("</a></td><td>", f);
        html_text(f, x->v.kernel);
        html_raw(f, "</td><td>%dx%dx%d</td><td class=\"v-%s\">%s</td><td class=\"num\">%.2f</td>"
                    "<td class=\"num\">%.2f</td><td class=\"num\">%+.2f</td><td>",
                 x->v.m, x->v.n, x->v.k, verdict_name(x->v.verdict), verdict_name(x->v.verdict),
                 x->v.base_pct, x->v.cur_pct, x->v.delta_pct);
        html_text(f, x->v.note);
        fputs("</td></tr>\n", f);
    }
    if (!n)
        fputs("<tr><td colspan=\"10\">None.</td></tr>\n", f);
    fputs("</tbody>\n</table>\n", f);
    html_end(f);
    free(list);
    return close_out(f, "regressions.html", err, errlen);
}

int page_stylesheet(const struct site_ctx *ctx, char *err, size_t errlen)
{
    static const char css[] =
        "body{font-family:system-ui,-apple-system,'DejaVu Sans',sans-serif;margin:0;color:#1d1d1f;"
        "background:#fafafa;line-height:1.45}\n"
        "header{display:flex;gap:2em;align-items:baseline;padding:.8em 1.5em;background:#1f3b57}\n"
        "header a{color:#fff;text-decoration:none;margin-right:1em}.brand{font-weight:700}\n"
        "main{padding:1em 1.5em;max-width:1400px}h1{font-size:1.6em}h2{margin-top:1.6em}\n"
        "footer{padding:1em 1.5em;color:#666;font-size:.85em}\n"
        ".cards{display:flex;flex-wrap:wrap;gap:1em}.card{background:#fff;border:1px solid #ddd;"
        "border-radius:8px;padding:.5em 1.2em;min-width:22em;flex:1}\n"
        "table{border-collapse:collapse;font-size:.9em;margin:.5em 0;background:#fff}\n"
        "th,td{border:1px solid #ddd;padding:.25em .6em;text-align:left;vertical-align:top}\n"
        "th{background:#eef2f6}.num{text-align:right;font-variant-numeric:tabular-nums}\n"
        "figure{margin:.5em 0;overflow-x:auto}img{max-width:none;background:#fff;"
        "border:1px solid #ddd}\n"
        ".badge{display:inline-block;padding:.05em .5em;border-radius:4px;font-weight:700}\n"
        ".warn{color:#8a5300}.scroll{overflow-x:auto;max-width:100%}.legend{font-size:.9em}\n"
        ".pass{background:#dff3e3;color:#14532d}.regressed,.invalid{background:#fde2e1;"
        "color:#7f1d1d}.inconclusive{background:#fef3c7;color:#78350f}.none{background:#eee}\n"
        ".count{margin-right:.6em;color:#444}\n"
        ".v-REGRESSED,.v-INVALID{color:#a11;font-weight:700}.v-IMPROVED{color:#176b2c;"
        "font-weight:700}.v-INCONCLUSIVE{color:#8a5a00}\n"
        ".warning{color:#8a5a00}.subject{font-style:italic}.missing{color:#666}\n";
    FILE *f = open_out(ctx, "style.css", err, errlen);
    if (!f)
        return -1;
    fputs(css, f);
    return close_out(f, "style.css", err, errlen);
}
