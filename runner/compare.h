/* compare.h: the regression verdict of a results file against a baseline (DESIGN.md).
 *
 * Primary metric: pct_cublas (cuBLAS timed in the same run cancels clock and thermal
 * drift). delta = (cur - base) / base, in percent. noise = the root sum of squares of
 * the four rel_noise figures behind the two ratios (kernel and cuBLAS, both runs), in
 * percent. A point
 *   REGRESSED  when -delta > threshold AND -delta > noise,
 *   IMPROVED   when  delta > threshold AND  delta > noise,
 *   PASS       otherwise (a change inside the threshold or the noise is no change),
 *   INVALID    when the current point is not valid,
 *   MISSING    in the baseline only; NEW in the results only;
 *   INCONCLUSIVE is set by the sweep when re-measurements of a flagged point disagree.
 * The threshold is the baseline's per-kernel override, else its default, else the
 * caller's. */
#ifndef SGEMM_BENCH_RUNNER_COMPARE_H
#define SGEMM_BENCH_RUNNER_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "runner/results.h"

/* The regression threshold (percent of pct_cublas) when neither a flag nor the baseline
 * sets one. */
#define COMPARE_DEFAULT_THRESHOLD_PCT 3.0

enum verdict { V_PASS, V_IMPROVED, V_REGRESSED, V_INCONCLUSIVE, V_MISSING, V_NEW, V_INVALID, V_COUNT };

struct point_verdict {
    char kernel[RS_SHORT];
    int level, m, n, k;
    enum verdict verdict;
    double base_pct, cur_pct, delta_pct, noise_pct, threshold_pct;
    double base_gflops, cur_gflops;
    char note[RS_TEXT];
};

enum { CMP_MAX_WARNINGS = 16 };

struct comparison {
    struct point_verdict *rows;
    size_t n_rows;
    int counts[V_COUNT];
    int n_warnings;
    char warnings[CMP_MAX_WARNINGS][RS_TEXT];
    char base_label[RS_TEXT], cur_label[RS_TEXT];
};

const char *verdict_name(enum verdict v);

/* Judges one point pair with threshold t (percent). */
enum verdict compare_point(const struct result_point *base, const struct result_point *cur,
                           double threshold_pct, double *delta_pct, double *noise_pct);

/* The threshold for `kernel`: base's override, base's default, else fallback. */
double compare_threshold(const struct results *base, const char *kernel, double fallback);

/* Compares every point. Returns 0, or 2 with a message in err when the files come from
 * different GPUs. out is owned by the caller: compare_free() it. */
int compare_results(const struct results *base, const struct results *cur, double threshold_pct,
                    struct comparison *out, char *err, size_t errlen);

/* Recounts out->counts from the rows (after a caller changed verdicts). */
void compare_recount(struct comparison *c);

void compare_free(struct comparison *c);

/* 3 if any INVALID, else 1 if any REGRESSED, else 5 if any INCONCLUSIVE, else 0. */
int compare_exit_code(const struct comparison *c);

/* The aligned verdict table and a one-line summary. */
void compare_print_table(FILE *f, const struct comparison *c);

/* The same as a Markdown document (for $GITHUB_STEP_SUMMARY). */
void compare_print_markdown(FILE *f, const struct comparison *c);

/* GitHub Actions annotation lines (::error / ::warning) for regressions, invalid points
 * and environment warnings. */
void compare_print_annotations(FILE *f, const struct comparison *c);

/* Writes the Markdown to --summary FILE (atomically, replacing it) and appends it to
 * $GITHUB_STEP_SUMMARY when that is set. Returns 0, or -1 with a message in err. */
int compare_publish(const struct comparison *c, const char *summary_path, char *err,
                    size_t errlen);

#endif
