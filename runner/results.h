/* results.h: the in-memory form of a results file and its Jansson reader and writer.
 *
 * Schemas: files are written as "sgemm-bench/2"; "sgemm-bench/1" files are still read.
 * What /2 adds to /1: run.host_id and device.gpu_id (16 hex digits: FNV-1a hashes of the
 * host name and of the GPU's UUID, so runs on the same physical GPU can be told apart
 * without publishing either), and per point `family` and `pct_ref` (the family-neutral
 * name of the % of the reference timed in the same run). Families:
 *   - "sgemm": GFLOP/s against cuBLAS: cublas_time_ms, gflops, cublas_gflops, and
 *     pct_cublas (equal to pct_ref), the /1 names;
 *   - "memory": GB/s (bytes that must move, kernels/sgemm.h) against a device-to-device
 *     copy of the same bytes: copy_time_ms, gbs, copy_gbs; m x n is rows x cols, k is 1;
 *     max_rel_err is 0 (the check is exact).
 * A /1 file reads as family "sgemm", gpu_id and host_id "unknown".
 *
 * Ownership: a `struct results` owns its points array and every string in it (fixed-size
 * buffers, so plain structs copy safely). results_free() releases the array. No Jansson
 * reference escapes this module. */
#ifndef SGEMM_BENCH_RUNNER_RESULTS_H
#define SGEMM_BENCH_RUNNER_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#define RESULTS_SCHEMA "sgemm-bench/2"
#define RESULTS_SCHEMA_V1 "sgemm-bench/1"
/* The largest number a measurement field may hold: no rate (GFLOP/s, GB/s), time (ms) or
 * percentage comes near it, and anything the site draws stays finite under it (a rate of
 * 1e308 had made a chart's range inf, and the whole build fail). */
#define RS_MAX_NUMBER 1e12

enum { RS_SHORT = 64, RS_TEXT = 256, RS_MAX_ARGS = 64, RS_MAX_THROTTLE = 16, RS_MAX_ROUNDS = 10 };

/* resources.launch.sass's keys, one per class of instructions (runner/sass.h's order). */
enum { RS_SASS_CLASSES = 9 };
extern const char *const rs_sass_keys[RS_SASS_CLASSES];

struct time_stats {
    double median, min, p10, p90; /* milliseconds */
    double rel_noise;             /* relative 95% half-width of the median, see stats.h */
    int samples;
};

struct result_point {
    char family[16]; /* "sgemm" or "memory" ("" is sgemm) */
    char kernel[RS_SHORT];
    int level;
    int m, n, k;
    struct time_stats time_ms;
    struct time_stats ref_time_ms;  /* the reference: cuBLAS (sgemm), the copy (memory) */
    /* GFLOP/s (sgemm) or GB/s (memory), the kernel's and the reference's; pct_ref is
     * 100 * ref time / kernel time, the number the gate watches */
    double rate, ref_rate, pct_ref;
    double max_rel_err;
    bool valid;
    /* Why valid is false: NULL (or "") otherwise. A point inside a struct results owns a
     * copy (results_add makes it); anywhere else the pointer is borrowed. Use
     * point_error() to read it. */
    const char *error;
    /* A/B mode, in memory only (never written): this side's median own time and reference
     * time (ms) and their rel_noise in each round; round r of the two sides ran back to
     * back. compare.h judges the pairs. n_rounds 0: a single run. */
    int n_rounds;
    double round_ms[RS_MAX_ROUNDS], round_ref_ms[RS_MAX_ROUNDS];
    double round_noise[RS_MAX_ROUNDS], round_ref_noise[RS_MAX_ROUNDS];
    /* From cudaFuncGetAttributes of the kernel's main __global__ function; -1 unknown. */
    int regs, smem_static_bytes, local_bytes;
    /* Device scratch the kernel asked for at this shape (its .workspace_bytes: split-K and
     * small-M slices), in bytes; 0 none, -1 unknown (files before it was recorded). */
    long long workspace_bytes;
    /* The main kernel that ran at this shape, as its launcher noted it (kernels/sgemm.h,
     * sgemm_launch_note): its name and template instance, grid, block, dynamic shared
     * memory, and the CTAs an SM can hold at that block and shared memory (occupancy,
     * cudaOccupancyMaxActiveBlocksPerMultiprocessor). "" and zeros, ctas_per_sm -1: not
     * noted (a launcher that notes nothing, or a file before it was recorded); the
     * registers above are then main_kernel's. */
    char launch_kernel[RS_SHORT];
    char launch_symbol[RS_TEXT]; /* its mangled name (cudaFuncGetName), for cuobjdump */
    int grid[3], block[3];
    long long dynamic_smem_bytes;
    int ctas_per_sm;
    /* That kernel's machine code (sweep --sass: cuobjdump of the binary that ran it), as
     * instructions per class (rs_sass_keys: FFMA, LDS, LDG/LDGSTS, STS, STG, LDL/STL, BAR,
     * branches, the rest) and an FNV-1a hash of their text (runner/sass.h).
     * sass_total 0: not recorded. */
    int sass_count[RS_SASS_CLASSES];
    int sass_total;
    unsigned long long sass_hash;
    /* The verdict the run that wrote this file gave the point, when it was a judged change
     * against a baseline or an A/B base (REGRESSED, IMPROVED or INCONCLUSIVE; sweep.c): the
     * change in percent and the row's "inside the kernel" and counters lines (compare.h,
     * point_verdict). judged "": not judged so. */
    char judged[16];
    double judged_change_pct;
    char judged_inside[512], judged_counters[640];
};

struct run_info {
    char commit[RS_SHORT], branch[RS_TEXT], subject[RS_TEXT], repo_url[RS_TEXT];
    char utc[RS_SHORT], tool_version[RS_SHORT], profile[RS_SHORT];
    char host_id[RS_SHORT]; /* hash of the host name, or "unknown" */
    int argc;
    char argv[RS_MAX_ARGS][RS_TEXT];
};

struct device_info {
    char name[RS_TEXT], slug[RS_SHORT], cc[8];
    char gpu_id[RS_SHORT]; /* hash of the GPU's UUID, or "unknown" */
    int sms;
    long long l2_bytes, mem_bytes;
    int sm_clock_max_mhz;
    double mem_bandwidth_gbs; /* from the memory clock and bus width; 0 unknown */
    char driver[RS_SHORT], cuda_runtime[RS_SHORT], cublas[RS_SHORT];
};

struct conditions {
    int sm_clock_min_mhz, sm_clock_max_mhz; /* -1 unknown (no NVML) */
    int temp_c_max;                          /* -1 unknown */
    int n_throttle;
    char throttle_reasons[RS_MAX_THROTTLE][RS_SHORT];
    int discarded_samples; /* samples dropped: the GPU throttled, or the host stalled while
                            * enqueueing a held pair (measure.c) */
};

/* One run of a baseline's set: who ran it, and its % of the reference per point. */
struct baseline_run {
    char commit[RS_SHORT], utc[RS_SHORT], gpu_id[RS_SHORT], host_id[RS_SHORT];
    struct run_pct {
        char kernel[RS_SHORT];
        int m, n, k;
        double pct; /* pct_ref of a valid point */
    } *points;
    size_t n_points;
};

/* What a kernel's registration says of it (kernels/sgemm.h), for the site: schema /2's
 * optional "kernels" array. */
struct kernel_info {
    char name[RS_SHORT];
    int level;
    char technique[RS_TEXT];
    double expected_low_pct, expected_high_pct; /* high 0: no expectation */
    char expected_source[RS_TEXT];
    char not_run[RS_TEXT]; /* why the run did not measure it (its compute capability); "": it ran */
};

struct results {
    struct run_info run;
    struct device_info device;
    struct conditions conditions;
    struct kernel_info *kernels; /* the kernels this run measured, as registered */
    size_t n_kernels;
    double threshold_pct;  /* baseline files only: regression threshold; 0 = default */
    struct kernel_threshold {
        char kernel[RS_SHORT];
        double pct;
    } *thresholds;
    size_t n_thresholds;
    struct result_point *points;
    size_t n_points, cap_points;
    size_t *index, index_cap; /* hash index of points by key (results_add keeps it) */
    /* Baseline files only (schema /2): the runs whose spread sets each point's tolerance
     * (compare.h), oldest first. The top-level points are the newest run's. */
    struct baseline_run *runs;
    size_t n_runs;
};

/* device.cc ("9.0", "10.0", "12.1") as major * 10 + minor, or -1 when it is not that. */
int results_cc(const struct device_info *d);

/* Adds a kernel's registration to r's kernel table (source NULL: none), and why this run
 * did not run it (not_run NULL: it did; e.g. "needs compute capability 9.0 exactly; this GPU
 * has 8.0"); 0, or -1 when out of memory. */
int results_add_kernel(struct results *r, const char *name, int level, const char *technique,
                       double expected_low_pct, double expected_high_pct, const char *source,
                       const char *not_run);

/* The registration of kernel `name` in r, or NULL (files before this table have none). */
const struct kernel_info *results_kernel(const struct results *r, const char *name);

/* True for a point of the memory family (rows x cols, GB/s, against the copy). */
static inline bool point_is_memory(const struct result_point *p)
{
    return strcmp(p->family, "memory") == 0;
}

/* A shape as people and --shape write it: "RxC" for the memory family, "MxNxK" otherwise. */
void results_shape_text(bool memory, int m, int n, int k, char *out, size_t cap);

/* The point's error text, "" when it has none. */
static inline const char *point_error(const struct result_point *p)
{
    return p->error ? p->error : "";
}

/* Zero-initialises r (no points, unknown conditions). */
void results_init(struct results *r);
void results_free(struct results *r);

/* Drops every point (and the index over them); the rest of r stays. */
void results_clear_points(struct results *r);

/* Appends a copy of p. Returns 0, or -1 when out of memory. */
int results_add(struct results *r, const struct result_point *p);

/* The point for (kernel, m, n, k), or NULL. Constant time (a hash index that results_add
 * maintains): change a point's key only through a new results. */
/* True when s is a mangled name's characters (letters, digits, '_'; empty too): what a
 * launch's symbol may hold, and all that may reach cuobjdump's or ncu's command line. */
bool results_is_symbol(const char *s);

const struct result_point *results_find(const struct results *r, const char *kernel, int m, int n,
                                        int k);

/* Appends run r of `from` as a baseline run of `to` (its valid points). Returns 0 or -1. */
int results_add_run(struct results *to, const struct results *from);

/* Appends a copy of run `run` (from another file's set). Returns 0 or -1. */
int results_copy_run(struct results *to, const struct baseline_run *run);

/* Adds reason to the throttle set if not already there. */
void conditions_add_throttle(struct conditions *c, const char *reason);

/* Writes r to `path` atomically: a temp file in the same directory, fsync, rename.
 * Returns 0, or -1 with a message in err[errlen]; on failure `path` is untouched. */
int results_write(const struct results *r, const char *path, char *err, size_t errlen);

/* Reads and validates `path`. Returns 0, or -1 with a message naming the file and the
 * field in err[errlen] (malformed JSON, wrong schema, missing/mistyped field, NaN or
 * negative number, a slug that is not the one device.name gives, a threshold outside
 * (0, 100], empty results). On failure *r is left initialised and empty. */
int results_read(const char *path, struct results *r, char *err, size_t errlen);

/* The bytes of regular file `path` (NUL-terminated, *len without the NUL; the caller
 * frees), or NULL with a message (with strerror) in err: not openable, not a regular file
 * (a FIFO is refused without blocking), over 256 MiB. */
char *results_slurp(const char *path, size_t *len, char *err, size_t errlen);

/* The device alone as JSON text ({"device": {...}}, Jansson; the caller frees), or NULL when
 * out of memory: how an A/B head hands its probe to the base build's sweep. */
char *results_device_text(const struct device_info *d);

/* Reads text from results_device_text into *d with the reader's checks (a slug that is
 * the name's, numbers in range). Returns 0, or -1 with a message naming `label`. */
int results_device_parse(const char *text, const char *label, struct device_info *d, char *err,
                         size_t errlen);

/* Like results_read, from a buffer; `label` names the source in messages. */
int results_parse(const char *buf, size_t len, const char *label, struct results *r, char *err,
                  size_t errlen);

#endif
