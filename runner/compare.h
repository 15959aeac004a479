/* compare.h: the verdict module: every rule that turns two measurements of a point into
 * a verdict lives here (sweep, compare and the site only call it). docs/GATE.md gives the
 * reasons and the measurements behind each rule.
 *
 * Three outcomes, in both modes: REGRESSED when the change is past the threshold and the
 * evidence rules out no change; PASS when the evidence rules out a drop past the threshold;
 * otherwise INCONCLUSIVE (the sweep measures more, then it stands: exit 5). A PASS is never
 * given to a drop that the noise leaves possible.
 *
 * A/B mode (compare_ab; both points carry paired rounds): the metric is the kernel's OWN
 * time. Round r gives x_r = 100 ln(base_ms_r / head_ms_r), the log change of the head's
 * rate in percent. Over n rounds, mean x and its standard error se (the rounds' standard
 * deviation, never under the rounds' own timing noise) give Student-t intervals with n - 1
 * degrees of freedom:
 *   REGRESSED  x < ln(1 - t) and x + q(1 - COMPARE_ALPHA_FLAG) se < 0,
 *   IMPROVED   x > ln(1 + t) and x - q(1 - COMPARE_ALPHA_FLAG) se > 0,
 *   PASS       otherwise when x - q(1 - COMPARE_ALPHA_PASS) se > ln(1 - t),
 *   INCONCLUSIVE otherwise.
 * The reference (cuBLAS, or the copy for memory kernels) is the control: the same code on
 * both sides, so when it moved the way the kernel did, by at least COMPARE_OWN_SHARE of the
 * kernel's change, and significantly (the flag's interval excludes 0), the machine moved
 * between the sides: a flag becomes INCONCLUSIVE.
 *
 * Absolute mode (compare_point; against a baseline, or one run against another): the
 * metric is pct_ref, the % of the reference timed in the same run, which makes GPUs of a
 * model comparable. delta = (cur - base) / base in percent; noise = the root sum of squares
 * of the four timings' rel_noise (95% half-widths). The threshold t is, in this order: the
 * --threshold flag, the baseline's per-kernel override, the baseline's default,
 * COMPARE_DEFAULT_THRESHOLD_PCT; a run set's tolerance replaces the last three (below).
 *   REGRESSED  -delta > t and -delta > noise, and the kernel's own rate backs it (moved the
 *              same way by at least COMPARE_OWN_SHARE of delta; else the reference moved:
 *              PASS with a note),
 *   IMPROVED   the same, upward,
 *   PASS       otherwise when delta - noise > -t,
 *   INCONCLUSIVE otherwise.
 * Either mode:
 *   INFO       when the kernel's own median time is under COMPARE_MIN_TIME_US on both
 *              sides: there, launch and timing overheads are the measurement; shown,
 *              never failing,
 *   INVALID    when the current point is not valid,
 *   MISSING    in the reference only; NEW in the results only (or no valid reference).
 * The smallest drop a row could have flagged is max(t, noise): `detectable_pct` (noise is
 * the flag-level half-width in A/B mode).
 *
 * A baseline with a set of runs (results.h, baseline_runs) judges each point against
 * the runs' median (center) with its own tolerance:
 *   spread    = (max - min) / center over the runs that hold the point, in percent;
 *   tolerance = max(t, COMPARE_SPREAD_FACTOR x spread)   (t as above, without the flag);
 * an explicit --threshold replaces the tolerance. The center is a median of n runs, so its
 * timing noise is that of one run (the newest, whose points the file holds) times
 * COMPARE_MEDIAN_SE / sqrt(n) (at most 1): the two baseline terms of `noise` shrink so.
 * The set should hold at least
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

/* Points whose kernel takes less than this (median own time, both sides) are INFO. */
#define COMPARE_MIN_TIME_US 5.0

/* A/B mode's one-sided error rates. A flag: per point and per look (the sweep looks up to 3
 * times): a quick check judges ~40 points and a full one ~100, so a run's chance of one
 * false flag is at most ~100 x 3 x 1e-4 = 3%, before the threshold, which a real change
 * must also pass, makes it far smaller (Bonferroni over points and looks). A PASS: the
 * chance that a drop of exactly the threshold passes, per look. */
#define COMPARE_ALPHA_FLAG 1e-4
#define COMPARE_ALPHA_PASS 0.05
/* A/B's sequential design: an INCONCLUSIVE point gets this many more rounds a look (the
 * sweep's --reruns looks, 2 by default: 2, 5, then 8 rounds a side). */
#define COMPARE_LOOK_ROUNDS 3

/* With 2-3 runs the range underestimates the spread of the model's population of GPUs;
 * 1.5 x the range covers a new GPU that lands up to a quarter-range outside the set. */
#define COMPARE_SPREAD_FACTOR 1.5
/* The share of a flagged change of the % of cuBLAS that the kernel's own GFLOP/s must show,
 * in the same direction, for the flag to stand. Same-commit runs on H100s show the kernel's
 * own rate steady to ~0.1% in A/B and within -4.7..+1.3% against another GPU's baseline,
 * while cuBLAS's moves 3-130% between processes at some shapes (docs/GATE.md). A half
 * leaves room for clocks that differ between the two measurements. */
#define COMPARE_OWN_SHARE 0.5
/* The standard error of a median over that of a mean, sqrt(pi / 2): the center of n runs
 * is known to 1.2533 / sqrt(n) of one run's half-width. */
#define COMPARE_MEDIAN_SE 1.2533
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
    /* REGRESSED, IMPROVED, INCONCLUSIVE: what differs inside the kernel between the two
     * sides, as the results record it (registers, static shared memory, local memory, the
     * workspace it asked for; and, when both sides noted their launch, which kernel ran,
     * its grid, block, dynamic shared memory and CTAs per SM), or "same ..." when nothing
     * does; in A/B mode, then the SASS of both (sweep.c, explain_code); "" for the other
     * verdicts, or when a side does not record it. */
    char inside[512];
    /* A/B mode with --explain: the kernel's hardware counters, base -> head, from ncu
     * (sweep.c, explain_counters), or why they were not read; "" otherwise. */
    char counters[640];
};

enum { CMP_MAX_WARNINGS = 16, CMP_MAX_MISSING = 64 };

struct comparison {
    struct point_verdict *rows;
    size_t n_rows;
    int counts[V_COUNT];
    int n_warnings;
    char warnings[CMP_MAX_WARNINGS][RS_TEXT];
    char base_label[RS_TEXT], cur_label[RS_TEXT];
    bool ab; /* head against base, measured alternately in one job */
    /* Kernels the reference measured and the results lack altogether (every row of theirs
     * MISSING, or named by compare_add_missing_kernel): a deleted or renamed kernel.
     * compare_recount recomputes them from the rows. */
    int n_missing_kernels;
    char missing_kernels[CMP_MAX_MISSING][RS_SHORT];
    int missing_kernels_extra; /* those beyond CMP_MAX_MISSING, counted only */
    int n_named_missing;       /* compare_add_missing_kernel's, kept across recounts */
    char named_missing[CMP_MAX_MISSING][RS_SHORT];
};

struct compare_options {
    double flag_threshold_pct; /* --threshold; 0 when not given */
    bool ab;                   /* A/B mode: labels say base and head */
};

const char *verdict_name(enum verdict v);

/* True for the judged changes: REGRESSED, IMPROVED, INCONCLUSIVE (the rows that say what
 * changed inside the kernel). */
bool verdict_is_change(enum verdict v);

/* Judges one point pair in absolute mode with threshold t (percent). */
enum verdict compare_point(const struct result_point *base, const struct result_point *cur,
                           double threshold_pct, double *delta_pct, double *noise_pct);

/* What compare_ab found. Percentages of the head's rate against the base's. */
struct ab_evidence {
    int n;               /* paired rounds */
    double change_pct;   /* the kernel's own rate: 100 (exp(x / 100) - 1) */
    double flag_pct;     /* half-width of the flag's interval (log percent) */
    double pass_low_pct; /* the lower end of the PASS interval (log percent) */
    double control_pct;  /* the reference's own rate, likewise */
    bool control_moved;  /* the reference moved with the kernel (a flag became INCONCLUSIVE) */
};

/* Judges one A/B point from the paired rounds of base and head (A/B mode above). Needs
 * at least 2 valid paired rounds: otherwise it returns compare_point's verdict. */
enum verdict compare_ab(const struct result_point *base, const struct result_point *head,
                        double threshold_pct, struct ab_evidence *ev);

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

/* True when the point's kernel takes under COMPARE_MIN_TIME_US (one side of INFO's rule;
 * the site uses it alone). */
bool compare_is_informational(const struct result_point *p);

/* Why such a point is not judged. Static text. */
const char *compare_informational_why(const struct result_point *p);

/* The row a comparison of base with a file holding point p gives it: its verdict, the
 * numbers and notes beside it. Returns whether base holds the point (false: NEW, or
 * INVALID when p is). compare_results makes each of its rows with it. */
bool compare_row(const struct results *base, const struct result_point *p,
                 const struct compare_options *opt, struct point_verdict *out);

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

/* Absolute mode: the verdict of a REGRESSED or INCONCLUSIVE point re-measured n times, of
 * which n_regressed regressed: all of them: REGRESSED; none: median_verdict (the verdict
 * of the median re-measure); some: INCONCLUSIVE. n == 0 (re-measuring failed): REGRESSED
 * stands. */
enum verdict compare_resolve(int n, int n_regressed, enum verdict median_verdict);

/* Recounts out->counts from the rows (after a caller changed verdicts), and the missing
 * kernels: those whose rows are all MISSING, with the ones added by
 * compare_add_missing_kernel kept. */
void compare_recount(struct comparison *c);

/* Names a kernel the reference has and the results lack though no row says so (an A/B
 * base's kernel of a level the head no longer has). A name already listed is not added
 * twice. */
void compare_add_missing_kernel(struct comparison *c, const char *kernel);

void compare_free(struct comparison *c);

/* 3 if any INVALID, else 6 if a kernel is missing, else 1 if any REGRESSED, else 5 if any
 * INCONCLUSIVE, else 0. */
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
