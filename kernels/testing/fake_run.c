/* fake_run.c: TEST ONLY, never a measurement. Writes a results file holding one made-up
 * point per registered kernel, on a "FAKE GPU", the way a sweep on a GPU would write one:
 * the CPU check that a kernel added in one file reaches the results and the site
 * (tools/ci/add_kernel_test.sh) runs it where no GPU is.
 *   fake_run OUT.json COMMIT UTC */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "kernels/sgemm.h"
#include "runner/results.h"

int main(int argc, char **argv)
{
    struct results r;
    char err[512];
    if (argc != 4) {
        fprintf(stderr, "usage: fake_run OUT.json COMMIT UTC\n");
        return 2;
    }
    results_init(&r);
    snprintf(r.run.commit, sizeof r.run.commit, "%s", argv[2]);
    snprintf(r.run.utc, sizeof r.run.utc, "%s", argv[3]);
    snprintf(r.run.branch, sizeof r.run.branch, "fake");
    snprintf(r.run.subject, sizeof r.run.subject, "a fake run: made-up numbers");
    snprintf(r.run.tool_version, sizeof r.run.tool_version, "fake");
    snprintf(r.run.profile, sizeof r.run.profile, "fake");
    snprintf(r.run.host_id, sizeof r.run.host_id, "unknown");
    snprintf(r.device.name, sizeof r.device.name, "FAKE GPU");
    snprintf(r.device.slug, sizeof r.device.slug, "fake-gpu");
    snprintf(r.device.gpu_id, sizeof r.device.gpu_id, "unknown");
    snprintf(r.device.cc, sizeof r.device.cc, "9.0");
    r.device.sms = 1;
    r.device.sm_clock_max_mhz = 1000;
    for (const struct sgemm_kernel *const *k = sgemm_registry(); *k; ++k) {
        struct result_point p;
        memset(&p, 0, sizeof p);
        const bool memory = (*k)->family == FAMILY_MEMORY;
        snprintf(p.family, sizeof p.family, "%s", kernel_family_name((*k)->family));
        snprintf(p.kernel, sizeof p.kernel, "%s", (*k)->name);
        p.level = (*k)->level;
        p.m = p.n = 4096;
        p.k = memory ? 1 : 4096; /* a memory shape is rows x cols */
        p.time_ms = (struct time_stats){10, 10, 10, 10, 0.001, 3};
        p.ref_time_ms = (struct time_stats){5, 5, 5, 5, 0.001, 3};
        p.rate = (memory ? memory_op_bytes((*k)->memory_op, p.m, p.n)
                         : 2.0 * 4096 * 4096 * 4096) / 10e-3 / 1e9;
        p.ref_rate = 2 * p.rate;
        p.pct_ref = 50;
        p.valid = true;
        p.regs = p.smem_static_bytes = p.local_bytes = -1;
        if (results_add(&r, &p) ||
            results_add_kernel(&r, (*k)->name, (*k)->level, (*k)->technique,
                               (*k)->expected.low_pct, (*k)->expected.high_pct,
                               (*k)->expected.source, NULL)) {
            fprintf(stderr, "fake_run: out of memory\n");
            return 4;
        }
    }
    int rc = results_write(&r, argv[1], err, sizeof err);
    if (rc)
        fprintf(stderr, "fake_run: %s\n", err);
    results_free(&r);
    return rc ? 2 : 0;
}
