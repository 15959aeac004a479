/* results_write.c: a results file written through Jansson, atomically (results.h). */
#include "runner/results.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/atomic_file.h"
#include "runner/results_internal.h"

static json_t *int_or_null(int v) { return v < 0 ? json_null() : json_integer(v); }

static json_t *stats_json(const struct time_stats *t)
{
    return json_pack("{s:f, s:f, s:f, s:f, s:f, s:i}", "median", t->median, "min", t->min, "p10",
                     t->p10, "p90", t->p90, "rel_noise", t->rel_noise, "samples", t->samples);
}

/* resources.launch.sass: the launched kernel's instructions per class and their hash. */
static json_t *sass_json(const struct result_point *p)
{
    char hash[17];
    snprintf(hash, sizeof hash, "%016llx", p->sass_hash);
    json_t *s = json_pack("{s:i, s:s}", "instructions", p->sass_total, "hash", hash);
    for (int i = 0; s && i < RS_SASS_CLASSES; ++i)
        json_object_set_new(s, rs_sass_keys[i], json_integer(p->sass_count[i]));
    return s;
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
    if (res && p->launch_kernel[0]) { /* the kernel that ran, as its launcher noted it */
        json_t *l = json_pack("{s:s, s:[i,i,i], s:[i,i,i], s:I, s:o}", "kernel", p->launch_kernel,
                              "grid", p->grid[0], p->grid[1], p->grid[2], "block", p->block[0],
                              p->block[1], p->block[2], "dynamic_smem_bytes",
                              (json_int_t)p->dynamic_smem_bytes, "ctas_per_sm",
                              int_or_null(p->ctas_per_sm));
        if (l && p->launch_symbol[0])
            json_object_set_new(l, "symbol", json_string(p->launch_symbol));
        if (l && p->sass_total > 0)
            json_object_set_new(l, "sass", sass_json(p));
        json_object_set_new(res, "launch", l);
    }
    json_object_set_new(o, "resources", res);
    if (p->judged[0]) { /* the verdict this run gave it, with what changed inside */
        json_t *j = json_pack("{s:s, s:f, s:s}", "verdict", p->judged, "change_pct",
                              p->judged_change_pct, "inside", p->judged_inside);
        if (j && p->judged_counters[0])
            json_object_set_new(j, "counters", json_string(p->judged_counters));
        json_object_set_new(o, "judged", j);
    }
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

json_t *device_json(const struct device_info *d)
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
            json_t *o = json_pack("{s:s, s:i, s:s, s:{s:f, s:f, s:s}}", "name", k->name, "level",
                                  k->level, "technique", k->technique, "expected", "low_pct",
                                  k->expected_low_pct, "high_pct", k->expected_high_pct,
                                  "source", k->expected_source);
            if (o && k->not_run[0])
                json_object_set_new(o, "not_run", json_string(k->not_run));
            json_array_append_new(kernels, o);
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

char *results_device_text(const struct device_info *d)
{
    json_t *root = json_pack("{s:o}", "device", device_json(d));
    char *text = root ? json_dumps(root, JSON_COMPACT | JSON_REAL_PRECISION(10)) : NULL;
    json_decref(root);
    return text;
}
