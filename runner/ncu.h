/* ncu.h: one launch of a kernel's hardware counters, as Nsight Compute (ncu) reads them,
 * for `sweep --explain`: what changed in the way the kernel used the GPU between two
 * builds, beside how much slower it got. ncu locks the clocks to base and flushes the
 * caches before the launch it profiles, so the two sides' figures are comparable; they
 * are never a verdict's input. */
#ifndef SGEMM_BENCH_RUNNER_NCU_H
#define SGEMM_BENCH_RUNNER_NCU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Warp stall reasons ncu reports per issued instruction (the "selected" one, the issue
 * itself, left out). */
enum { NCU_STALLS = 18 };
extern const char *const ncu_stall_names[NCU_STALLS];

struct ncu_counters {
    double duration_ns;     /* gpu__time_duration.sum */
    double occupancy_pct;   /* achieved: sm__warps_active.avg.pct_of_peak_sustained_active */
    double sm_pct;          /* sm__throughput.avg.pct_of_peak_sustained_elapsed */
    double memory_pct;      /* gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed */
    double bank_conflicts;  /* shared-memory bank conflicts, loads and stores */
    double l2_bytes;        /* lts__t_bytes.sum */
    double dram_bytes;      /* dram__bytes.sum */
    double stall[NCU_STALLS]; /* cycles stalled per issued instruction, by reason */
};

/* The metrics ncu is asked for, comma-separated. */
const char *ncu_metric_list(void);

/* Reads ncu's `--csv --page raw --print-units base` output from f: the first profiled
 * launch's row. Returns 0; or -1 with the reason in err (no row: ncu profiled nothing, or
 * printed an error, whose first line is given; a metric missing or not a number). */
int ncu_parse(FILE *f, struct ncu_counters *out, char *err, size_t errlen);

/* One profile: `binary` (a sweep) run under ncu at one point, the first timed launch of
 * the kernel `symbol` (its mangled name) profiled, then the process stopped. */
struct ncu_request {
    const char *ncu;    /* ncu's path */
    const char *binary; /* a sweep binary's path */
    const char *symbol; /* mangled; C identifier characters only, or refused */
    const char *kernel; /* the sweep's kernel name (--levels) */
    const char *shape;  /* "MxNxK" or "RxC" (--shape) */
    const char *log;    /* where ncu writes its output (removed after) */
    unsigned long long seed;
    int timeout_s;
};

/* Runs r and parses its output. Returns 0; or -1 with the reason in err. */
int ncu_profile(const struct ncu_request *r, struct ncu_counters *out, char *err, size_t errlen);

/* ncu's path from PATH into out; false when it is not there. */
bool ncu_find(char *out, size_t cap);

/* "duration 3.342 -> 3.521 ms (+5.4%), achieved occupancy 12.4 -> 12.3%, ...; stalls per
 * instruction: long_scoreboard 0.52 -> 1.10, ..." (the three largest stalls). */
void ncu_diff_text(const struct ncu_counters *base, const struct ncu_counters *head, char *out,
                   size_t cap);

#endif
