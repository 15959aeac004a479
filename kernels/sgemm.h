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

struct sgemm_kernel {
    const char *name;      /* stable id used in results files, e.g. "level3_register_blocking" */
    int level;             /* 0..6 */
    const char *technique; /* one line for --list and the site */
    int min_cc;            /* lowest compute capability (major*10+minor) it runs on */
    size_t (*workspace_bytes)(int m, int n, int k); /* NULL: needs no workspace */
    sgemm_launch_fn launch;
    const void *main_kernel; /* the __global__ function that does the product, for
                                cudaFuncGetAttributes (registers, shared memory, spills) */
};

/* All kernels, in level order, NULL-terminated. Defined by the registry a program links
 * (kernels/registry.c, or a tuning or test registry). */
extern const struct sgemm_kernel *const sgemm_registry[];

#ifdef __cplusplus
}
#endif

#endif
