/* measure.h: everything that touches the GPU, run inside a child process of the sweep
 * (a fault in one level then cannot take the others down).
 *
 * A measure_ctx owns the CUDA context's resources for one process: a stream, events,
 * the cuBLAS handle (FP32, tensor-op math off) and the L2-flush buffer. */
#ifndef SGEMM_BENCH_RUNNER_MEASURE_H
#define SGEMM_BENCH_RUNNER_MEASURE_H

#include <stdbool.h>
#include <stddef.h>

#include "kernels/sgemm.h"
#include "runner/cli.h"
#include "runner/results.h"

/* A point's sample cap in a sweep, and when a flagged point is re-measured. */
enum { MEASURE_SAMPLES = 100, REMEASURE_SAMPLES = 1000 };

/* The NVTX push/pop range around a point's timed launches (warm-up and samples); a
 * profiler filters on it (ncu --nvtx --nvtx-include "sgemm_bench_timed/"). */
#define MEASURE_NVTX_RANGE "sgemm_bench_timed"

struct measure_config {
    unsigned long long seed;
    double time_cap_s;    /* sampling time per point (wall clock) */
    double noise_target;  /* stop once both rel_noise <= this (0.005) */
    int min_samples;      /* at least this many of each (3) */
    int max_samples;      /* at most (MEASURE_SAMPLES) */
};

/* One measured point plus the conditions seen while measuring it. */
struct point_report {
    struct result_point point; /* its error pointer is not valid across processes: */
    char error[RS_TEXT];       /* the text travels here */
    int clock_min_mhz, clock_max_mhz, temp_max_c; /* -1 unknown */
    unsigned long long throttle_bits;
    int discarded_samples;
};

struct measure_ctx;

/* Fills *dev (name, slug, cc, SMs, L2, memory, clocks, driver/runtime/cuBLAS versions).
 * Returns 0, or -1 with the reason in err (no device, driver too old, ...). */
int measure_probe(struct device_info *dev, char *err, size_t errlen);

/* Creates the context; with_blas: with the cuBLAS handle (the sgemm family's reference;
 * the memory family's copy needs none, and a process skips its set-up). Returns NULL with
 * a message in err on failure. */
struct measure_ctx *measure_open(bool with_blas, char *err, size_t errlen);
void measure_close(struct measure_ctx *ctx);

/* Checks `k` on small odd shapes with padded and misaligned leading dimensions, beta == 0
 * (output poisoned with NaN) and beta != 0. Returns 0 when all pass; 1 with the failing
 * case in why; -1 on a CUDA error (message in why; the context may be unusable). */
int measure_conformance(struct measure_ctx *ctx, const struct sgemm_kernel *k, unsigned long long seed,
                        char *why, size_t whylen);

/* Verifies and times `k` at shape s, interleaving kernel and cuBLAS samples. Fills *out
 * (valid false with a reason when the result is wrong). Returns 0, or -1 on a CUDA error,
 * after which the context must not be used (out->point holds the error). */
int measure_point(struct measure_ctx *ctx, const struct sgemm_kernel *k, struct shape s,
                  const struct measure_config *cfg, struct point_report *out);

/* Bytes of device memory a point of shape s needs for kernel k (inputs, outputs, the
 * cuBLAS reference, workspace). */
size_t measure_bytes_needed(const struct sgemm_kernel *k, struct shape s);

#endif
