#include "runner/compare.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "runner/atomic_file.h"
#include "runner/escape.h"
#include "runner/exit_codes.h"
#include "runner/sass.h"
#include "runner/stats.h"

#define SB_STR_(x) #x
#define SB_STR(x) SB_STR_(x)

static const char *const names[V_COUNT] = {"PASS",    "IMPROVED", "REGRESSED", "INCONCLUSIVE",
                                           "MISSING", "NEW",      "INVALID",   "INFO"};

const char *verdict_name(enum verdict v) { return v >= 0 && v < V_COUNT ? names[v] : "?"; }

bool verdict_is_change(enum verdict v)
{
    return v == V_REGRESSED || v == V_IMPROVED || v == V_INCONCLUSIVE;
}

/* The kernel's own GFLOP/s change from b to c, in percent; 0 when either rate is unknown. */
static double own_change(const struct result_point *b, const struct result_point *c)
{
    return b->rate > 0 && c->rate > 0 ? 100.0 * (c->rate - b->rate) / b->rate : 0;
}

/* A real change of the kernel moves both its % of cuBLAS and its own GFLOP/s. A flag that
 * the kernel's own rate does not back (the same direction, at least COMPARE_OWN_SHARE of
 * the change) came from the reference: cuBLAS's time at some shapes is bimodal between
 * processes, while the kernel's is steady to ~0.1%, on one GPU and across GPUs of a model
 * (docs/GATE.md). Unknown rates back every flag. */
static bool own_rate_backs(const struct result_point *b, const struct result_point *c,
                           double delta_pct)
{
    const double own = own_change(b, c);
    return b->rate <= 0 || c->rate <= 0 ||
           (own * delta_pct > 0 && fabs(own) >= COMPARE_OWN_SHARE * fabs(delta_pct));
}

/* INFO's rule: the kernel is under the time cut on both sides. */
static bool both_informational(const struct result_point *b, const struct result_point *c)
{
    return compare_is_informational(b) && compare_is_informational(c);
}

enum verdict compare_point(const struct result_point *b, const struct result_point *c,
                           double threshold_pct, double *delta_pct, double *noise_pct)
{
    *delta_pct = 0;
    *noise_pct = 0;
    if (!c->valid)
        return V_INVALID;
    if (!b->valid || b->pct_ref <= 0)
        return V_NEW; /* nothing valid to compare against */
    *delta_pct = 100.0 * (c->pct_ref - b->pct_ref) / b->pct_ref;
    *noise_pct = 100.0 * sqrt(b->time_ms.rel_noise * b->time_ms.rel_noise +
                              b->ref_time_ms.rel_noise * b->ref_time_ms.rel_noise +
                              c->time_ms.rel_noise * c->time_ms.rel_noise +
                              c->ref_time_ms.rel_noise * c->ref_time_ms.rel_noise);
    if (both_informational(b, c))
        return V_INFO;
    const bool down = -*delta_pct > threshold_pct && -*delta_pct > *noise_pct;
    const bool up = *delta_pct > threshold_pct && *delta_pct > *noise_pct;
    if (down || up)
        return !own_rate_backs(b, c, *delta_pct) ? V_PASS : down ? V_REGRESSED : V_IMPROVED;
    return *delta_pct - *noise_pct > -threshold_pct ? V_PASS : V_INCONCLUSIVE;
}

/* The paired rounds' log ratios base / head of one metric, in percent, with the floor of
 * their standard deviation from the rounds' own timing noise (rel_noise is a 95%
 * half-width: / 1.96 is its standard error). ref: the reference's times. */
static int round_logs(const struct result_point *b, const struct result_point *h, bool ref,
                      double *x, double *floor_sd)
{
    const int n = b->n_rounds < h->n_rounds ? b->n_rounds : h->n_rounds;
    double var = 0;
    int got = 0;
    for (int r = 0; r < n; ++r) {
        const double tb = ref ? b->round_ref_ms[r] : b->round_ms[r];
        const double th = ref ? h->round_ref_ms[r] : h->round_ms[r];
        const double nb = 100 / 1.96 * (ref ? b->round_ref_noise[r] : b->round_noise[r]);
        const double nh = 100 / 1.96 * (ref ? h->round_ref_noise[r] : h->round_noise[r]);
        if (tb <= 0 || th <= 0)
            continue;
        x[got++] = 100 * log(tb / th);
        var += nb * nb + nh * nh;
    }
    *floor_sd = got ? sqrt(var / got) : 0;
    return got;
}

enum verdict compare_ab(const struct result_point *b, const struct result_point *h,
                        double threshold_pct, struct ab_evidence *ev)
{
    double x[RS_MAX_ROUNDS], y[RS_MAX_ROUNDS], fx, fy, mx, sx, my, sy, d, noise;
    memset(ev, 0, sizeof *ev);
    const enum verdict plain = compare_point(b, h, threshold_pct, &d, &noise);
    if (plain == V_INVALID || plain == V_NEW || plain == V_INFO)
        return plain;
    const int n = round_logs(b, h, false, x, &fx);
    if (n < 2 || round_logs(b, h, true, y, &fy) != n)
        return plain;
    stats_mean_se(x, n, fx, &mx, &sx);
    stats_mean_se(y, n, fy, &my, &sy);
    const double q_flag = stats_t_quantile(1 - COMPARE_ALPHA_FLAG, n - 1);
    const double q_pass = stats_t_quantile(1 - COMPARE_ALPHA_PASS, n - 1);
    const double down = 100 * log1p(-threshold_pct / 100), up = 100 * log1p(threshold_pct / 100);
    ev->n = n;
    ev->change_pct = 100 * expm1(mx / 100);
    ev->control_pct = 100 * expm1(my / 100);
    ev->flag_pct = q_flag * sx;
    ev->pass_low_pct = mx - q_pass * sx;
    enum verdict v = mx < down && mx + q_flag * sx < 0   ? V_REGRESSED
                     : mx > up && mx - q_flag * sx > 0   ? V_IMPROVED
                     : ev->pass_low_pct > down           ? V_PASS
                                                         : V_INCONCLUSIVE;
    ev->control_moved = my * mx > 0 && fabs(my) >= COMPARE_OWN_SHARE * fabs(mx) &&
                        fabs(my) - q_flag * sy > 0;
    if ((v == V_REGRESSED || v == V_IMPROVED) && ev->control_moved)
        v = V_INCONCLUSIVE;
    return v;
}

double compare_threshold(const struct results *base, const char *kernel, double flag_pct)
{
    if (flag_pct > 0)
        return flag_pct;
    for (size_t i = 0; i < base->n_thresholds; ++i)
        if (strcmp(base->thresholds[i].kernel, kernel) == 0)
            return base->thresholds[i].pct;
    return base->threshold_pct > 0 ? base->threshold_pct : COMPARE_DEFAULT_THRESHOLD_PCT;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct point_reference compare_reference(const struct results *base, const char *kernel, int m,
                                         int n, int k, double t_pct)
{
    struct point_reference ref = {0, 0, t_pct, 0};
    if (base->n_runs == 0)
        return ref; /* a single-run baseline: no set, nothing to allocate per point */
    double *v = calloc(base->n_runs, sizeof *v);
    if (!v)
        return ref;
    for (size_t i = 0; i < base->n_runs; ++i) {
        const struct baseline_run *r = &base->runs[i];
        for (size_t j = 0; j < r->n_points; ++j) {
            const struct run_pct *p = &r->points[j];
            if (p->m == m && p->n == n && p->k == k && strcmp(p->kernel, kernel) == 0) {
                v[ref.n++] = p->pct;
                break;
            }
        }
    }
    if (ref.n > 0) {
        qsort(v, (size_t)ref.n, sizeof *v, cmp_double);
        ref.center_pct = ref.n % 2 ? v[ref.n / 2] : (v[ref.n / 2 - 1] + v[ref.n / 2]) / 2;
        ref.spread_pct = ref.center_pct > 0 ? 100 * (v[ref.n - 1] - v[0]) / ref.center_pct : 0;
        ref.tolerance_pct = fmax(t_pct, COMPARE_SPREAD_FACTOR * ref.spread_pct);
    }
    free(v);
    return ref;
}

int compare_distinct_gpus(const struct results *base)
{
    int n = 0;
    for (size_t i = 0; i < base->n_runs; ++i) {
        bool seen = strcmp(base->runs[i].gpu_id, "unknown") == 0;
        for (size_t j = 0; j < i && !seen; ++j)
            seen = strcmp(base->runs[i].gpu_id, base->runs[j].gpu_id) == 0;
        n += !seen;
    }
    return n;
}

bool compare_is_informational(const struct result_point *p)
{
    return 1000 * p->time_ms.median < COMPARE_MIN_TIME_US;
}

const char *compare_informational_why(const struct result_point *p)
{
    (void)p;
    return "the kernel under " SB_STR(COMPARE_MIN_TIME_US) " us";
}

enum verdict compare_resolve(int n, int n_regressed, enum verdict median_verdict)
{
    if (n == 0 || n_regressed == n)
        return V_REGRESSED;
    return n_regressed == 0 ? median_verdict : V_INCONCLUSIVE;
}

void compare_keep_missing(struct comparison *c, bool (*wanted)(const struct point_verdict *, void *),
                          void *ctx)
{
    size_t kept = 0;
    for (size_t i = 0; i < c->n_rows; ++i)
        if (c->rows[i].verdict != V_MISSING || wanted(&c->rows[i], ctx))
            c->rows[kept++] = c->rows[i];
    c->n_rows = kept;
    compare_recount(c);
}

static void warn(struct comparison *c, const char *fmt, ...)
{
    if (c->n_warnings >= CMP_MAX_WARNINGS)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->warnings[c->n_warnings++], RS_TEXT, fmt, ap);
    va_end(ap);
}

static void environment_warnings(const struct results *b, const struct results *r,
                                 struct comparison *c)
{
    const struct device_info *x = &b->device, *y = &r->device;
    if (strcmp(x->driver, y->driver) != 0)
        warn(c, "driver differs from the baseline: %s vs %s", y->driver, x->driver);
    if (strcmp(x->cuda_runtime, y->cuda_runtime) != 0)
        warn(c, "CUDA runtime differs from the baseline: %s vs %s", y->cuda_runtime,
             x->cuda_runtime);
    if (strcmp(x->cublas, y->cublas) != 0)
        warn(c, "cuBLAS differs from the baseline: %s vs %s", y->cublas, x->cublas);
    if (x->sm_clock_max_mhz != y->sm_clock_max_mhz)
        warn(c, "max SM clock differs from the baseline: %d vs %d MHz", y->sm_clock_max_mhz,
             x->sm_clock_max_mhz);
    if (strcmp(x->name, y->name) != 0)
        warn(c, "GPU name differs from the baseline: '%s' vs '%s'", y->name, x->name);
    if (r->conditions.n_throttle > 0)
        warn(c, "the GPU reported clock limits during the run: %s%s",
             r->conditions.throttle_reasons[0], r->conditions.n_throttle > 1 ? " and more" : "");
}

static struct point_verdict row_of(const struct result_point *p)
{
    struct point_verdict v;
    memset(&v, 0, sizeof v);
    snprintf(v.kernel, sizeof v.kernel, "%s", p->kernel);
    v.memory = point_is_memory(p);
    v.level = p->level;
    v.m = p->m;
    v.n = p->n;
    v.k = p->k;
    return v;
}

static const char *reference_name(const struct result_point *p)
{
    return point_is_memory(p) ? "the copy" : "cuBLAS";
}

static void judge_absolute(const struct result_point *ref, const struct result_point *p,
                           struct point_verdict *v)
{
    v->verdict = compare_point(ref, p, v->threshold_pct, &v->delta_pct, &v->noise_pct);
    v->detectable_pct = fmax(v->threshold_pct, v->noise_pct);
    if (v->verdict == V_PASS && fabs(v->delta_pct) > v->detectable_pct) /* see compare_point */
        snprintf(v->note, sizeof v->note,
                 "%% of %s %+.2f%%, the kernel's own %s %+.2f%%: %s moved, not the kernel",
                 reference_name(p), v->delta_pct, point_is_memory(p) ? "GB/s" : "GFLOP/s",
                 own_change(ref, p), reference_name(p));
    else if (v->verdict == V_INCONCLUSIVE)
        snprintf(v->note, sizeof v->note,
                 "%+.2f%% with %.2f%% noise: a drop past %.2f%% is not ruled out",
                 v->delta_pct, v->noise_pct, v->threshold_pct);
}

/* A/B: the change and noise columns are the kernel's own rate (compare_ab). */
static void judge_ab(const struct result_point *base, const struct result_point *head,
                     struct point_verdict *v)
{
    struct ab_evidence ev;
    v->verdict = compare_ab(base, head, v->threshold_pct, &ev);
    if (ev.n == 0) { /* no paired rounds: judged as in absolute mode */
        judge_absolute(base, head, v);
        return;
    }
    v->delta_pct = ev.change_pct;
    v->noise_pct = ev.flag_pct;
    v->detectable_pct = fmax(v->threshold_pct, v->noise_pct);
    if (v->verdict == V_INCONCLUSIVE && ev.control_moved)
        snprintf(v->note, sizeof v->note,
                 "%s moved too (%+.2f%%, the kernel %+.2f%%): the machine changed between the "
                 "sides (%d rounds)",
                 reference_name(head), ev.control_pct, ev.change_pct, ev.n);
    else if (v->verdict == V_INCONCLUSIVE)
        snprintf(v->note, sizeof v->note,
                 "%+.2f%% over %d rounds: a drop past %.2f%% is not ruled out (lower bound "
                 "%+.2f%%)",
                 ev.change_pct, ev.n, v->threshold_pct, 100 * expm1(ev.pass_low_pct / 100));
    else
        snprintf(v->note, sizeof v->note, "%d rounds; %s %+.2f%%", ev.n, reference_name(head),
                 ev.control_pct);
}

/* Appends printf-style text to v->inside at *len (never past its end). */
static void inside_add(struct point_verdict *v, size_t *len, const char *fmt, ...)
{
    if (*len >= sizeof v->inside - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    const int w = vsnprintf(v->inside + *len, sizeof v->inside - *len, fmt, ap);
    va_end(ap);
    if (w > 0)
        *len = *len + (size_t)w < sizeof v->inside ? *len + (size_t)w : sizeof v->inside - 1;
}

static void dims_text(const int d[3], char *out, size_t cap)
{
    snprintf(out, cap, "%dx%dx%d", d[0], d[1], d[2]);
}

/* v->inside for a judged change: what the results record of the kernel that ran on each
 * side (base q, head p): which kernel and its launch when both sides noted it, then its
 * registers, shared memory, spills, workspace and occupancy. */
static void inside_diff(const struct result_point *q, const struct result_point *p,
                        struct point_verdict *v)
{
    v->inside[0] = '\0';
    if (!verdict_is_change(v->verdict) || q->regs < 0 || p->regs < 0 || q->local_bytes < 0 ||
        p->local_bytes < 0)
        return;
    size_t len = 0;
    const bool launches = q->launch_kernel[0] && p->launch_kernel[0];
    char qg[48], pg[48], qb[48], pb[48];
    dims_text(q->grid, qg, sizeof qg);
    dims_text(p->grid, pg, sizeof pg);
    dims_text(q->block, qb, sizeof qb);
    dims_text(p->block, pb, sizeof pb);
    if (launches && strcmp(q->launch_kernel, p->launch_kernel) != 0)
        inside_add(v, &len, "kernel %s -> %s", q->launch_kernel, p->launch_kernel);
    if (launches && strcmp(qg, pg) != 0)
        inside_add(v, &len, "%sgrid %s -> %s", len ? ", " : "", qg, pg);
    if (launches && strcmp(qb, pb) != 0)
        inside_add(v, &len, "%sblock %s -> %s", len ? ", " : "", qb, pb);
    const struct {
        const char *name, *unit;
        long long base, head;
    } r[] = {{"registers", "", q->regs, p->regs},
             {"static shared memory", " B", q->smem_static_bytes, p->smem_static_bytes},
             {"dynamic shared memory", " B", launches ? q->dynamic_smem_bytes : -1,
              launches ? p->dynamic_smem_bytes : -1},
             {"local memory (spills)", " B", q->local_bytes, p->local_bytes},
             {"workspace", " B", q->workspace_bytes, p->workspace_bytes},
             {"CTAs per SM", "", launches ? q->ctas_per_sm : -1, launches ? p->ctas_per_sm : -1}};
    const int n = sizeof r / sizeof r[0];
    for (int i = 0; i < n; ++i)
        if (r[i].base != r[i].head && r[i].base >= 0 && r[i].head >= 0)
            inside_add(v, &len, "%s%s %lld -> %lld%s", len ? ", " : "", r[i].name, r[i].base,
                       r[i].head, r[i].unit);
    if (len == 0) { /* nothing differs */
        if (launches)
            inside_add(v, &len, "same kernel %s, grid %s, block %s, ", p->launch_kernel, pg, pb);
        inside_add(v, &len,
                   "same registers (%d), static shared memory (%d B), local memory (%d B), "
                   "workspace (%lld B)",
                   p->regs, p->smem_static_bytes, p->local_bytes, p->workspace_bytes);
        if (launches && p->ctas_per_sm >= 0)
            inside_add(v, &len, ", %d CTAs per SM", p->ctas_per_sm);
    }
    /* Both sides recorded their kernel's SASS (sweep --sass): its mix too. */
    struct sass_mix qs, ps;
    char text[256];
    if (sass_from_point(q, &qs) && sass_from_point(p, &ps)) {
        sass_diff_text(&qs, &ps, text, sizeof text);
        inside_add(v, &len, "; %s", text);
    }
}

bool compare_row(const struct results *b, const struct result_point *p,
                 const struct compare_options *opt, struct point_verdict *out)
{
    const struct result_point *q = results_find(b, p->kernel, p->m, p->n, p->k);
    struct point_verdict v = row_of(p);
    v.cur_pct = p->pct_ref;
    v.cur_gflops = p->rate;
    v.threshold_pct = compare_threshold(b, p->kernel, opt->flag_threshold_pct);
    if (q) {
        struct result_point ref = *q;
        const struct point_reference pr =
            compare_reference(b, p->kernel, p->m, p->n, p->k, v.threshold_pct);
        if (pr.n > 0) { /* a run set: its median, and its tolerance unless flagged */
            const double center_noise = fmin(1.0, COMPARE_MEDIAN_SE / sqrt(pr.n));
            ref.pct_ref = pr.center_pct;
            ref.time_ms.rel_noise *= center_noise;
            ref.ref_time_ms.rel_noise *= center_noise;
            if (opt->flag_threshold_pct <= 0)
                v.threshold_pct = pr.tolerance_pct;
        }
        v.base_pct = ref.pct_ref;
        v.base_gflops = q->rate;
        if (opt->ab)
            judge_ab(&ref, p, &v);
        else
            judge_absolute(&ref, p, &v);
        if (v.verdict == V_INFO)
            snprintf(v.note, sizeof v.note, "%s: launch-bound, not judged",
                     compare_informational_why(p));
        inside_diff(q, p, &v);
    } else {
        v.verdict = p->valid ? V_NEW : V_INVALID;
    }
    if (!p->valid)
        esc_copy(v.note, sizeof v.note, point_error(p)); /* never half a character */
    *out = v;
    return q != NULL;
}

int compare_results(const struct results *b, const struct results *r,
                    const struct compare_options *opt, struct comparison *c, char *err,
                    size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->ab = opt->ab;
    if (strcmp(b->device.slug, r->device.slug) != 0) {
        snprintf(err, errlen,
                 "results from two different GPUs: baseline is '%s' (device.slug), results are "
                 "'%s'; compare runs of the same GPU model",
                 b->device.slug, r->device.slug);
        return SB_EXIT_USAGE;
    }
    c->rows = calloc(b->n_points + r->n_points + 1, sizeof *c->rows);
    if (!c->rows) {
        snprintf(err, errlen, "out of memory");
        return SB_EXIT_ENV;
    }
    environment_warnings(b, r, c);
    const int gpus = compare_distinct_gpus(b);
    if (b->n_runs > 0 && (b->n_runs < COMPARE_MIN_RUNS || gpus < COMPARE_MIN_GPUS))
        warn(c, "the baseline holds %zu runs from %d GPUs: its tolerances need at least %d runs "
                "from %d GPUs to know the spread between machines",
             b->n_runs, gpus, COMPARE_MIN_RUNS, COMPARE_MIN_GPUS);
    size_t shared = 0;
    for (size_t i = 0; i < r->n_points; ++i)
        shared += compare_row(b, &r->points[i], opt, &c->rows[c->n_rows++]);
    for (size_t i = 0; i < b->n_points; ++i) {
        const struct result_point *q = &b->points[i];
        if (results_find(r, q->kernel, q->m, q->n, q->k))
            continue;
        struct point_verdict v = row_of(q);
        v.verdict = V_MISSING;
        v.base_pct = q->pct_ref;
        v.base_gflops = q->rate;
        c->rows[c->n_rows++] = v;
    }
    compare_recount(c);
    if (shared == 0) {
        snprintf(err, errlen, "nothing to compare: the two files share no point (kernel and shape)");
        compare_free(c);
        return SB_EXIT_USAGE;
    }
    return 0;
}

static void list_missing(struct comparison *c, const char *kernel)
{
    for (int i = 0; i < c->n_missing_kernels; ++i)
        if (strcmp(c->missing_kernels[i], kernel) == 0)
            return;
    if (c->n_missing_kernels == CMP_MAX_MISSING) {
        c->missing_kernels_extra++;
        return;
    }
    snprintf(c->missing_kernels[c->n_missing_kernels++], RS_SHORT, "%s", kernel);
}

/* Whether every row of kernel is MISSING (it has one at least: the caller's). */
static bool kernel_all_missing(const struct comparison *c, const char *kernel)
{
    for (size_t i = 0; i < c->n_rows; ++i)
        if (strcmp(c->rows[i].kernel, kernel) == 0 && c->rows[i].verdict != V_MISSING)
            return false;
    return true;
}

void compare_add_missing_kernel(struct comparison *c, const char *kernel)
{
    for (int i = 0; i < c->n_named_missing; ++i)
        if (strcmp(c->named_missing[i], kernel) == 0)
            return;
    if (c->n_named_missing < CMP_MAX_MISSING)
        snprintf(c->named_missing[c->n_named_missing++], RS_SHORT, "%s", kernel);
    else
        c->missing_kernels_extra++;
    compare_recount(c);
}

void compare_recount(struct comparison *c)
{
    memset(c->counts, 0, sizeof c->counts);
    for (size_t i = 0; i < c->n_rows; ++i)
        c->counts[c->rows[i].verdict]++;
    const int named_extra = c->n_named_missing == CMP_MAX_MISSING ? c->missing_kernels_extra : 0;
    c->n_missing_kernels = 0;
    c->missing_kernels_extra = named_extra;
    for (size_t i = 0; i < c->n_rows; ++i)
        if (c->rows[i].verdict == V_MISSING && kernel_all_missing(c, c->rows[i].kernel))
            list_missing(c, c->rows[i].kernel);
    for (int i = 0; i < c->n_named_missing; ++i)
        list_missing(c, c->named_missing[i]);
}

void compare_free(struct comparison *c)
{
    free(c->rows);
    memset(c, 0, sizeof *c);
}

int compare_exit_code(const struct comparison *c)
{
    if (c->counts[V_INVALID])
        return SB_EXIT_WRONG;
    if (c->n_missing_kernels || c->missing_kernels_extra)
        return SB_EXIT_MISSING;
    if (c->counts[V_REGRESSED])
        return SB_EXIT_REGRESSION;
    if (c->counts[V_INCONCLUSIVE])
        return SB_EXIT_INCONCLUSIVE;
    return SB_EXIT_OK;
}

static void shape_text(const struct point_verdict *v, char *out, size_t cap)
{
    results_shape_text(v->memory, v->m, v->n, v->k, out, cap);
}

static void summary_line(FILE *f, const struct comparison *c, const char *sep)
{
    const char *lead = " ";
    fprintf(f, "%zu points:", c->n_rows);
    for (int v = 0; v < V_COUNT; ++v) {
        if (!c->counts[v])
            continue;
        fprintf(f, "%s%d %s", lead, c->counts[v], names[v]);
        lead = sep;
    }
    fputc('\n', f);
    if (c->counts[V_IMPROVED])
        fprintf(f, "Improved points: refresh the baseline (--update-baseline) in a reviewed PR "
                   "to lock the gain in.\n");
}

/* The line that names missing kernel i (or, for i == n_missing_kernels, the ones beyond
 * the list), through print, which escapes it for its output. */
static void missing_kernel_line(FILE *f, const struct comparison *c, int i,
                                void (*print)(FILE *, const char *))
{
    if (i < c->n_missing_kernels) {
        fputs("MISSING KERNEL ", f);
        print(f, c->missing_kernels[i]);
        fputs(": the reference measured it and these results do not (deleted or renamed?); "
              "a failure unless --levels leaves it out", f);
    } else {
        fprintf(f, "MISSING KERNEL: %d more kernels the reference measured are absent",
                c->missing_kernels_extra);
    }
}

static int missing_kernel_lines(const struct comparison *c)
{
    return c->n_missing_kernels + (c->missing_kernels_extra > 0);
}

void compare_print_table(FILE *f, const struct comparison *c)
{
    fprintf(f, "%-26s %-16s %-12s %9s %9s %8s %7s %8s %10s %10s\n", "kernel", "shape", "verdict",
            c->ab ? "base %ref" : "ref %ref", c->ab ? "head %ref" : "now %ref", "change %",
            "noise %", "detect %", "base rate", "now rate");
    for (size_t i = 0; i < c->n_rows; ++i) {
        const struct point_verdict *v = &c->rows[i];
        char shape[48];
        shape_text(v, shape, sizeof shape);
        const int width = (int)strlen(v->kernel);
        esc_term(f, v->kernel);
        fprintf(f, "%*s %-16s %-12s %9.2f %9.2f %+8.2f %7.2f %8.2f %10.1f %10.1f%s",
                width < 26 ? 26 - width : 0, "", shape, names[v->verdict], v->base_pct,
                v->cur_pct, v->delta_pct, v->noise_pct, v->detectable_pct, v->base_gflops,
                v->cur_gflops, v->note[0] ? "  " : "");
        esc_term(f, v->note);
        fputc('\n', f);
        if (v->inside[0]) {
            fputs("    inside the kernel: ", f);
            esc_term(f, v->inside);
            fputc('\n', f);
        }
        if (v->counters[0]) {
            fputs("    counters (ncu, base -> head): ", f);
            esc_term(f, v->counters);
            fputc('\n', f);
        }
    }
    for (int i = 0; i < missing_kernel_lines(c); ++i) {
        missing_kernel_line(f, c, i, esc_term);
        fputc('\n', f);
    }
    for (int i = 0; i < c->n_warnings; ++i) {
        fputs("warning: ", f);
        esc_term(f, c->warnings[i]);
        fputc('\n', f);
    }
    fputs("%ref: % of the reference timed in the same run (cuBLAS; the copy for memory "
          "kernels). rate: GFLOP/s, or GB/s for memory kernels. "
          "change: this run against the reference, in % of its %ref (A/B: the head's own "
          "rate against the base's). noise: what the timings and rounds leave uncertain. "
          "detect: the smallest drop this row could flag, max(threshold or tolerance, "
          "noise).\n", f);
    summary_line(f, c, ", ");
}

void compare_print_markdown(FILE *f, const struct comparison *c)
{
    fprintf(f, "## sgemm-bench verdict: %s\n\n",
            compare_exit_code(c) == SB_EXIT_OK ? "pass" : "attention needed");
    summary_line(f, c, ", ");
    fputc('\n', f);
    for (int i = 0; i < missing_kernel_lines(c); ++i) {
        fputs("> **", f);
        missing_kernel_line(f, c, i, esc_md);
        fputs("**\n", f);
    }
    for (int i = 0; i < c->n_warnings; ++i) {
        fputs("> warning: ", f);
        esc_md(f, c->warnings[i]);
        fputc('\n', f);
    }
    fprintf(f, "\n| kernel | shape | verdict | %s %% of ref. | %s %% of ref. | change %% | noise %% "
               "| detectable %% | base rate | now rate | note |\n"
               "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n",
            c->ab ? "base" : "reference", c->ab ? "head" : "now");
    for (size_t i = 0; i < c->n_rows; ++i) {
        const struct point_verdict *v = &c->rows[i];
        char shape[48];
        shape_text(v, shape, sizeof shape);
        fputs("| ", f);
        esc_md(f, v->kernel);
        fprintf(f, " | %s | **%s** | %.2f | %.2f | %+.2f | %.2f | %.2f | %.1f | %.1f | ", shape,
                names[v->verdict], v->base_pct, v->cur_pct, v->delta_pct, v->noise_pct,
                v->detectable_pct, v->base_gflops, v->cur_gflops);
        esc_md(f, v->note);
        if (v->inside[0]) {
            fputs(v->note[0] ? "; inside the kernel: " : "inside the kernel: ", f);
            esc_md(f, v->inside);
        }
        if (v->counters[0]) {
            fputs("; counters (ncu, base -> head): ", f);
            esc_md(f, v->counters);
        }
        fputs(" |\n", f);
    }
    fputs("\n% of ref.: of the reference timed in the same run (cuBLAS; the copy of the same "
          "bytes for memory kernels). Rates: GFLOP/s, or GB/s for memory kernels.\n", f);
}

void compare_print_annotations(FILE *f, const struct comparison *c)
{
    char msg[2048], shape[48];
    for (size_t i = 0; i < c->n_rows; ++i) {
        const struct point_verdict *v = &c->rows[i];
        shape_text(v, shape, sizeof shape);
        if (v->verdict == V_REGRESSED)
            snprintf(msg, sizeof msg, "%s %s regressed: %.2f -> %.2f %% of %s (%+.2f%%, "
                                      "threshold %.1f%%, noise %.2f%%, detectable %.2f%%)",
                     v->kernel, shape, v->base_pct, v->cur_pct,
                     v->memory ? "the copy" : "cuBLAS", v->delta_pct, v->threshold_pct,
                     v->noise_pct, v->detectable_pct);
        else if (v->verdict == V_INVALID)
            snprintf(msg, sizeof msg, "%s %s is INVALID: %s", v->kernel, shape, v->note);
        else if (v->verdict == V_INCONCLUSIVE)
            snprintf(msg, sizeof msg, "%s %s is inconclusive: %s", v->kernel, shape, v->note);
        else
            continue;
        if (v->inside[0])
            snprintf(msg + strlen(msg), sizeof msg - strlen(msg), "; inside the kernel: %s",
                     v->inside);
        if (v->counters[0])
            snprintf(msg + strlen(msg), sizeof msg - strlen(msg),
                     "; counters (ncu, base -> head): %s", v->counters);
        fputs(v->verdict == V_INCONCLUSIVE ? "::warning title=sgemm-bench::" : "::error title=sgemm-bench::", f);
        esc_annot(f, msg);
        fputc('\n', f);
    }
    for (int i = 0; i < missing_kernel_lines(c); ++i) {
        if (i < c->n_missing_kernels)
            snprintf(msg, sizeof msg, "MISSING KERNEL %s: the reference measured it and these "
                     "results do not (deleted or renamed?)", c->missing_kernels[i]);
        else
            snprintf(msg, sizeof msg, "MISSING KERNEL: %d more kernels the reference measured "
                     "are absent", c->missing_kernels_extra);
        fputs("::error title=sgemm-bench::", f);
        esc_annot(f, msg);
        fputc('\n', f);
    }
    for (int i = 0; i < c->n_warnings; ++i) {
        fputs("::warning title=sgemm-bench environment::", f);
        esc_annot(f, c->warnings[i]);
        fputc('\n', f);
    }
}

static int markdown_writer(FILE *f, void *ctx)
{
    compare_print_markdown(f, ctx);
    return ferror(f) ? -1 : 0;
}

int compare_publish(const struct comparison *c, const char *summary_path, char *err, size_t errlen)
{
    if (summary_path && atomic_write(summary_path, markdown_writer, (void *)c, err, errlen))
        return -1;
    const char *gh = getenv("GITHUB_STEP_SUMMARY");
    if (gh && *gh) {
        FILE *f = fopen(gh, "a");
        if (!f) {
            snprintf(err, errlen, "%s ($GITHUB_STEP_SUMMARY): cannot append", gh);
            return -1;
        }
        compare_print_markdown(f, c);
        fclose(f);
    }
    return 0;
}
