// level6_launch.cuh: level 6's launch and main kernel at the configuration of
// kernels/level6_config.h, with one owner for their template arguments: level6_tuned.cu
// registers them, and so does the TEST ONLY slowed build (kernels/testing/level6_slowed.cu,
// which defines level6_tuned.cuh's test hooks before it includes this).
#ifndef SGEMM_BENCH_KERNELS_LEVEL6_LAUNCH_CUH
#define SGEMM_BENCH_KERNELS_LEVEL6_LAUNCH_CUH

#include "kernels/level6_config.h"
#include "kernels/level6_tuned.cuh"

static cudaError_t level6_launch(const struct sgemm_args *g, cudaStream_t stream)
{
    return L6_NS::launch<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_SMALL_BK, L6_SMALL_STAGES, L6_WIDE_BM,
                         L6_WIDE_BN, L6_WIDE_BK, L6_WIDE_STAGES, true>(g, stream);
}

// Level 6's workspace for an m x n x k product (l6_workspace_of): no CUDA call.
static size_t level6_workspace(int m, int n, int k) { return l6_workspace_of(&L6_LEVEL6, m, n, k); }

// The kernel a results file reports the resources of: the wide tile's (the large GEMMs').
#define LEVEL6_MAIN_KERNEL                                                                   \
    ((const void *)L6_NS::tuned_kernel<L6_WIDE_BM, L6_WIDE_BN, L6_WIDE_BK, L6_WIDE_STAGES, true, \
                                    true>)

// Level 6 built another way (a macro of level6_tuned.cuh set before including this, in its
// own L6_NS) as a point of the autotuning grid under its own name (kernels/tuning).
#define LEVEL6_REGISTER_VARIANT(ident, what)                                                   \
    SGEMM_REGISTER_KERNEL(ident, .name = #ident, .level = 6, .technique = what,                \
                          .min_cc = SGEMM_MIN_CC(80),                                          \
                          .workspace_bytes = level6_workspace,                \
                          .launch = level6_launch, .main_kernel = LEVEL6_MAIN_KERNEL)

// A TEST ONLY build of level 6 registered under level6_tuned's name, which it stands in
// for (.overrides): `ident` its registry symbol, `launcher` its launch, `what` its
// technique (a string that starts "TEST ONLY").
#define LEVEL6_REGISTER_STAND_IN(ident, launcher, what)                                        \
    SGEMM_REGISTER_KERNEL(ident, .name = "level6_tuned", .level = 6, .technique = what,          \
                          .min_cc = SGEMM_MIN_CC(80),                                          \
                          .workspace_bytes = level6_workspace,                \
                          .launch = launcher, .main_kernel = LEVEL6_MAIN_KERNEL,               \
                          .overrides = 1)

#endif
