/* analysis.c: the site's model step (see analysis.h). */
#include "site/analysis.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/escape.h"

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

static int by_newest(const void *a, const void *b)
{
    const struct regression *x = a, *y = b;
    return strcmp(y->bad->res.run.utc, x->bad->res.run.utc);
}

/* Appends gm's regressions (from each run's comparison with the one before) to m's list. */
static void find_regressions(struct site_model *m, const struct gpu_model *gm)
{
    const struct gpu_history *g = gm->g;
    for (size_t i = 1; i < g->n_runs; ++i) {
        const struct judged *j = &gm->runs[i].prev;
        for (size_t r = 0; j->rc == 0 && r < j->c.n_rows && m->n_regressions < REGRESSIONS_CAP; ++r) {
            const enum verdict v = j->c.rows[r].verdict;
            if (v != V_INVALID && v != V_REGRESSED)
                continue;
            struct regression *x = &m->regressions[m->n_regressions++];
            *x = (struct regression){g, &g->runs[i - 1], &g->runs[i], NULL, j->c.rows[r]};
            x->recovered = recovery(g, i, x);
        }
    }
}

static int model_gpu(const struct gpu_history *g, const char *baselines, struct gpu_model *gm)
{
    memset(gm, 0, sizeof *gm);
    gm->g = g;
    gm->base_state = read_baseline(baselines, g->slug, &gm->base, gm->base_why, sizeof gm->base_why);
    if (gm->base_state == -2)
        esc_report(stderr, "site: skipping the baseline", gm->base_why);
    gm->runs = calloc(g->n_runs ? g->n_runs : 1, sizeof *gm->runs);
    if (!gm->runs)
        return -1;
    const struct results *base = gm->base_state == 0 ? &gm->base : NULL;
    for (size_t i = 0; i < g->n_runs; ++i) {
        judge(i > 0 ? &g->runs[i - 1].res : NULL, &g->runs[i].res, &gm->runs[i].prev);
        judge(base, &g->runs[i].res, &gm->runs[i].base);
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
    results_free(&gm->base);
}

int analysis_site(const struct history *h, const char *baselines, struct site_model *m)
{
    memset(m, 0, sizeof *m);
    m->h = h;
    m->gpus = calloc(h->n_gpus ? h->n_gpus : 1, sizeof *m->gpus);
    m->regressions = calloc(REGRESSIONS_CAP, sizeof *m->regressions);
    if (!m->gpus || !m->regressions) {
        analysis_site_free(m);
        return -1;
    }
    for (size_t i = 0; i < h->n_gpus; ++i) {
        const int rc = model_gpu(&h->gpus[i], baselines, &m->gpus[i]);
        m->n_gpus = i + 1;
        if (rc) {
            analysis_site_free(m);
            return -1;
        }
        find_regressions(m, &m->gpus[i]);
    }
    qsort(m->regressions, m->n_regressions, sizeof *m->regressions, by_newest);
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
    memset(m, 0, sizeof *m);
}

void analysis_band(const struct gpu_model *gm, const char *name, int size, double *lo, double *hi)
{
    *lo = *hi = 0;
    if (gm->base_state != 0)
        return;
    const struct results *base = &gm->base;
    const double t = compare_threshold(base, name, 0);
    const struct point_reference pr = compare_reference(base, name, size, size, size, t);
    const struct result_point *q = results_find(base, name, size, size, size);
    const double center = pr.n > 0 ? pr.center_pct : q && q->valid ? q->pct_ref : 0;
    const double tol = pr.n > 0 ? pr.tolerance_pct : t;
    if (center > 0) {
        *lo = center * (1 - tol / 100);
        *hi = center * (1 + tol / 100);
    }
}
