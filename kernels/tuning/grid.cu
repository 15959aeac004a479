// grid.cu: the level-6 autotuning grid. Each configuration becomes a registry entry named
// level6_grid_<BM>x<BN>x<BK>_s<STAGES>, so the sweep itself verifies and times it. A grid
// point takes level 6's whole dispatch with its tile as the main one (shape classes:
// kernels/shape_class.h), so the split-K class is tuned too; the small-M and small-tile
// classes use their own kernels and measure the same for every point. Unaligned inputs,
// which only the conformance checks use, go to level6_tuned (sm_90 only, to keep the
// build short).
#include "kernels/level6_tuned.cuh"
#include "kernels/tuning/grid.h"

extern "C" const struct sgemm_kernel level6_tuned;

template <int BM, int BN, int BK, int STAGES>
static cudaError_t launch_grid_point(const struct sgemm_args *g, cudaStream_t stream)
{
    if (!rows_aligned16(g->b, g->ldb) || !rows_aligned16(g->c, g->ldc))
        return level6_tuned.launch(g, stream);
    return l6::launch<BM, BN, BK, STAGES>(g, stream);
}

// Room for the grid point's own plan (its tile as the main one) and for level6_tuned's,
// which takes the unaligned cases (its main tile may slice K differently).
template <int BM, int BN, int BK, int STAGES>
static size_t grid_workspace(int m, int n, int k)
{
    struct l6_config c = L6_LEVEL6;
    c.main = {BM, BN, BK, STAGES};
    const size_t own = l6_workspace_of(&c, m, n, k);
    const size_t fallback = level6_tuned.workspace_bytes(m, n, k);
    return own > fallback ? own : fallback;
}

#define DEFINE_GRID_POINT(BM, BN, BK, S)                                                       \
    SGEMM_REGISTER_KERNEL(level6_grid_##BM##x##BN##x##BK##_s##S,                               \
                          .name = "level6_grid_" #BM "x" #BN "x" #BK "_s" #S,                  \
                          .level = 6,                                                          \
                          .technique = "level-6 autotuning grid point",                        \
                          .min_cc = SGEMM_MIN_CC(80),                                          \
                          .workspace_bytes = grid_workspace<BM, BN, BK, S>,                    \
                          .launch = launch_grid_point<BM, BN, BK, S>,                          \
                          .main_kernel = (const void *)l6::tuned_kernel<BM, BN, BK, S, true, true>);
LEVEL6_GRID(DEFINE_GRID_POINT)

// The fine tile alone (short_k.cuh), for every shape and alignment, at each k depth and
// stage count: the forced runs that level 6's rule for it and its depth are fitted to
// (evidence P117).
// STAGE: an unaligned C staged under K SHORT_K_STAGED_MIN_K (-1, level 6's rule), never (0)
// or always (1).
template <int BK, int STAGES, int STAGE = -1, int TN = 4, int WARPS_M = 2>
static cudaError_t launch_short_k_forced(const struct sgemm_args *g, cudaStream_t stream)
{
    using D = short_k::depth<BK, STAGES, TN, WARPS_M>;
    struct l6_launch l = {};
    l.kernel = L6_K_FINE;
    l.dims = {D::BM, D::BN, BK, STAGES};
    l.depth = TN == 4 ? L6_FINE_BASE : L6_FINE_WIDE; /* the name's columns a lane */
    l.vec_b = rows_aligned16(g->b, g->ldb);
    l.vec_c = rows_aligned16(g->c, g->ldc);
    l.store = !l.vec_c && (STAGE == 1 || (STAGE == -1 && g->k < SHORT_K_STAGED_MIN_K));
    l.slices = 1;
    l.k_split = g->k;
    l.grid[0] = ceil_div(g->m, D::BM), l.grid[1] = ceil_div(g->n, D::BN), l.grid[2] = 1;
    l.threads = short_k::THREADS;
    return l6::run_fine_of<D>(g, l, stream);
}

#define DEFINE_SHORT_K_POINT(BK, S)                                                            \
    SGEMM_REGISTER_KERNEL(level6_grid_short_k_bk##BK##_s##S,                                   \
                          .name = "level6_grid_short_k_bk" #BK "_s" #S, .level = 6,            \
                          .technique = "level 6's fine tile (64x64, four warps) for every shape", \
                          .min_cc = SGEMM_MIN_CC(80), .launch = launch_short_k_forced<BK, S>,  \
                          .main_kernel = (const void *)short_k::short_k_kernel<short_k::depth<BK, S>, true, true>);
DEFINE_SHORT_K_POINT(8, 3)
DEFINE_SHORT_K_POINT(8, 4)
DEFINE_SHORT_K_POINT(8, 6)
DEFINE_SHORT_K_POINT(16, 2)
DEFINE_SHORT_K_POINT(16, 3)
DEFINE_SHORT_K_POINT(16, 4)
DEFINE_SHORT_K_POINT(32, 2)

// The fine tile's wide form (64x128, a lane two groups of 4 columns, four CTAs an SM), for
// every shape, at each k depth and stage count: the forced runs that level 6's rules for it
// (shape_short_k_wide, shape_short_k_main_wide) and its depth are fitted to (evidence
// P220, P223).
#define DEFINE_SHORT_K_WIDE_POINT(BK, S)                                                       \
    SGEMM_REGISTER_KERNEL(level6_grid_short_k_wide_bk##BK##_s##S,                              \
                          .name = "level6_grid_short_k_wide_bk" #BK "_s" #S, .level = 6,       \
                          .technique = "level 6's fine tile, 64x128, for every shape",         \
                          .min_cc = SGEMM_MIN_CC(80),                                          \
                          .launch = launch_short_k_forced<BK, S, -1, 8>,                       \
                          .main_kernel = (const void *)short_k::short_k_kernel<short_k::depth<BK, S, 8>, true, true>);
DEFINE_SHORT_K_WIDE_POINT(16, 2)
DEFINE_SHORT_K_WIDE_POINT(16, 3)
DEFINE_SHORT_K_WIDE_POINT(8, 3)
DEFINE_SHORT_K_WIDE_POINT(8, 4)
DEFINE_SHORT_K_WIDE_POINT(8, 5)
DEFINE_SHORT_K_WIDE_POINT(8, 6)

// Level 6's depth with an unaligned C always stored by lanes (direct) or always staged
// (staged), whatever K: the forced runs that SHORT_K_STAGED_MIN_K is set from (evidence
// P128).
#define DEFINE_SHORT_K_STORE(NAME, STAGE)                                                      \
    SGEMM_REGISTER_KERNEL(level6_grid_short_k_bk16_s4_##NAME,                                  \
                          .name = "level6_grid_short_k_bk16_s4_" #NAME, .level = 6,            \
                          .technique = "level 6's fine tile, C unaligned stored " #NAME,       \
                          .min_cc = SGEMM_MIN_CC(80),                                          \
                          .launch = launch_short_k_forced<16, 4, STAGE>,                       \
                          .main_kernel = (const void *)short_k::short_k_kernel<short_k::depth<16, 4>, true, false, STAGE>);
DEFINE_SHORT_K_STORE(direct, 0)
DEFINE_SHORT_K_STORE(staged, 1)

// The fine tile's four warps in one column (WARPS_M 4: 128x32, or 128x64 a lane's columns
// two groups of 4) or one row (WARPS_M 1: 32x128), for every shape: the forced runs that
// would set a rule for grids of few columns or few rows (evidence
// P329, P330).
#define DEFINE_SHORT_K_SHAPE_POINT(ROWS, COLS, BK, S, TN, WM)                                  \
    SGEMM_REGISTER_KERNEL(level6_grid_short_k_##ROWS##x##COLS##_bk##BK##_s##S,                 \
                          .name = "level6_grid_short_k_" #ROWS "x" #COLS "_bk" #BK "_s" #S,    \
                          .level = 6,                                                          \
                          .technique = "level 6's fine tile's four warps as " #ROWS "x" #COLS, \
                          .min_cc = SGEMM_MIN_CC(80),                                          \
                          .launch = launch_short_k_forced<BK, S, -1, TN, WM>,                  \
                          .main_kernel = (const void *)short_k::short_k_kernel<short_k::depth<BK, S, TN, WM>, true, true>); \
    static_assert(short_k::depth<BK, S, TN, WM>::BM == ROWS && short_k::depth<BK, S, TN, WM>::BN == COLS, \
                  "the point's name is its tile")
DEFINE_SHORT_K_SHAPE_POINT(128, 32, 16, 4, 4, 4);
DEFINE_SHORT_K_SHAPE_POINT(128, 32, 32, 2, 4, 4);
DEFINE_SHORT_K_SHAPE_POINT(128, 64, 16, 3, 8, 4);
DEFINE_SHORT_K_SHAPE_POINT(128, 64, 8, 4, 8, 4);
DEFINE_SHORT_K_SHAPE_POINT(32, 128, 16, 4, 4, 1);
DEFINE_SHORT_K_SHAPE_POINT(32, 128, 32, 2, 4, 1);
