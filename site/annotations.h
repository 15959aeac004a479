/* annotations.h: the committed, reviewed notes on the history (site/annotations.json by
 * default): a change to mark on the charts, or a regression (or a step) acknowledged or
 * expected, with who and why. Read once, every field validated; the site then marks
 * those runs and shows such regressions as triaged instead of open (docs/HISTORY.md).
 *
 *   {"schema": "sgemm-bench-annotations/1",
 *    "annotations": [{"gpu": "nvidia-h100-80gb-hbm3" or "*", "commit": "640f276",
 *                     "kernel": "level6_tuned" (optional), "shape": "4096x4096x4096"
 *                     (optional), "state": "note" | "acknowledged" | "expected",
 *                     "who": "...", "why": "...", "evidence": "lab/evidence/<ID>"
 *                     (optional: the committed files that back it, a path in the
 *                     repository, linked from the site)}]}
 */
#ifndef SGEMM_BENCH_SITE_ANNOTATIONS_H
#define SGEMM_BENCH_SITE_ANNOTATIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "runner/results.h"

enum annotation_state { ANN_NOTE, ANN_ACKNOWLEDGED, ANN_EXPECTED };

struct annotation {
    char gpu[RS_SHORT];    /* a slug, or "*" for every GPU */
    char commit[48];       /* 7 to 40 lower-case hex digits: a prefix of the run's commit */
    char kernel[RS_SHORT]; /* "" for every kernel */
    int m, n, k;           /* 0 for every shape */
    enum annotation_state state;
    char who[RS_SHORT], why[RS_TEXT];
    char evidence[256]; /* "" or a path in the repository: [A-Za-z0-9._/-], no "..", relative */
};

struct annotations {
    struct annotation *list;
    size_t n;
};

/* Reads `path`. A missing file is no annotations (0). Returns 0, or -1 with a message in
 * err naming the file and the entry when it cannot be read or an entry is malformed (the
 * caller skips the whole file: a half-read triage list would show open regressions as
 * triaged or the reverse). */
int annotations_read(const char *path, struct annotations *a, char *err, size_t errlen);
void annotations_free(struct annotations *a);

/* The first annotation for GPU `slug` and commit `commit` (a full or long id) that covers
 * kernel at m x n x k (kernel NULL: only those on the whole run), of a triage state
 * (acknowledged, expected) when `triage`, or NULL. */
const struct annotation *annotations_find(const struct annotations *a, const char *slug,
                                          const char *commit, const char *kernel, int m, int n,
                                          int k, bool triage);

const char *annotation_state_name(enum annotation_state s);

/* True when a is about the run of commit `commit` on GPU `slug`. */
bool annotation_on_run(const struct annotation *a, const char *slug, const char *commit);
/* True when a covers kernel at m x n x k: it names no kernel, or that kernel and no shape
 * or that shape. */
bool annotation_covers(const struct annotation *a, const char *kernel, int m, int n, int k);

#endif
