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
    size_t n_skipped; /* files and directories passed over, each named on stderr */
};

/* Loads every run under root. What cannot be loaded (a bad or unreadable file, a FIFO, a
 * directory whose name is not a slug) is skipped and named on stderr with the reason, and
 * counted in n_skipped (a bad file must not take the dashboard down). Returns 0, or -1 with a message
 * when root cannot be read. */
int history_load(const char *root, struct history *h, char *err, size_t errlen);
void history_free(struct history *h);

/* 1 when c is a commit id: 7 to 40 lower-case hex digits. */
int history_commit_ok(const char *c);

/* The store name of run r, "<slug>/<YYYYMMDDTHHMMSSZ>-<commit, 12 digits>.json", built only
 * from validated, re-formatted fields (device.slug, run.utc, commit). Returns 0, or -1 with
 * a message naming the bad field. */
int history_store_name(const struct results *r, const char *commit, char *out, size_t cap,
                       char *err, size_t errlen);

/* Adds results file `src` (a regular file) to the store under root: its bytes, validated,
 * copied, fsynced and linked into place under the store's flock; never replacing a file.
 * commit (or NULL: the file's run.commit) names it. The same bytes again: *already = 1,
 * out_path names the stored file. Another run under the same name: 2. Temporary files of
 * dead publishers are removed first. Returns 0, or 2 with a message. */
int history_publish(const char *root, const char *src, const char *commit, int *already,
                    char *out_path, size_t out_cap, char *err, size_t errlen);

#endif
