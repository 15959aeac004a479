/* sgemm.h: the one interface every kernel level exposes to the runner.
 *
 * Every level computes C = alpha * A * B + beta * C in row-major storage:
 *   A is m x k with leading dimension lda >= k,
 *   B is k x n with ldb >= n,
 *   C is m x n with ldc >= n,
 * for any m, n, k >= 1. When beta == 0, C is only written, never read (BLAS rules), so
 * a NaN-poisoned C is a valid input. Kernels never time, verify or print.
 *
 * Ownership: the registry and its entries are static and immutable; callers own every
 * device pointer they pass in. */
#ifndef SGEMM_BENCH_KERNELS_SGEMM_H
#define SGEMM_BENCH_KERNELS_SGEMM_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

struct sgemm_args {
    int m, n, k;
    float alpha;
    const float *a;
    int lda;
    const float *b;
    int ldb;
    float beta;
    float *c;
    int ldc;
    void *workspace; /* device scratch of workspace_bytes(m, n, k) bytes, or NULL if none */
};

/* Enqueues the product on `stream` and returns the launch status (cudaGetLastError). */
typedef cudaError_t (*sgemm_launch_fn)(const struct sgemm_args *args, cudaStream_t stream);

/* The % of cuBLAS a kernel is expected to reach, and who says so. */
struct sgemm_expected {
    double low_pct, high_pct; /* high_pct 0: no expectation */
    const char *source;       /* e.g. "seed 003: cp.async with triple buffering" */
};

/* A kernel, as it registers itself (SGEMM_REGISTER_KERNEL in common.cuh). Named fields,
 * in this order; those left out are zero. */
struct sgemm_kernel {
    const char *name;      /* stable id used in results files, e.g. "level3_register_blocking" */
    int level;             /* its group: 0..6 for the ladder, 90+ for test-only kernels */
    const char *technique; /* one line for --list and the site */
    struct sgemm_expected expected;
    int min_cc;            /* lowest compute capability (major*10+minor): SGEMM_MIN_CC(needs) */
    /* NULL: needs no workspace. It runs in the sweep's parent process too, which must never
     * initialise CUDA (its forked children could not): no CUDA call in it. */
    size_t (*workspace_bytes)(int m, int n, int k);
    sgemm_launch_fn launch;
    const void *main_kernel; /* the __global__ function that does the product, for
                                cudaFuncGetAttributes (registers, shared memory, spills) */
    int overrides; /* test builds only: replaces the kernel registered under the same name */
};

/* Every kernel linked into the program, sorted by level then name, NULL-terminated
 * (kernels/registry.c collects the registrations). */
const struct sgemm_kernel *const *sgemm_registry(void);

#ifdef __cplusplus
}
#endif

#endif
