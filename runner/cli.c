#include "runner/cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/compare.h"
#include "runner/exit_codes.h"

const char *cli_usage(void)
{
    return "usage: sweep [flags]\n"
           "  --profile quick|full|llm|coverage   shapes to run (default full; llm: the GEMMs of\n"
           "                         transformer inference and training; coverage: 63 GEMMs\n"
           "                         across level 6's classes and waves)\n"
           "  --family sgemm|memory|all   kernel families (default all)\n"
           "  --levels 0,3,5|all     GEMM levels (every variant of each) or kernel names\n"
           "  --sizes 1024,4096      square sizes (N^3 GEMMs, N x N memory); replace the\n"
           "                         profile's shapes\n"
           "  --shape MxNxK|RxC      one GEMM or one memory shape (repeatable); replaces the\n"
           "                         profile's shapes (a family given none runs none)\n"
           "  --out FILE             results file (default results/<gpu-slug>-<utc>.json)\n"
           "  --baseline FILE|auto|none   compare against (default auto:\n"
           "                         baselines/<gpu-slug>.json if present)\n"
           "  --update-baseline      add this run to baselines/<gpu-slug>.json (each kernel\n"
           "                         keeps its newest 8 runs: with --levels, those kernels\n"
           "                         are renewed and the others keep theirs)\n"
           "  --threshold PCT        regression threshold on %% of cuBLAS, 0 < PCT <= 100;\n"
           "                         overrides the baseline's (default: its own, else 3)\n"
           "  --summary FILE         also write the verdict as Markdown\n"
           "  --time-cap SECONDS     sampling time per point (default 0.4)\n"
           "  --watchdog SECONDS     kill a level that makes no progress (default 120)\n"
           "  --reruns N             re-measurements of a flagged or undecided point; A/B mode:\n"
           "                         more looks (3 rounds each) at undecided points (default 2)\n"
           "  --against BASE_SWEEP   A/B mode: judge this build against BASE_SWEEP (the base\n"
           "                         build's sweep binary), level processes alternating\n"
           "                         base, head, base, head, ... on this GPU (tools/ab.sh)\n"
           "  --rounds N             A/B mode: base/head pairs per level (default 2)\n"
           "  --gpu N                measure on GPU N only (nvidia-smi's index; with\n"
           "                         CUDA_VISIBLE_DEVICES set, its N-th entry): the sweep,\n"
           "                         its processes and an A/B base all see that GPU alone\n"
           "  --explain              A/B mode: profile each flagged point's kernel, base and\n"
           "                         head, under Nsight Compute (ncu, from PATH): duration,\n"
           "                         occupancy, throughput, stalls, bank conflicts, L2 and\n"
           "                         DRAM bytes beside the verdict (never changes it)\n"
           "  --sass                 record each point's kernel's SASS instruction mix\n"
           "                         (cuobjdump, from PATH) in the results\n"
           "  --seed N               input seed (default 1)\n"
           "  --list                 print the kernels and exit\n"
           "  --explain-plan MxNxK   print how each selected kernel that plans its launches\n"
           "                         (level6_tuned) would run MxNxK, and the rule that chose\n"
           "                         each launch; no GPU needed. With --sms N (default 132)\n"
           "                         and --unaligned (B's and C's rows N floats apart)\n"
           "exit: 0 ok, 1 regression, 2 bad usage/input, 3 wrong result, 4 environment,\n"
           "      5 inconclusive\n";
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return SB_EXIT_USAGE;
}

#define MEM FAMILY_MEMORY

int cli_profile_shapes(const char *profile, struct shape *out, int cap)
{
    static const struct shape quick[] = {
        {1024, 1024, 1024, 0}, {2048, 2048, 2048, 0}, {4096, 4096, 4096, 0},
        {4096, 4096, 1, MEM}, /* odd memory shapes: full profile and conformance */
    };
    /* Memory: 2^20 to 2^28 elements, square, then sides that are not multiples of 32 (or of
     * 4: 4099 x 1031 is an odd count, a float4 tail of 3). */
    static const struct shape full[] = {
        {256, 256, 256, 0},    {512, 512, 512, 0},    {1024, 1024, 1024, 0}, {2048, 2048, 2048, 0},
        {4096, 4096, 4096, 0}, {8192, 8192, 8192, 0}, {1000, 1000, 1000, 0}, {4097, 129, 65, 0},
        {1, 1, 1, 0},
        {1024, 1024, 1, MEM},  {2048, 2048, 1, MEM}, {4096, 4096, 1, MEM},
        {8192, 8192, 1, MEM},  {16384, 16384, 1, MEM}, {1000, 1000, 1, MEM},
        {4099, 1031, 1, MEM},  {1031, 4099, 1, MEM}, {1, 33, 1, MEM},
    };
    /* M x N x K of transformer inference and training: decode (M 1-32),
     * prefill and training blocks, skinny K and huge K, and one odd shape. */
    static const struct shape llm[] = {
        {1, 4096, 4096, 0},     {8, 4096, 4096, 0},     {16, 4096, 11008, 0},  {32, 11008, 4096, 0},
        {128, 4096, 4096, 0},   {512, 4096, 11008, 0},  {2048, 4096, 4096, 0}, {4096, 11008, 4096, 0},
        {4096, 4096, 11008, 0}, {4096, 4096, 128, 0},   {8192, 8192, 64, 0},   {512, 512, 512, 0},
        {1024, 1024, 1024, 0},  {64, 64, 65536, 0},     {33, 4096, 4100, 0},
    };
    /* Coverage: random shapes and every level-6 class boundary and wave count,
     * drawn by kernels/tuning/coverage.c (GEMM only). */
#include "runner/coverage_shapes.h"
    const struct shape *src;
    int n;
    if (strcmp(profile, "coverage") == 0) {
        src = coverage_shapes;
        n = (int)(sizeof coverage_shapes / sizeof coverage_shapes[0]);
    } else if (strcmp(profile, "llm") == 0) {
        src = llm;
        n = (int)(sizeof llm / sizeof llm[0]);
    } else if (strcmp(profile, "quick") == 0) {
        src = quick;
        n = (int)(sizeof quick / sizeof quick[0]);
    } else if (strcmp(profile, "full") == 0) {
        src = full;
        n = (int)(sizeof full / sizeof full[0]);
    } else {
        return -1;
    }
    if (n > cap)
        n = cap;
    memcpy(out, src, (size_t)n * sizeof *src);
    return n;
}

/* A decimal integer in [lo, hi] filling all of s. */
static int parse_long(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    if (!*s || *s == '+' || *s == ' ')
        return -1;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int parse_double(const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || errno || *end || !(v >= lo && v <= hi))
        return -1;
    *out = v;
    return 0;
}

static int add_shape(struct sweep_options *o, struct shape s, char *err, size_t errlen)
{
    if (o->n_shapes == CLI_MAX_SHAPES)
        return fail(err, errlen, "too many shapes (at most %d)", CLI_MAX_SHAPES);
    o->shapes[o->n_shapes++] = s;
    return 0;
}

/* The memory shape rows x cols, when inside the memory bounds. */
static int add_memory_shape(struct sweep_options *o, int rows, int cols, const char *what,
                            char *err, size_t errlen)
{
    if (rows > CLI_MAX_MEMORY_DIM || cols > CLI_MAX_MEMORY_DIM ||
        (long long)rows * cols > CLI_MAX_MEMORY_ELEMENTS)
        return fail(err, errlen, "%s: a memory shape has sides of at most %d and at most %d "
                                 "elements", what, CLI_MAX_MEMORY_DIM, CLI_MAX_MEMORY_ELEMENTS);
    return add_shape(o, (struct shape){rows, cols, 1, MEM}, err, errlen);
}

static int parse_dim(const char *s, int *out)
{
    long long v;
    if (parse_long(s, 1, CLI_MAX_DIM, &v))
        return -1;
    *out = (int)v;
    return 0;
}

static int parse_sizes(const char *list, struct sweep_options *o, char *err, size_t errlen)
{
    char buf[512], *save = NULL;
    if (snprintf(buf, sizeof buf, "%s", list) >= (int)sizeof buf)
        return fail(err, errlen, "--sizes: list too long");
    if (!buf[0] || buf[strlen(buf) - 1] == ',')
        return fail(err, errlen, "--sizes: empty size in '%s'", list);
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int s;
        if (parse_dim(tok, &s))
            return fail(err, errlen, "--sizes: '%s' is not a size in [1, %d]", tok, CLI_MAX_DIM);
        if (add_shape(o, (struct shape){s, s, s, 0}, err, errlen) ||
            (s <= CLI_MAX_MEMORY_DIM && (long long)s * s <= CLI_MAX_MEMORY_ELEMENTS &&
             add_memory_shape(o, s, s, "--sizes", err, errlen)))
            return SB_EXIT_USAGE;
    }
    return 0;
}

/* s as two or three dimensions joined by 'x' (RxC, MxNxK), each in [1, CLI_MAX_DIM], read
 * into dims[0..*n) through buf (size bytes): DIMS_OK; DIMS_LONG (s does not fit buf);
 * DIMS_FORM (not RxC or MxNxK); DIMS_BAD (*bad: the token of buf that is not a dimension). */
enum { DIMS_OK, DIMS_LONG, DIMS_FORM, DIMS_BAD };
static int split_dims(const char *s, char *buf, size_t size, int dims[3], int *n, const char **bad)
{
    char *save = NULL;
    *n = 0;
    if (snprintf(buf, size, "%s", s) >= (int)size)
        return DIMS_LONG;
    size_t x = 0;
    for (const char *p = s; *p; ++p)
        x += (*p == 'x');
    if (x != 1 && x != 2)
        return DIMS_FORM;
    for (char *tok = strtok_r(buf, "x", &save); tok && *n < 3; tok = strtok_r(NULL, "x", &save))
        if (parse_dim(tok, &dims[(*n)++])) {
            *bad = tok;
            return DIMS_BAD;
        }
    return *n == (int)x + 1 ? DIMS_OK : DIMS_FORM;
}

static int parse_shape(const char *s, struct sweep_options *o, char *err, size_t errlen)
{
    char buf[96];
    const char *bad = NULL;
    int dims[3], n;
    switch (split_dims(s, buf, sizeof buf, dims, &n, &bad)) {
    case DIMS_LONG:
        return fail(err, errlen, "--shape: '%s' is too long", s);
    case DIMS_FORM:
        return fail(err, errlen, "--shape: '%s' is not MxNxK (a GEMM) or RxC (memory)", s);
    case DIMS_BAD:
        return fail(err, errlen, "--shape: '%s' in '%s' is not a dimension in [1, %d]", bad, s,
                    CLI_MAX_DIM);
    }
    if (n == 2)
        return add_memory_shape(o, dims[0], dims[1], "--shape", err, errlen);
    return add_shape(o, (struct shape){dims[0], dims[1], dims[2], 0}, err, errlen);
}

/* --explain-plan MxNxK: exactly three dimensions. */
static int parse_explain_plan(const char *s, struct sweep_options *o, char *err, size_t errlen)
{
    char buf[96];
    const char *bad = NULL;
    int dims[3], n;
    const int r = split_dims(s, buf, sizeof buf, dims, &n, &bad);
    if (r == DIMS_LONG)
        return fail(err, errlen, "--explain-plan: '%s' is too long", s);
    if (r != DIMS_OK || n != 3)
        return fail(err, errlen, "--explain-plan: '%s' is not MxNxK, each in [1, %d]", s, CLI_MAX_DIM);
    o->explain_plan = (struct shape){dims[0], dims[1], dims[2], 0};
    return 0;
}

static int parse_levels(const char *list, const struct kernel_ref *kernels, int n_kernels,
                        struct sweep_options *o, char *err, size_t errlen)
{
    char buf[512], *save = NULL;
    memset(o->selected, 0, sizeof o->selected);
    if (strcmp(list, "all") == 0) {
        for (int i = 0; i < n_kernels; ++i)
            o->selected[i] = true;
        return 0;
    }
    if (snprintf(buf, sizeof buf, "%s", list) >= (int)sizeof buf)
        return fail(err, errlen, "--levels: list too long");
    if (!buf[0] || buf[strlen(buf) - 1] == ',')
        return fail(err, errlen, "--levels: empty entry in '%s'", list);
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        long long level;
        bool any = false;
        bool numeric = parse_long(tok, 0, 99, &level) == 0;
        for (int i = 0; i < n_kernels; ++i) {
            if (numeric ? kernels[i].family == FAMILY_SGEMM && kernels[i].level == level
                        : strcmp(kernels[i].name, tok) == 0) {
                o->selected[i] = true;
                any = true;
            }
        }
        if (!any)
            return fail(err, errlen, "--levels: unknown level or kernel '%s' (see --list)", tok);
    }
    return 0;
}

bool cli_selects(const struct sweep_options *o, enum kernel_family family, int level,
                 const char *name)
{
    if (o->family && strcmp(o->family, "all") != 0 &&
        (family == FAMILY_MEMORY) != (strcmp(o->family, "memory") == 0))
        return false;
    if (!o->levels || strcmp(o->levels, "all") == 0)
        return true;
    char buf[512], *save = NULL;
    if (snprintf(buf, sizeof buf, "%s", o->levels) >= (int)sizeof buf)
        return false;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        long long want;
        if (parse_long(tok, 0, 99, &want) == 0 ? family == FAMILY_SGEMM && level == want
                                              : strcmp(tok, name) == 0)
            return true;
    }
    return false;
}

static void set_defaults(struct sweep_options *o, int n_kernels)
{
    memset(o, 0, sizeof *o);
    o->profile = "full";
    o->baseline = "auto";
    o->seed = 1;
    o->threshold_pct = 0; /* not given */
    o->time_cap_s = 0.4;
    o->watchdog_s = 120;
    o->reruns = 2;
    o->rounds = 2;
    o->gpu = -1;
    o->explain_sms = 132;
    for (int i = 0; i < n_kernels && i < CLI_MAX_KERNELS; ++i)
        o->selected[i] = true;
}

/* The value of a flag that takes one, or NULL after reporting it missing. */
static const char *value_of(int argc, char **argv, int *i, char *err, size_t errlen)
{
    if (*i + 1 >= argc || argv[*i + 1][0] == '\0') {
        fail(err, errlen, "%s needs a value (see --help)", argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

int cli_parse(int argc, char **argv, const struct kernel_ref *kernels, int n_kernels,
              struct sweep_options *o, char *err, size_t errlen)
{
    bool explicit_shapes = false;
    const char *levels = NULL, *family = NULL;
    set_defaults(o, n_kernels);
    if (n_kernels > CLI_MAX_KERNELS)
        return fail(err, errlen, "too many kernels in the registry (%d)", n_kernels);
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *v;
        long long ll;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            o->help = true;
        } else if (strcmp(a, "--list") == 0) {
            o->list = true;
        } else if (strcmp(a, "--update-baseline") == 0) {
            o->update_baseline = true;
        } else if (strcmp(a, "--explain") == 0) {
            o->explain = true;
        } else if (strcmp(a, "--sass") == 0) {
            o->sass = true;
        } else if (strcmp(a, "--explain-plan") == 0) {
            if (!(v = value_of(argc, argv, &i, err, errlen)) ||
                parse_explain_plan(v, o, err, errlen))
                return SB_EXIT_USAGE;
        } else if (strcmp(a, "--sms") == 0) {
            if (!(v = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
            if (parse_long(v, 1, CLI_MAX_SMS, &ll))
                return fail(err, errlen, "--sms: '%s' is not a count of SMs in [1, %d]", v,
                            CLI_MAX_SMS);
            o->explain_sms = (int)ll;
        } else if (strcmp(a, "--unaligned") == 0) {
            o->explain_unaligned = true;
        } else if (strcmp(a, "--profile") == 0) {
            if (!(v = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
            if (strcmp(v, "quick") != 0 && strcmp(v, "full") != 0 && strcmp(v, "llm") != 0 &&
                strcmp(v, "coverage") != 0)
                return fail(err, errlen, "--profile: '%s' is not quick, full, llm or coverage", v);
            o->profile = v;
        } else if (strcmp(a, "--family") == 0) {
            if (!(family = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
            if (strcmp(family, "sgemm") != 0 && strcmp(family, "memory") != 0 &&
                strcmp(family, "all") != 0)
                return fail(err, errlen, "--family: '%s' is not sgemm, memory or all", family);
        } else if (strcmp(a, "--levels") == 0) {
            if (!(levels = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
        } else if (strcmp(a, "--sizes") == 0 || strcmp(a, "--shape") == 0) {
            if (!(v = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
            if (!explicit_shapes)
                o->n_shapes = 0;
            explicit_shapes = true;
            if ((a[2] == 's' && a[3] == 'i' ? parse_sizes(v, o, err, errlen)
                                            : parse_shape(v, o, err, errlen)))
                return SB_EXIT_USAGE;
        } else if (strcmp(a, "--out") == 0) {
            if (!(o->out = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
        } else if (strcmp(a, "--baseline") == 0) {
            if (!(o->baseline = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
        } else if (strcmp(a, "--summary") == 0) {
            if (!(o->summary = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(v = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
            if (parse_long(v, 0, (1LL << 62), &ll))
                return fail(err, errlen, "--seed: '%s' is not a non-negative integer", v);
            o->seed = (unsigned long long)ll;
        } else if (strcmp(a, "--threshold") == 0) {
            if (!(v = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
            if (parse_double(v, 0.0, 100.0, &o->threshold_pct) || o->threshold_pct <= 0)
                return fail(err, errlen, "--threshold: '%s' is not a percentage in (0, 100]", v);
        } else if (strcmp(a, "--time-cap") == 0) {
            if (!(v = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
            if (parse_double(v, 0.001, 60.0, &o->time_cap_s))
                return fail(err, errlen, "--time-cap: '%s' is not seconds in [0.001, 60]", v);
        } else if (strcmp(a, "--watchdog") == 0) {
            if (!(v = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
            if (parse_long(v, 1, 3600, &ll))
                return fail(err, errlen, "--watchdog: '%s' is not seconds in [1, 3600]", v);
            o->watchdog_s = (int)ll;
        } else if (strcmp(a, "--against") == 0) {
            if (!(o->against = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
        } else if (strcmp(a, "--rounds") == 0) {
            if (!(v = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
            if (parse_long(v, 2, 10, &ll))
                return fail(err, errlen, "--rounds: '%s' is not a count in [2, 10]", v);
            o->rounds = (int)ll;
        } else if (strcmp(a, "--gpu") == 0) {
            if (!(v = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
            if (parse_long(v, 0, CLI_MAX_GPU, &ll))
                return fail(err, errlen, "--gpu: '%s' is not a GPU index in [0, %d]", v, CLI_MAX_GPU);
            o->gpu = (int)ll;
        } else if (strcmp(a, "--reruns") == 0) {
            if (!(v = value_of(argc, argv, &i, err, errlen)))
                return SB_EXIT_USAGE;
            if (parse_long(v, 0, 10, &ll))
                return fail(err, errlen, "--reruns: '%s' is not a count in [0, 10]", v);
            o->reruns = (int)ll;
        } else {
            return fail(err, errlen, "unknown flag '%s' (see --help)", a);
        }
    }
    o->levels = levels;
    o->family = family;
    if (levels && parse_levels(levels, kernels, n_kernels, o, err, errlen))
        return SB_EXIT_USAGE;
    if (family && strcmp(family, "all") != 0) {
        const enum kernel_family keep = strcmp(family, "memory") == 0 ? FAMILY_MEMORY : FAMILY_SGEMM;
        bool any = false;
        for (int i = 0; i < n_kernels; ++i)
            any |= (o->selected[i] &= kernels[i].family == keep);
        if (!any)
            return fail(err, errlen, "--family %s: no selected kernel is of that family", family);
    }
    if (!explicit_shapes)
        o->n_shapes = cli_profile_shapes(o->profile, o->shapes, CLI_MAX_SHAPES);
    if ((o->explain_sms != 132 || o->explain_unaligned) && !o->explain_plan.m)
        return fail(err, errlen, "--sms and --unaligned describe the product of --explain-plan");
    if (o->explain && !o->against)
        return fail(err, errlen, "--explain profiles the base build beside this one: it needs "
                                 "--against BASE_SWEEP");
    if (o->against && o->update_baseline)
        return fail(err, errlen, "--against (A/B mode) does not update the baseline");
    if (o->update_baseline && strcmp(o->baseline, "auto") != 0 && strcmp(o->baseline, "none") != 0)
        return fail(err, errlen, "--update-baseline writes baselines/<gpu-slug>.json; "
                                 "do not combine it with --baseline FILE");
    return 0;
}

void cli_cc_range(int min_cc, int max_cc, char *out, size_t cap)
{
    if (max_cc && max_cc == min_cc)
        snprintf(out, cap, "%d.%d only", min_cc / 10, min_cc % 10);
    else if (max_cc)
        snprintf(out, cap, "%d.%d-%d.%d", min_cc / 10, min_cc % 10, max_cc / 10, max_cc % 10);
    else
        snprintf(out, cap, "%d.%d+", min_cc / 10, min_cc % 10);
}

bool cli_cc_refuses(int min_cc, int max_cc, int cc, char *why, size_t cap)
{
    if (cc >= min_cc && (!max_cc || cc <= max_cc))
        return false;
    const char *rule = max_cc && max_cc == min_cc ? " exactly"
                       : cc < min_cc             ? " or higher"
                                                 : " at most";
    const int bound = cc < min_cc || max_cc == min_cc ? min_cc : max_cc;
    snprintf(why, cap, "needs compute capability %d.%d%s; this GPU has %d.%d", bound / 10,
             bound % 10, rule, cc / 10, cc % 10);
    return true;
}
