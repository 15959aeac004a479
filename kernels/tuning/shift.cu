// shift.cu: level 6 built with split-K's 64x128 grids shifting an unaligned B however many
// tiles across (L6_SPLIT_SHIFT_MAX_TILES_N; level 6's own is 40), in its own namespace
// beside the real one: the forced runs of docs/PERF.md, "B shifted across wide split grids".
#define L6_NS l6_shift
#define L6_SPLIT_SHIFT_MAX_TILES_N 100000
#include "kernels/level6_config.h"
#include "kernels/level6_tuned.cuh"
#include "kernels/tuning/grid.h"

static cudaError_t launch_shift(const struct sgemm_args *g, cudaStream_t stream)
{
    return L6_NS::launch<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_SMALL_BK, L6_SMALL_STAGES, L6_WIDE_BM,
                         L6_WIDE_BN, L6_WIDE_BK, L6_WIDE_STAGES, true>(g, stream);
}

SGEMM_REGISTER_KERNEL(level6_grid_split_shift_any, .name = "level6_grid_split_shift_any", .level = 6,
                      .technique = "level 6, split-K's 64x128 grids shifting B at any width",
                      .min_cc = SGEMM_MIN_CC(80),
                      .workspace_bytes = L6_NS::workspace_of<L6_BM, L6_BN>, .launch = launch_shift,
                      .main_kernel = (const void *)L6_NS::tuned_kernel<L6_WIDE_BM, L6_WIDE_BN, L6_WIDE_BK,
                                                                      L6_WIDE_STAGES, true, true>);
