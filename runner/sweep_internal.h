/* sweep_internal.h: what runner/sweep.c (the plain sweep: processes, judging, writing)
 * and runner/sweep_ab.c (the A/B check: rounds, merging, re-measurement) share. Private
 * to the sweep. Functions return an exit code of runner/exit_codes.h (SB_EXIT_OK to go
 * on) and print their own messages. */
#ifndef SGEMM_BENCH_RUNNER_SWEEP_INTERNAL_H
#define SGEMM_BENCH_RUNNER_SWEEP_INTERNAL_H

#include <stdbool.h>

#include "kernels/sgemm.h"
#include "runner/cli.h"
#include "runner/compare.h"
#include "runner/measure.h"
#include "runner/results.h"

enum { PATH_CAP = 4096, AB_MAX_ROUNDS = RS_MAX_ROUNDS };

/* Set by an A/B head for its base build's sweep: the round it is (0 first). */
#define AB_ROUND_ENV "SGEMM_BENCH_AB_ROUND"
/* Set by an A/B head for its base build's sweep: the head's device probe, as JSON
 * (results_device_text), so that the base skips its own: a probe is a CUDA context, ~0.3 s,
 * and a quick check starts a base sweep 18 times. An older base ignores it. */
#define AB_DEVICE_ENV "SGEMM_BENCH_AB_DEVICE"

struct sweep {
    struct sweep_options opt;
    const struct sgemm_kernel *kernels[CLI_MAX_KERNELS];
    int n_kernels;
    struct measure_config cfg;
    struct results res;
    struct results base;
    bool have_base;
    char out_path[PATH_CAP], base_path[PATH_CAP];
    int done, total;
    bool wrote_baseline;
    /* A/B mode: each side's rounds (a round holds one process's points per level) */
    struct results ab_base[AB_MAX_ROUNDS], ab_head[AB_MAX_ROUNDS];
    int ab_rounds, ab_calls;
    /* A/B: kernels of the base build that this build lacks and the selection would have
     * measured (a deleted or renamed kernel: sweep_ab.c, base_only_kernels) */
    int n_base_only;
    char base_only[CMP_MAX_MISSING][RS_SHORT];
    char ab_dir[64];
};

/* One child's work: a kernel and its shapes. */
struct level_job {
    const struct sgemm_kernel *kernel;
    const struct shape *shapes;
    int n_shapes;
    const struct measure_config *cfg;
    bool conformed; /* this binary's kernel passed the conformance cases in an earlier round */
};

/* The shapes of s's list that kernel k's family runs, in out[CLI_MAX_SHAPES]; the count. */
int shapes_for(const struct sweep *s, const struct sgemm_kernel *k, struct shape *out);
/* The number of points kernel k measures in this run: its family's shapes. */
int points_of(const struct sweep *s, const struct sgemm_kernel *k);
bool same_shape(struct shape a, struct shape b);
/* The registered kernel `name`, or NULL when this build lacks it. */
const struct sgemm_kernel *kernel_named(const struct sweep *s, const char *name);
/* The family of the registered kernel `name` (sgemm when this build lacks it). */
enum kernel_family family_of(const struct sweep *s, const char *name);
/* The exit code of the signal that interrupted the sweep. */
int interrupted_code(void);

/* One job in a process of its own; afterwards every shape of the job has a point in
 * `into` (INVALID with the reason when it was not measured). */
int run_level(struct sweep *s, const struct level_job *job, struct results *into);
/* Jobs whose kernels already ran cleanly in this binary, in one shared process; what it
 * leaves unmeasured runs again, a process per job. */
int run_jobs(struct sweep *s, const struct level_job *jobs, int n, struct results *into);

/* A/B mode (sweep_ab.c). measure_ab: every unit's rounds, base process then head process,
 * merged into s->res (head) and s->base; ab_looks: up to --reruns more looks at the points
 * *c left undecided, *c then the last look's verdict; ab_close: the rounds let go. */
int measure_ab(struct sweep *s);
int ab_looks(struct sweep *s, const struct compare_options *copt, struct comparison *c);
void ab_close(struct sweep *s);

#endif
