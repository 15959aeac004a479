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

/* A valid point of shape 4096^3 at pct (3 ms; noise 0.1% in every timing). */
static struct result_point at(double pct)
{
    struct result_point p = {.valid = true, .pct_ref = pct, .m = 4096, .n = 4096, .k = 4096};
    p.time_ms.median = 3.0;
    p.ref_time_ms.median = 3.0 * pct / 100;
    p.time_ms.rel_noise = p.ref_time_ms.rel_noise = 0.001;
    return p;
}

/* An empty base and head of one GPU model, to add points to. */
static void empty_pair(struct results *b, struct results *h)
{
    results_init(b);
    results_init(h);
    snprintf(b->device.slug, sizeof b->device.slug, "nvidia-h100-80gb-hbm3");
    h->device = b->device;
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

static void rule_noise_leaves_a_drop_open(void)
{
    /* -5% with 3% noise on each of four timings (6% together): not a regression that the
     * noise backs, and not a PASS either: a drop past 3% is possible. */
    struct result_point b = at(80), p = at(76);
    double d, n;
    b.time_ms.rel_noise = b.ref_time_ms.rel_noise = 0.03;
    p.time_ms.rel_noise = p.ref_time_ms.rel_noise = 0.03;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_INCONCLUSIVE);
    CHECK(n > 5.0);
    /* -60% with 70% noise: the old rule's PASS (exit 0) */
    p = at(32);
    b.time_ms.rel_noise = b.ref_time_ms.rel_noise = 0.35;
    p.time_ms.rel_noise = p.ref_time_ms.rel_noise = 0.35;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_INCONCLUSIVE);
    /* -1% with 1.5% noise: a drop past 3% is ruled out */
    b = at(80), p = at(79.2);
    b.time_ms.rel_noise = b.ref_time_ms.rel_noise = 0.0075;
    p.time_ms.rel_noise = p.ref_time_ms.rel_noise = 0.0075;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_PASS);
}

/* An A/B side of n rounds at 4096^3: own times ms[r], cuBLAS times ref[r] (NULL: 1 ms each),
 * each round's timing noise `noise` (relative 95% half-width). */
static struct result_point side(const double *ms, const double *ref, int n, double noise)
{
    struct result_point p = at(100);
    p.n_rounds = n;
    for (int r = 0; r < n; ++r) {
        p.round_ms[r] = ms[r];
        p.round_ref_ms[r] = ref ? ref[r] : 1.0;
        p.round_noise[r] = p.round_ref_noise[r] = noise;
    }
    p.time_ms.median = ms[0];
    p.ref_time_ms.median = ref ? ref[0] : 1.0;
    return p;
}

/* Own times of a kernel slowed by `slow` (0.036: 3.6% longer), with a round-to-round wobble
 * of +-w: base round r at 1 + w (-1)^r, head at (1 + slow)(1 - w (-1)^r). */
static void slowed(double slow, double w, int n, double *base, double *head)
{
    for (int r = 0; r < n; ++r) {
        const double s = r % 2 ? -1 : 1;
        base[r] = 1 + w * s;
        head[r] = (1 + slow) * (1 - w * s);
    }
}

static enum verdict ab_verdict(double slow, double w, int n, double noise, struct ab_evidence *ev)
{
    double b[RS_MAX_ROUNDS], h[RS_MAX_ROUNDS];
    slowed(slow, w, n, b, h);
    struct result_point pb = side(b, NULL, n, noise), ph = side(h, NULL, n, noise);
    return compare_ab(&pb, &ph, 3.0, ev);
}

/* A/B mode judges the kernel's own time with three outcomes, looking again when undecided. */
static void rule_ab_three_outcomes(void)
{
    struct ab_evidence ev;
    /* The same build: PASS at the first look (2 rounds). */
    CHECK(ab_verdict(0, 0.0005, 2, 0.002, &ev) == V_PASS);
    CHECK(ev.n == 2 && fabs(ev.change_pct) < 0.2);
    /* 3.6% slower (1.2x the threshold): two rounds cannot rule out no change at the flag's
     * error rate, so more rounds; five can. */
    CHECK(ab_verdict(0.036, 0.0005, 2, 0.002, &ev) == V_INCONCLUSIVE);
    CHECK(ab_verdict(0.036, 0.0005, 5, 0.002, &ev) == V_REGRESSED);
    CHECK_NEAR(ev.change_pct, 100 * (1 / 1.036 - 1), 0.05);
    CHECK(ev.flag_pct > 0);
    /* 2.4% slower (0.8x): five rounds rule out a drop past 3%: PASS. */
    CHECK(ab_verdict(0.024, 0.0005, 5, 0.002, &ev) == V_PASS);
    /* 1.5% slower (0.5x): PASS at the first look. */
    CHECK(ab_verdict(0.015, 0.0005, 2, 0.002, &ev) == V_PASS);
    /* 10% slower but with 20% wobble between rounds: neither ruled in nor out, even at 8. */
    CHECK(ab_verdict(0.10, 0.10, 8, 0.002, &ev) == V_INCONCLUSIVE);
    /* The rounds' own timing noise is a floor: identical rounds with 5% noise each are not
     * certain. */
    CHECK(ab_verdict(0.05, 0, 2, 0.05, &ev) == V_INCONCLUSIVE);
    /* Faster by 5%: IMPROVED once five rounds back it. */
    CHECK(ab_verdict(-0.05, 0.0005, 5, 0.002, &ev) == V_IMPROVED);
}

/* The miss a noise-only rule makes: level 6 3.5% slower in every run, while cuBLAS's
 * time moved by ~1% between processes, so the % of cuBLAS moved only -2.4%. The own time
 * catches it; the old metric (the % of cuBLAS) passed it. */
static void rule_ab_own_time_not_pct(void)
{
    double b[5], h[5], rb[5], rh[5];
    slowed(0.035, 0.0003, 5, b, h);
    for (int r = 0; r < 5; ++r) {
        rb[r] = 1.0 * (r % 2 ? 0.995 : 1.005);
        rh[r] = 1.01 * (r % 2 ? 1.005 : 0.995); /* cuBLAS ~1% slower on the head's side */
    }
    struct result_point pb = side(b, rb, 5, 0.002), ph = side(h, rh, 5, 0.002);
    pb.pct_ref = 100 * 1.0 / 1.0;
    ph.pct_ref = 100 * 1.01 / 1.035; /* -2.4% */
    struct ab_evidence ev;
    double d, n;
    CHECK(compare_point(&pb, &ph, 3.0, &d, &n) != V_REGRESSED); /* the % of cuBLAS misses it */
    CHECK(compare_ab(&pb, &ph, 3.0, &ev) == V_REGRESSED);
    CHECK(!ev.control_moved);
}

/* The reference is the control: when cuBLAS moved with the kernel, the machine moved. */
static void rule_ab_control_moved(void)
{
    double b[5], h[5], rb[5], rh[5];
    slowed(0.05, 0.0003, 5, b, h);
    slowed(0.05, 0.0003, 5, rb, rh); /* cuBLAS 5% slower on the head's side too */
    struct result_point pb = side(b, rb, 5, 0.002), ph = side(h, rh, 5, 0.002);
    struct ab_evidence ev;
    CHECK(compare_ab(&pb, &ph, 3.0, &ev) == V_INCONCLUSIVE);
    CHECK(ev.control_moved);
    CHECK_NEAR(ev.control_pct, 100 * (1 / 1.05 - 1), 0.05);
}

/* Through compare_results: the A/B row carries the own change and says why it is open. */
static void rule_ab_rows(void)
{
    struct results b, h;
    struct comparison c;
    char err[256];
    double tb[2], th[2];
    empty_pair(&b, &h);
    slowed(0.036, 0.0005, 2, tb, th);
    struct result_point pb = side(tb, NULL, 2, 0.002), ph = side(th, NULL, 2, 0.002);
    snprintf(pb.kernel, sizeof pb.kernel, "level6_tuned");
    snprintf(ph.kernel, sizeof ph.kernel, "level6_tuned");
    pb.rate = 1000, ph.rate = 1000 / 1.036;
    results_add(&b, &pb);
    results_add(&h, &ph);
    const struct compare_options opt = {.ab = true};
    CHECK(compare_results(&b, &h, &opt, &c, err, sizeof err) == 0);
    CHECK(c.rows[0].verdict == V_INCONCLUSIVE);
    CHECK_NEAR(c.rows[0].delta_pct, 100 * (1 / 1.036 - 1), 0.05);
    CHECK_CONTAINS(c.rows[0].note, "not ruled out");
    CHECK(compare_exit_code(&c) == SB_EXIT_INCONCLUSIVE);
    compare_free(&c);
    results_free(&b);
    results_free(&h);
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
    /* A 50% drop of a kernel under 5 us on both sides is INFO: never a failure. */
    struct result_point b = at(80), p = at(40);
    double d, n;
    b.time_ms.median = 0.0030, p.time_ms.median = 0.0045;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_INFO);
    CHECK(compare_is_informational(&b));
    /* Past 5 us on either side it is judged: a kernel that grew from 3 to 8 us regressed. */
    p.time_ms.median = 0.008;
    CHECK(!compare_is_informational(&p));
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_REGRESSED);
    /* The same rule for memory kernels: time, not elements. */
    struct result_point mem = {.family = "memory", .m = 1000, .n = 1000, .k = 1};
    mem.time_ms.median = 0.004;
    CHECK(compare_is_informational(&mem));
    mem.time_ms.median = 0.006;
    CHECK(!compare_is_informational(&mem));
    CHECK_STR(compare_informational_why(&mem), "the kernel under 5.0 us");
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

/* The table, the Markdown and the annotations of c, as one string to free. */
static char *printed(const struct comparison *c)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    compare_print_table(f, c);
    compare_print_markdown(f, c);
    compare_print_annotations(f, c);
    fclose(f);
    return buf;
}

static bool keep_none(const struct point_verdict *v, void *ctx)
{
    (void)v, (void)ctx;
    return false;
}

static void rule_missing_only_when_wanted(void)
{
    struct comparison c;
    CHECK(judge("base.json", "missing_new.json", &c) == SB_EXIT_MISSING);
    CHECK(c.counts[V_MISSING] == 1);
    compare_keep_missing(&c, keep_none, NULL);
    CHECK(c.counts[V_MISSING] == 0 && c.counts[V_NEW] == 1);
    /* the filter left the kernel out (--levels): no longer a missing kernel */
    CHECK(c.n_missing_kernels == 0 && compare_exit_code(&c) == SB_EXIT_OK);
    compare_free(&c);
}

/* A kernel the reference measured and the results lack altogether (deleted, or renamed and
 * so NEW under another name) is a failure of its own, with a line that names it; a kernel
 * that lost some of its points is not. */
static void rule_missing_kernel(void)
{
    struct comparison c;
    CHECK(judge("base.json", "missing_new.json", &c) == SB_EXIT_MISSING);
    CHECK(c.n_missing_kernels == 1);
    CHECK_STR(c.missing_kernels[0], "level3_register_blocking");
    char *buf = printed(&c);
    CHECK_CONTAINS(buf, "\nMISSING KERNEL level3_register_blocking: the reference measured it");
    CHECK_CONTAINS(buf, "> **MISSING KERNEL level3_register_blocking: the reference measured it");
    CHECK_CONTAINS(buf, "\n::error title=sgemm-bench::MISSING KERNEL level3_register_blocking:");
    CHECK_CONTAINS(buf, "## sgemm-bench verdict: attention needed");
    free(buf);
    compare_free(&c);

    /* wrong results still come first */
    struct results b = load("base.json"), r = load("missing_new.json");
    char err[512];
    const struct compare_options opt = {0};
    r.points[0].valid = false;
    CHECK(compare_results(&b, &r, &opt, &c, err, sizeof err) == 0);
    CHECK(compare_exit_code(&c) == SB_EXIT_WRONG && c.n_missing_kernels == 1);
    compare_free(&c);

    /* a kernel with one point left is measured, not missing: its lost point is MISSING */
    r.points[0].valid = true;
    struct result_point more = b.points[0];
    more.m = 2048;
    results_add(&r, &b.points[0]);
    results_add(&b, &more);
    CHECK(compare_results(&b, &r, &opt, &c, err, sizeof err) == 0);
    CHECK(c.n_missing_kernels == 0 && c.counts[V_MISSING] >= 1);
    CHECK(compare_exit_code(&c) != SB_EXIT_MISSING);
    compare_free(&c);

    /* named from outside the rows (an A/B base's kernel of a level the head lacks) */
    CHECK(compare_results(&b, &b, &opt, &c, err, sizeof err) == 0);
    CHECK(compare_exit_code(&c) == SB_EXIT_OK);
    compare_add_missing_kernel(&c, "level7_gone");
    compare_add_missing_kernel(&c, "level7_gone");
    compare_recount(&c);
    CHECK(c.n_missing_kernels == 1 && compare_exit_code(&c) == SB_EXIT_MISSING);
    compare_free(&c);
    results_free(&b);
    results_free(&r);
}

static void markdown_and_annotations(const struct comparison *c)
{
    char *buf = printed(c);
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
    empty_pair(&b, &h);
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

/* A judged change says what differs inside the kernel: the resources both sides recorded
 * (the kernel-difference lines), or that they are the same; nothing for a PASS or an older file. */
static void rule_inside_the_kernel(void)
{
    struct results b, h;
    struct comparison c;
    char err[256];
    empty_pair(&b, &h);
    const char *names[] = {"spills", "same", "passes", "older"};
    for (int i = 0; i < 4; ++i) {
        struct result_point p = at(80);
        snprintf(p.kernel, sizeof p.kernel, "%s", names[i]);
        p.rate = 1000;
        p.regs = 128, p.smem_static_bytes = 32768, p.local_bytes = 0, p.workspace_bytes = 0;
        if (i == 3)
            p.regs = p.smem_static_bytes = p.local_bytes = -1, p.workspace_bytes = -1;
        results_add(&b, &p);
        p.pct_ref = i == 2 ? 79.5 : 70; /* -0.6%: a PASS; -12.5%: REGRESSED */
        p.rate = i == 2 ? 995 : 875;
        if (i == 0)
            p.regs = 168, p.local_bytes = 64;
        results_add(&h, &p);
    }
    CHECK(compare_results(&b, &h, &(struct compare_options){0}, &c, err, sizeof err) == 0);
    CHECK(row(&c, "spills")->verdict == V_REGRESSED);
    CHECK(strcmp(row(&c, "spills")->inside,
                 "registers 128 -> 168, local memory (spills) 0 -> 64 B") == 0);
    CHECK(strcmp(row(&c, "same")->inside, "same registers (128), static shared memory "
                                          "(32768 B), local memory (0 B), workspace (0 B)") == 0);
    CHECK(row(&c, "passes")->verdict == V_PASS && row(&c, "passes")->inside[0] == '\0');
    CHECK(row(&c, "older")->verdict == V_REGRESSED && row(&c, "older")->inside[0] == '\0');
    char *buf = printed(&c);
    CHECK_CONTAINS(buf, "\n    inside the kernel: registers 128 -> 168, local memory (spills) "
                        "0 -> 64 B\n");
    CHECK_CONTAINS(buf, "| 875.0 | inside the kernel: registers 128 -&gt; 168, local memory "
                        "\\(spills\\) 0 -&gt; 64 B |");
    CHECK_CONTAINS(buf, "::error title=sgemm-bench::spills 4096x4096x4096 regressed: 80.00 -> "
                        "70.00 %25 of cuBLAS (-12.50%25, threshold 3.0%25, noise 0.20%25, "
                        "detectable 3.00%25); inside the kernel: registers 128 -> 168, local "
                        "memory (spills) 0 -> 64 B\n");
    free(buf);
    compare_free(&c);
    results_free(&b);
    results_free(&h);
}

/* With the launch both sides noted: another kernel (a dispatch change) reads as one, with
 * its occupancy; the same kernel at the same launch reads "same kernel ...". */
static void rule_inside_names_the_kernel(void)
{
    struct results b, h;
    struct comparison c;
    char err[256];
    empty_pair(&b, &h);
    const char *names[] = {"dispatch", "unchanged"};
    for (int i = 0; i < 2; ++i) {
        struct result_point p = at(80);
        snprintf(p.kernel, sizeof p.kernel, "%s", names[i]);
        p.rate = 1000;
        p.regs = 215, p.smem_static_bytes = 0, p.local_bytes = 0, p.workspace_bytes = 0;
        snprintf(p.launch_kernel, sizeof p.launch_kernel, "tuned_kernel<128,256,16,3,1,1>");
        p.grid[0] = 32, p.grid[1] = 16, p.grid[2] = 1;
        p.block[0] = 256, p.block[1] = p.block[2] = 1;
        p.dynamic_smem_bytes = 75264, p.ctas_per_sm = 1;
        results_add(&b, &p);
        p.pct_ref = 70, p.rate = 875;
        if (i == 0) {
            snprintf(p.launch_kernel, sizeof p.launch_kernel, "tuned_kernel<128,128,8,4,1,1>");
            p.grid[1] = 32, p.block[0] = 128, p.regs = 217, p.dynamic_smem_bytes = 33792;
            p.ctas_per_sm = 2;
        }
        results_add(&h, &p);
    }
    CHECK(compare_results(&b, &h, &(struct compare_options){0}, &c, err, sizeof err) == 0);
    CHECK_STR(row(&c, "dispatch")->inside,
              "kernel tuned_kernel<128,256,16,3,1,1> -> tuned_kernel<128,128,8,4,1,1>, grid "
              "32x16x1 -> 32x32x1, block 256x1x1 -> 128x1x1, registers 215 -> 217, dynamic "
              "shared memory 75264 -> 33792 B, CTAs per SM 1 -> 2");
    CHECK_STR(row(&c, "unchanged")->inside,
              "same kernel tuned_kernel<128,256,16,3,1,1>, grid 32x16x1, block 256x1x1, same "
              "registers (215), static shared memory (0 B), local memory (0 B), workspace (0 B), "
              "1 CTAs per SM");
    compare_free(&c);
    results_free(&b);
    results_free(&h);
}

/* Both sides recorded their kernel's SASS (sweep --sass, the history the site reads): the
 * row gives the mix's change, or "same SASS"; one side without it: nothing said of it. */
static void rule_inside_gives_recorded_sass(void)
{
    struct results b, h;
    struct comparison c;
    char err[256];
    empty_pair(&b, &h);
    const char *names[] = {"fewer_ffma", "same_code", "head_only"};
    for (int i = 0; i < 3; ++i) {
        struct result_point p = at(80);
        snprintf(p.kernel, sizeof p.kernel, "%s", names[i]);
        p.rate = 1000;
        p.regs = 215, p.smem_static_bytes = 0, p.local_bytes = 0, p.workspace_bytes = 0;
        p.sass_count[0] = 2272, p.sass_count[1] = 135, p.sass_count[8] = 3033;
        p.sass_total = 5440, p.sass_hash = 42;
        if (i == 2)
            p.sass_total = 0;
        results_add(&b, &p);
        p.pct_ref = 70, p.rate = 875, p.sass_total = 5440;
        if (i == 0)
            p.sass_count[0] = 1248, p.sass_total = 4416, p.sass_hash = 7;
        results_add(&h, &p);
    }
    CHECK(compare_results(&b, &h, &(struct compare_options){0}, &c, err, sizeof err) == 0);
    CHECK_STR(row(&c, "fewer_ffma")->inside,
              "same registers (215), static shared memory (0 B), local memory (0 B), workspace "
              "(0 B); SASS FFMA 2272 -> 1248, instructions 5440 -> 4416");
    CHECK_CONTAINS(row(&c, "same_code")->inside, "; same SASS (5440 instructions: FFMA 2272, LDS 135,");
    CHECK(strstr(row(&c, "head_only")->inside, "SASS") == NULL);
    compare_free(&c);
    results_free(&b);
    results_free(&h);
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
    small.time_ms.median = 0.003; /* under 5 us: launch-bound */
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
    CHECK_CONTAINS(buf, "the kernel under 5.0 us: launch-bound, not judged");
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
    rule_inside_the_kernel();
    rule_inside_names_the_kernel();
    rule_inside_gives_recorded_sass();

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


    /* A 4% drop with 3% noise in each run: neither backed nor ruled out. */
    CHECK(judge("base.json", "noisy_drop.json", &c) == SB_EXIT_INCONCLUSIVE);
    v = row(&c, "level4_double_buffering");
    CHECK(v && v->verdict == V_INCONCLUSIVE && v->delta_pct < -3.0 && v->noise_pct > 4.0);
    CHECK(v && strstr(v->note, "is not ruled out") != NULL);
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

    CHECK(judge("base.json", "missing_new.json", &c) == SB_EXIT_MISSING);
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
    rule_noise_leaves_a_drop_open();
    rule_ab_three_outcomes();
    rule_ab_own_time_not_pct();
    rule_ab_control_moved();
    rule_ab_rows();
    rule_invalid_and_new();
    rule_launch_bound_is_info();
    rule_remeasured();
    rule_threshold_precedence();
    rule_nothing_to_compare();
    rule_missing_only_when_wanted();
    rule_missing_kernel();
    CHECK_STR(verdict_name(V_INCONCLUSIVE), "INCONCLUSIVE");
    CHECK_STR(verdict_name(V_INFO), "INFO");
    return test_report();
}
