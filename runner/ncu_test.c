/* ncu_test: Nsight Compute's raw CSV read as `sweep --explain` needs it. The sample is a
 * real ncu 2025.3 capture on an H100 (a launch of the sweep's hold kernel inside the timed
 * NVTX range: 321 columns, a quoted "" inside the NVTX column, numbers with thousands
 * separators, ncu's own lines before the header). */
#include "runner/ncu.h"

#include <string.h>

#include "runner/test_util.h"

static int parse_text(const char *text, struct ncu_counters *c, char *err, size_t errlen)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    const int rc = ncu_parse(f, c, err, errlen);
    fclose(f);
    return rc;
}

static void reads_a_real_capture(void)
{
    struct ncu_counters c;
    char err[256] = "";
    FILE *f = fopen(test_data("runner/testdata/ncu_raw_hold_kernel.csv"), "r");
    CHECK(f != NULL);
    if (!f)
        return;
    CHECK(ncu_parse(f, &c, err, sizeof err) == 0);
    fclose(f);
    CHECK_NEAR(c.duration_ns, 200003584, 0.5);
    CHECK_NEAR(c.occupancy_pct, 1.56, 1e-9);
    CHECK_NEAR(c.sm_pct, 0.0, 1e-9);
    CHECK_NEAR(c.l2_bytes, 21454016, 0.5);
    CHECK_NEAR(c.dram_bytes, 3703296, 0.5);
    CHECK_NEAR(c.bank_conflicts, 0, 0);
    for (int i = 0; i < NCU_STALLS; ++i) {
        if (strcmp(ncu_stall_names[i], "long_scoreboard") == 0)
            CHECK_NEAR(c.stall[i], 231.08, 1e-9);
        if (strcmp(ncu_stall_names[i], "wait") == 0)
            CHECK_NEAR(c.stall[i], 5.03, 1e-9);
    }
}

/* Nothing profiled, an error of ncu's, a metric it did not give, a value that is no
 * number: each a message, never zeros read as counters. */
static void refuses_what_is_not_a_profile(void)
{
    struct ncu_counters c;
    char err[256];
    CHECK(parse_text("==PROF== Connected to process 1 (/x/sweep)\n"
                     "==PROF== Disconnected from process 1\n", &c, err, sizeof err) == -1);
    CHECK_STR(err, "ncu profiled no launch of the kernel");
    CHECK(parse_text("==ERROR== ERR_NVGPUCTRPERM - The user does not have permission\n"
                     "\"ID\",\"gpu__time_duration.sum\"\n\"\",\"ns\"\n\"0\",\"5\"\n",
                     &c, err, sizeof err) == -1);
    CHECK_STR(err, "ncu: ==ERROR== ERR_NVGPUCTRPERM - The user does not have permission");
    CHECK(parse_text("\"ID\",\"gpu__time_duration.sum\"\n\"\",\"ns\"\n\"0\",\"1,500\"\n", &c, err,
                     sizeof err) == -1);
    CHECK_STR(err, "ncu reported no sm__warps_active.avg.pct_of_peak_sustained_active");
    CHECK(parse_text("\"ID\",\"gpu__time_duration.sum\"\n\"\",\"ns\"\n\"0\",\"n/a\"\n", &c, err,
                     sizeof err) == -1);
    CHECK_STR(err, "ncu's gpu__time_duration.sum is not a number");
    CHECK(parse_text("\"ID\",\"gpu__time_duration.sum\"\n\"\",\"msecond\"\n\"0\",\"5\"\n", &c, err,
                     sizeof err) == -1);
    CHECK_STR(err, "ncu gave the duration in 'msecond', not ns");
}

static void diff_names_the_change(void)
{
    struct ncu_counters b = {3377e3, 12.5, 84.7, 46.8, 0, 2.91e9, 403e6, {0}};
    struct ncu_counters h = {3551e3, 12.5, 82.0, 52.5, 1200, 3.58e9, 397e6, {0}};
    for (int i = 0; i < NCU_STALLS; ++i) {
        const char *n = ncu_stall_names[i];
        b.stall[i] = strcmp(n, "not_selected") == 0 ? 0.80 : strcmp(n, "short_scoreboard") == 0 ? 0.13
                   : strcmp(n, "dispatch_stall") == 0 ? 0.18 : strcmp(n, "wait") == 0 ? 0.05 : 0;
        h.stall[i] = strcmp(n, "not_selected") == 0 ? 0.78 : strcmp(n, "short_scoreboard") == 0 ? 0.23
                   : strcmp(n, "dispatch_stall") == 0 ? 0.20 : strcmp(n, "mio_throttle") == 0 ? 0.07 : 0;
    }
    char text[640];
    ncu_diff_text(&b, &h, text, sizeof text);
    CHECK_STR(text, "duration 3377 -> 3551 us (+5.2%), achieved occupancy 12.5 -> 12.5%, "
                    "SM throughput 84.7 -> 82.0%, memory throughput 46.8 -> 52.5%, shared bank "
                    "conflicts 0 -> 1200, L2 2910 -> 3580 MB, DRAM 403 -> 397 MB; stalls (cycles "
                    "per instruction): short_scoreboard 0.13 -> 0.23, dispatch_stall 0.18 -> "
                    "0.20, mio_throttle 0.00 -> 0.07");
    b.l2_bytes = 12e9;
    ncu_diff_text(&b, &h, text, sizeof text);
    CHECK_CONTAINS(text, ", L2 12 -> 3.58 GB,");
}

/* The symbol goes to ncu's argv: a mangled name's characters only. */
static void refuses_a_symbol_that_is_not_a_name(void)
{
    struct ncu_counters c;
    char err[256];
    const struct ncu_request r = {"/bin/false", "/bin/false", "_Z4kern;rm -rf x", "level6_tuned",
                                  "64x64x64", "/nonexistent/ncu.csv", 1, 5};
    CHECK(ncu_profile(&r, &c, err, sizeof err) == -1);
    CHECK_STR(err, "the kernel's symbol is not a mangled name");
}

/* A metric list ncu accepts: every name once, comma-separated. */
static void asks_for_each_metric(void)
{
    const char *list = ncu_metric_list();
    CHECK_CONTAINS(list, "gpu__time_duration.sum,");
    CHECK_CONTAINS(list, ",smsp__average_warps_issue_stalled_wait_per_issue_active.ratio");
    CHECK(strstr(list, ",,") == NULL && list[strlen(list) - 1] != ',');
}

int main(void)
{
    reads_a_real_capture();
    refuses_what_is_not_a_profile();
    diff_names_the_change();
    refuses_a_symbol_that_is_not_a_name();
    asks_for_each_metric();
    return test_report();
}
