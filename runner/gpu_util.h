/* gpu_util.h: the runner's own device helpers: seeded inputs, NaN poisoning, and the
 * reduction behind verification. Not kernels under test. All calls are asynchronous on
 * `stream` except gpu_verify, which synchronises it. */
#ifndef SGEMM_BENCH_RUNNER_GPU_UTIL_H
#define SGEMM_BENCH_RUNNER_GPU_UTIL_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#include "kernels/sgemm.h"
#include "runner/verify.h"

#ifdef __cplusplus
extern "C" {
#endif

/* p[r*ld + c] = uniform in [-1, 1), a pure function of (seed, tag, r, c): the same inputs
 * in every process of a run. Padding columns [cols, ld) are left untouched. */
cudaError_t gpu_fill_uniform(float *p, int rows, int cols, int ld, unsigned long long seed,
                             unsigned tag, cudaStream_t stream);

/* p[0..count) = quiet NaN. */
cudaError_t gpu_poison(float *p, size_t count, cudaStream_t stream);

/* Reduces out against ref over rows x cols (leading dimension ld) into *sums. */
cudaError_t gpu_verify(const float *out, const float *ref, int rows, int cols, int ld,
                       struct verify_sums *sums, cudaStream_t stream);

/* Holds `stream` until the host sets *release (host memory mapped into the device) to a
 * nonzero value, so that everything the host enqueues behind it starts back to back, with
 * no host gap inside a timed region (nvbench's "blocking kernel" idea). After timeout_ns
 * of waiting it lets the stream go and sets *timed_out to 1: the host then took too long
 * to enqueue, and what it timed may hold a host gap. release and timed_out are device
 * pointers to mapped host memory. */
cudaError_t gpu_hold_stream(const volatile int *release, volatile int *timed_out,
                            unsigned long long timeout_ns, cudaStream_t stream);

/* What an exact check of a memory kernel found. */
struct memory_check {
    unsigned long long wrong;       /* output elements whose bits differ from the expected */
    unsigned long long first_wrong; /* the lowest such index (when wrong > 0) */
    float got;                      /* what the kernel wrote there */
};

/* Compares out bit for bit with what memory operation op (enum memory_op) must produce
 * from in at rows x cols (every element of out: a poisoned, unwritten one fails).
 * Synchronises the stream. */
cudaError_t gpu_memory_check(int op, int rows, int cols, const float *in, const float *out,
                             struct memory_check *result, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
