/* cli.h: the sweep's command line (DESIGN.md, "Targets and flags"). */
#ifndef SGEMM_BENCH_RUNNER_CLI_H
#define SGEMM_BENCH_RUNNER_CLI_H

#include <stdbool.h>
#include <stddef.h>

enum { CLI_MAX_SHAPES = 64, CLI_MAX_KERNELS = 32, CLI_MAX_DIM = 1 << 20 };

struct shape {
    int m, n, k;
};

/* What the parser needs to know of a kernel: the registry, by value, so tests can pass
 * their own list. */
struct kernel_ref {
    const char *name;
    int level;
};

struct sweep_options {
    const char *profile;          /* "quick" or "full" */
    struct shape shapes[CLI_MAX_SHAPES];
    int n_shapes;
    bool selected[CLI_MAX_KERNELS]; /* by index into the kernel list */
    const char *out;              /* NULL: results/<slug>-<utc>.json */
    const char *baseline;         /* "auto", "none" or a path */
    const char *summary;          /* Markdown verdict file, or NULL */
    bool update_baseline, list, help;
    unsigned long long seed;
    double threshold_pct;         /* --threshold, percent of pct_cublas; 0 when not given */
    double time_cap_s;            /* sampling time per point */
    int watchdog_s;               /* seconds without progress before a level is killed */
    int reruns;                   /* re-measurements of flagged points */
    const char *against;          /* A/B mode: the base build's sweep binary, or NULL */
    int rounds;                   /* A/B mode: base/head process pairs per level (>= 2) */
};

/* Parses argv[1..argc). kernels[0..n_kernels) is the registry. Returns 0, or 2 (bad usage)
 * with a one-line message naming the problem in err[errlen]. Shapes: --sizes and --shape
 * replace the profile's; each dimension must be in [1, CLI_MAX_DIM]. */
int cli_parse(int argc, char **argv, const struct kernel_ref *kernels, int n_kernels,
              struct sweep_options *opts, char *err, size_t errlen);

/* The shapes of a profile ("quick": 1024, 2048, 4096; "full": 256..8192 by powers of two
 * plus 1000^3, 4097x129x65 and 1x1x1). Returns the count written to out[cap], or -1 for an
 * unknown profile. */
int cli_profile_shapes(const char *profile, struct shape *out, int cap);

/* The --help text. */
const char *cli_usage(void);

#endif
