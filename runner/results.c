/* results.c: the results model: points and their hash index, runs, kernels, conditions,
 * and the names the JSON form gives each family's keys (results.h). */
#include "runner/results.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/escape.h"
#include "runner/results_internal.h"

int results_cc(const struct device_info *d)
{
    int major, minor, used = 0;
    if (sscanf(d->cc, "%2d.%1d%n", &major, &minor, &used) != 2 || d->cc[used] != '\0' ||
        major < 1 || minor < 0)
        return -1;
    return major * 10 + minor;
}

int results_add_kernel(struct results *r, const char *name, int level, const char *technique,
                       double expected_low_pct, double expected_high_pct, const char *source,
                       const char *not_run)
{
    struct kernel_info *grown = realloc(r->kernels, (r->n_kernels + 1) * sizeof *grown);
    if (!grown)
        return -1;
    r->kernels = grown;
    struct kernel_info *k = &r->kernels[r->n_kernels++];
    memset(k, 0, sizeof *k);
    snprintf(k->name, sizeof k->name, "%s", name);
    k->level = level;
    snprintf(k->technique, sizeof k->technique, "%s", technique);
    k->expected_low_pct = expected_low_pct;
    k->expected_high_pct = expected_high_pct;
    snprintf(k->expected_source, sizeof k->expected_source, "%s", source ? source : "");
    snprintf(k->not_run, sizeof k->not_run, "%s", not_run ? not_run : "");
    return 0;
}

const struct kernel_info *results_kernel(const struct results *r, const char *name)
{
    for (size_t i = 0; i < r->n_kernels; ++i)
        if (strcmp(r->kernels[i].name, name) == 0)
            return &r->kernels[i];
    return NULL;
}

void results_init(struct results *r)
{
    memset(r, 0, sizeof *r);
    r->conditions.sm_clock_min_mhz = -1;
    r->conditions.sm_clock_max_mhz = -1;
    r->conditions.temp_c_max = -1;
}

/* Frees the error texts the points own. */
static void free_errors(struct results *r)
{
    for (size_t i = 0; i < r->n_points; ++i)
        free((char *)r->points[i].error);
}

void results_free(struct results *r)
{
    free_errors(r);
    free(r->points);
    free(r->index);
    free(r->thresholds);
    free(r->kernels);
    for (size_t i = 0; i < r->n_runs; ++i)
        free(r->runs[i].points);
    free(r->runs);
    results_init(r);
}

void results_clear_points(struct results *r)
{
    free_errors(r);
    free(r->points);
    free(r->index);
    r->points = NULL;
    r->index = NULL;
    r->n_points = r->cap_points = r->index_cap = 0;
}

static size_t key_hash(const char *kernel, int m, int n, int k)
{
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (const unsigned char *c = (const unsigned char *)kernel; *c; ++c)
        h = (h ^ *c) * 0x100000001b3ULL;
    const int dims[3] = {m, n, k};
    for (int i = 0; i < 3; ++i)
        h = (h ^ (unsigned)dims[i]) * 0x100000001b3ULL;
    return (size_t)(h ^ (h >> 29));
}

/* Puts point i into the open-addressing index (slots hold i + 1; 0 is empty). */
static void index_put(struct results *r, size_t i)
{
    const struct result_point *p = &r->points[i];
    size_t mask = r->index_cap - 1, s = key_hash(p->kernel, p->m, p->n, p->k) & mask;
    while (r->index[s])
        s = (s + 1) & mask;
    r->index[s] = i + 1;
}

/* Keeps the index at most half full: the join in compare is then linear. */
static int index_grow(struct results *r, size_t need)
{
    if (2 * need <= r->index_cap)
        return 0;
    size_t cap = r->index_cap ? r->index_cap : 64;
    while (2 * need > cap)
        cap *= 2;
    size_t *slots = calloc(cap, sizeof *slots);
    if (!slots)
        return -1;
    free(r->index);
    r->index = slots;
    r->index_cap = cap;
    for (size_t i = 0; i < r->n_points; ++i)
        index_put(r, i);
    return 0;
}

int results_add(struct results *r, const struct result_point *p)
{
    if (r->n_points == r->cap_points) {
        size_t cap = r->cap_points ? 2 * r->cap_points : 32;
        struct result_point *grown = realloc(r->points, cap * sizeof *grown);
        if (!grown)
            return -1;
        r->points = grown;
        r->cap_points = cap;
    }
    if (index_grow(r, r->n_points + 1))
        return -1;
    char *error = NULL; /* r owns a copy; "" is stored as none */
    if (p->error && p->error[0] && !(error = strdup(p->error)))
        return -1;
    r->points[r->n_points] = *p;
    r->points[r->n_points++].error = error;
    index_put(r, r->n_points - 1);
    return 0;
}

bool results_is_symbol(const char *s)
{
    for (; *s; ++s)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '_'))
            return false;
    return true;
}

const struct result_point *results_find(const struct results *r, const char *kernel, int m, int n,
                                        int k)
{
    if (!r->index_cap)
        return NULL;
    size_t mask = r->index_cap - 1, s = key_hash(kernel, m, n, k) & mask;
    for (; r->index[s]; s = (s + 1) & mask) {
        const struct result_point *p = &r->points[r->index[s] - 1];
        if (p->m == m && p->n == n && p->k == k && strcmp(p->kernel, kernel) == 0)
            return p;
    }
    return NULL;
}

int results_copy_run(struct results *to, const struct baseline_run *run)
{
    struct baseline_run *grown = realloc(to->runs, (to->n_runs + 1) * sizeof *grown);
    if (!grown)
        return -1;
    to->runs = grown;
    struct baseline_run *dst = &to->runs[to->n_runs];
    *dst = *run;
    dst->points = calloc(run->n_points + 1, sizeof *dst->points);
    if (!dst->points)
        return -1;
    memcpy(dst->points, run->points, run->n_points * sizeof *dst->points);
    to->n_runs++;
    return 0;
}

int results_add_run(struct results *to, const struct results *from)
{
    struct baseline_run run;
    memset(&run, 0, sizeof run);
    snprintf(run.commit, sizeof run.commit, "%s", from->run.commit);
    snprintf(run.utc, sizeof run.utc, "%s", from->run.utc);
    snprintf(run.gpu_id, sizeof run.gpu_id, "%s", from->device.gpu_id);
    snprintf(run.host_id, sizeof run.host_id, "%s", from->run.host_id);
    run.points = calloc(from->n_points + 1, sizeof *run.points);
    if (!run.points)
        return -1;
    for (size_t i = 0; i < from->n_points; ++i) {
        const struct result_point *p = &from->points[i];
        if (!p->valid)
            continue;
        struct run_pct *q = &run.points[run.n_points++];
        snprintf(q->kernel, sizeof q->kernel, "%s", p->kernel);
        q->m = p->m, q->n = p->n, q->k = p->k;
        q->pct = p->pct_ref;
    }
    int rc = results_copy_run(to, &run);
    free(run.points);
    return rc;
}

void conditions_add_throttle(struct conditions *c, const char *reason)
{
    for (int i = 0; i < c->n_throttle; ++i)
        if (strcmp(c->throttle_reasons[i], reason) == 0)
            return;
    if (c->n_throttle < RS_MAX_THROTTLE)
        esc_copy(c->throttle_reasons[c->n_throttle++], RS_SHORT, reason);
}

void results_shape_text(bool memory, int m, int n, int k, char *out, size_t cap)
{
    if (memory)
        snprintf(out, cap, "%dx%d", m, n);
    else
        snprintf(out, cap, "%dx%dx%d", m, n, k);
}

const char *const rs_sass_keys[RS_SASS_CLASSES] = {"ffma", "lds", "ldg", "sts", "stg",
                                                    "local", "bar", "branch", "other"};

static const struct family_keys FAMILY_KEYS[] = {
    {"sgemm", "cublas_time_ms", "gflops", "cublas_gflops", "pct_cublas"},
    {"memory", "copy_time_ms", "gbs", "copy_gbs", NULL},
};

const struct family_keys *family_keys(const char *f)
{
    for (size_t i = 0; i < sizeof FAMILY_KEYS / sizeof FAMILY_KEYS[0]; ++i)
        if (strcmp(FAMILY_KEYS[i].family, f) == 0)
            return &FAMILY_KEYS[i];
    return NULL;
}
