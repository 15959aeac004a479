/* sgemm.h: the one interface every kernel exposes to the runner.
 *
 * Kernels come in families (struct sgemm_kernel's .family):
 *   - sgemm: the GEMM ladder, judged against cuBLAS (below);
 *   - memory: the seeds' memory-access lessons, judged against a device-to-device
 *     cudaMemcpyAsync of the same bytes (struct memory_args).
 *
 * Every sgemm kernel computes C = alpha * A * B + beta * C in row-major storage:
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
#include <stdio.h>
#include <cuda_runtime_api.h>

#include "kernels/family.h"

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

/* What a memory kernel computes, which fixes its verifier and its work (bytes that must
 * move). Every memory shape is rows x cols (rows * cols = n elements); the 1-D operations
 * see n elements. Each output element is one input element (or one sum), so results are
 * exact: the runner compares bits.
 *   MEMORY_COPY       out[i] = in[i]                      bytes 8n
 *   MEMORY_SOA_X      out[i] = x[i], in = x[n] y[n] z[n] w[n]   8n (seed 004's SoA read)
 *   MEMORY_AOS_X      out[i] = in[4i], in = n structs {x,y,z,w} 8n (seed 004's AoS read)
 *   MEMORY_AOS_SUM    out[i] = (x + y) + (z + w) of struct i    20n (the whole struct)
 *   MEMORY_TRANSPOSE  out[c * rows + r] = in[r * cols + c]      8n (seed 001) */
enum memory_op {
    MEMORY_COPY = 1,
    MEMORY_SOA_X,
    MEMORY_AOS_X,
    MEMORY_AOS_SUM,
    MEMORY_TRANSPOSE,
};

/* A memory kernel's operands: in holds 4 * rows * cols floats for the struct operations
 * (SOA_X, AOS_X, AOS_SUM), rows * cols otherwise; out holds rows * cols. Both come from
 * cudaMalloc (256-byte aligned) and do not overlap. */
struct memory_args {
    int rows, cols;
    const float *in;
    float *out;
};

typedef cudaError_t (*memory_launch_fn)(const struct memory_args *args, cudaStream_t stream);

/* The % of the reference (cuBLAS, or the copy) a kernel is expected to reach, and who says so. */
struct sgemm_expected {
    double low_pct, high_pct; /* high_pct 0: no expectation */
    const char *source;       /* e.g. "seed 003: cp.async with triple buffering" */
};

/* A kernel, as it registers itself (SGEMM_REGISTER_KERNEL in common.cuh). Named fields,
 * in this order; those left out are zero. */
struct sgemm_kernel {
    const char *name;      /* stable id used in results files, e.g. "level3_register_blocking" */
    enum kernel_family family;
    int level;             /* its group: 0..7 for the ladder, 90+ for test-only kernels;
                              for memory kernels, the lesson (0 copy, 1 layout, 2 transpose) */
    const char *technique; /* one line for --list and the site */
    struct sgemm_expected expected;
    int min_cc;            /* lowest compute capability (major*10+minor): SGEMM_MIN_CC(needs) */
    int max_cc;            /* highest, 0 for none: code for an arch-specific target (sm_90a)
                              runs on that compute capability alone */
    /* NULL: needs no workspace. It runs in the sweep's parent process too, which must never
     * initialise CUDA (its forked children could not): no CUDA call in it. */
    size_t (*workspace_bytes)(int m, int n, int k);
    sgemm_launch_fn launch;          /* sgemm kernels */
    enum memory_op memory_op;        /* memory kernels: what launch_memory computes */
    memory_launch_fn launch_memory;  /* memory kernels */
    const void *main_kernel; /* the __global__ function that does the product, for
                                cudaFuncGetAttributes (registers, shared memory, spills) */
    int overrides; /* test builds only: replaces the kernel registered under the same name */
    /* NULL: one kernel for every shape. Otherwise prints which launches it would run for an
     * m x n x k product on a GPU of `sms` SMs, rows 16-byte aligned or not, and why: no CUDA
     * call (sweep --explain-plan). */
    void (*explain_plan)(FILE *out, int m, int n, int k, int sms, int aligned);
};

/* Bytes a memory operation must move at rows x cols (reads plus writes), or 0 for an
 * unknown operation. */
double memory_op_bytes(enum memory_op op, int rows, int cols);

/* Floats of input a memory operation reads at rows x cols. */
size_t memory_op_in_floats(enum memory_op op, int rows, int cols);

/* The launch of a kernel's main __global__ function (the one that computes the product or
 * the memory operation; a split-K reduction after it, or stream-K's flags zeroed before
 * it, is not it), as its launcher reports it with sgemm_note_launch (kernels/common.cuh:
 * note_launch). The runner forgets the note before a point and reads it after: for a
 * kernel that picks among several (level 6), the one that ran at that shape, with its
 * grid, block and dynamic shared memory, from which it takes registers, spills and
 * occupancy. A launcher that notes nothing is described by its main_kernel, its launch
 * not known. */
enum { SGEMM_LAUNCH_NAME = 64 };
struct sgemm_launch_note {
    const void *func; /* NULL: nothing noted */
    char name[SGEMM_LAUNCH_NAME]; /* e.g. "tuned_kernel<128,128,8,4,1,1>" */
    unsigned grid[3], block[3];
    size_t dynamic_smem_bytes;
};
void sgemm_note_launch(const void *func, const char *name, const unsigned grid[3],
                       const unsigned block[3], size_t dynamic_smem_bytes);
const struct sgemm_launch_note *sgemm_last_launch(void);
void sgemm_forget_launch(void);

/* Every kernel linked into the program, sorted by family, level, then name, NULL-terminated
 * (kernels/registry.c collects the registrations). */
const struct sgemm_kernel *const *sgemm_registry(void);

#ifdef __cplusplus
}
#endif

#endif
