/* results_read.c: the validating reader: every field of a results file checked against
 * its type and range before it reaches the model (results_internal.h). */
#include "runner/results_internal.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/escape.h"
#include "runner/slug.h"

int rd_fail(struct rd *c, const char *field, const char *fmt, ...)
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

int get_str(struct rd *c, json_t *obj, const char *parent, const char *key, char *out,
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


/* A line of text: printable ASCII (what the sweep writes there), so no control character
 * reaches a terminal or a page from it. */
static int get_line(struct rd *c, json_t *obj, const char *parent, const char *key, char *out,
                    size_t cap, bool optional)
{
    char f[240];
    if (get_str(c, obj, parent, key, out, cap, optional))
        return -1;
    for (const char *q = out; *q; ++q)
        if (*q < 0x20 || *q > 0x7e)
            return rd_fail(c, join(f, sizeof f, parent, key), "not printable ASCII");
    return 0;
}

/* resources.launch.sass: counts per class that add up to the instructions (at least 1),
 * and a hash of 16 hex digits. */
static int read_sass(struct rd *c, json_t *l, const char *parent, struct result_point *p)
{
    char f[200], g[240], hash[20];
    json_t *s;
    int sum = 0;
    join(f, sizeof f, parent, "sass");
    if (get_object(c, l, parent, "sass", &s) ||
        get_int32(c, s, f, "instructions", 1, 1 << 24, false, &p->sass_total) ||
        get_str(c, s, f, "hash", hash, sizeof hash, false))
        return -1;
    for (int i = 0; i < RS_SASS_CLASSES; ++i) {
        if (get_int32(c, s, f, rs_sass_keys[i], 0, 1 << 24, false, &p->sass_count[i]))
            return -1;
        sum += p->sass_count[i];
    }
    if (strlen(hash) != 16 || strspn(hash, "0123456789abcdef") != 16)
        return rd_fail(c, join(g, sizeof g, f, "hash"), "expected 16 lowercase hex digits");
    p->sass_hash = strtoull(hash, NULL, 16);
    if (sum != p->sass_total)
        return rd_fail(c, join(g, sizeof g, f, "instructions"),
                       "%d, but the classes add up to %d", p->sass_total, sum);
    return 0;
}

/* resources.launch: the kernel that ran (results.h). Its name is printable ASCII. */
static int read_launch(struct rd *c, json_t *res, const char *parent, struct result_point *p)
{
    char f[160], g[200];
    json_t *l;
    join(f, sizeof f, parent, "launch");
    if (get_object(c, res, parent, "launch", &l) ||
        get_line(c, l, f, "kernel", p->launch_kernel, sizeof p->launch_kernel, false))
        return -1;
    if (get_str(c, l, f, "symbol", p->launch_symbol, sizeof p->launch_symbol, true))
        return -1;
    if (!results_is_symbol(p->launch_symbol))
        return rd_fail(c, join(g, sizeof g, f, "symbol"), "not a mangled name");
    const char *dims[2] = {"grid", "block"};
    int *vals[2] = {p->grid, p->block};
    for (int d = 0; d < 2; ++d) {
        json_t *a = json_object_get(l, dims[d]);
        join(g, sizeof g, f, dims[d]);
        if (!json_is_array(a) || json_array_size(a) != 3)
            return rd_fail(c, g, "expected an array of 3 integers");
        for (size_t i = 0; i < 3; ++i) {
            json_t *v = json_array_get(a, i);
            if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > INT32_MAX)
                return rd_fail(c, g, "element %zu is not an integer in [1, 2^31 - 1]", i);
            vals[d][i] = (int)json_integer_value(v);
        }
    }
    if (get_int(c, l, f, "dynamic_smem_bytes", 0, 1LL << 30, false, &p->dynamic_smem_bytes) ||
        get_int32(c, l, f, "ctas_per_sm", 0, 1024, true, &p->ctas_per_sm))
        return -1;
    return json_object_get(l, "sass") ? read_sass(c, l, f, p) : 0;
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

/* judged: the verdict of a judged change, its change and its lines (results.h). */
static int read_judged(struct rd *c, json_t *o, const char *parent, struct result_point *p)
{
    char f[200], g[240];
    json_t *j, *v;
    join(f, sizeof f, parent, "judged");
    if (get_object(c, o, parent, "judged", &j) ||
        get_str(c, j, f, "verdict", p->judged, sizeof p->judged, false))
        return -1;
    if (strcmp(p->judged, "REGRESSED") != 0 && strcmp(p->judged, "IMPROVED") != 0 &&
        strcmp(p->judged, "INCONCLUSIVE") != 0)
        return rd_fail(c, join(g, sizeof g, f, "verdict"),
                       "expected REGRESSED, IMPROVED or INCONCLUSIVE");
    if (get_member(c, j, f, "change_pct", &v))
        return -1;
    p->judged_change_pct = json_is_number(v) ? json_number_value(v) : NAN;
    if (!isfinite(p->judged_change_pct) || fabs(p->judged_change_pct) > RS_MAX_NUMBER)
        return rd_fail(c, join(g, sizeof g, f, "change_pct"), "expected a finite number");
    return get_line(c, j, f, "inside", p->judged_inside, sizeof p->judged_inside, false) ||
                   get_line(c, j, f, "counters", p->judged_counters, sizeof p->judged_counters,
                            true)
               ? -1
               : 0;
}

/* error[RS_TEXT] receives the point's error text, which *p borrows. */
int read_point(struct rd *c, json_t *o, const char *f, struct result_point *p, char *error)
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
    p->ctas_per_sm = -1;
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
        if (json_object_get(res, "launch") && read_launch(c, res, sub, p))
            return -1;
    }
    return json_object_get(o, "judged") ? read_judged(c, o, f, p) : 0;
}

/* Calls add(ctx, s) for each element of `arr`, which must be an array of strings (field
 * names it in the message). Returns 0, or -1 with the reader's message. */
static int each_string(struct rd *c, json_t *arr, const char *field,
                       void (*add)(void *ctx, const char *s), void *ctx)
{
    if (!json_is_array(arr))
        return rd_fail(c, field, "expected an array of strings");
    size_t i;
    json_t *a;
    json_array_foreach(arr, i, a)
    {
        if (!json_is_string(a))
            return rd_fail(c, field, "element %zu is not a string", i);
        add(ctx, json_string_value(a));
    }
    return 0;
}

static void add_arg(void *ctx, const char *s)
{
    struct run_info *run = ctx;
    if (run->argc < RS_MAX_ARGS)
        esc_copy(run->argv[run->argc++], RS_TEXT, s);
}

static void add_throttle(void *ctx, const char *s) { conditions_add_throttle(ctx, s); }

int read_run(struct rd *c, json_t *root, struct run_info *run)
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
    return each_string(c, argv, "run.argv", add_arg, run);
}

int read_device(struct rd *c, json_t *root, struct device_info *d)
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

int read_conditions(struct rd *c, json_t *root, struct conditions *cond)
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
    if (each_string(c, reasons, "conditions.throttle_reasons", add_throttle, cond))
        return -1;
    if (json_object_get(o, "discarded_samples") &&
        get_int32(c, o, "conditions", "discarded_samples", 0, 1 << 30, false,
                  &cond->discarded_samples))
        return -1;
    return 0;
}

/* The optional "kernels" table: what each measured kernel's registration says. */
int read_kernels(struct rd *c, json_t *root, struct results *r)
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
            get_str(c, e, g, "source", k.expected_source, sizeof k.expected_source, false) ||
            get_str(c, o, f, "not_run", k.not_run, sizeof k.not_run, true))
            return -1;
        if (k.expected_high_pct > 0 &&
            !(k.expected_low_pct <= k.expected_high_pct && k.expected_high_pct <= 1000))
            return rd_fail(c, g, "%g-%g is not a range of %% of the reference", k.expected_low_pct,
                           k.expected_high_pct);
        if (results_kernel(r, k.name))
            return rd_fail(c, f, "kernel '%s' twice", k.name);
        if (results_add_kernel(r, k.name, k.level, k.technique, k.expected_low_pct,
                               k.expected_high_pct, k.expected_source, k.not_run))
            return rd_fail(c, f, "out of memory");
    }
    return 0;
}

int read_thresholds(struct rd *c, json_t *root, struct results *r)
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

int read_runs(struct rd *c, json_t *root, struct results *r)
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
