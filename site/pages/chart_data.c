/* chart_data.c: the charts: each one's gnuplot data from the model, the chart itself
 * (site/charts.h runs gnuplot), and for the history its figure and image map (common.h). */
#include "site/pages/common.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "site/charts.h"
#include "site/html.h"

static int is_square(const struct result_point *p) { return p->m == p->n && p->n == p->k; }

bool chart_square(const struct result_point *p, bool memory)
{
    return p->valid && (memory ? of_family(p, "memory") && p->m == p->n
                               : of_family(p, "sgemm") && is_square(p));
}

/* Rates under this share of the reference's best in the run are charted nowhere: on a
 * linear axis they lie on zero, and they measure launch latency (1x1x1: 2 FLOP in ~5 us). */
#define CHART_MIN_SHARE 0.01

double chart_min_ref_rate(const struct results *r, bool memory)
{
    double best = 0;
    for (size_t i = 0; i < r->n_points; ++i)
        if (chart_square(&r->points[i], memory) && r->points[i].ref_rate > best)
            best = r->points[i].ref_rate;
    return CHART_MIN_SHARE * best;
}

bool chart_size(const struct result_point *p, bool memory, double min_ref_rate)
{
    return chart_square(p, memory) && !compare_is_informational(p) && p->ref_rate >= min_ref_rate;
}

/* One block per name (square sizes, ascending), then cuBLAS, every block written even
 * when empty (a NaN row), so that the blocks of two runs line up. */
/* -1, with err naming the chart's data file that could not be written and why (a full
 * disk: the exit code comes from the caller, the message from here). */
static int data_failed(const char *path, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: cannot write a chart's data: %s", path, strerror(errno ? errno : EIO));
    return -1;
}

static int write_gflops_data(const char *path, const struct results *r, bool memory,
                             char names[][RS_SHORT], size_t nk, double *ymax)
{
    char safe[RS_SHORT];
    const double min_ref_rate = chart_min_ref_rate(r, memory);
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
                if (!chart_size(p, memory, min_ref_rate) || p->m != size)
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

/* The rate against size chart of one family: gflops.svg (sgemm) or gbs.svg (memory). */
int chart_gflops(const struct site_ctx *ctx, const char *dir, const struct results *r,
                        const struct results *base, bool memory, char *err, size_t errlen)
{
    char cur[PATH], bdat[PATH], vars[PATH * 3 + 512], names[64][RS_SHORT], styles[512];
    const char *stem = memory ? "gbs" : "gflops";
    double ymax = 0;
    size_t nk = kernel_names(ctx, r, memory ? "memory" : "sgemm", names, 0, 64);
    int square = 0;
    const double min_ref_rate = chart_min_ref_rate(r, memory);
    for (size_t i = 0; i < r->n_points; ++i)
        square += chart_size(&r->points[i], memory, min_ref_rate);
    if (!square)
        return 1; /* nothing square to plot */
    snprintf(cur, sizeof cur, "%s/%s_latest.tsv", dir, stem);
    snprintf(bdat, sizeof bdat, "%s/%s_baseline.tsv", dir, stem);
    if (write_gflops_data(cur, r, memory, names, nk, &ymax))
        return data_failed(cur, err, errlen);
    if (write_gflops_data(bdat, base ? base : r, memory, names, nk, &ymax))
        return data_failed(bdat, err, errlen);
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
int chart_pct(const struct site_ctx *ctx, const char *dir, const struct results *r,
                     int size, bool memory, char *err, size_t errlen)
{
    char dat[PATH], vars[PATH * 2 + 256], safe[RS_SHORT], names[64][RS_SHORT], styles[512];
    const char *stem = memory ? "mempct" : "pct";
    size_t nk = kernel_names(ctx, r, memory ? "memory" : "sgemm", names, 0, 64), n = 0;
    snprintf(dat, sizeof dat, "%s/%s%d.tsv", dir, stem, size);
    FILE *f = fopen(dat, "w");
    if (!f)
        return data_failed(dat, err, errlen);
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
        return data_failed(dat, err, errlen);
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

/* The verdict of series s in cmp (a run against the one before), or V_COUNT. */
static enum verdict verdict_of(const struct comparison *cmp, const struct series *s)
{
    for (size_t i = 0; cmp && i < cmp->n_rows; ++i) {
        const struct point_verdict *v = &cmp->rows[i];
        if (v->m == s->m && v->n == s->n && v->k == s->k && strcmp(v->kernel, s->name) == 0)
            return v->verdict;
    }
    return V_COUNT;
}

void window_of(const struct site_ctx *ctx, const struct gpu_model *gm, struct window *w)
{
    const struct gpu_history *g = gm->g;
    w->gm = gm;
    w->first = g->n_runs > (size_t)ctx->history_points ? g->n_runs - ctx->history_points : 0;
    w->count = g->n_runs - w->first;
}

/* Run first + i of the window against the one before, or NULL. */
static const struct comparison *window_cmp(const struct window *w, size_t i)
{
    const struct judged *j = &w->gm->runs[w->first + i].prev;
    return j->rc == 0 ? &j->c : NULL;
}

/* "sha7\nMM-DD" (a two-line tic label: the commit, then its date: the commit's in the
 * checkout's history, else the run's), "?" for either part that is not what it should
 * be: only hex digits, digits and '-' ever reach gnuplot. */
static void tic_label(const struct site_ctx *ctx, const struct results *r, char *out, size_t cap)
{
    const char *c = r->run.commit, *day_of = commits_day(ctx->model->order, c);
    const char *utc = day_of ? day_of : r->run.utc;
    const bool sha = strlen(c) >= 7 && strspn(c, "0123456789abcdef") >= 7;
    bool day = strlen(utc) >= 10;
    for (int i = 5; day && i < 10; ++i)
        day = (utc[i] >= '0' && utc[i] <= '9') || utc[i] == '-';
    snprintf(out, cap, "%.7s\\n%.5s", sha ? c : "?", day ? utc + 5 : "?");
}

/* One small multiple: series s over the window, its image map, its figure (id s's
 * series_id: the commit pages link to it). */
int chart_history(const struct site_ctx *ctx, const char *dir, FILE *page, const struct window *w,
                  const struct series *s, const char *stem, char *err, size_t errlen)
{
    enum { H = 230 };
    const struct gpu_history *g = w->gm->g;
    const char *const name = s->name;
    char dat[PATH], vars[PATH * 3], xt[512], safe[RS_SHORT], day[24], alt[768], shape[48];
    double lo = 0, hi = 0, first_pct = NAN, last_pct = NAN;
    int points = 0, regressed = 0;
    snprintf(dat, sizeof dat, "%s/history.tsv", dir);
    FILE *f = fopen(dat, "w");
    if (!f)
        return data_failed(dat, err, errlen);
    for (size_t i = 0; i < w->count; ++i) {
        const struct result_point *p = results_find(&g->runs[w->first + i].res, name, s->m, s->n, s->k);
        if (!p || !p->valid) {
            fputs("\n", f); /* a gap: no line across a run without the point */
            continue;
        }
        const bool bad = verdict_of(window_cmp(w, i), s) == V_REGRESSED;
        fprintf(f, "%zu\t%.4f\t%.4f\t%d\n", i, p->pct_ref, pct_noise(p), bad);
        points++;
        regressed += bad;
        if (isnan(first_pct))
            first_pct = p->pct_ref;
        last_pct = p->pct_ref;
    }
    if (fclose(f))
        return data_failed(dat, err, errlen);
    if (!points)
        return 1;
    analysis_band(w->gm, name, s->m, s->n, s->k, &lo, &hi); /* the baseline's reference and tolerance */
    /* The steps across runs of this point inside the window: between its runs i - 1, i. */
    char down[256] = "", up[256] = "", events[256] = ""; /* slower steps, faster steps */
    int n_steps = 0, n_events = 0;
    for (size_t i = 0; i < w->gm->n_events; ++i) { /* known changes: at their run */
        const struct event *e = &w->gm->events[i];
        if (e->run >= w->first && e->run < w->first + w->count &&
            (!e->note || annotation_covers(e->note, name, s->m, s->n, s->k)) &&
            strlen(events) + 16 < sizeof events)
            snprintf(events + strlen(events), sizeof events - strlen(events), "%s%zu",
                     n_events++ ? " " : "", e->run - w->first);
    }
    for (size_t i = 0; i < ctx->model->n_steps; ++i) {
        const struct step *st = &ctx->model->steps[i];
        const size_t at = (size_t)(st->first_after - g->runs);
        char *list = st->change_pct < 0 ? down : up;
        if (st->g == g && st->m == s->m && st->n == s->n && st->k == s->k &&
            strcmp(st->kernel, name) == 0 && at > w->first && at < w->first + w->count &&
            strlen(list) + 16 < sizeof down) {
            snprintf(list + strlen(list), sizeof down - strlen(list), "%s%.1f", list[0] ? " " : "",
                     (double)(at - w->first) - 0.5);
            n_steps++;
        }
    }
    /* x: the runs in commit order, evenly spaced; tics: the first, middle and last run's
     * commit and date. */
    xt[0] = '\0';
    const size_t tics[3] = {0, (w->count - 1) / 2, w->count - 1};
    for (int t = 0; t < 3; ++t) {
        const size_t i = tics[t];
        if (t > 0 && i == tics[t - 1])
            continue;
        tic_label(ctx, &g->runs[w->first + i].res, day, sizeof day);
        snprintf(xt + strlen(xt), sizeof xt - strlen(xt), "%s\"%s\" %zu", xt[0] ? ", " : "", day, i);
    }
    chart_safe_name(name, safe, sizeof safe);
    series_shape(s, shape, sizeof shape);
    snprintf(vars, sizeof vars,
             "out='%s/%s.svg'; dat='%s'; runs=%zu; ls_k=%d; name='%s'; shape='%s'; band_lo=%f; "
             "band_hi=%f; xt='%s'; steps_down='%s'; steps_up='%s'; events='%s'; ylabel='%s'",
             dir, stem, dat, w->count, kernel_style(ctx, name), safe, shape, lo, hi, xt, down, up,
             events, s->memory ? "% of the copy" : "% of cuBLAS");
    struct plot_area a;
    if (chart_run(ctx->charts_dir, "history.gp", vars, &a, err, errlen))
        return -1;
    unlink(dat);
    snprintf(alt, sizeof alt,
             "%s at %s: %.1f%% of %s in the latest run, %.1f%% in the oldest of %d shown "
             "(%+.1f%%); %d regression%s, %d step%s across runs and %d known change%s marked%s",
             name, shape, last_pct, s->memory ? "the copy" : "cuBLAS", first_pct, points,
             first_pct > 0 ? (last_pct - first_pct) / first_pct * 100 : 0.0, regressed,
             regressed == 1 ? "" : "s", n_steps, n_steps == 1 ? "" : "s", n_events,
             n_events == 1 ? "" : "s",
             lo < hi ? "; the band is the baseline's tolerance" : "");
    char src[PATH];
    snprintf(src, sizeof src, "%s.svg", stem);
    html_raw(page, "<figure id=\"");
    series_id(page, s);
    fputs("\">", page);
    img_open(page, src, alt, stem, 360, H);
    html_raw(page, "<map name=\"%s\">\n", stem);
    for (size_t i = 0; i < w->count && a.xmax > a.xmin && a.ymax > a.ymin; ++i) {
        const struct run *run = &g->runs[w->first + i];
        const struct result_point *p = results_find(&run->res, name, s->m, s->n, s->k);
        if (!p || !p->valid)
            continue;
        const enum verdict v = verdict_of(window_cmp(w, i), s);
        double x = a.term_xmin + ((double)i - a.xmin) / (a.xmax - a.xmin) * (a.term_xmax - a.term_xmin);
        double y = H - (a.term_ymin + (p->pct_ref - a.ymin) / (a.ymax - a.ymin) *
                                          (a.term_ymax - a.term_ymin));
        char tip[256];
        snprintf(tip, sizeof tip, "%.12s, %s: %.2f ± %.2f %% of %s, %s", run->res.run.commit,
                 run->res.run.utc, p->pct_ref, pct_noise(p), s->memory ? "the copy" : "cuBLAS",
                 v == V_COUNT ? "first run" : verdict_name(v));
        html_raw(page, "<area shape=\"circle\" coords=\"%.0f,%.0f,7\" href=\"runs/", x, y);
        html_href_segment(page, run->id);
        fputs(".html#", page);
        /* A mark that changed lands on its verdict row (the commit page lists the changes
         * against the run before, triage included); the others on the results row. */
        const bool changed = v == V_REGRESSED || v == V_IMPROVED || v == V_INCONCLUSIVE;
        point_anchor(page, changed ? "prev" : "pt", name, s->m, s->n, s->k);
        fputs("\" alt=\"", page);
        html_attr(page, tip);
        fputs("\" title=\"", page);
        html_attr(page, tip);
        fputs("\">\n", page);
    }
    fputs("</map>", page);
    figure_caption_larger(page, src);
    fputs("</figure>\n", page);
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

int chart_roofline(const struct site_ctx *ctx, const char *dir, const struct results *r,
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
        return data_failed(dat, err, errlen);
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
        return data_failed(dat, err, errlen);
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

/* The fastest kernel at the largest charted size: the alt text's one fact. */
const char *gflops_alt(const struct results *r, bool memory, char *out, size_t cap)
{
    const struct result_point *best = NULL;
    const char *unit = memory ? "GB/s" : "GFLOP/s", *ref = memory ? "the copy" : "cuBLAS";
    const double min_ref_rate = chart_min_ref_rate(r, memory);
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        if (chart_size(p, memory, min_ref_rate) &&
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
