/* history.h: the history store of DESIGN.md, <root>/<gpu-slug>/<utc>-<sha12>.json, one
 * results file per published commit. */
#ifndef SGEMM_BENCH_SITE_HISTORY_H
#define SGEMM_BENCH_SITE_HISTORY_H

#include <stddef.h>

#include "runner/results.h"

struct run {
    char id[96]; /* file name without .json: "<utc>-<sha12>", the commit page's name */
    struct results res;
};

struct gpu_history {
    char slug[RS_SHORT];
    struct run *runs; /* oldest first */
    size_t n_runs;
};

struct history {
    struct gpu_history *gpus; /* sorted by slug */
    size_t n_gpus;
};

/* The id a run gets in the store: "20261121T053528Z-<first 12 of commit>" from run.utc
 * and run.commit (non-hex characters of the commit folded to '0'). */
void history_run_id(const struct results *r, char *out, size_t cap);

/* Loads every run under root. Files that fail to load are skipped with a warning on
 * stderr (a bad file must not take the dashboard down). Returns 0, or -1 with a message
 * when root cannot be read. */
int history_load(const char *root, struct history *h, char *err, size_t errlen);
void history_free(struct history *h);

/* Adds results file `src` to the store under root atomically. Already published for the
 * same GPU and commit: leaves the store as it is and sets *already. Returns 0, or 2 with a
 * message naming the problem (malformed results, unwritable store). */
int history_publish(const char *root, const char *src, int *already, char *out_path,
                    size_t out_cap, char *err, size_t errlen);

#endif
