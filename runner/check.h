/* check.h: CUDA and cuBLAS call checks that name the call, file and line.
 *
 * Each macro, on failure, formats "file:line: call: error" into the caller's `err`
 * buffer (a char array in scope, with `errlen`) and returns -1 from the function. */
#ifndef SGEMM_BENCH_RUNNER_CHECK_H
#define SGEMM_BENCH_RUNNER_CHECK_H

#include <stdio.h>
#include <cublas_v2.h>
#include <cuda_runtime_api.h>

const char *check_cublas_string(cublasStatus_t s);

#define CUDA_CHECK(call)                                                                       \
    do {                                                                                       \
        cudaError_t e_ = (call);                                                               \
        if (e_ != cudaSuccess) {                                                               \
            snprintf(err, errlen, "%s:%d: %s: %s (%s)", __FILE__, __LINE__, #call,             \
                     cudaGetErrorString(e_), cudaGetErrorName(e_));                            \
            return -1;                                                                         \
        }                                                                                      \
    } while (0)

#define CUBLAS_CHECK(call)                                                                     \
    do {                                                                                       \
        cublasStatus_t s_ = (call);                                                            \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                                     \
            snprintf(err, errlen, "%s:%d: %s: %s", __FILE__, __LINE__, #call,                  \
                     check_cublas_string(s_));                                                 \
            return -1;                                                                         \
        }                                                                                      \
    } while (0)

#endif
