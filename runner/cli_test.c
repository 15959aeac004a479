#include "runner/cli.h"

#include <stdlib.h>

#include "runner/exit_codes.h"
#include "runner/test_util.h"

static const struct kernel_ref kernels[] = {
    {"level0_naive", 0, 0},       {"level1_coalesced", 1, 0}, {"level1_coalesced_bt", 1, 0},
    {"level3_register_blocking", 3, 0}, {"level5_async_copy", 5, 0},
    {"memory_copy_float", 0, 1},  {"memory_transpose_naive", 2, 1},
};
enum { NK = sizeof kernels / sizeof kernels[0] };

static int parse(struct sweep_options *o, char *err, int argc, char **argv)
{
    return cli_parse(argc, argv, kernels, NK, o, err, 256);
}

#define PARSE(o, err, ...)                                                                     \
    parse(o, err, (int)(sizeof((char *[]){"sweep", __VA_ARGS__}) / sizeof(char *)),            \
          (char *[]){"sweep", __VA_ARGS__})

/* Bad input: exit 2 and a message that names the problem. */
static void bad(const char *needle, int argc, char **argv)
{
    struct sweep_options o;
    char err[256] = "";
    CHECK(cli_parse(argc, argv, kernels, NK, &o, err, sizeof err) == SB_EXIT_USAGE);
    if (!strstr(err, needle))
        fprintf(stderr, "expected '%s' in '%s'\n", needle, err);
    CHECK_CONTAINS(err, needle);
}

#define BAD(needle, ...)                                                                       \
    bad(needle, (int)(sizeof((char *[]){"sweep", __VA_ARGS__}) / sizeof(char *)),              \
        (char *[]){"sweep", __VA_ARGS__})

/* Compute capabilities: --list's column, and whether (and why) the sweep skips a kernel. */
static void cc_rules(void)
{
    char t[128];
    cli_cc_range(80, 0, t, sizeof t);
    CHECK_STR(t, "8.0+");
    cli_cc_range(90, 90, t, sizeof t);
    CHECK_STR(t, "9.0 only");
    cli_cc_range(80, 90, t, sizeof t);
    CHECK_STR(t, "8.0-9.0");
    CHECK(!cli_cc_refuses(80, 0, 80, t, sizeof t) && !cli_cc_refuses(80, 0, 100, t, sizeof t));
    CHECK(!cli_cc_refuses(90, 90, 90, t, sizeof t));
    CHECK(cli_cc_refuses(90, 90, 80, t, sizeof t));
    CHECK_STR(t, "needs compute capability 9.0 exactly; this GPU has 8.0");
    CHECK(cli_cc_refuses(90, 90, 100, t, sizeof t)); /* sm_90a code on a 10.0 GPU */
    CHECK_STR(t, "needs compute capability 9.0 exactly; this GPU has 10.0");
    CHECK(cli_cc_refuses(80, 0, 75, t, sizeof t));
    CHECK_STR(t, "needs compute capability 8.0 or higher; this GPU has 7.5");
    CHECK(cli_cc_refuses(80, 90, 120, t, sizeof t));
    CHECK_STR(t, "needs compute capability 9.0 at most; this GPU has 12.0");
}

int main(void)
{
    struct sweep_options o;
    char err[256];

    cc_rules();

    CHECK(parse(&o, err, 1, (char *[]){"sweep"}) == 0);
    CHECK_STR(o.profile, "full");
    /* 9 GEMMs, then 9 memory shapes from 2^20 to 2^28 elements and odd sides */
    CHECK(o.n_shapes == 18);
    CHECK(o.shapes[8].m == 1 && o.shapes[8].n == 1 && o.shapes[8].k == 1 && o.shapes[8].family == 0);
    CHECK(o.shapes[7].m == 4097 && o.shapes[7].n == 129 && o.shapes[7].k == 65);
    CHECK(o.shapes[9].m == 1024 && o.shapes[9].n == 1024 && o.shapes[9].family == 1);
    CHECK(o.shapes[13].m == 16384 && o.shapes[13].n == 16384 && o.shapes[13].k == 1);
    CHECK(o.shapes[15].m == 4099 && o.shapes[15].n == 1031 && o.shapes[15].family == 1);
    CHECK(o.selected[0] && o.selected[4] && o.selected[5] && o.selected[6]);
    CHECK_STR(o.baseline, "auto");
    CHECK(o.out == NULL && o.seed == 1 && o.threshold_pct == 0) /* 0: not given */;

    CHECK(PARSE(&o, err, "--profile", "quick") == 0);
    CHECK(o.n_shapes == 4 && o.shapes[0].m == 1024 && o.shapes[2].k == 4096);
    CHECK(o.shapes[3].family == 1 && o.shapes[3].m == 4096 && o.shapes[3].n == 4096);

    /* Numbers are GEMM levels: 0 is level0_naive, not memory group 0. */
    CHECK(PARSE(&o, err, "--levels", "1,5") == 0);
    CHECK(!o.selected[0] && o.selected[1] && o.selected[2] && !o.selected[3] && o.selected[4]);
    CHECK(PARSE(&o, err, "--levels", "0") == 0);
    CHECK(o.selected[0] && !o.selected[5]);
    CHECK(PARSE(&o, err, "--levels", "memory_transpose_naive") == 0);
    CHECK(!o.selected[0] && !o.selected[5] && o.selected[6]);
    CHECK(PARSE(&o, err, "--family", "memory") == 0);
    CHECK(!o.selected[0] && !o.selected[4] && o.selected[5] && o.selected[6]);
    CHECK(PARSE(&o, err, "--family", "sgemm") == 0);
    CHECK(o.selected[0] && o.selected[4] && !o.selected[5] && !o.selected[6]);
    CHECK(PARSE(&o, err, "--family", "all", "--levels", "3") == 0);
    CHECK(o.selected[3] && !o.selected[5]);
    CHECK(PARSE(&o, err, "--levels", "level1_coalesced_bt") == 0);
    CHECK(!o.selected[1] && o.selected[2]);
    CHECK(PARSE(&o, err, "--levels", "all") == 0);
    CHECK(o.selected[0] && o.selected[3]);

    /* The same selection for a kernel this build lacks (a baseline's, an A/B base's): its
     * absence is a missing kernel only where the selection would have measured it. */
    CHECK(PARSE(&o, err, "--levels", "all") == 0);
    CHECK(cli_selects(&o, FAMILY_SGEMM, 6, "level6_tuned"));
    CHECK(PARSE(&o, err, "--levels", "1,5") == 0);
    CHECK(!cli_selects(&o, FAMILY_SGEMM, 6, "level6_tuned"));
    CHECK(cli_selects(&o, FAMILY_SGEMM, 5, "level5_gone"));
    CHECK(!cli_selects(&o, FAMILY_MEMORY, 5, "memory_gone"));
    CHECK(PARSE(&o, err, "--levels", "3,level1_coalesced_bt") == 0);
    CHECK(cli_selects(&o, FAMILY_SGEMM, 3, "level3_renamed"));
    CHECK(!cli_selects(&o, FAMILY_SGEMM, 1, "level1_coalesced"));
    CHECK(PARSE(&o, err, "--family", "memory") == 0);
    CHECK(!cli_selects(&o, FAMILY_SGEMM, 6, "level6_tuned"));
    CHECK(cli_selects(&o, FAMILY_MEMORY, 0, "memory_gone"));
    CHECK(PARSE(&o, err, "--family", "sgemm") == 0);
    CHECK(cli_selects(&o, FAMILY_SGEMM, 6, "level6_tuned"));
    CHECK(!cli_selects(&o, FAMILY_MEMORY, 0, "memory_gone"));

    /* --sizes gives both families (N^3, N x N); --shape one or the other */
    CHECK(PARSE(&o, err, "--sizes", "1024,4096", "--shape", "7x8x9") == 0);
    CHECK(o.n_shapes == 5 && o.shapes[0].family == 0 && o.shapes[1].family == 1 &&
          o.shapes[1].m == 1024 && o.shapes[1].k == 1 && o.shapes[2].m == 4096 &&
          o.shapes[4].m == 7 && o.shapes[4].k == 9 && o.shapes[4].family == 0);
    CHECK(PARSE(&o, err, "--profile", "quick", "--shape", "1x1x1") == 0);
    CHECK(o.n_shapes == 1);
    CHECK(PARSE(&o, err, "--shape", "4099x1031") == 0);
    CHECK(o.n_shapes == 1 && o.shapes[0].family == 1 && o.shapes[0].m == 4099 &&
          o.shapes[0].n == 1031 && o.shapes[0].k == 1);
    /* a size too large for a memory shape stays a GEMM only */
    CHECK(PARSE(&o, err, "--sizes", "100000") == 0);
    CHECK(o.n_shapes == 1 && o.shapes[0].family == 0);

    CHECK(PARSE(&o, err, "--out", "r.json", "--baseline", "none", "--seed", "42",
                "--threshold", "2.5", "--summary", "s.md") == 0);
    CHECK_STR(o.out, "r.json");
    CHECK_STR(o.baseline, "none");
    CHECK(o.seed == 42 && o.threshold_pct == 2.5);
    CHECK_STR(o.summary, "s.md");
    CHECK(PARSE(&o, err, "--list") == 0 && o.list);
    CHECK(PARSE(&o, err, "--update-baseline") == 0 && o.update_baseline);
    CHECK(PARSE(&o, err, "--sass") == 0 && o.sass && !o.explain);
    CHECK(PARSE(&o, err, "--against", "/x/base-sweep", "--explain") == 0 && o.explain);

    BAD("unknown flag '--frobnicate'", "--frobnicate");
    BAD("--profile: 'medium'", "--profile", "medium");
    BAD("--profile needs a value", "--profile");
    BAD("--levels: unknown level or kernel '9'", "--levels", "9");
    BAD("--levels: unknown level or kernel 'level7'", "--levels", "1,level7");
    BAD("--levels: empty entry", "--levels", "1,");
    BAD("--sizes: '0' is not a size", "--sizes", "0");
    BAD("--sizes: '-5' is not a size", "--sizes", "1024,-5");
    BAD("--sizes: 'abc' is not a size", "--sizes", "abc");
    BAD("--sizes: '2097152' is not a size", "--sizes", "2097152");
    BAD("--sizes needs a value", "--sizes", "");
    BAD("--sizes: empty size", "--sizes", "1024,");
    BAD("--shape: '4096' is not MxNxK (a GEMM) or RxC (memory)", "--shape", "4096");
    BAD("a memory shape has sides of at most 65536", "--shape", "70000x2");
    BAD("and at most 268435456 elements", "--shape", "65536x65536");
    BAD("--family: 'dense' is not sgemm, memory or all", "--family", "dense");
    BAD("--family memory: no selected kernel is of that family", "--family", "memory",
        "--levels", "3");
    BAD("'0' in '0x5x5' is not a dimension", "--shape", "0x5x5");
    BAD("'5.5' in '5.5x5x5' is not a dimension", "--shape", "5.5x5x5");
    BAD("is not MxNxK", "--shape", "5x5x5x5");
    BAD("--seed: 'x'", "--seed", "x");
    BAD("--seed: '-1'", "--seed", "-1");
    BAD("--threshold: '101'", "--threshold", "101");
    BAD("--threshold: 'nan'", "--threshold", "nan");
    BAD("--time-cap: '0'", "--time-cap", "0");
    BAD("--watchdog: '0'", "--watchdog", "0");
    BAD("--reruns: '11'", "--reruns", "11");
    BAD("--out needs a value", "--out", "");
    BAD("do not combine it with --baseline FILE", "--update-baseline", "--baseline", "b.json");
    BAD("--explain profiles the base build beside this one: it needs --against", "--explain");

    struct shape s[16];
    CHECK(cli_profile_shapes("quick", s, 16) == 4);
    CHECK(cli_profile_shapes("full", s, 16) == 16); /* cut at cap */
    CHECK(cli_profile_shapes("huge", s, 16) == -1);
    /* The llm profile: 15 transformer shapes, decode (M = 1) first, the odd 33x4096x4100 last. */
    CHECK(cli_profile_shapes("llm", s, 16) == 15);
    CHECK(s[0].m == 1 && s[0].n == 4096 && s[0].k == 4096);
    CHECK(s[14].m == 33 && s[14].n == 4096 && s[14].k == 4100);
    CHECK(PARSE(&o, err, "--profile", "llm") == 0);
    CHECK_CONTAINS(cli_usage(), "--profile quick|full");
    /* The coverage profile: 63 GEMMs (kernels/tuning/coverage.c), all in range, and the
     * sweep takes it. */
    struct shape c[CLI_MAX_SHAPES];
    const int nc = cli_profile_shapes("coverage", c, CLI_MAX_SHAPES);
    CHECK(nc == 63);
    int in_range = 1;
    for (int i = 0; i < nc; ++i)
        in_range &= c[i].family == FAMILY_SGEMM && c[i].m >= 1 && c[i].n >= 1 && c[i].k >= 1 &&
                    c[i].m <= 16384 && c[i].n <= 16384 && c[i].k <= 16384;
    CHECK(in_range);
    CHECK(PARSE(&o, err, "--profile", "coverage") == 0 && o.n_shapes == 63);
    return test_report();
}
