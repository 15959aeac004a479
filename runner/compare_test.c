#include "runner/compare.h"

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

static const struct point_verdict *row(const struct comparison *c, const char *kernel)
{
    for (size_t i = 0; i < c->n_rows; ++i)
        if (strcmp(c->rows[i].kernel, kernel) == 0)
            return &c->rows[i];
    return NULL;
}

/* Compares base_name against cur_name; returns the exit code, leaves the verdict in *c. */
static int judge(const char *base_name, const char *cur_name, struct comparison *c)
{
    struct results b = load(base_name), r = load(cur_name);
    char err[512];
    int rc = compare_results(&b, &r, 3.0, c, err, sizeof err);
    if (rc == 0)
        rc = compare_exit_code(c);
    results_free(&b);
    results_free(&r);
    return rc;
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

int main(void)
{
    struct comparison c;

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

    /* The same 5% drop passes a baseline whose reviewed threshold for level 4 is 10%. */
    CHECK(judge("base_with_thresholds.json", "drop5.json", &c) == SB_EXIT_OK);
    CHECK(row(&c, "level4_double_buffering")->threshold_pct == 10.0);
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

    /* Verdict rules on synthetic points. */
    struct result_point b = {.valid = true, .pct_cublas = 80}, p = b;
    double d, n;
    b.time_ms.rel_noise = p.time_ms.rel_noise = 0.001;
    p.pct_cublas = 78; /* -2.5%: inside the 3% threshold */
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_PASS);
    p.pct_cublas = 77; /* -3.75% */
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_REGRESSED);
    p.valid = false;
    CHECK(compare_point(&b, &p, 3.0, &d, &n) == V_INVALID);
    CHECK_STR(verdict_name(V_INCONCLUSIVE), "INCONCLUSIVE");
    return test_report();
}
