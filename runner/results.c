/* results.c: the results model, and its JSON form through Jansson. */
#include "runner/results.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/atomic_file.h"
#include "runner/escape.h"
#include "runner/slug.h"

int results_cc(const struct device_info *d)
{
    int major, minor, used = 0;
    if (sscanf(d->cc, "%2d.%1d%n", &major, &minor, &used) != 2 || d->cc[used] != '\0' ||
        major < 1 || minor < 0)
        return -1;
    return major * 10 + minor;
}

int results_add_kernel(struct results *r, const char *name, int level, const char *technique,
                       double expected_low_pct, double expected_high_pct, const char *source)
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

/* ---- writing ---------------------------------------------------------------------- */

static json_t *int_or_null(int v) { return v < 0 ? json_null() : json_integer(v); }

static json_t *stats_json(const struct time_stats *t)
{
    return json_pack("{s:f, s:f, s:f, s:f, s:f, s:i}", "median", t->median, "min", t->min, "p10",
                     t->p10, "p90", t->p90, "rel_noise", t->rel_noise, "samples", t->samples);
}

/* The file's names of a point's reference time, rates and % of the reference: sgemm's
 * keep their /1 names, memory's say GB/s and the copy. */
static const struct family_keys {
    const char *family, *ref_time, *rate, *ref_rate, *pct; /* pct NULL: pct_ref only */
} FAMILY_KEYS[] = {
    {"sgemm", "cublas_time_ms", "gflops", "cublas_gflops", "pct_cublas"},
    {"memory", "copy_time_ms", "gbs", "copy_gbs", NULL},
};

/* The keys of family f, or NULL when this version does not know it. */
static const struct family_keys *family_keys(const char *f)
{
    for (size_t i = 0; i < sizeof FAMILY_KEYS / sizeof FAMILY_KEYS[0]; ++i)
        if (strcmp(FAMILY_KEYS[i].family, f) == 0)
            return &FAMILY_KEYS[i];
    return NULL;
}

static json_t *point_json(const struct result_point *p)
{
    const struct family_keys *fk = family_keys(p->family[0] ? p->family : "sgemm");
    if (!fk)
        return NULL;
    json_t *o = json_pack("{s:s, s:s, s:i, s:i, s:i, s:i, s:o, s:o, s:f, s:f, s:f, s:f, s:b}",
                          "family", fk->family, "kernel", p->kernel, "level", p->level, "m", p->m,
                          "n", p->n, "k", p->k, "time_ms", stats_json(&p->time_ms), fk->ref_time,
                          stats_json(&p->ref_time_ms), fk->rate, p->rate, fk->ref_rate,
                          p->ref_rate, "pct_ref", p->pct_ref, "max_rel_err", p->max_rel_err,
                          "valid", p->valid);
    if (!o)
        return NULL;
    if (fk->pct)
        json_object_set_new(o, fk->pct, json_real(p->pct_ref));
    if (!p->valid)
        json_object_set_new(o, "error", json_string(point_error(p)));
    json_t *res = json_pack("{s:o, s:o, s:o}", "regs", int_or_null(p->regs), "smem_static_bytes",
                            int_or_null(p->smem_static_bytes), "local_bytes",
                            int_or_null(p->local_bytes));
    if (res && p->workspace_bytes >= 0)
        json_object_set_new(res, "workspace_bytes", json_integer(p->workspace_bytes));
    json_object_set_new(o, "resources", res);
    return o;
}

static json_t *run_json(const struct run_info *run)
{
    json_t *argv = json_array();
    for (int i = 0; i < run->argc; ++i)
        json_array_append_new(argv, json_string(run->argv[i]));
    json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:o, s:s}", "commit", run->commit, "branch",
                          run->branch, "utc", run->utc, "tool_version", run->tool_version, "argv",
                          argv, "profile", run->profile);
    if (o)
        json_object_set_new(o, "host_id", json_string(run->host_id[0] ? run->host_id : "unknown"));
    if (o && run->subject[0])
        json_object_set_new(o, "subject", json_string(run->subject));
    if (o && run->repo_url[0])
        json_object_set_new(o, "repo_url", json_string(run->repo_url));
    return o;
}

static json_t *device_json(const struct device_info *d)
{
    return json_pack("{s:s, s:s, s:s, s:s, s:i, s:I, s:I, s:i, s:f, s:s, s:s, s:s}", "name", d->name,
                     "slug", d->slug, "gpu_id", d->gpu_id[0] ? d->gpu_id : "unknown", "cc", d->cc,
                     "sms", d->sms, "l2_bytes",
                     (json_int_t)d->l2_bytes, "mem_bytes", (json_int_t)d->mem_bytes,
                     "sm_clock_max_mhz", d->sm_clock_max_mhz, "mem_bandwidth_gbs",
                     d->mem_bandwidth_gbs, "driver", d->driver, "cuda_runtime", d->cuda_runtime,
                     "cublas", d->cublas);
}

static json_t *conditions_json(const struct conditions *c)
{
    json_t *reasons = json_array();
    for (int i = 0; i < c->n_throttle; ++i)
        json_array_append_new(reasons, json_string(c->throttle_reasons[i]));
    return json_pack("{s:{s:o, s:o}, s:o, s:o, s:i}", "sm_clock_mhz", "min",
                     int_or_null(c->sm_clock_min_mhz), "max", int_or_null(c->sm_clock_max_mhz),
                     "temp_c_max", int_or_null(c->temp_c_max), "throttle_reasons", reasons,
                     "discarded_samples", c->discarded_samples);
}

static json_t *thresholds_json(const struct results *r)
{
    json_t *kernels = json_object();
    for (size_t i = 0; i < r->n_thresholds; ++i)
        json_object_set_new(kernels, r->thresholds[i].kernel, json_real(r->thresholds[i].pct));
    return json_pack("{s:f, s:o}", "default_pct", r->threshold_pct, "kernels", kernels);
}

static json_t *runs_json(const struct results *r)
{
    json_t *runs = json_array();
    for (size_t i = 0; i < r->n_runs; ++i) {
        const struct baseline_run *b = &r->runs[i];
        json_t *pts = json_array();
        for (size_t j = 0; j < b->n_points; ++j)
            json_array_append_new(pts, json_pack("{s:s, s:i, s:i, s:i, s:f}", "kernel",
                                                 b->points[j].kernel, "m", b->points[j].m, "n",
                                                 b->points[j].n, "k", b->points[j].k, "pct_ref",
                                                 b->points[j].pct));
        json_array_append_new(runs, json_pack("{s:s, s:s, s:s, s:s, s:o}", "commit", b->commit,
                                              "utc", b->utc, "gpu_id", b->gpu_id, "host_id",
                                              b->host_id, "points", pts));
    }
    return runs;
}

static json_t *results_json(const struct results *r)
{
    json_t *points = json_array();
    for (size_t i = 0; points && i < r->n_points; ++i)
        if (json_array_append_new(points, point_json(&r->points[i]))) {
            json_decref(points); /* no point is left out silently */
            return NULL;
        }
    json_t *root = json_pack("{s:s, s:o, s:o, s:o, s:o}", "schema", RESULTS_SCHEMA, "run",
                             run_json(&r->run), "device", device_json(&r->device), "conditions",
                             conditions_json(&r->conditions), "results", points);
    if (root && (r->threshold_pct > 0 || r->n_thresholds > 0))
        json_object_set_new(root, "thresholds", thresholds_json(r));
    if (root && r->n_runs > 0)
        json_object_set_new(root, "baseline_runs", runs_json(r));
    if (root && r->n_kernels > 0) {
        json_t *kernels = json_array();
        for (size_t i = 0; i < r->n_kernels; ++i) {
            const struct kernel_info *k = &r->kernels[i];
            json_array_append_new(
                kernels, json_pack("{s:s, s:i, s:s, s:{s:f, s:f, s:s}}", "name", k->name, "level",
                                   k->level, "technique", k->technique, "expected", "low_pct",
                                   k->expected_low_pct, "high_pct", k->expected_high_pct,
                                   "source", k->expected_source));
        }
        json_object_set_new(root, "kernels", kernels);
    }
    return root;
}

static int dump_cb(const char *buf, size_t size, void *file)
{
    return fwrite(buf, 1, size, (FILE *)file) == size ? 0 : -1;
}

static int write_json(FILE *f, void *root)
{
    int rc = json_dump_callback(root, dump_cb, f, JSON_INDENT(1) | JSON_REAL_PRECISION(10));
    return rc == 0 && fputc('\n', f) != EOF ? 0 : -1;
}

int results_write(const struct results *r, const char *path, char *err, size_t errlen)
{
    for (size_t i = 0; i < r->n_points; ++i)
        if (r->points[i].family[0] && !family_keys(r->points[i].family)) {
            snprintf(err, errlen, "%s: point %zu (%s) is of family '%s', which this version "
                                  "cannot write", path, i, r->points[i].kernel, r->points[i].family);
            return -1;
        }
    json_t *root = results_json(r);
    if (!root) {
        snprintf(err, errlen, "%s: could not build the JSON document (out of memory?)", path);
        return -1;
    }
    int rc = atomic_write(path, write_json, root, err, errlen);
    json_decref(root);
    return rc;
}

void results_shape_text(bool memory, int m, int n, int k, char *out, size_t cap)
{
    if (memory)
        snprintf(out, cap, "%dx%d", m, n);
    else
        snprintf(out, cap, "%dx%dx%d", m, n, k);
}

/* ---- reading ---------------------------------------------------------------------- */

struct rd {
    const char *label;
    char *err;
    size_t errlen;
};

static int rd_fail(struct rd *c, const char *field, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(c->err, c->errlen, "%s: field '%s': %s", c->label, field, what);
    return -1;
}

static const char *join(char *buf, size_t cap, const char *parent, const char *key)
{
    snprintf(buf, cap, "%s%s%s", parent, parent[0] ? "." : "", key);
    return buf;
}

static int get_member(struct rd *c, json_t *obj, const char *parent, const char *key, json_t **out)
{
    char f[160];
    *out = json_object_get(obj, key);
    if (!*out)
        return rd_fail(c, join(f, sizeof f, parent, key), "missing");
    return 0;
}

static int get_object(struct rd *c, json_t *obj, const char *parent, const char *key, json_t **out)
{
    char f[160];
    if (get_member(c, obj, parent, key, out))
        return -1;
    if (!json_is_object(*out))
        return rd_fail(c, join(f, sizeof f, parent, key), "expected an object");
    return 0;
}

static int get_str(struct rd *c, json_t *obj, const char *parent, const char *key, char *out,
                   size_t cap, bool optional)
{
    char f[160];
    json_t *v = json_object_get(obj, key);
    if (!v && optional) {
        out[0] = '\0';
        return 0;
    }
    if (get_member(c, obj, parent, key, &v))
        return -1;
    if (!json_is_string(v))
        return rd_fail(c, join(f, sizeof f, parent, key), "expected a string");
    if (json_string_length(v) >= cap || strlen(json_string_value(v)) != json_string_length(v))
        return rd_fail(c, join(f, sizeof f, parent, key), "too long or holds a NUL byte");
    memcpy(out, json_string_value(v), json_string_length(v) + 1);
    return 0;
}

/* A finite, non-negative number. */
static int get_num(struct rd *c, json_t *obj, const char *parent, const char *key, double *out)
{
    char f[160];
    json_t *v;
    if (get_member(c, obj, parent, key, &v))
        return -1;
    if (!json_is_number(v))
        return rd_fail(c, join(f, sizeof f, parent, key), "expected a number");
    *out = json_number_value(v);
    if (!isfinite(*out) || *out < 0 || *out > RS_MAX_NUMBER)
        return rd_fail(c, join(f, sizeof f, parent, key),
                       "must be finite, >= 0 and at most %g, got %g", RS_MAX_NUMBER, *out);
    return 0;
}

/* An integer in [lo, hi]; null reads as -1 when null_ok. */
static int get_int(struct rd *c, json_t *obj, const char *parent, const char *key, long long lo,
                   long long hi, bool null_ok, long long *out)
{
    char f[160];
    json_t *v;
    if (get_member(c, obj, parent, key, &v))
        return -1;
    if (null_ok && json_is_null(v)) {
        *out = -1;
        return 0;
    }
    if (!json_is_integer(v))
        return rd_fail(c, join(f, sizeof f, parent, key), "expected an integer");
    *out = json_integer_value(v);
    if (*out < lo || *out > hi)
        return rd_fail(c, join(f, sizeof f, parent, key), "%lld is out of range [%lld, %lld]",
                       *out, lo, hi);
    return 0;
}

static int get_int32(struct rd *c, json_t *obj, const char *parent, const char *key, long long lo,
                     long long hi, bool null_ok, int *out)
{
    long long v;
    if (get_int(c, obj, parent, key, lo, hi, null_ok, &v))
        return -1;
    *out = (int)v;
    return 0;
}

static int read_stats(struct rd *c, json_t *obj, const char *parent, const char *key,
                      struct time_stats *t)
{
    char f[160];
    json_t *s;
    if (get_object(c, obj, parent, key, &s))
        return -1;
    join(f, sizeof f, parent, key);
    return get_num(c, s, f, "median", &t->median) || get_num(c, s, f, "min", &t->min) ||
                   get_num(c, s, f, "p10", &t->p10) || get_num(c, s, f, "p90", &t->p90) ||
                   get_num(c, s, f, "rel_noise", &t->rel_noise) ||
                   get_int32(c, s, f, "samples", 0, 1 << 30, false, &t->samples)
               ? -1
               : 0;
}

/* error[RS_TEXT] receives the point's error text, which *p borrows. */
static int read_point(struct rd *c, json_t *o, const char *f, struct result_point *p, char *error)
{
    json_t *v;
    memset(p, 0, sizeof *p);
    if (!json_is_object(o))
        return rd_fail(c, f, "expected an object");
    if (get_str(c, o, f, "family", p->family, sizeof p->family, true))
        return -1;
    if (!p->family[0]) /* a /1 file */
        snprintf(p->family, sizeof p->family, "sgemm");
    const struct family_keys *fk = family_keys(p->family);
    if (!fk)
        return rd_fail(c, f, "family '%s' is not one this version knows (sgemm, memory)",
                       p->family);
    if (get_str(c, o, f, "kernel", p->kernel, sizeof p->kernel, false) ||
        get_int32(c, o, f, "level", 0, 99, false, &p->level) ||
        get_int32(c, o, f, "m", 1, 1 << 30, false, &p->m) ||
        get_int32(c, o, f, "n", 1, 1 << 30, false, &p->n) ||
        get_int32(c, o, f, "k", 1, 1 << 30, false, &p->k) ||
        read_stats(c, o, f, "time_ms", &p->time_ms) ||
        read_stats(c, o, f, fk->ref_time, &p->ref_time_ms) ||
        get_num(c, o, f, fk->rate, &p->rate) || get_num(c, o, f, fk->ref_rate, &p->ref_rate) ||
        get_num(c, o, f, fk->pct ? fk->pct : "pct_ref", &p->pct_ref) ||
        get_num(c, o, f, "max_rel_err", &p->max_rel_err) || get_member(c, o, f, "valid", &v))
        return -1;
    char sub[160];
    if (!json_is_boolean(v))
        return rd_fail(c, join(sub, sizeof sub, f, "valid"), "expected true or false");
    p->valid = json_is_true(v);
    if (get_str(c, o, f, "error", error, RS_TEXT, true))
        return -1;
    p->error = error;
    p->regs = p->smem_static_bytes = p->local_bytes = -1;
    p->workspace_bytes = -1;
    json_t *res = json_object_get(o, "resources");
    if (res) {
        join(sub, sizeof sub, f, "resources");
        if (!json_is_object(res))
            return rd_fail(c, sub, "expected an object");
        if (get_int32(c, res, sub, "regs", 0, 1 << 16, true, &p->regs) ||
            get_int32(c, res, sub, "smem_static_bytes", 0, 1 << 30, true, &p->smem_static_bytes) ||
            get_int32(c, res, sub, "local_bytes", 0, 1 << 30, true, &p->local_bytes))
            return -1;
        if (json_object_get(res, "workspace_bytes") &&
            get_int(c, res, sub, "workspace_bytes", 0, 1LL << 50, true, &p->workspace_bytes))
            return -1;
    }
    return 0;
}

static int read_run(struct rd *c, json_t *root, struct run_info *run)
{
    json_t *o, *argv;
    if (get_object(c, root, "", "run", &o) ||
        get_str(c, o, "run", "commit", run->commit, sizeof run->commit, false) ||
        get_str(c, o, "run", "branch", run->branch, sizeof run->branch, false) ||
        get_str(c, o, "run", "subject", run->subject, sizeof run->subject, true) ||
        get_str(c, o, "run", "repo_url", run->repo_url, sizeof run->repo_url, true) ||
        get_str(c, o, "run", "utc", run->utc, sizeof run->utc, false) ||
        get_str(c, o, "run", "tool_version", run->tool_version, sizeof run->tool_version, false) ||
        get_str(c, o, "run", "profile", run->profile, sizeof run->profile, false) ||
        get_member(c, o, "run", "argv", &argv))
        return -1;
    if (get_str(c, o, "run", "host_id", run->host_id, sizeof run->host_id, true))
        return -1;
    if (!run->host_id[0])
        snprintf(run->host_id, sizeof run->host_id, "unknown");
    if (!json_is_array(argv))
        return rd_fail(c, "run.argv", "expected an array of strings");
    size_t i;
    json_t *a;
    json_array_foreach(argv, i, a)
    {
        if (!json_is_string(a))
            return rd_fail(c, "run.argv", "element %zu is not a string", i);
        if (run->argc < RS_MAX_ARGS)
            esc_copy(run->argv[run->argc++], RS_TEXT, json_string_value(a));
    }
    return 0;
}

static int read_device(struct rd *c, json_t *root, struct device_info *d)
{
    json_t *o;
    long long l2, mem = 0;
    if (get_object(c, root, "", "device", &o) ||
        get_str(c, o, "device", "name", d->name, sizeof d->name, false) ||
        get_str(c, o, "device", "slug", d->slug, sizeof d->slug, false) ||
        get_str(c, o, "device", "cc", d->cc, sizeof d->cc, false) ||
        get_int32(c, o, "device", "sms", 1, 1 << 20, false, &d->sms) ||
        get_int(c, o, "device", "l2_bytes", 0, 1LL << 40, false, &l2) ||
        get_int32(c, o, "device", "sm_clock_max_mhz", 0, 1 << 20, false, &d->sm_clock_max_mhz) ||
        get_str(c, o, "device", "driver", d->driver, sizeof d->driver, false) ||
        get_str(c, o, "device", "cuda_runtime", d->cuda_runtime, sizeof d->cuda_runtime, false) ||
        get_str(c, o, "device", "cublas", d->cublas, sizeof d->cublas, false))
        return -1;
    if (json_object_get(o, "mem_bytes") &&
        get_int(c, o, "device", "mem_bytes", 0, 1LL << 50, false, &mem))
        return -1;
    if (json_object_get(o, "mem_bandwidth_gbs") &&
        get_num(c, o, "device", "mem_bandwidth_gbs", &d->mem_bandwidth_gbs))
        return -1;
    d->l2_bytes = l2;
    d->mem_bytes = mem;
    if (!slug_is_valid(d->slug))
        return rd_fail(c, "device.slug", "'%s' is not a valid slug ([a-z0-9-])", d->slug);
    char derived[RS_SHORT];
    slug_from_name(d->name, derived, sizeof derived);
    if (strcmp(derived, d->slug) != 0)
        return rd_fail(c, "device.slug", "'%s' is not the slug of device.name '%s' (expected '%s')",
                       d->slug, d->name, derived);
    if (get_str(c, o, "device", "gpu_id", d->gpu_id, sizeof d->gpu_id, true))
        return -1;
    if (!d->gpu_id[0])
        snprintf(d->gpu_id, sizeof d->gpu_id, "unknown");
    return 0;
}

static int read_conditions(struct rd *c, json_t *root, struct conditions *cond)
{
    json_t *o, *clk, *reasons;
    if (get_object(c, root, "", "conditions", &o) ||
        get_object(c, o, "conditions", "sm_clock_mhz", &clk) ||
        get_int32(c, clk, "conditions.sm_clock_mhz", "min", 0, 1 << 20, true,
                  &cond->sm_clock_min_mhz) ||
        get_int32(c, clk, "conditions.sm_clock_mhz", "max", 0, 1 << 20, true,
                  &cond->sm_clock_max_mhz) ||
        get_int32(c, o, "conditions", "temp_c_max", 0, 200, true, &cond->temp_c_max) ||
        get_member(c, o, "conditions", "throttle_reasons", &reasons))
        return -1;
    if (!json_is_array(reasons))
        return rd_fail(c, "conditions.throttle_reasons", "expected an array of strings");
    size_t i;
    json_t *a;
    json_array_foreach(reasons, i, a)
    {
        if (!json_is_string(a))
            return rd_fail(c, "conditions.throttle_reasons", "element %zu is not a string", i);
        conditions_add_throttle(cond, json_string_value(a));
    }
    if (json_object_get(o, "discarded_samples") &&
        get_int32(c, o, "conditions", "discarded_samples", 0, 1 << 30, false,
                  &cond->discarded_samples))
        return -1;
    return 0;
}

/* The optional "kernels" table: what each measured kernel's registration says. */
static int read_kernels(struct rd *c, json_t *root, struct results *r)
{
    json_t *arr = json_object_get(root, "kernels"), *o, *e;
    size_t i;
    if (!arr)
        return 0;
    if (!json_is_array(arr))
        return rd_fail(c, "kernels", "expected an array");
    json_array_foreach(arr, i, o)
    {
        char f[48], g[64];
        struct kernel_info k;
        memset(&k, 0, sizeof k);
        snprintf(f, sizeof f, "kernels[%zu]", i);
        if (!json_is_object(o))
            return rd_fail(c, f, "expected an object");
        snprintf(g, sizeof g, "%s.expected", f);
        if (get_str(c, o, f, "name", k.name, sizeof k.name, false) ||
            get_int32(c, o, f, "level", 0, 99, false, &k.level) ||
            get_str(c, o, f, "technique", k.technique, sizeof k.technique, false) ||
            get_object(c, o, f, "expected", &e) ||
            get_num(c, e, g, "low_pct", &k.expected_low_pct) ||
            get_num(c, e, g, "high_pct", &k.expected_high_pct) ||
            get_str(c, e, g, "source", k.expected_source, sizeof k.expected_source, false))
            return -1;
        if (k.expected_high_pct > 0 &&
            !(k.expected_low_pct <= k.expected_high_pct && k.expected_high_pct <= 1000))
            return rd_fail(c, g, "%g-%g is not a range of %% of the reference", k.expected_low_pct,
                           k.expected_high_pct);
        if (results_kernel(r, k.name))
            return rd_fail(c, f, "kernel '%s' twice", k.name);
        if (results_add_kernel(r, k.name, k.level, k.technique, k.expected_low_pct,
                               k.expected_high_pct, k.expected_source))
            return rd_fail(c, f, "out of memory");
    }
    return 0;
}

static int read_thresholds(struct rd *c, json_t *root, struct results *r)
{
    json_t *o = json_object_get(root, "thresholds"), *kernels, *v;
    const char *key;
    if (!o)
        return 0;
    if (!json_is_object(o))
        return rd_fail(c, "thresholds", "expected an object");
    if (get_num(c, o, "thresholds", "default_pct", &r->threshold_pct) ||
        get_object(c, o, "thresholds", "kernels", &kernels))
        return -1;
    if (!(r->threshold_pct > 0 && r->threshold_pct <= 100))
        return rd_fail(c, "thresholds.default_pct", "%g is not in (0, 100]", r->threshold_pct);
    r->thresholds = calloc(json_object_size(kernels) + 1, sizeof *r->thresholds);
    if (!r->thresholds)
        return rd_fail(c, "thresholds", "out of memory");
    json_object_foreach(kernels, key, v)
    {
        struct kernel_threshold *t = &r->thresholds[r->n_thresholds];
        if (strlen(key) >= sizeof t->kernel)
            return rd_fail(c, "thresholds.kernels", "kernel name too long");
        snprintf(t->kernel, sizeof t->kernel, "%s", key);
        if (get_num(c, kernels, "thresholds.kernels", key, &t->pct))
            return -1;
        if (!(t->pct > 0 && t->pct <= 100))
            return rd_fail(c, "thresholds.kernels", "%s: %g is not in (0, 100]", key, t->pct);
        r->n_thresholds++;
    }
    return 0;
}

static int read_runs(struct rd *c, json_t *root, struct results *r)
{
    json_t *arr = json_object_get(root, "baseline_runs"), *o, *pts, *q;
    size_t i, j;
    if (!arr)
        return 0;
    if (!json_is_array(arr))
        return rd_fail(c, "baseline_runs", "expected an array");
    r->runs = calloc(json_array_size(arr) + 1, sizeof *r->runs);
    if (!r->runs)
        return rd_fail(c, "baseline_runs", "out of memory");
    json_array_foreach(arr, i, o)
    {
        char f[48], g[64];
        struct baseline_run *b = &r->runs[r->n_runs];
        snprintf(f, sizeof f, "baseline_runs[%zu]", i);
        if (!json_is_object(o))
            return rd_fail(c, f, "expected an object");
        if (get_str(c, o, f, "commit", b->commit, sizeof b->commit, false) ||
            get_str(c, o, f, "utc", b->utc, sizeof b->utc, false) ||
            get_str(c, o, f, "gpu_id", b->gpu_id, sizeof b->gpu_id, false) ||
            get_str(c, o, f, "host_id", b->host_id, sizeof b->host_id, false) ||
            get_member(c, o, f, "points", &pts))
            return -1;
        if (!json_is_array(pts))
            return rd_fail(c, f, "points: expected an array");
        b->points = calloc(json_array_size(pts) + 1, sizeof *b->points);
        r->n_runs++;
        if (!b->points)
            return rd_fail(c, f, "out of memory");
        json_array_foreach(pts, j, q)
        {
            struct run_pct *p = &b->points[b->n_points];
            snprintf(g, sizeof g, "%s.points[%zu]", f, j);
            if (!json_is_object(q))
                return rd_fail(c, g, "expected an object");
            if (get_str(c, q, g, "kernel", p->kernel, sizeof p->kernel, false) ||
                get_int32(c, q, g, "m", 1, 1 << 30, false, &p->m) ||
                get_int32(c, q, g, "n", 1, 1 << 30, false, &p->n) ||
                get_int32(c, q, g, "k", 1, 1 << 30, false, &p->k) ||
                get_num(c, q, g, "pct_ref", &p->pct))
                return -1;
            b->n_points++;
        }
    }
    return 0;
}

/* ---- the streaming reader ---------------------------------------------------------- */

/* A results file is read through a window that slides over it, so that a file of a
 * million points never exists as one JSON tree. Jansson decodes every key and every value
 * (JSON_DECODE_ANY, JSON_DISABLE_EOF_CHECK: one value, and where it ended); this code only
 * steps over what lies between them: whitespace, { } [ ] : and ','. The top-level members
 * other than "results" are small and are gathered into one object for the readers above;
 * "results" is read one point at a time. */
enum { WINDOW_START = 1 << 20, WINDOW_MAX = 64 << 20 };
/* The largest file results_read takes: about 1.8M points in compact JSON, which read into
 * about 0.5 GB. A bound on memory, far above any real sweep (~100 points). */
enum { RESULTS_MAX_FILE = 512 << 20 };
/* results_slurp reads a whole file into memory (the publish path): a smaller bound. */
enum { SLURP_MAX_MIB = 256 };

struct stream {
    int fd;                  /* -1: the whole input is already in buf */
    char *buf;               /* buf[start, end) is what has been read and not consumed */
    size_t cap, start, end;
    bool eof;
    int line, column;        /* of buf[start], from 1 */
    const char *label;
    char *err;
    size_t errlen;
};

static int st_fail(struct stream *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int st_fail(struct stream *st, const char *fmt, ...)
{
    char msg[RS_TEXT];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(st->err, st->errlen, "%s: not valid JSON (line %d, column %d): %s", st->label,
             st->line, st->column, msg);
    return -1;
}

/* Reads more of the file behind what is left; grows the window when it is full (up to
 * WINDOW_MAX). Returns 0, or -1 with a message. */
static int st_fill(struct stream *st)
{
    if (st->eof)
        return 0;
    if (st->start > 0) {
        memmove(st->buf, st->buf + st->start, st->end - st->start);
        st->end -= st->start;
        st->start = 0;
    }
    if (st->end == st->cap) {
        if (st->cap >= WINDOW_MAX) {
            snprintf(st->err, st->errlen, "%s: one JSON value is over %d MiB", st->label,
                     WINDOW_MAX >> 20);
            return -1;
        }
        char *grown = realloc(st->buf, 2 * st->cap);
        if (!grown) {
            snprintf(st->err, st->errlen, "%s: out of memory", st->label);
            return -1;
        }
        st->buf = grown;
        st->cap *= 2;
    }
    while (st->end < st->cap) {
        ssize_t n = read(st->fd, st->buf + st->end, st->cap - st->end);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            snprintf(st->err, st->errlen, "%s: read error: %s", st->label, strerror(errno));
            return -1;
        }
        if (n == 0) {
            st->eof = true;
            break;
        }
        st->end += (size_t)n;
    }
    return 0;
}

/* Consumes n bytes, keeping the line and column of what follows. */
static void st_advance(struct stream *st, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        if (st->buf[st->start + i] == '\n')
            st->line++, st->column = 1;
        else
            st->column++;
    }
    st->start += n;
}

/* The next byte that is not whitespace (not consumed), or -1 at the end; -2 on error. */
static int st_peek(struct stream *st)
{
    for (;;) {
        while (st->start < st->end && strchr(" \t\r\n", st->buf[st->start]))
            st_advance(st, 1);
        if (st->start < st->end)
            return (unsigned char)st->buf[st->start];
        if (st->eof)
            return -1;
        if (st_fill(st))
            return -2;
    }
}

/* Consumes the byte ch (after whitespace), or fails naming what was there. */
static int st_expect(struct stream *st, char ch, const char *where)
{
    int c = st_peek(st);
    if (c == -2)
        return -1;
    if (c != ch)
        return st_fail(st, "expected '%c' %s, found %s", ch, where,
                       c < 0 ? "the end of the input" : "something else");
    st_advance(st, 1);
    return 0;
}

/* Before element i of an array or object that `close` ends: 1 at the close (consumed), 0
 * when an element follows (the ',' before it consumed), -1 on error. */
static int st_next(struct stream *st, char close, size_t i, const char *where)
{
    const int ch = st_peek(st);
    if (ch == -2)
        return -1;
    if (ch == close) {
        st_advance(st, 1);
        return 1;
    }
    return i > 0 && st_expect(st, ',', where) ? -1 : 0;
}

/* Where Jansson's error e lies in the file, for a value that starts at line, column:
 * into *at_line, *at_column (which may be line and column themselves). */
static void error_position(const json_error_t *e, int line, int column, int *at_line,
                           int *at_column)
{
    *at_line = line + (e->line > 1 ? e->line - 1 : 0);
    *at_column = e->line > 1 ? e->column : column + (e->column > 0 ? e->column - 1 : 0);
}

/* One JSON value, decoded by Jansson. NULL with a message on error. */
static json_t *st_value(struct stream *st)
{
    if (st_peek(st) == -2)
        return NULL;
    for (;;) {
        json_error_t e;
        const size_t have = st->end - st->start;
        json_t *v = json_loadb(st->buf + st->start, have,
                               JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK | JSON_REJECT_DUPLICATES,
                               &e);
        /* A value that fails, or a number or literal that reaches the window's end, may
         * go on past it: read more and decode again. */
        if ((!v || (size_t)e.position >= have) && !st->eof) {
            json_decref(v);
            if (st_fill(st))
                return NULL;
            continue;
        }
        if (!v) {
            error_position(&e, st->line, st->column, &st->line, &st->column);
            st_fail(st, "%s", e.text);
            return NULL;
        }
        st_advance(st, (size_t)e.position);
        return v;
    }
}

/* The length of the JSON object that starts at the window's next byte ('{'), through its
 * matching '}', in *len: 1 when found, 0 when the input ends first or the value is not an
 * object (the caller decodes it alone, and Jansson says what is wrong), -1 on a read
 * error. Only braces outside strings count; Jansson still decodes every byte of it. */
static int st_object_len(struct stream *st, size_t *len)
{
    size_t at = 0;
    int depth = 0;
    bool in_string = false, escaped = false;
    if (st->start == st->end || st->buf[st->start] != '{')
        return 0;
    for (;;) {
        for (; st->start + at < st->end; ++at) {
            const char ch = st->buf[st->start + at];
            if (in_string) {
                if (escaped)
                    escaped = false;
                else if (ch == '\\')
                    escaped = true;
                else if (ch == '"')
                    in_string = false;
            } else if (ch == '"') {
                in_string = true;
            } else if (ch == '{' || ch == '[') {
                depth++;
            } else if ((ch == '}' || ch == ']') && --depth == 0) {
                *len = at + 1;
                return 1;
            }
        }
        if (st->eof)
            return 0;
        if (st_fill(st)) /* keeps buf[start..] and so the offset `at` */
            return -1;
    }
}

/* Points are decoded in batches, on up to DECODE_THREADS threads: Jansson's decoding is
 * nearly all of reading a large file (tools/bench/compare_bench.sh), and the points are
 * independent. The batch keeps the file's order: the first failure in it is the one
 * reported, as a serial reader would. */
enum { BATCH_POINTS = 8192, DECODE_THREADS = 16 };

struct batch_item {
    size_t offset, len;    /* the point's bytes in the batch's text */
    int line, column;      /* where they start in the file */
    struct result_point p; /* decoded */
    char error[RS_TEXT];   /* the point's error text, which p borrows */
    char fail[RS_TEXT];    /* why decoding failed, after the label (": field ..."); "" if not */
};

struct batch {
    char *text;
    size_t text_len, text_cap;
    struct batch_item *items;
    size_t n, cap, first_index; /* items[j] is results[first_index + j] */
    const char *label;
};

struct batch_job {
    struct batch *b;
    size_t from, to;
};

static int batch_add(struct batch *b, const char *bytes, size_t len, int line, int column)
{
    if (b->text_len + len > b->text_cap) {
        size_t cap = b->text_cap ? b->text_cap : 1 << 12;
        while (cap < b->text_len + len)
            cap *= 2;
        char *grown = realloc(b->text, cap);
        if (!grown)
            return -1;
        b->text = grown;
        b->text_cap = cap;
    }
    if (b->n == b->cap) { /* grows to BATCH_POINTS: a small file allocates little */
        const size_t cap = b->cap ? 2 * b->cap : 64;
        struct batch_item *grown = realloc(b->items, cap * sizeof *grown);
        if (!grown)
            return -1;
        b->items = grown;
        b->cap = cap;
    }
    memcpy(b->text + b->text_len, bytes, len);
    b->items[b->n] = (struct batch_item){.offset = b->text_len, .len = len, .line = line,
                                         .column = column};
    b->text_len += len;
    b->n++;
    return 0;
}

static void decode_item(const struct batch *b, size_t j)
{
    struct batch_item *it = &b->items[j];
    char f[32];
    json_error_t e;
    snprintf(f, sizeof f, "results[%zu]", b->first_index + j);
    it->fail[0] = '\0';
    json_t *o = json_loadb(b->text + it->offset, it->len, JSON_REJECT_DUPLICATES, &e);
    if (!o) {
        int line, column;
        error_position(&e, it->line, it->column, &line, &column);
        snprintf(it->fail, sizeof it->fail, ": not valid JSON (line %d, column %d): %s", line,
                 column, e.text);
        return;
    }
    struct rd c = {"", it->fail, sizeof it->fail}; /* the label goes in front at the flush */
    if (read_point(&c, o, f, &it->p, it->error) == 0)
        it->fail[0] = '\0';
    else if (!it->fail[0])
        snprintf(it->fail, sizeof it->fail, ": %s: unreadable", f);
    json_decref(o);
}

static void *decode_range(void *arg)
{
    const struct batch_job *job = arg;
    for (size_t j = job->from; j < job->to; ++j)
        decode_item(job->b, j);
    return NULL;
}

static long cpus;
static pthread_once_t cpus_once = PTHREAD_ONCE_INIT;
static void read_cpus(void) { cpus = sysconf(_SC_NPROCESSORS_ONLN); }

/* Adds point p, results[i] of the file, to r: a second point of the same key is an error. */
static int add_read_point(struct rd *c, struct results *r, const struct result_point *p, size_t i)
{
    char f[32];
    snprintf(f, sizeof f, "results[%zu]", i);
    if (results_find(r, p->kernel, p->m, p->n, p->k))
        return rd_fail(c, f, "duplicate point %s %dx%dx%d", p->kernel, p->m, p->n, p->k);
    return results_add(r, p) ? rd_fail(c, f, "out of memory") : 0;
}

/* Decodes b's items on threads (this one included), then adds them to r in order. */
static int batch_flush(struct batch *b, struct rd *c, struct results *r)
{
    size_t threads = b->n / 256 + 1; /* a small batch is not worth a thread */
    if (threads > 1) {
        pthread_once(&cpus_once, read_cpus); /* sysconf reads /sys each time: once */
        const size_t most = cpus < 1 ? 1 : cpus > DECODE_THREADS ? DECODE_THREADS : (size_t)cpus;
        threads = threads < most ? threads : most;
    }
    pthread_t tid[DECODE_THREADS];
    struct batch_job jobs[DECODE_THREADS];
    bool started[DECODE_THREADS] = {false};
    json_object_seed(0); /* Jansson's hash seed, set once before any thread creates objects */
    for (size_t t = 0; t < threads; ++t)
        jobs[t] = (struct batch_job){b, b->n * t / threads, b->n * (t + 1) / threads};
    for (size_t t = 1; t < threads; ++t)
        started[t] = pthread_create(&tid[t], NULL, decode_range, &jobs[t]) == 0;
    decode_range(&jobs[0]);
    for (size_t t = 1; t < threads; ++t) {
        if (started[t])
            pthread_join(tid[t], NULL);
        else
            decode_range(&jobs[t]);
    }
    for (size_t j = 0; j < b->n; ++j) {
        const struct batch_item *it = &b->items[j];
        if (it->fail[0]) {
            snprintf(c->err, c->errlen, "%s%s", b->label, it->fail);
            return -1;
        }
        if (add_read_point(c, r, &it->p, b->first_index + j))
            return -1;
    }
    b->first_index += b->n;
    b->n = 0;
    b->text_len = 0;
    return 0;
}

/* The next point, alone: a value that is not a complete object. Decoding it fails with
 * Jansson's or read_point's message, as the file's first error. */
static int stream_one_point(struct stream *st, struct rd *c, struct results *r, size_t i)
{
    json_t *o = st_value(st);
    if (!o)
        return -1;
    char f[32], error[RS_TEXT];
    struct result_point p;
    snprintf(f, sizeof f, "results[%zu]", i);
    int rc = read_point(c, o, f, &p, error);
    json_decref(o);
    return rc ? -1 : add_read_point(c, r, &p, i);
}

/* Reads the "results" array into r: each point's bytes found in the stream, then decoded
 * by Jansson in parallel batches (above). */
static int stream_points(struct stream *st, struct rd *c, struct results *r)
{
    size_t i = 0;
    int rc = 0;
    struct batch b = {.label = st->label};
    if (st_expect(st, '[', "to open 'results'"))
        return -1;
    for (;; ++i) {
        const int next = st_next(st, ']', i, "between the points of 'results'");
        if (next < 0) {
            rc = -1;
            break;
        }
        if (next > 0)
            break;
        size_t len = 0;
        const int found = st_peek(st) == -2 ? -1 : st_object_len(st, &len); /* after blanks */
        if (found < 0) {
            rc = -1;
            break;
        }
        if (found == 0) { /* earlier points first, then this one's own error */
            rc = batch_flush(&b, c, r) || stream_one_point(st, c, r, i) ? -1 : 0;
            if (rc)
                break;
            continue;
        }
        if (batch_add(&b, st->buf + st->start, len, st->line, st->column)) {
            rc = rd_fail(c, "results", "out of memory");
            break;
        }
        st_advance(st, len);
        if (b.n == BATCH_POINTS && (rc = batch_flush(&b, c, r)))
            break;
    }
    if (rc == 0)
        rc = batch_flush(&b, c, r);
    free(b.items);
    free(b.text);
    if (rc)
        return -1;
    if (i == 0)
        return rd_fail(c, "results", "is empty: the file holds no measurements");
    return 0;
}

/* The top-level object: "results" streamed into r, every other member into *rest. */
static int stream_top(struct stream *st, struct rd *c, struct results *r, json_t *rest)
{
    bool have_points = false;
    int ch = st_peek(st);
    if (ch == -2)
        return -1;
    if (ch != '{') {
        json_t *v = ch < 0 ? NULL : st_value(st); /* valid JSON, but not an object? */
        json_decref(v);
        if (ch < 0 || v)
            snprintf(st->err, st->errlen, "%s: %s", st->label,
                     ch < 0 ? "not valid JSON (line 1, column 1): no input"
                            : "the top level must be a JSON object");
        return -1;
    }
    st_advance(st, 1);
    for (size_t i = 0;; ++i) {
        const int next = st_next(st, '}', i, "between members");
        if (next < 0)
            return -1;
        if (next > 0)
            break;
        json_t *key = st_value(st);
        if (!key)
            return -1;
        if (!json_is_string(key)) {
            json_decref(key);
            return st_fail(st, "object key must be a string");
        }
        char name[RS_SHORT];
        snprintf(name, sizeof name, "%s", json_string_value(key));
        const bool dup = strcmp(name, "results") == 0 ? have_points : json_object_get(rest, name) != NULL;
        json_decref(key);
        if (dup)
            return st_fail(st, "duplicate object key '%s'", name);
        if (st_expect(st, ':', "after a key"))
            return -1;
        if (strcmp(name, "results") == 0) {
            have_points = true;
            if (stream_points(st, c, r))
                return -1;
            continue;
        }
        json_t *v = st_value(st);
        if (!v)
            return -1;
        json_object_set_new(rest, name, v);
    }
    if ((ch = st_peek(st)) == -2)
        return -1;
    if (ch != -1)
        return st_fail(st, "end of file expected");
    if (!have_points)
        return rd_fail(c, "results", "missing");
    return 0;
}

static int parse_stream(struct stream *st, struct results *r)
{
    struct rd c = {st->label, st->err, st->errlen};
    char schema[RS_SHORT];
    json_t *rest = json_object();
    results_init(r);
    int rc = -1;
    if (!rest) {
        snprintf(st->err, st->errlen, "%s: out of memory", st->label);
        return -1;
    }
    if (stream_top(st, &c, r, rest))
        goto out;
    if (get_str(&c, rest, "", "schema", schema, sizeof schema, false))
        goto out;
    if (strcmp(schema, RESULTS_SCHEMA) != 0 && strcmp(schema, RESULTS_SCHEMA_V1) != 0) {
        rd_fail(&c, "schema", "'%s' is not supported (expected '%s' or '%s')", schema,
                RESULTS_SCHEMA, RESULTS_SCHEMA_V1);
        goto out;
    }
    if (read_run(&c, rest, &r->run) || read_device(&c, rest, &r->device) ||
        read_conditions(&c, rest, &r->conditions) || read_thresholds(&c, rest, r) ||
        read_runs(&c, rest, r) || read_kernels(&c, rest, r))
        goto out;
    rc = 0;
out:
    json_decref(rest);
    if (rc)
        results_free(r);
    return rc;
}

/* Opens path for reading when it is a regular file of at most max_mib MiB; its stat in *st.
 * O_NONBLOCK: a FIFO (or a device) named like a results file must not block the reader.
 * Returns the descriptor, or -1 with a message. */
static int open_regular(const char *path, int max_mib, struct stat *st, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
        snprintf(err, errlen, "%s: not a regular file (%s)", path,
                 S_ISDIR(st->st_mode) ? "a directory" : S_ISFIFO(st->st_mode) ? "a FIFO" : "special");
        close(fd);
        return -1;
    }
    if (st->st_size > ((off_t)max_mib << 20)) {
        snprintf(err, errlen, "%s: too large (over %d MiB)", path, max_mib);
        close(fd);
        return -1;
    }
    return fd;
}

char *results_device_text(const struct device_info *d)
{
    json_t *root = json_pack("{s:o}", "device", device_json(d));
    char *text = root ? json_dumps(root, JSON_COMPACT | JSON_REAL_PRECISION(10)) : NULL;
    json_decref(root);
    return text;
}

int results_device_parse(const char *text, const char *label, struct device_info *d, char *err,
                         size_t errlen)
{
    struct rd c = {label, err, errlen};
    json_error_t e;
    memset(d, 0, sizeof *d);
    json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, &e);
    if (!root) {
        snprintf(err, errlen, "%s: not valid JSON: %s", label, e.text);
        return -1;
    }
    const int rc = json_is_object(root) ? read_device(&c, root, d)
                                        : rd_fail(&c, "", "expected an object");
    json_decref(root);
    return rc;
}

char *results_slurp(const char *path, size_t *len, char *err, size_t errlen)
{
    struct stat st;
    int fd = open_regular(path, SLURP_MAX_MIB, &st, err, errlen);
    if (fd < 0)
        return NULL;
    char *buf = malloc((size_t)st.st_size + 1);
    size_t got = 0;
    if (!buf)
        snprintf(err, errlen, "%s: out of memory", path);
    while (buf) {
        ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
            free(buf);
            buf = NULL;
            break;
        }
        got += (size_t)n;
        if (n == 0 || got == (size_t)st.st_size)
            break;
    }
    close(fd);
    if (buf)
        buf[got] = '\0';
    *len = got;
    return buf;
}

int results_parse(const char *buf, size_t len, const char *label, struct results *r, char *err,
                  size_t errlen)
{
    struct stream st = {-1, (char *)buf, len, 0, len, true, 1, 1, label, err, errlen};
    return parse_stream(&st, r);
}

int results_read(const char *path, struct results *r, char *err, size_t errlen)
{
    results_init(r);
    struct stat sb;
    int fd = open_regular(path, RESULTS_MAX_FILE >> 20, &sb, err, errlen);
    if (fd < 0)
        return -1;
    struct stream st = {fd, malloc(WINDOW_START), WINDOW_START, 0, 0, false, 1, 1, path, err,
                        errlen};
    int rc = -1;
    if (!st.buf)
        snprintf(err, errlen, "%s: out of memory", path);
    else
        rc = parse_stream(&st, r);
    free(st.buf);
    close(fd);
    return rc;
}
