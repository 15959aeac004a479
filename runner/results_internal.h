/* results_internal.h: what the parts of the results module share, and nothing outside it
 * uses (runner/results.c the model, results_write.c, results_read.c, results_stream.c).
 * Conventions as in results.h: readers return 0, or -1 with the message in the rd's err. */
#ifndef SGEMM_BENCH_RUNNER_RESULTS_INTERNAL_H
#define SGEMM_BENCH_RUNNER_RESULTS_INTERNAL_H

#include <jansson.h>
#include <stddef.h>

#include "runner/results.h"

/* The file's names of a point's reference time, rates and % of the reference: sgemm's keep
 * their /1 names, memory's say GB/s and the copy. */
struct family_keys {
    const char *family, *ref_time, *rate, *ref_rate, *pct; /* pct NULL: pct_ref only */
};

/* The keys of family f, or NULL when this version does not know it. */
const struct family_keys *family_keys(const char *f);

/* The "device" object of a results file (a new reference: the caller owns it). */
json_t *device_json(const struct device_info *d);

/* A reader's context: what it reads (for messages) and where the first error goes. */
struct rd {
    const char *label;
    char *err;
    size_t errlen;
};

/* Writes "<label>: field '<field>': <fmt...>" into c->err; returns -1. */
int rd_fail(struct rd *c, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Field readers: each checks one member of obj (its type, range and length) into *out. */
int get_str(struct rd *c, json_t *obj, const char *parent, const char *key, char *out,
            size_t cap, bool optional);
int read_point(struct rd *c, json_t *o, const char *f, struct result_point *p, char *error);
int read_run(struct rd *c, json_t *root, struct run_info *run);
int read_device(struct rd *c, json_t *root, struct device_info *d);
int read_conditions(struct rd *c, json_t *root, struct conditions *cond);
int read_kernels(struct rd *c, json_t *root, struct results *r);
int read_thresholds(struct rd *c, json_t *root, struct results *r);
int read_runs(struct rd *c, json_t *root, struct results *r);

#endif
