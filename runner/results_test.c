#include "runner/results.h"

#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/test_util.h"

static void read_ok(const char *rel, struct results *r)
{
    char err[512] = "";
    int rc = results_read(test_data(rel), r, err, sizeof err);
    if (rc)
        fprintf(stderr, "%s\n", err);
    CHECK(rc == 0);
}

/* A bad file fails with a message naming the file and the field. */
static void read_bad(const char *name, const char *field)
{
    char rel[256], err[512] = "";
    struct results r;
    snprintf(rel, sizeof rel, "runner/testdata/bad/%s", name);
    CHECK(results_read(test_data(rel), &r, err, sizeof err) == -1);
    CHECK_CONTAINS(err, name);
    if (!strstr(err, field)) fprintf(stderr, "read_bad %s: got: %s\n", name, err);
    CHECK_CONTAINS(err, field);
    CHECK(r.n_points == 0 && r.points == NULL);
}

/* Entries of dir, "." and ".." excluded. */
static int count_entries(const char *dir)
{
    int n = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d)
        closedir(d);
    return n;
}

/* A write that fails half-way (the file-size limit stops it, which holds even for root)
 * leaves the old file byte for byte and no temporary file in its directory. */
static void failed_write_keeps_old(const struct results *r)
{
    char dir[] = "/tmp/results_test.XXXXXX", path[64], err[512] = "", back[64] = "";
    const char old[] = "{\"old\": true}\n";
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/old.json", dir);
    FILE *f = fopen(path, "w");
    CHECK(f && fputs(old, f) >= 0 && fclose(f) == 0);
    struct rlimit saved, small;
    signal(SIGXFSZ, SIG_IGN);
    CHECK(getrlimit(RLIMIT_FSIZE, &saved) == 0);
    small = (struct rlimit){1024, saved.rlim_max}; /* the soft limit alone: it can go back */
    CHECK(setrlimit(RLIMIT_FSIZE, &small) == 0);
    int rc = results_write(r, path, err, sizeof err);
    CHECK(setrlimit(RLIMIT_FSIZE, &saved) == 0);
    CHECK(rc == -1);
    CHECK_CONTAINS(err, "old.json");
    f = fopen(path, "r");
    CHECK(f && fread(back, 1, sizeof back - 1, f) == strlen(old) && fclose(f) == 0);
    CHECK_STR(back, old);
    CHECK(count_entries(dir) == 1); /* old.json alone: the temp file was removed */
    unlink(path);
    rmdir(dir);
}

static void round_trip(void)
{
    struct results r, back;
    char err[512], path[] = "/tmp/sgemm_results_test_XXXXXX";
    read_ok("runner/testdata/base.json", &r);
    CHECK(r.n_points == 3);
    CHECK_STR(r.device.slug, "nvidia-h100-80gb-hbm3");
    CHECK(r.device.sms == 132 && r.device.l2_bytes == 52428800);
    const struct result_point *p = results_find(&r, "level4_double_buffering", 4096, 4096, 4096);
    CHECK(p && p->valid && p->level == 4);
    CHECK(p && p->pct_ref > 70 && p->pct_ref < 90);
    CHECK(results_find(&r, "level4_double_buffering", 4096, 4096, 1) == NULL);

    /* Extremes survive: an invalid point with its error, unknown resources, a threshold. */
    struct result_point extra = *p;
    snprintf(extra.kernel, sizeof extra.kernel, "level9_\"quoted\" <x>");
    extra.valid = false;
    extra.error = "CUDA error: an illegal memory access";
    extra.regs = -1;
    extra.m = 1;
    CHECK(results_add(&r, &extra) == 0);
    /* A memory point: GB/s against the copy, under the memory family's keys. */
    struct result_point mem = *p;
    snprintf(mem.family, sizeof mem.family, "memory");
    snprintf(mem.kernel, sizeof mem.kernel, "memory_aos_read_x");
    mem.m = 4099, mem.n = 1031, mem.k = 1;
    mem.rate = 1234.5, mem.ref_rate = 2817.25, mem.pct_ref = 43.82, mem.max_rel_err = 0;
    mem.workspace_bytes = 4194304;
    CHECK(results_add(&r, &mem) == 0);
    /* A point with the launch its kernel noted (the kernel that ran, its geometry). */
    struct result_point ran = *p;
    ran.m = 1536, ran.n = 1536, ran.k = 4096;
    snprintf(ran.launch_kernel, sizeof ran.launch_kernel, "streamk_kernel<128,128,8,4,1,1>");
    ran.grid[0] = 264, ran.grid[1] = ran.grid[2] = 1;
    ran.block[0] = 128, ran.block[1] = ran.block[2] = 1;
    ran.dynamic_smem_bytes = 69632, ran.ctas_per_sm = 2;
    snprintf(ran.launch_symbol, sizeof ran.launch_symbol, "_ZN2l614streamk_kernelILi128EEEv");
    for (int i = 0; i < RS_SASS_CLASSES; ++i) /* its SASS (sweep --sass) */
        ran.sass_count[i] = 10 * i + 1, ran.sass_total += 10 * i + 1;
    ran.sass_hash = 0x00c0ffee12345678ull;
    /* the verdict its run gave it */
    snprintf(ran.judged, sizeof ran.judged, "REGRESSED");
    ran.judged_change_pct = -5.25;
    snprintf(ran.judged_inside, sizeof ran.judged_inside, "kernel a<1> -> b<2>; SASS FFMA 2 -> 1");
    snprintf(ran.judged_counters, sizeof ran.judged_counters, "duration 1 -> 2 us (+100.0%%)");
    CHECK(results_add(&r, &ran) == 0);
    r.threshold_pct = 4;
    r.thresholds = calloc(1, sizeof *r.thresholds);
    snprintf(r.thresholds[0].kernel, RS_SHORT, "level0_naive");
    r.thresholds[0].pct = 12.5;
    r.n_thresholds = 1;
    conditions_add_throttle(&r.conditions, "sw_power_cap");
    conditions_add_throttle(&r.conditions, "sw_power_cap");
    CHECK(r.conditions.n_throttle == 1);

    int fd = mkstemp(path);
    close(fd);
    snprintf(r.device.gpu_id, sizeof r.device.gpu_id, "0123456789abcdef");
    snprintf(r.run.host_id, sizeof r.run.host_id, "fedcba9876543210");
    CHECK_STR(r.device.gpu_id, "0123456789abcdef");
    CHECK_STR(r.points[0].family, "sgemm"); /* a /1 file reads as the sgemm family */
    CHECK(results_write(&r, path, err, sizeof err) == 0);
    {
        char text[1 << 16] = "";
        FILE *f = fopen(path, "r");
        CHECK(f && fread(text, 1, sizeof text - 1, f) > 0);
        if (f)
            fclose(f);
        CHECK_CONTAINS(text, "\"schema\": \"sgemm-bench/2\"");
        CHECK_CONTAINS(text, "\"pct_ref\"");
        CHECK_CONTAINS(text, "\"family\": \"sgemm\"");
        CHECK_CONTAINS(text, "\"family\": \"memory\"");
        CHECK_CONTAINS(text, "\"gbs\": 1234.5");
        CHECK_CONTAINS(text, "\"copy_gbs\": 2817.25");
        CHECK_CONTAINS(text, "\"copy_time_ms\"");
        /* the memory point carries no cuBLAS names: count them, one per sgemm point */
        int pct_cublas = 0;
        for (const char *t = text; (t = strstr(t, "\"pct_cublas\"")); ++t)
            ++pct_cublas;
        CHECK(pct_cublas == 5);
    }
    CHECK(results_read(path, &back, err, sizeof err) == 0);
    CHECK(back.n_points == 6);
    const struct result_point *rn = results_find(&back, ran.kernel, 1536, 1536, 4096);
    CHECK(rn && strcmp(rn->launch_kernel, ran.launch_kernel) == 0 && rn->grid[0] == 264 &&
          rn->grid[2] == 1 && rn->block[0] == 128 && rn->dynamic_smem_bytes == 69632 &&
          rn->ctas_per_sm == 2 && strcmp(rn->launch_symbol, ran.launch_symbol) == 0);
    CHECK(rn && rn->sass_total == ran.sass_total && rn->sass_hash == ran.sass_hash &&
          memcmp(rn->sass_count, ran.sass_count, sizeof ran.sass_count) == 0);
    CHECK(back.points[0].sass_total == 0); /* not recorded: none read */
    CHECK(rn && strcmp(rn->judged, "REGRESSED") == 0 && rn->judged_change_pct == -5.25 &&
          strcmp(rn->judged_inside, ran.judged_inside) == 0 &&
          strcmp(rn->judged_counters, ran.judged_counters) == 0);
    CHECK(back.points[0].judged[0] == '\0');
    const struct result_point *m = results_find(&back, "memory_aos_read_x", 4099, 1031, 1);
    CHECK(m && strcmp(m->family, "memory") == 0 && m->rate == 1234.5 && m->ref_rate == 2817.25 &&
          m->pct_ref == 43.82 && m->valid);
    /* A family this version cannot write is refused, not dropped. */
    struct results odd;
    results_init(&odd);
    snprintf(mem.family, sizeof mem.family, "dense");
    CHECK(results_add(&odd, &mem) == 0);
    CHECK(results_write(&odd, path, err, sizeof err) == -1);
    CHECK_CONTAINS(err, "family 'dense', which this version cannot write");
    results_free(&odd);
    /* The kernels' registrations (base.json's table) survive the round trip. */
    const struct kernel_info *ki = results_kernel(&back, "level4_double_buffering");
    CHECK(back.n_kernels == 4 && ki && ki->level == 4 && ki->expected_low_pct == 70 &&
          ki->expected_high_pct == 85 && strcmp(ki->expected_source, "an estimate <b>for</b> the test") == 0);
    CHECK(results_kernel(&back, "level0_naive") == NULL);
    CHECK(ki && ki->not_run[0] == '\0'); /* it ran */
    /* ... and a kernel the GPU could not run says why (sweep.c, check_device_fit) */
    const struct kernel_info *k7 = results_kernel(&back, "level7_tma");
    CHECK(k7 && strcmp(k7->not_run, "needs compute capability 9.1 <b>or</b> higher; this GPU "
                                    "has 9.0") == 0);
    const struct result_point *q = results_find(&back, extra.kernel, 1, 4096, 4096);
    CHECK(q && !q->valid && q->regs == -1);
    CHECK(q && strcmp(point_error(q), extra.error) == 0);
    const struct result_point *a = results_find(&back, "level4_double_buffering", 4096, 4096, 4096);
    CHECK(a && fabs(a->time_ms.median - p->time_ms.median) < 1e-9 * p->time_ms.median);
    CHECK(a && a->time_ms.samples == p->time_ms.samples && a->regs == p->regs);
    /* base.json predates workspace_bytes: unknown; a memory point's is written (0) */
    CHECK(a && a->workspace_bytes == -1);
    CHECK(a && a->launch_kernel[0] == '\0' && a->ctas_per_sm == -1); /* nor the launch */
    CHECK(m && m->workspace_bytes == 4194304);
    CHECK(back.threshold_pct == 4 && back.n_thresholds == 1);
    CHECK(back.n_thresholds == 1 && back.thresholds[0].pct == 12.5);
    CHECK(back.conditions.n_throttle == 1);
    CHECK_STR(back.run.commit, r.run.commit);
    CHECK(back.run.argc == r.run.argc);
    CHECK_STR(back.device.gpu_id, "0123456789abcdef");
    CHECK_STR(back.run.host_id, "fedcba9876543210");

    failed_write_keeps_old(&r);
    unlink(path);
    results_free(&r);
    results_free(&back);
}

/* The reader slides a 1 MiB window over a file: a number cut by the window's edge, and a
 * string longer than the window, still read whole. */
static void window_edges(void)
{
    char err[512], path[] = "/tmp/results_test_window.XXXXXX";
    FILE *in = fopen(test_data("runner/testdata/base.json"), "r");
    static char text[1 << 16];
    size_t len = in ? fread(text, 1, sizeof text - 1, in) : 0;
    if (in)
        fclose(in);
    text[len] = '\0';
    const char *key = strstr(text, "\"gflops\": 38284.51337");
    CHECK(key != NULL);
    if (!key)
        return;
    for (int pass = 0; pass < 2; ++pass) {
        int fd = mkstemp(path);
        FILE *f = fdopen(fd, "w");
        if (!f)
            return;
        if (pass == 0) { /* a top-level number that the window's first MiB ends inside */
            fputs("{\"pad\":", f);
            for (size_t i = strlen("{\"pad\":"); i < (1u << 20) - 3; ++i)
                fputc(' ', f);
            fprintf(f, "1234567,%s", strchr(text, '{') + 1);
        } else {
            fputs(text, f);
        }
        fclose(f);
        if (pass == 1) { /* a string longer than the window, inside "run" */
            f = fopen(path, "w");
            const char *run = strstr(text, "\"run\": {");
            if (!f || !run)
                return;
            fwrite(text, 1, (size_t)(run - text) + strlen("\"run\": {"), f);
            fputs("\"note\": \"", f);
            for (int i = 0; i < (3 << 20); ++i)
                fputc('x', f);
            fputs("\", ", f);
            fputs(run + strlen("\"run\": {"), f);
            fclose(f);
        }
        struct results r;
        CHECK(results_read(path, &r, err, sizeof err) == 0);
        const struct result_point *q = results_find(&r, "level3_register_blocking", 4096, 4096, 4096);
        CHECK(r.n_points == 3 && q && q->rate == 38284.51337);
        if (r.n_points == 0)
            fprintf(stderr, "window pass %d: %s\n", pass, err);
        results_free(&r);
        unlink(path);
        snprintf(path, sizeof path, "/tmp/results_test_window.XXXXXX");
    }
}

/* The n-th occurrence of needle in text, or NULL. */
static char *nth(char *text, const char *needle, int n)
{
    char *at = text;
    for (int i = 0; at && i <= n; ++i)
        at = strstr(i ? at + 1 : at, needle);
    return at;
}

/* Points decoded in parallel batches (results.c) read as a serial reader would: every point,
 * in order, and of several bad points the first in the file is the one reported. */
static void parallel_batches(void)
{
    enum { N = 20000 };
    struct results r, back;
    char err[512], path[] = "/tmp/sgemm_results_batches_XXXXXX";
    read_ok("runner/testdata/base.json", &r);
    struct result_point p = r.points[0];
    results_clear_points(&r);
    for (int i = 0; i < N; ++i) {
        p.m = 1 + i, p.rate = 1000 + i;
        CHECK(results_add(&r, &p) == 0);
    }
    int fd = mkstemp(path);
    close(fd);
    CHECK(results_write(&r, path, err, sizeof err) == 0);
    CHECK(results_read(path, &back, err, sizeof err) == 0);
    CHECK(back.n_points == N);
    for (size_t i = 0; i < back.n_points && i < N; i += 997)
        CHECK(back.points[i].m == 1 + (int)i && back.points[i].rate == 1000 + (double)i);
    results_free(&back);
    size_t len = 0;
    char *text = results_slurp(path, &len, err, sizeof err);
    CHECK(text != NULL);
    if (text) {
        /* two bad points in the second batch (8192 points a batch): 15000 decodes on a later
         * thread than 9000, and 9000 is the one reported */
        char *a = nth(text, "\"gflops\": ", 9000), *b = nth(text, "\"gflops\": ", 15000);
        CHECK(a && b);
        if (a && b) {
            a[9] = '-', b[9] = '-'; /* the space after the colon */
            CHECK(results_parse(text, len, "batch", &back, err, sizeof err) == -1);
            CHECK_CONTAINS(err, "batch: field 'results[9000].gflops': must be finite, >= 0");
            a[9] = ' ';
            CHECK(results_parse(text, len, "batch", &back, err, sizeof err) == -1);
            CHECK_CONTAINS(err, "field 'results[15000].gflops'");
            b[9] = ' ';
        }
        /* a point of the third batch repeating one of the first */
        char *m = nth(text, "\"m\": ", 17000);
        CHECK(m != NULL);
        if (m) {
            memcpy(m + 5, "10   ", 5); /* m = 10, as results[9] has; the width is kept */
            CHECK(results_parse(text, len, "batch", &back, err, sizeof err) == -1);
            CHECK_CONTAINS(err, "field 'results[17000]': duplicate point");
        }
        free(text);
    }
    unlink(path);
    results_free(&r);
}

int main(void)
{
    round_trip();
    window_edges();
    parallel_batches();
    {
        struct device_info d = {0};
        static const struct { const char *text; int cc; } cases[] = {
            {"9.0", 90}, {"10.0", 100}, {"8.6", 86}, {"12.1", 121}, {"", -1}, {"9", -1},
            {"9.0x", -1}, {"x.0", -1}, {"9.10", -1}};
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
            snprintf(d.cc, sizeof d.cc, "%s", cases[i].text);
            CHECK(results_cc(&d) == cases[i].cc);
        }
    }
    {
        /* No file there, and a directory that cannot hold one: a message, no crash. */
        struct results r;
        char err[512];
        results_init(&r);
        CHECK(results_write(&r, "/nonexistent-dir/x.json", err, sizeof err) == -1);
        CHECK_CONTAINS(err, "/nonexistent-dir/x.json");
    }
    read_bad("malformed.json", "not valid JSON");
    read_bad("truncated.json", "not valid JSON");
    read_bad("not_object.json", "top level");
    read_bad("nan.json", "not valid JSON");
    read_bad("huge_number.json", "not valid JSON");
    read_bad("wrong_schema.json", "field 'schema'");
    read_bad("missing_field.json", "field 'results[1].time_ms.median': missing");
    read_bad("mistyped_field.json", "field 'results[0].m': expected an integer");
    read_bad("negative_number.json", "field 'results[2].gflops': must be finite, >= 0");
    read_bad("huge_finite.json", "field 'results[2].gflops': must be finite, >= 0 and at most 1e+12");
    read_bad("empty_results.json", "field 'results': is empty");
    read_bad("bad_slug.json", "field 'device.slug'");
    read_bad("duplicate_point.json", "duplicate point");
    read_bad("mistyped_argv.json", "field 'run.argv'");
    read_bad("missing_conditions_field.json", "conditions.throttle_reasons");
    read_bad("slug_not_name.json", "is not the slug of device.name");
    read_bad("threshold_zero.json", "thresholds.default_pct");
    read_bad("kernels_range.json", "field 'kernels[1].expected': 85-70 is not a range");
    read_bad("threshold_kernel_150.json", "level6_tuned: 150 is not in (0, 100]");
    read_bad("unknown_family.json", "field 'results[0]': family 'dense' is not one this version knows");
    read_bad("memory_without_gbs.json", "field 'results[1].gbs': missing");
    read_bad("launch_grid_short.json", "results[0].resources.launch.grid': expected an array of 3");
    read_bad("launch_kernel_control.json", "results[0].resources.launch.kernel': not printable");
    read_bad("launch_block_zero.json", "launch.block': element 0 is not an integer in [1");
    read_bad("launch_symbol_shell.json", "launch.symbol': not a mangled name");
    read_bad("sass_sum.json", "launch.sass.instructions': 100, but the classes add up to 99");
    read_bad("sass_hash.json", "launch.sass.hash': expected 16 lowercase hex digits");
    read_bad("judged_pass.json", "judged.verdict': expected REGRESSED, IMPROVED or INCONCLUSIVE");
    read_bad("judged_control.json", "judged.counters': not printable ASCII");

    struct results r;
    char err[256];
    CHECK(results_read("/nonexistent/x.json", &r, err, sizeof err) == -1);
    CHECK_CONTAINS(err, "cannot open");
    CHECK(results_parse("", 0, "empty-input", &r, err, sizeof err) == -1);
    CHECK_CONTAINS(err, "empty-input");
    return test_report();
}
