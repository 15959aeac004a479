// grid.cu: the level-6 autotuning grid. Each configuration becomes a registry entry named
// level6_grid_<BM>x<BN>x<BK>_s<STAGES>, so the sweep itself verifies and times it.
// Only the aligned fast path is instantiated (sm_90 only, to keep the build short);
// unaligned inputs, which only the conformance checks use, go to level6_tuned.
#include "kernels/level6_tuned.cuh"
#include "kernels/tuning/grid.h"

extern "C" const struct sgemm_kernel level6_tuned;

template <int BM, int BN, int BK, int STAGES>
static cudaError_t launch_grid_point(const struct sgemm_args *g, cudaStream_t stream)
{
    if (!rows_aligned16(g->b, g->ldb) || !rows_aligned16(g->c, g->ldc))
        return level6_tuned.launch(g, stream);
    return l6::launch_one<BM, BN, BK, STAGES, true, true>(g, stream);
}

#define DEFINE_GRID_POINT(BM, BN, BK, S)                                                       \
    SGEMM_REGISTER_KERNEL(level6_grid_##BM##x##BN##x##BK##_s##S,                               \
                          .name = "level6_grid_" #BM "x" #BN "x" #BK "_s" #S,                  \
                          .level = 6,                                                          \
                          .technique = "level-6 autotuning grid point",                        \
                          .min_cc = SGEMM_MIN_CC(80),                                          \
                          .launch = launch_grid_point<BM, BN, BK, S>,                          \
                          .main_kernel = (const void *)l6::tuned_kernel<BM, BN, BK, S, true, true>);
LEVEL6_GRID(DEFINE_GRID_POINT)
