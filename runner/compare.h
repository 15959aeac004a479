/* compare.h: the verdict module: every rule that turns two measurements of a point into
 * a verdict lives here (sweep, compare and the site only call it).
 *
 * Primary metric: pct_cublas (cuBLAS timed in the same run cancels clock and thermal
 * drift). delta = (cur - base) / base, in percent. noise = the root sum of squares of the
 * four rel_noise figures behind the two ratios (kernel and cuBLAS, both sides) and, in
 * A/B mode, of each side's spread between its rounds (round_spread), in percent.
 * The threshold t is, in this order: the explicit --threshold flag, the baseline's
 * per-kernel override, the baseline's default, COMPARE_DEFAULT_THRESHOLD_PCT.
 * A point is
 *   INFO       when its work is under COMPARE_MIN_GFLOP (sgemm) or its size under
 *              COMPARE_MIN_MEMORY_ELEMENTS (memory): at such sizes the % of the reference
 *              measures launch latency, not the kernel; shown, never failing;
 *   REGRESSED  when -delta > t AND -delta > noise,
 *   IMPROVED   when  delta > t AND  delta > noise,
 *   PASS       otherwise (a change inside the threshold or the noise is no change);
 *              also when the kernel's own GFLOP/s does not back the flag (it moved the
 *              other way, or by less than COMPARE_OWN_SHARE of delta): then the
 *              reference moved, not the kernel,
 *   INVALID    when the current point is not valid,
 *   MISSING    in the reference only; NEW in the results only (or no valid reference);
 *   INCONCLUSIVE when re-measurements of a REGRESSED point disagree (compare_resolve).
 * The smallest change a row could have flagged is max(t, noise): `detectable_pct`.
 *
 * A baseline with a set of runs (results.h, baseline_runs) judges each point against
 * the runs' median (center) with its own tolerance:
 *   spread    = (max - min) / center over the runs that hold the point, in percent;
 *   tolerance = max(t, COMPARE_SPREAD_FACTOR x spread)   (t as above, without the flag);
 * an explicit --threshold replaces the tolerance. The set should hold at least
 * COMPARE_MIN_RUNS runs from COMPARE_MIN_GPUS distinct gpu_ids: with fewer, the spread
 * between machines is not known, and the comparison says so in a warning. */
#ifndef SGEMM_BENCH_RUNNER_COMPARE_H
#define SGEMM_BENCH_RUNNER_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "runner/results.h"

/* The regression threshold (percent of pct_cublas) when neither a flag nor the baseline
 * sets one. */
#define COMPARE_DEFAULT_THRESHOLD_PCT 3.0

/* Points with less work (2mnk FLOP) than this are INFO. 1 GFLOP is ~20 us on an H100 at
 * cuBLAS's rate: launch latency (~3-5 us) is then a large share of both timings. */
#define COMPARE_MIN_GFLOP 1.0
/* Memory points under this many elements are INFO: 4M elements move 32 MB or more, ~10 us
 * at an H100's copy bandwidth, where launch latency is still a fair share. */
#define COMPARE_MIN_MEMORY_ELEMENTS 4000000.0

/* With 2-3 runs the range underestimates the spread of the model's population of GPUs;
 * 1.5 x the range covers a new GPU that lands up to a quarter-range outside the set. */
#define COMPARE_SPREAD_FACTOR 1.5
/* The share of a flagged change of the % of cuBLAS that the kernel's own GFLOP/s must show,
 * in the same direction, for the flag to stand. Same-commit runs on H100s show the kernel's
 * own rate steady to ~0.1% in A/B and within -4.7..+1.3% against another GPU's baseline,
 * while cuBLAS's moves 3-130% between processes at some shapes (docs/GATE.md). A half
 * leaves room for clocks that differ between the two measurements. */
#define COMPARE_OWN_SHARE 0.5
#define COMPARE_MIN_RUNS 3
#define COMPARE_MIN_GPUS 2

enum verdict { V_PASS, V_IMPROVED, V_REGRESSED, V_INCONCLUSIVE, V_MISSING, V_NEW, V_INVALID,
               V_INFO, V_COUNT };

struct point_verdict {
    char kernel[RS_SHORT];
    bool memory; /* of the memory family: the shape is rows x cols, rates GB/s */
    int level, m, n, k;
    enum verdict verdict;
    double base_pct, cur_pct, delta_pct, noise_pct, threshold_pct;
    double detectable_pct; /* max(threshold, noise): the smallest change it could flag */
    double base_gflops, cur_gflops;
    char note[160]; /* what else the row needs said (an error text: its first 159 bytes) */
};

enum { CMP_MAX_WARNINGS = 16 };

struct comparison {
    struct point_verdict *rows;
    size_t n_rows;
    int counts[V_COUNT];
    int n_warnings;
    char warnings[CMP_MAX_WARNINGS][RS_TEXT];
    char base_label[RS_TEXT], cur_label[RS_TEXT];
    bool ab; /* head against base, measured alternately in one job */
};

struct compare_options {
    double flag_threshold_pct; /* --threshold; 0 when not given */
    bool ab;                   /* A/B mode: labels say base and head */
};

const char *verdict_name(enum verdict v);

/* Judges one point pair with threshold t (percent); round_spread of each point (A/B
 * rounds, relative) adds to the noise. */
enum verdict compare_point(const struct result_point *base, const struct result_point *cur,
                           double threshold_pct, double *delta_pct, double *noise_pct);

/* The threshold for `kernel` by the precedence above. */
double compare_threshold(const struct results *base, const char *kernel, double flag_pct);

/* A point's reference in a baseline's run set. n: how many runs hold it (0: none). */
struct point_reference {
    double center_pct, spread_pct, tolerance_pct;
    int n;
};

/* The reference of (kernel, m, n, k) in base's runs, with threshold t_pct. */
struct point_reference compare_reference(const struct results *base, const char *kernel, int m,
                                         int n, int k, double t_pct);

/* Distinct gpu_ids among base's runs ("unknown" not counted). */
int compare_distinct_gpus(const struct results *base);

/* True when the point is launch-bound by the rule above (its verdict is INFO). */
bool compare_is_informational(const struct result_point *p);

/* Why such a point is not judged: "under 1 GFLOP" or "under 4M elements". Static text. */
const char *compare_informational_why(const struct result_point *p);

/* Compares every point. Returns 0; or 2 with a message in err when the files come from
 * different GPU models or share no point ("nothing to compare"); 4 when out of memory.
 * out is owned by the caller: compare_free() it. */
int compare_results(const struct results *base, const struct results *cur,
                    const struct compare_options *opt, struct comparison *out, char *err,
                    size_t errlen);

/* Drops the MISSING rows for which wanted(row, ctx) is false (points a run did not set
 * out to measure), then recounts. */
void compare_keep_missing(struct comparison *c, bool (*wanted)(const struct point_verdict *, void *),
                          void *ctx);

/* The verdict of a REGRESSED point re-measured n times, of which n_regressed regressed:
 * all of them: REGRESSED; none: median_verdict (the verdict of the median re-measure);
 * some: INCONCLUSIVE. n == 0 (re-measuring failed): REGRESSED stands. */
enum verdict compare_resolve(int n, int n_regressed, enum verdict median_verdict);

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
