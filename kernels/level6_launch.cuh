// level6_launch.cuh: level 6 compiled again from its own files (level6_tuned.cuh at the
// configuration of kernels/level6_config.h), for the TEST ONLY builds whose kernels differ
// (kernels/testing/level6_slowed.cu, level6_spills.cu: they set level6_tuned.cuh's test
// hooks, and their own L6_NS, before including this). Level 6 itself is level6_tuned.cu and
// its runners' translation units (kernels/level6_runners.h).
#ifndef SGEMM_BENCH_KERNELS_LEVEL6_LAUNCH_CUH
#define SGEMM_BENCH_KERNELS_LEVEL6_LAUNCH_CUH

#include "kernels/level6.h"
#include "kernels/level6_config.h"
#include "kernels/level6_tuned.cuh"

static cudaError_t level6_launch(const struct sgemm_args *g, cudaStream_t stream)
{
    return L6_NS::launch<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_SMALL_BK, L6_SMALL_STAGES, L6_WIDE_BM,
                         L6_WIDE_BN, L6_WIDE_BK, L6_WIDE_STAGES, true>(g, stream);
}

// A TEST ONLY build of level 6 registered under level6_tuned's name, which it stands in
// for (.overrides): `ident` its registry symbol, `launcher` its launch, `what` its
// technique (a string that starts "TEST ONLY"). Its results report its own wide tile's
// resources.
#define LEVEL6_REGISTER_STAND_IN(ident, launcher, what)                                        \
    SGEMM_REGISTER_KERNEL(ident, .name = "level6_tuned", .level = 6, .technique = what,          \
                          .min_cc = SGEMM_MIN_CC(80), .workspace_bytes = level6_workspace,     \
                          .launch = launcher,                                                  \
                          .main_kernel = (const void *)L6_NS::tuned_kernel<                    \
                              L6_WIDE_BM, L6_WIDE_BN, L6_WIDE_BK, L6_WIDE_STAGES, true, true>, \
                          .overrides = 1)

#endif
