/* cli.h: the sweep's command line (DESIGN.md, "Targets and flags"). */
#ifndef SGEMM_BENCH_RUNNER_CLI_H
#define SGEMM_BENCH_RUNNER_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "kernels/family.h"

enum { CLI_MAX_SHAPES = 64, CLI_MAX_KERNELS = 96, CLI_MAX_DIM = 1 << 20, CLI_MAX_GPU = 63, CLI_MAX_SMS = 1024 };
/* Memory shapes: rows and cols up to 2^16 (the naive transpose's grid has rows / 8 blocks
 * in y, at most 65535), at most 2^28 elements (the largest memory shape of the full profile: 1 GiB
 * of floats, 4 GiB of structs). */
enum { CLI_MAX_MEMORY_DIM = 1 << 16, CLI_MAX_MEMORY_ELEMENTS = 1 << 28 };

/* A shape of one family (kernels/sgemm.h's enum kernel_family): M x N x K for sgemm,
 * rows x cols for memory (k is 1). */
struct shape {
    int m, n, k;
    enum kernel_family family;
};

/* What the parser needs to know of a kernel: the registry, by value, so tests can pass
 * their own list. */
struct kernel_ref {
    const char *name;
    int level;
    enum kernel_family family;
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
    int gpu;                      /* --gpu: the one GPU to use; -1 when not given */
    bool explain;                 /* A/B mode: flagged points profiled under ncu */
    bool sass;                    /* each point's kernel's SASS mix in the results */
    const char *levels;           /* --levels as given, or NULL (all) */
    const char *family;           /* --family as given, or NULL (all) */
    struct shape explain_plan;    /* --explain-plan MxNxK; m 0 when not given */
    int explain_sms;              /* --sms: its SM count (default 132) */
    bool explain_unaligned;       /* --unaligned: B's and C's rows N floats apart */
};

/* Parses argv[1..argc). kernels[0..n_kernels) is the registry. Returns 0, or 2 (bad usage)
 * with a one-line message naming the problem in err[errlen]. Shapes: --sizes and --shape
 * replace the profile's, of both families: --shape MxNxK is a GEMM, --shape RxC a memory
 * shape, --sizes N both (N^3 and N x N). A family given no shape runs none. Kernels:
 * --family keeps one family's; --levels numbers pick GEMM levels, names any kernel. */
int cli_parse(int argc, char **argv, const struct kernel_ref *kernels, int n_kernels,
              struct sweep_options *opts, char *err, size_t errlen);

/* Whether --levels and --family, as o holds them, pick a kernel of that family, level and
 * name: the same rules cli_parse applies to the registry, for a kernel the registry may
 * lack (a baseline's or an A/B base's, deleted or renamed since). */
bool cli_selects(const struct sweep_options *o, enum kernel_family family, int level,
                 const char *name);

/* The shapes of a profile, GEMM then memory ("quick": 1024, 2048, 4096 cubed and 4096^2; "full": 256..8192 by powers of two plus 1000^3, 4097x129x65 and 1x1x1, and
 * memory from 2^20 to 2^28 elements plus odd sides; "llm": transformer GEMMs only).
 * Returns the count written to out[cap], or -1 for an unknown profile. */
int cli_profile_shapes(const char *profile, struct shape *out, int cap);

/* A kernel's compute capabilities (major * 10 + minor; max_cc 0: no highest) as --list
 * shows them: "8.0+", "9.0 only", "8.0-9.0". */
void cli_cc_range(int min_cc, int max_cc, char *out, size_t cap);

/* Whether a GPU of compute capability cc cannot run a kernel of [min_cc, max_cc]; if so,
 * why, for the message and the results' kernel table ("needs compute capability 9.0
 * exactly; this GPU has 8.0"). */
bool cli_cc_refuses(int min_cc, int max_cc, int cc, char *why, size_t cap);

/* The --help text. */
const char *cli_usage(void);

#endif
