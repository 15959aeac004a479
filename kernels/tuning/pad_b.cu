// pad_b.cu: level 6 built with B re-laid from M = 128 (L6_PAD_B_MIN_M; level 6's own is
// 400), in its own namespace beside the real one: the forced runs of docs/PERF.md, "B
// re-laid under M 400".
#define L6_NS l6_pad_b
#define L6_PAD_B_MIN_M 128
#include "kernels/level6_config.h"
#include "kernels/level6_tuned.cuh"
#include "kernels/tuning/grid.h"

static cudaError_t launch_pad_b(const struct sgemm_args *g, cudaStream_t stream)
{
    return L6_NS::launch<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_SMALL_BK, L6_SMALL_STAGES, L6_WIDE_BM,
                         L6_WIDE_BN, L6_WIDE_BK, L6_WIDE_STAGES, true>(g, stream);
}

SGEMM_REGISTER_KERNEL(level6_grid_pad_b_m128, .name = "level6_grid_pad_b_m128", .level = 6,
                      .technique = "level 6, B re-laid from M 128", .min_cc = SGEMM_MIN_CC(80),
                      .workspace_bytes = L6_NS::workspace_of<L6_BM, L6_BN>, .launch = launch_pad_b,
                      .main_kernel = (const void *)L6_NS::tuned_kernel<L6_WIDE_BM, L6_WIDE_BN, L6_WIDE_BK,
                                                                      L6_WIDE_STAGES, true, true>);
