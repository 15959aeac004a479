#include "runner/compare.h"

#include <math.h>
#include <stdlib.h>

#include "runner/exit_codes.h"
#include "runner/test_util.h"

static struct results load(const char *name)
{
    struct results r;
    char rel[256], err[512];
    snprintf(rel, sizeof rel, "runner/testdata/%s", name);
    if (results_read(test_data(rel), &r, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        exit(2);
    }
    return r;
}

/* The row of `kernel`; a missing row fails the check (naming the case) and yields a row
 * whose fields match nothing, so the test goes on instead of crashing. */
static const struct point_verdict *row_in(const struct comparison *c, const char *kernel,
                                          const char *case_name)
{
    static struct point_verdict none;
    for (size_t i = 0; i < c->n_rows; ++i)
        if (strcmp(c->rows[i].kernel, kernel) == 0)
            return &c->rows[i];
    fprintf(stderr, "case '%s': no row for %s\n", case_name, kernel);
    test_failed++;
    memset(&none, 0, sizeof none);
    none.verdict = V_COUNT;
    none.threshold_pct = NAN;
    return &none;
}
#define row(c, kernel) row_in((c), (kernel), __func__)

/* Compares base_name against cur_name with --threshold flag (0: none); returns the exit
 * code, leaves the verdict in *c. */
static int judge_flag(const char *base_name, const char *cur_name, double flag,
                      struct comparison *c)
{
    struct results b = load(base_name), r = load(cur_name);
    char err[512];
    const struct compare_options opt = {.flag_threshold_pct = flag};
    int rc = compare_results(&b, &r, &opt, c, err, sizeof err);
    if (rc == 0)
        rc = compare_exit_code(c);
    results_free(&b);
    results_free(&r);
    return rc;
}

static int judge(const char *base_name, const char *cur_name, struct comparison *c)
{
    return judge_flag(base_name, cur_name, 0, c);
}

/* A valid point of shape 4096^3 at pct (noise 0.1% in every timing). */
static struct result_point at(double pct)
{
    struct result_point p = {.valid = true, .pct_ref = pct, .m = 4096, .n = 4096, .k = 4096};
    p.time_ms.rel_noise = p.ref_time_ms.rel_noise = 0.001;
    return p;
}

static void rule_pass_inside_threshold(void)
{
    struct result_point b = at(80), p = at(78); /* -2.5% */
    double d, n;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_PASS);
    CHECK_NEAR(d, -2.5, 1e-9);
}

static void rule_regressed_beyond_threshold_and_noise(void)
{
    struct result_point b = at(80), p = at(77); /* -3.75% */
    double d, n;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_REGRESSED);
    CHECK_NEAR(n, 100 * sqrt(4 * 1e-6), 1e-9);
}

static void rule_improved(void)
{
    struct result_point b = at(80), p = at(84); /* +5% */
    double d, n;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_IMPROVED);
}

static void rule_noise_beats_threshold(void)
{
    /* -5% with 3% noise on each of four timings (6% together): inside the noise. */
    struct result_point b = at(80), p = at(76);
    double d, n;
    b.time_ms.rel_noise = b.ref_time_ms.rel_noise = 0.03;
    p.time_ms.rel_noise = p.ref_time_ms.rel_noise = 0.03;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_PASS);
    CHECK(n > 5.0);
}

static void rule_ab_round_spread_is_noise(void)
{
    /* -4%: REGRESSED with tight rounds, PASS when the rounds of each side spread 4%. */
    struct result_point b = at(80), p = at(76.8);
    double d, n;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_REGRESSED);
    b.round_spread = p.round_spread = 0.04;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_PASS);
    CHECK(n > 5.6);
}

static void rule_invalid_and_new(void)
{
    struct result_point b = at(80), p = at(80);
    double d, n;
    p.valid = false;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_INVALID);
    p = at(80);
    b.valid = false; /* no valid reference: nothing to judge against */
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_NEW);
}

static void rule_launch_bound_is_info(void)
{
    /* A 50% drop at 256^3 (34 MFLOP) is INFO: never a failure. At 1024^3 it counts. */
    struct result_point b = at(80), p = at(40);
    double d, n;
    b.m = b.n = b.k = p.m = p.n = p.k = 256;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_INFO);
    struct result_point q = {.family = "sgemm", .m = 1, .n = 1, .k = 1};
    CHECK(compare_is_informational(&q));
    q.m = q.n = q.k = 512;
    CHECK(compare_is_informational(&q));
    q.m = q.n = q.k = 1000;
    CHECK(!compare_is_informational(&q));
    /* memory: by elements, not FLOPs (k is 1) */
    struct result_point mem = {.family = "memory", .m = 1000, .n = 1000, .k = 1};
    CHECK(compare_is_informational(&mem));
    mem.m = mem.n = 4096;
    CHECK(!compare_is_informational(&mem));
    CHECK_STR(compare_informational_why(&mem), "under 4M elements");
    b.m = b.n = b.k = p.m = p.n = p.k = 1024;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_REGRESSED);
}

static void rule_remeasured(void)
{
    CHECK(compare_resolve(2, 2, V_PASS) == V_REGRESSED);        /* all regressed again */
    CHECK(compare_resolve(2, 1, V_PASS) == V_INCONCLUSIVE);     /* a mix */
    CHECK(compare_resolve(2, 0, V_PASS) == V_PASS);             /* none: the median's */
    CHECK(compare_resolve(3, 0, V_IMPROVED) == V_IMPROVED);
    CHECK(compare_resolve(0, 0, V_PASS) == V_REGRESSED);        /* could not re-measure */
}

static void rule_threshold_precedence(void)
{
    struct comparison c;
    /* base_with_thresholds: default 4%, level 4 10%. The 5% drop of level 4: */
    CHECK(judge("base_with_thresholds.json", "drop5.json", &c) == SB_EXIT_OK); /* baseline's 10% */
    CHECK(row(&c, "level4_double_buffering")->threshold_pct == 10.0);
    compare_free(&c);
    CHECK(judge_flag("base_with_thresholds.json", "drop5.json", 2.0, &c) == SB_EXIT_REGRESSION);
    CHECK(row(&c, "level4_double_buffering")->threshold_pct == 2.0); /* the flag wins */
    compare_free(&c);
    CHECK(judge("base.json", "drop5.json", &c) == SB_EXIT_REGRESSION); /* the default, 3% */
    CHECK(row(&c, "level4_double_buffering")->threshold_pct == COMPARE_DEFAULT_THRESHOLD_PCT);
    CHECK(row(&c, "level4_double_buffering")->detectable_pct >= COMPARE_DEFAULT_THRESHOLD_PCT);
    compare_free(&c);
}

static void rule_nothing_to_compare(void)
{
    struct results b = load("base.json"), r = load("base.json");
    struct comparison c;
    char err[512];
    for (size_t i = 0; i < r.n_points; ++i)
        r.points[i].m += 1; /* every shape differs */
    const struct compare_options opt = {0};
    CHECK(compare_results(&b, &r, &opt, &c, err, sizeof err) == SB_EXIT_USAGE);
    CHECK_CONTAINS(err, "nothing to compare");
    results_free(&b);
    results_free(&r);
}

static bool keep_none(const struct point_verdict *v, void *ctx)
{
    (void)v, (void)ctx;
    return false;
}

static void rule_missing_only_when_wanted(void)
{
    struct comparison c;
    CHECK(judge("base.json", "missing_new.json", &c) == SB_EXIT_OK);
    CHECK(c.counts[V_MISSING] == 1);
    compare_keep_missing(&c, keep_none, NULL);
    CHECK(c.counts[V_MISSING] == 0 && c.counts[V_NEW] == 1);
    compare_free(&c);
}

static void markdown_and_annotations(const struct comparison *c)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    compare_print_markdown(f, c);
    compare_print_annotations(f, c);
    compare_print_table(f, c);
    fclose(f);
    CHECK_CONTAINS(buf, "| level4_double_buffering | 4096x4096x4096 | **REGRESSED** |");
    CHECK_CONTAINS(buf, "::error title=sgemm-bench::level4_double_buffering 4096x4096x4096 regressed");
    CHECK_CONTAINS(buf, "3 points: 2 PASS, 1 REGRESSED");
    free(buf);
}

/* One point, base and head given as (% of cuBLAS, the kernel's own GFLOP/s). */
static enum verdict one_verdict(bool ab, double base_pct, double base_gf, double head_pct,
                               double head_gf, char *note, size_t cap)
{
    struct results b, h;
    struct comparison c;
    char err[256];
    results_init(&b);
    results_init(&h);
    snprintf(b.device.slug, sizeof b.device.slug, "nvidia-h100-80gb-hbm3");
    h.device = b.device;
    struct result_point p = at(base_pct);
    snprintf(p.kernel, sizeof p.kernel, "level6_tuned");
    p.rate = base_gf;
    results_add(&b, &p);
    p.pct_ref = head_pct;
    p.rate = head_gf;
    results_add(&h, &p);
    const struct compare_options opt = {.ab = ab};
    enum verdict v = V_COUNT;
    if (compare_results(&b, &h, &opt, &c, err, sizeof err) == 0 && c.n_rows == 1) {
        v = c.rows[0].verdict;
        snprintf(note, cap, "%s", c.rows[0].note);
        compare_free(&c);
    }
    results_free(&b);
    results_free(&h);
    return v;
}

/* A flag stands only when the kernel's own GFLOP/s backs it. */
static void rule_own_throughput_backs_the_flag(void)
{
    char note[512];
    /* Both metrics drop 6%: a real regression. */
    CHECK(one_verdict(true, 90.0, 46000, 84.6, 43240, note, sizeof note) == V_REGRESSED);
    /* Seen on the H100 (2e0a7238): % of cuBLAS +3.3%, the kernel's rate the same. */
    CHECK(one_verdict(true, 10.81, 5571.2, 11.17, 5573.2, note, sizeof note) == V_PASS);
    CHECK_CONTAINS(note, "cuBLAS moved, not the kernel");
    /* The kernel's rate moved the other way, or by less than half the change. */
    CHECK(one_verdict(true, 90.0, 46000, 84.6, 46460, note, sizeof note) == V_PASS);
    CHECK(one_verdict(true, 90.0, 46000, 84.6, 45000, note, sizeof note) == V_PASS);
    /* Just over half: the flag stands. */
    CHECK(one_verdict(true, 90.0, 46000, 84.6, 44500, note, sizeof note) == V_REGRESSED);
    /* Against a baseline too: the same commit on another H200 (40c20286), level 0 at 1024. */
    CHECK(one_verdict(false, 1.87, 485.6, 1.47, 485.6, note, sizeof note) == V_PASS);
    CHECK(one_verdict(false, 90.0, 46000, 84.6, 43240, note, sizeof note) == V_REGRESSED);
}

/* The memory family: judged by % of the copy, its shape written rows x cols, its small
 * sizes INFO by element count. */
static void rule_memory_family(void)
{
    struct results b, h;
    struct comparison c;
    char err[256], *buf = NULL;
    size_t len = 0;
    results_init(&b);
    results_init(&h);
    struct result_point p = at(95.0);
    snprintf(p.family, sizeof p.family, "memory");
    snprintf(p.kernel, sizeof p.kernel, "memory_copy_float4");
    p.k = 1, p.rate = 2800;
    results_add(&b, &p);
    struct result_point small = p;
    small.m = small.n = 1000;
    results_add(&b, &small);
    p.pct_ref = 85.0, p.rate = 2505;
    results_add(&h, &p);
    small.pct_ref = 50.0, small.rate = 1500; /* a large drop, but launch-bound */
    results_add(&h, &small);
    const struct compare_options opt = {.ab = false};
    CHECK(compare_results(&b, &h, &opt, &c, err, sizeof err) == 0);
    CHECK(c.counts[V_REGRESSED] == 1 && c.counts[V_INFO] == 1);
    FILE *f = open_memstream(&buf, &len);
    compare_print_annotations(f, &c);
    compare_print_table(f, &c);
    fclose(f);
    CHECK_CONTAINS(buf, "memory_copy_float4 4096x4096 regressed: 95.00 -> 85.00 %25 of the copy");
    CHECK_CONTAINS(buf, "under 4M elements: launch-bound, not judged");
    free(buf);
    compare_free(&c);
    results_free(&b);
    results_free(&h);
}

int main(void)
{
    struct comparison c;

    rule_memory_family();

    rule_own_throughput_backs_the_flag();

    CHECK(judge("base.json", "same.json", &c) == SB_EXIT_OK);
    CHECK(c.counts[V_PASS] == 3 && c.n_warnings == 0);
    compare_free(&c);

    CHECK(judge("base.json", "drop5.json", &c) == SB_EXIT_REGRESSION);
    const struct point_verdict *v = row(&c, "level4_double_buffering");
    CHECK(v && v->verdict == V_REGRESSED);
    CHECK(v && fabs(v->delta_pct + 5.0) < 1e-6);
    CHECK(c.counts[V_REGRESSED] == 1 && c.counts[V_PASS] == 2);
    markdown_and_annotations(&c);
    compare_free(&c);


    /* A 4% drop with 3% noise in each run is inside the noise: no change. */
    CHECK(judge("base.json", "noisy_drop.json", &c) == SB_EXIT_OK);
    v = row(&c, "level4_double_buffering");
    CHECK(v && v->verdict == V_PASS && v->delta_pct < -3.0 && v->noise_pct > 4.0);
    compare_free(&c);

    CHECK(judge("base.json", "invalid.json", &c) == SB_EXIT_WRONG);
    v = row(&c, "level6_tuned");
    CHECK(v && v->verdict == V_INVALID);
    CHECK(v && strstr(v->note, "wrong result") != NULL);
    compare_free(&c);

    CHECK(judge("base.json", "improved.json", &c) == SB_EXIT_OK);
    CHECK(row(&c, "level4_double_buffering")->verdict == V_IMPROVED);
    {
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        compare_print_table(f, &c);
        fclose(f);
        CHECK_CONTAINS(buf, "refresh the baseline");
        free(buf);
    }
    compare_free(&c);

    CHECK(judge("base.json", "missing_new.json", &c) == SB_EXIT_OK);
    CHECK(row(&c, "level3_register_blocking")->verdict == V_MISSING);
    CHECK(row(&c, "level5_async_copy")->verdict == V_NEW);
    compare_free(&c);

    CHECK(judge("base.json", "env_mismatch.json", &c) == SB_EXIT_OK);
    CHECK(c.n_warnings == 3);
    CHECK_CONTAINS(c.warnings[0], "driver differs");
    CHECK_CONTAINS(c.warnings[1], "cuBLAS differs");
    CHECK_CONTAINS(c.warnings[2], "max SM clock differs");
    compare_free(&c);

    CHECK(judge("base.json", "other_gpu.json", &c) == SB_EXIT_USAGE);
    compare_free(&c);

    rule_pass_inside_threshold();
    rule_regressed_beyond_threshold_and_noise();
    rule_improved();
    rule_noise_beats_threshold();
    rule_ab_round_spread_is_noise();
    rule_invalid_and_new();
    rule_launch_bound_is_info();
    rule_remeasured();
    rule_threshold_precedence();
    rule_nothing_to_compare();
    rule_missing_only_when_wanted();
    CHECK_STR(verdict_name(V_INCONCLUSIVE), "INCONCLUSIVE");
    CHECK_STR(verdict_name(V_INFO), "INFO");
    return test_report();
}
