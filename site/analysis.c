/* analysis.c: the site's model step (see analysis.h). */
#include "site/analysis.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/escape.h"
#include "site/changepoint.h"

enum { PATH = 4096 };

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

static void judge(const struct results *before, const struct results *r, struct judged *j)
{
    memset(j, 0, sizeof *j);
    if (!before)
        j->rc = 1;
    else if (compare_results(before, r, &(struct compare_options){0}, &j->c, j->err, sizeof j->err))
        j->rc = -1;
}

static void unjudge(struct judged *j)
{
    if (j->rc == 0)
        compare_free(&j->c);
}

static int by_value(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of x's point's % of the reference over runs [from, to) of g, valid ones
 * only (NAN when none, or out of memory); *n how many. */
static double point_median(const struct gpu_history *g, size_t from, size_t to,
                           const struct regression *x, int *n)
{
    double *v = malloc((to - from + 1) * sizeof *v), mid = NAN;
    *n = 0;
    for (size_t j = from; v && j < to; ++j) {
        const struct result_point *p = results_find(&g->runs[j].res, x->v.kernel, x->v.m, x->v.n, x->v.k);
        if (p && p->valid)
            v[(*n)++] = p->pct_ref;
    }
    if (*n > 0) {
        qsort(v, (size_t)*n, sizeof *v, by_value);
        mid = *n % 2 ? v[*n / 2] : (v[*n / 2 - 1] + v[*n / 2]) / 2;
    }
    free(v);
    return mid;
}

/* Where x stands now. INVALID: back at the first later run where the point is valid.
 * REGRESSED: against robust levels, not one run: the level before is the median of the
 * last REGRESSION_LEVEL_RUNS valid runs up to the good one, the level since the median of
 * the bad run and every later one. While the level since is below the level before by more
 * than the threshold it is still present; else back at the first run from `bad` on whose
 * point is within the threshold of the level before: `bad` itself when the run before was
 * a one-run high. */
static const struct run *recovery(const struct gpu_history *g, size_t from, struct regression *x)
{
    const struct result_point *p;
    if (x->v.verdict == V_INVALID) {
        x->level_before = x->level_since = NAN;
        for (size_t j = from + 1; j < g->n_runs; ++j)
            if ((p = results_find(&g->runs[j].res, x->v.kernel, x->v.m, x->v.n, x->v.k)) && p->valid)
                return &g->runs[j];
        return NULL;
    }
    const size_t good = (size_t)(x->good - g->runs);
    size_t first = good + 1;
    for (int n = 0; first > 0 && n < REGRESSION_LEVEL_RUNS; --first) /* back over valid runs */
        n += (p = results_find(&g->runs[first - 1].res, x->v.kernel, x->v.m, x->v.n, x->v.k)) && p->valid;
    x->level_before = point_median(g, first, good + 1, x, &x->n_before);
    x->level_since = point_median(g, from, g->n_runs, x, &x->n_since);
    const double floor = x->level_before * (1 - x->v.threshold_pct / 100);
    if (!(x->level_since >= floor)) /* NAN too: nothing to stand on */
        return NULL;
    for (size_t j = from; j < g->n_runs; ++j)
        if ((p = results_find(&g->runs[j].res, x->v.kernel, x->v.m, x->v.n, x->v.k)) && p->valid &&
            p->pct_ref >= floor)
            return &g->runs[j];
    return NULL;
}

/* Newest first: by commit where every row is placed in the history (place_all), else by
 * when the bad run was measured. */
static int by_newest(const void *a, const void *b)
{
    const struct regression *x = a, *y = b;
    if (x->at != y->at)
        return (y->at > x->at) - (y->at < x->at);
    return strcmp(y->bad->res.run.utc, x->bad->res.run.utc);
}

/* A point with nothing valid to compare against in the run before (V_NEW: that run's point
 * INVALID, say a sweep that failed as a whole, or absent) is judged against the last run
 * that measured it validly, as a comparison of those two runs would judge it
 * (compare_row), so that a regression behind a failed run is not lost. Returns that run's
 * index, or i - 1 when the row stands as it is. */
static size_t judge_past_gap(const struct gpu_history *g, size_t i, struct point_verdict *v)
{
    const struct result_point *c = results_find(&g->runs[i].res, v->kernel, v->m, v->n, v->k);
    if (v->verdict != V_NEW || !c || !c->valid)
        return i - 1;
    for (size_t j = i - 1; j-- > 0;) {
        const struct result_point *b = results_find(&g->runs[j].res, v->kernel, v->m, v->n, v->k);
        if (b && b->valid && b->pct_ref > 0) {
            compare_row(&g->runs[j].res, c, &(struct compare_options){0}, v);
            return j;
        }
    }
    return i - 1;
}

/* Appends gm's regressions (from each run's comparison with the one before, or with the
 * last that measured the point) to m's list. */
static void find_regressions(struct site_model *m, const struct gpu_model *gm)
{
    const struct gpu_history *g = gm->g;
    for (size_t i = 1; i < g->n_runs; ++i) {
        const struct judged *j = &gm->runs[i].prev;
        for (size_t r = 0; j->rc == 0 && r < j->c.n_rows && m->n_regressions < REGRESSIONS_CAP; ++r) {
            struct point_verdict row = j->c.rows[r];
            const size_t good = judge_past_gap(g, i, &row);
            if (row.verdict != V_INVALID && row.verdict != V_REGRESSED)
                continue;
            struct regression *x = &m->regressions[m->n_regressions++];
            *x = (struct regression){.g = g, .good = &g->runs[good], .bad = &g->runs[i], .v = row,
                                     .level_before = NAN, .level_since = NAN, .at = -1};
            x->recovered = recovery(g, i, x);
            x->triage = annotations_find(m->notes, g->slug, g->runs[i].res.run.commit, x->v.kernel,
                                         x->v.m, x->v.n, x->v.k, true);
        }
    }
}

static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; ++s)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

/* The steps of one point's series: the log of its % of cuBLAS over the runs from `first`
 * on that hold it valid. */
static void point_steps(struct site_model *m, const struct gpu_history *g, size_t first,
                        const struct result_point *key, double *x, size_t *at)
{
    int n = 0;
    for (size_t i = first; i < g->n_runs; ++i) {
        const struct result_point *p = results_find(&g->runs[i].res, key->kernel, key->m, key->n, key->k);
        if (p && p->valid && p->pct_ref > 0)
            at[n] = i, x[n++] = log(p->pct_ref);
    }
    char shape[48];
    snprintf(shape, sizeof shape, "%dx%dx%d", key->m, key->n, key->k);
    struct cp_step s[CP_MAX_STEPS];
    const int k = cp_detect(x, n, fnv1a(fnv1a(fnv1a(0xcbf29ce484222325ull, g->slug), key->kernel), shape),
                            s, CP_MAX_STEPS);
    for (int i = 0; i < k && m->n_steps < STEPS_CAP; ++i) {
        const double change = (exp(s[i].after - s[i].before) - 1) * 100;
        if (fabs(change) < COMPARE_DEFAULT_THRESHOLD_PCT)
            continue;
        struct step *st = &m->steps[m->n_steps++];
        *st = (struct step){.g = g, .m = key->m, .n = key->n, .k = key->k,
                            .last_before = &g->runs[at[s[i].at - 1]], .first_after = &g->runs[at[s[i].at]],
                            .before_pct = exp(s[i].before), .after_pct = exp(s[i].after),
                            .change_pct = change, .p = s[i].p, .at = -1};
        snprintf(st->kernel, sizeof st->kernel, "%s", key->kernel);
        st->triage = annotations_find(m->notes, g->slug, st->first_after->res.run.commit,
                                      key->kernel, key->m, key->n, key->k, true);
    }
}

/* Every point's steps over g's latest `window` runs (a point is taken from the first run
 * of the window that has it). */
static int find_steps(struct site_model *m, const struct gpu_history *g, int window)
{
    const size_t first = g->n_runs > (size_t)window ? g->n_runs - (size_t)window : 0;
    double *x = malloc((g->n_runs + 1) * sizeof *x);
    size_t *at = malloc((g->n_runs + 1) * sizeof *at);
    if (!x || !at) {
        free(x), free(at);
        return -1;
    }
    for (size_t i = first; i < g->n_runs; ++i) {
        const struct results *r = &g->runs[i].res;
        for (size_t q = 0; q < r->n_points; ++q) {
            const struct result_point *p = &r->points[q];
            bool seen = false;
            for (size_t e = first; e < i && !seen; ++e)
                seen = results_find(&g->runs[e].res, p->kernel, p->m, p->n, p->k) != NULL;
            if (!seen)
                point_steps(m, g, first, p, x, at);
        }
    }
    free(x), free(at);
    return 0;
}

static int step_newest(const void *a, const void *b)
{
    const struct step *x = a, *y = b;
    if (x->at != y->at)
        return (y->at > x->at) - (y->at < x->at);
    return strcmp(y->first_after->res.run.utc, x->first_after->res.run.utc);
}

/* Each regression's and step's commit position in order, or -1 for all of them when any
 * one is not placed: one key for the whole list, so the sort's order is a total one. */
static void place_all(struct site_model *m, const struct commit_order *order)
{
    bool all = order != NULL;
    for (size_t i = 0; i < m->n_regressions; ++i)
        all &= (m->regressions[i].at = all ? commits_index(order, m->regressions[i].bad->res.run.commit) : -1) >= 0;
    for (size_t i = 0; i < m->n_regressions; ++i)
        m->regressions[i].at = all ? m->regressions[i].at : -1;
    all = order != NULL;
    for (size_t i = 0; i < m->n_steps; ++i)
        all &= (m->steps[i].at = all ? commits_index(order, m->steps[i].first_after->res.run.commit) : -1) >= 0;
    for (size_t i = 0; i < m->n_steps; ++i)
        m->steps[i].at = all ? m->steps[i].at : -1;
}

/* What differs in the environment of run i from the run before, into out[cap] ("" when
 * nothing). */
static void environment_change(const struct results *a, const struct results *b, char *out,
                               size_t cap)
{
    const struct {
        const char *name, *before, *after;
    } f[] = {{"driver", a->device.driver, b->device.driver},
             {"CUDA runtime", a->device.cuda_runtime, b->device.cuda_runtime},
             {"cuBLAS", a->device.cublas, b->device.cublas}};
    out[0] = '\0';
    for (size_t i = 0; i < sizeof f / sizeof f[0]; ++i)
        if (strcmp(f[i].before, f[i].after) != 0 && strlen(out) + 16 < cap)
            snprintf(out + strlen(out), cap - strlen(out), "%s%s %s -> %s", out[0] ? ", " : "",
                     f[i].name, f[i].before, f[i].after);
}

/* Appends an event to gm (its array grows by doubling; *cap its size). */
static int add_event(struct gpu_model *gm, size_t *cap, size_t run, const char *what,
                     const struct annotation *note)
{
    if (gm->n_events == *cap) {
        void *grown = realloc(gm->events, 2 * *cap * sizeof *gm->events);
        if (!grown)
            return -1;
        gm->events = grown;
        *cap *= 2;
    }
    struct event *e = &gm->events[gm->n_events++];
    e->run = run;
    e->note = note;
    snprintf(e->what, sizeof e->what, "%s", what);
    return 0;
}

/* The run of g that an annotation on no run of g attaches to: the first run at or after
 * the note's commit in order (the range that holds it ends there); -1: none, or no order. */
static long attach_run(const struct annotation *x, const struct gpu_history *g,
                       const struct commit_order *order)
{
    const long at = order ? commits_index(order, x->commit) : -1;
    if (at < 0 || (strcmp(x->gpu, "*") != 0 && strcmp(x->gpu, g->slug) != 0))
        return -1;
    for (size_t i = 0; i < g->n_runs; ++i)
        if (annotation_on_run(x, g->slug, g->runs[i].res.run.commit))
            return -1; /* on a run of its own */
    for (size_t i = 0; i < g->n_runs; ++i)
        if (commits_index(order, g->runs[i].res.run.commit) >= at)
            return (long)i;
    return -1;
}

/* gm's known changes, oldest first: environment changes, the baseline's commit, notes
 * (on their run, or on the first run after their commit). */
static int find_events(const struct annotations *notes, const struct commit_order *order,
                       struct gpu_model *gm)
{
    const struct gpu_history *g = gm->g;
    size_t cap = 16;
    char what[RS_TEXT];
    int rc = 0;
    long *attach = notes && notes->n ? malloc(notes->n * sizeof *attach) : NULL;
    gm->events = malloc(cap * sizeof *gm->events);
    if (!gm->events || (notes && notes->n && !attach)) {
        free(attach);
        return -1;
    }
    for (size_t a = 0; attach && a < notes->n; ++a)
        attach[a] = attach_run(&notes->list[a], g, order);
    for (size_t i = 0; i < g->n_runs && rc == 0; ++i) {
        const struct results *r = &g->runs[i].res;
        if (i > 0) {
            environment_change(&g->runs[i - 1].res, r, what, sizeof what);
            if (what[0])
                rc = add_event(gm, &cap, i, what, NULL);
        }
        if (rc == 0 && gm->base_state == 0 && same_commit(r->run.commit, gm->base.run.commit))
            rc = add_event(gm, &cap, i, "the committed baseline's commit", NULL);
        for (size_t a = 0; rc == 0 && notes && a < notes->n; ++a) {
            const struct annotation *x = &notes->list[a];
            if (annotation_on_run(x, g->slug, r->run.commit)) {
                rc = add_event(gm, &cap, i, x->why, x);
            } else if (attach[a] == (long)i) {
                snprintf(what, sizeof what, "%s (at %.12s, in the range that ends at this run)",
                         x->why, x->commit);
                rc = add_event(gm, &cap, i, what, x);
            }
        }
    }
    free(attach);
    return rc;
}

/* Names on stderr each annotation that is on no published run of any GPU: attached to the
 * range that holds its commit, or dropped (its commit is not in the checkout's history,
 * or after every run). */
static void report_unmatched(const struct site_model *m, const struct commit_order *order)
{
    for (size_t a = 0; m->notes && a < m->notes->n; ++a) {
        const struct annotation *x = &m->notes->list[a];
        bool on_run = false, attached = false;
        for (size_t i = 0; i < m->n_gpus && !on_run; ++i) {
            const struct gpu_history *g = m->gpus[i].g;
            for (size_t r = 0; r < g->n_runs && !on_run; ++r)
                on_run = annotation_on_run(x, g->slug, g->runs[r].res.run.commit);
            attached |= attach_run(x, g, order) >= 0;
        }
        if (on_run)
            continue;
        esc_say(stderr, "site: warning: the annotation of ", x->gpu, " at ");
        esc_term(stderr, x->commit);
        fputs(attached ? " matches no published run: shown on the run that ends the range "
                         "holding its commit\n"
                       : " matches no published run and no range holds its commit: not shown\n",
              stderr);
    }
}

/* The position of the baseline's newest commit in order (its run set's and its own), or -1
 * when none of them is in the checkout's history. */
static long baseline_index(const struct results *base, const struct commit_order *order)
{
    long most = commits_index(order, base->run.commit);
    for (size_t i = 0; i < base->n_runs; ++i) {
        const long at = commits_index(order, base->runs[i].commit);
        most = at > most ? at : most;
    }
    return most;
}

static int model_gpu(const struct gpu_history *g, const char *baselines,
                     const struct commit_order *order, struct gpu_model *gm)
{
    memset(gm, 0, sizeof *gm);
    gm->g = g;
    gm->behind_head = -1;
    gm->base_state = read_baseline(baselines, g->slug, &gm->base, gm->base_why, sizeof gm->base_why);
    if (gm->base_state == -2)
        esc_report(stderr, "site: skipping the baseline", gm->base_why);
    gm->runs = calloc(g->n_runs ? g->n_runs : 1, sizeof *gm->runs);
    if (!gm->runs)
        return -1;
    const struct results *base = gm->base_state == 0 ? &gm->base : NULL;
    const long base_at = base && order ? baseline_index(base, order) : -1;
    for (size_t i = 0; i < g->n_runs; ++i) {
        judge(i > 0 ? &g->runs[i - 1].res : NULL, &g->runs[i].res, &gm->runs[i].prev);
        const long at = order ? commits_index(order, g->runs[i].res.run.commit) : -1;
        if (base_at >= 0 && at >= 0 && base_at > at) {
            struct judged *j = &gm->runs[i].base;
            memset(j, 0, sizeof *j);
            j->rc = 2;
            snprintf(j->err, sizeof j->err, "the baseline was made %ld commit%s after this run "
                     "(at %.12s): it is not judged against it", base_at - at,
                     base_at - at == 1 ? "" : "s", order->sha[base_at]);
        } else {
            judge(base, &g->runs[i].res, &gm->runs[i].base);
        }
    }
    if (order && g->n_runs > 0) {
        const long last = commits_index(order, g->runs[g->n_runs - 1].res.run.commit);
        gm->behind_head = last >= 0 ? (long)order->n - 1 - last : -1;
    }
    gm->latest_is_baseline = base && g->n_runs > 0 && is_baseline_run(base, &g->runs[g->n_runs - 1].res);
    return 0;
}

static void model_gpu_free(struct gpu_model *gm)
{
    for (size_t i = 0; gm->runs && i < gm->g->n_runs; ++i) {
        unjudge(&gm->runs[i].prev);
        unjudge(&gm->runs[i].base);
    }
    free(gm->runs);
    free(gm->events);
    results_free(&gm->base);
}

int analysis_site(const struct history *h, const char *baselines, const struct annotations *notes,
                  const struct commit_order *order, int window, struct site_model *m)
{
    memset(m, 0, sizeof *m);
    m->h = h;
    m->order = order;
    m->notes = notes;
    m->gpus = calloc(h->n_gpus ? h->n_gpus : 1, sizeof *m->gpus);
    m->regressions = calloc(REGRESSIONS_CAP, sizeof *m->regressions);
    m->steps = calloc(STEPS_CAP, sizeof *m->steps);
    if (!m->gpus || !m->regressions || !m->steps) {
        analysis_site_free(m);
        return -1;
    }
    for (size_t i = 0; i < h->n_gpus; ++i) {
        const int rc = model_gpu(&h->gpus[i], baselines, order, &m->gpus[i]);
        m->n_gpus = i + 1;
        if (rc) {
            analysis_site_free(m);
            return -1;
        }
        find_regressions(m, &m->gpus[i]);
        if (find_steps(m, &h->gpus[i], window) || find_events(notes, order, &m->gpus[i])) {
            analysis_site_free(m);
            return -1;
        }
    }
    place_all(m, order);
    qsort(m->regressions, m->n_regressions, sizeof *m->regressions, by_newest);
    qsort(m->steps, m->n_steps, sizeof *m->steps, step_newest);
    report_unmatched(m, order);
    return 0;
}

int analysis_bad_baselines(const struct site_model *m)
{
    int bad = 0;
    for (size_t i = 0; i < m->n_gpus; ++i)
        bad += m->gpus[i].base_state == -2;
    return bad;
}

void analysis_site_free(struct site_model *m)
{
    for (size_t i = 0; m->gpus && i < m->n_gpus; ++i)
        model_gpu_free(&m->gpus[i]);
    free(m->gpus);
    free(m->regressions);
    free(m->steps);
    memset(m, 0, sizeof *m);
}

void analysis_band(const struct gpu_model *gm, const char *name, int m, int n, int k, double *lo,
                   double *hi)
{
    *lo = *hi = 0;
    if (gm->base_state != 0)
        return;
    const struct results *base = &gm->base;
    const double t = compare_threshold(base, name, 0);
    const struct point_reference pr = compare_reference(base, name, m, n, k, t);
    const struct result_point *q = results_find(base, name, m, n, k);
    const double center = pr.n > 0 ? pr.center_pct : q && q->valid ? q->pct_ref : 0;
    const double tol = pr.n > 0 ? pr.tolerance_pct : t;
    if (center > 0) {
        *lo = center * (1 - tol / 100);
        *hi = center * (1 + tol / 100);
    }
}
