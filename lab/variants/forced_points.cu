// forced_points.cu: the forced runs of level 6's rules for the flat shape, the small-M row
// blocks, the half tiles' four-warp splits, narrow N, edge strips, split grids of 2 slices and
// M 33-48 (evidence P336, P346, P349, P350, P354, P356, P361), as kernels/tuning/grid.cu
// registered them until the plan (kernels/level6_plan.c) replaced level 6's internal dispatch
// functions they call. Built last at commit bb45439c: to run one again, check that commit
// out (lab/variants/README.md).
#include "kernels/level6_tuned.cuh"
#include "kernels/tuning/grid.h"

extern "C" const struct sgemm_kernel level6_tuned;

// Level 6, but its split grids (the tile and slices launch_shape would take for the whole
// product, no strip) as the flat shape's split (flat_split_slices): the forced runs that a
// rule for it is fitted to (evidence P336).
static cudaError_t launch_flat_split_forced(const struct sgemm_args *g, cudaStream_t stream)
{
    const int sms = l6::launch_sms();
    const enum shape_class c = l6::few_tiles_split<L6_BM, L6_BN>(
        g, sms, l6::class_of<L6_BM, L6_BN, L6_WIDE_BM, L6_WIDE_BN>(g->m, g->n, g->k, sms));
    if (const int s = l6::flat_split_slices<L6_BM, L6_BN, L6_BK, L6_STAGES>(g, sms, c))
        return l6::launch_short_k_flat_split(g, s, stream);
    return level6_tuned.launch(g, stream);
}
SGEMM_REGISTER_KERNEL(level6_grid_short_k_32x128_split, .name = "level6_grid_short_k_32x128_split",
                      .level = 6, .technique = "level 6, its split grids as the flat shape's split",
                      .min_cc = SGEMM_MIN_CC(80), .workspace_bytes = l6::workspace_of<L6_BM, L6_BN>,
                      .launch = launch_flat_split_forced,
                      .main_kernel = (const void *)short_k::short_k_split_kernel<
                          short_k::depth<L6_SHORT_K_BK, L6_SHORT_K_STAGES, 4, L6_SHORT_K_FLAT_WARPS_M>, true>);

// The small-M class's row blocks (M over SMALL_M_MAX: two blocks of 16 rows, each reading
// B) as the flat shape's split, one row of 32x128 tiles reading B once, in its own slices:
// a round of its CTAs, slices of 256 k or more (shape_small_m_flat_slices), at any K. Level 6
// elsewhere. The forced runs that shape_small_m_flat was set from (evidence
// P346).
// Room for a forced point's own `slices` slices of m rows of `row` floats (0: none), and for
// level6_tuned's, which runs what the point leaves.
static size_t own_or_level6_workspace(int m, int n, int k, long long slices, int row)
{
    const size_t l6 = level6_tuned.workspace_bytes(m, n, k);
    const size_t own = sizeof(float) * slices * m * row;
    return own > l6 ? own : l6;
}

static size_t small_m_flat_workspace(int m, int n, int k)
{
    if (m <= SMALL_M_MAX || m > SMALL_M_BLOCKS_MAX)
        return level6_tuned.workspace_bytes(m, n, k);
    /* the slices grow with the SM count: the most at MAX_SMS */
    return own_or_level6_workspace(m, n, k, shape_small_m_flat_slices(m, n, k, l6::MAX_SMS), l6::round4(n));
}
static cudaError_t launch_small_m_flat_forced(const struct sgemm_args *g, cudaStream_t stream)
{
    const int sms = l6::launch_sms();
    const enum shape_class c = l6::class_of<L6_BM, L6_BN, L6_WIDE_BM, L6_WIDE_BN>(g->m, g->n, g->k, sms);
    if (c == SHAPE_SMALL_M && g->m > SMALL_M_MAX && g->workspace) {
        const int s = shape_small_m_flat_slices(g->m, g->n, g->k, sms);
        return s > 1 ? l6::launch_short_k_flat_split(g, s, stream) : l6::launch_short_k_flat(g, stream);
    }
    return level6_tuned.launch(g, stream);
}
SGEMM_REGISTER_KERNEL(level6_grid_small_m_flat_split, .name = "level6_grid_small_m_flat_split",
                      .level = 6, .technique = "level 6, its row blocks of 16 as the flat shape's split",
                      .min_cc = SGEMM_MIN_CC(80), .workspace_bytes = small_m_flat_workspace,
                      .launch = launch_small_m_flat_forced,
                      .main_kernel = (const void *)short_k::short_k_split_kernel<
                          short_k::depth<L6_SHORT_K_BK, L6_SHORT_K_STAGES, 4, L6_SHORT_K_FLAT_WARPS_M>, true>);

// Level 6, but its half tiles' split grids (64x128 or 128x64 of two warps, split_tile_of) as
// the same tile of four warps (the wide form, or its tall shape, at k tiles of 16) in the
// same slices: the same grid and the same busiest SM, twice the warps an SM at half the
// accumulators a lane. The forced runs of evidence P349.
template <int WARPS_M>
static cudaError_t launch_split_four_warps(const struct sgemm_args *g, int slices, cudaStream_t stream)
{
    return l6::launch_short_k_split_of<
        short_k::depth<L6_SHORT_K_WIDE_EVEN_BK, L6_SHORT_K_WIDE_EVEN_STAGES, 8, WARPS_M>>(g, slices, stream);
}
static cudaError_t launch_split_form_forced(const struct sgemm_args *g, cudaStream_t stream)
{
    const int sms = l6::launch_sms();
    const enum shape_class c = l6::few_tiles_split<L6_BM, L6_BN>(
        g, sms, l6::class_of<L6_BM, L6_BN, L6_WIDE_BM, L6_WIDE_BN>(g->m, g->n, g->k, sms));
    struct shape_tile t;
    if (l6::split_tile_of<L6_BM, L6_BN, L6_BK, L6_STAGES>(g, sms, c, &t) &&
        (t.bm == L6_BM / 2 || t.bn == L6_BN / 2)) {
        const int s = shape_splitk_slices(g->m, g->n, g->k, sms, t.bm, t.bn, t.threads);
        if (s > 1)
            return t.bn == L6_BN ? launch_split_four_warps<2>(g, s, stream)
                                 : launch_split_four_warps<L6_SHORT_K_TALL_WARPS_M>(g, s, stream);
    }
    return level6_tuned.launch(g, stream);
}
static_assert(short_k::depth<16, 3, 8, 2>::BM == L6_BM / 2 && short_k::depth<16, 3, 8, 2>::BN == L6_BN &&
                  short_k::depth<16, 3, 8, L6_SHORT_K_TALL_WARPS_M>::BM == L6_BM &&
                  short_k::depth<16, 3, 8, L6_SHORT_K_TALL_WARPS_M>::BN == L6_BN / 2,
              "the four-warp forms are the half tiles");
SGEMM_REGISTER_KERNEL(level6_grid_split_four_warps, .name = "level6_grid_split_four_warps",
                      .level = 6, .technique = "level 6, its half tiles' splits of four warps",
                      .min_cc = SGEMM_MIN_CC(80), .workspace_bytes = l6::workspace_of<L6_BM, L6_BN>,
                      .launch = launch_split_form_forced,
                      .main_kernel = (const void *)short_k::short_k_split_kernel<
                          short_k::depth<L6_SHORT_K_WIDE_EVEN_BK, L6_SHORT_K_WIDE_EVEN_STAGES, 8, 2>, true>);

// Every grid of N up to NARROW_SPLIT_MAX_N columns (past the small-N class's) as the fine
// tile's four warps in one column, 128x32 (a lane 4 columns) or 128x64 (two groups of 4),
// in K slices of their own (narrow_split_slices: a round of the tile's CTAs, each slice 256
// of K or more; 1: one launch), no strip; level 6 elsewhere. The forced runs of
// evidence P350.
enum { NARROW_SPLIT_MAX_N = 320, NARROW_SPLIT_SLICE_K = 256 };
template <typename D>
static int narrow_split_slices(int m, int n, int k, int sms)
{
    return shape_round_slices(shape_tiles(m, n, D::BM, D::BN), D::CTAS_PER_SM, sms, k, NARROW_SPLIT_SLICE_K);
}
template <typename D>
static size_t narrow_split_workspace(int m, int n, int k)
{
    if (n > NARROW_SPLIT_MAX_N || shape_is_small_n(m, n))
        return level6_tuned.workspace_bytes(m, n, k);
    return own_or_level6_workspace(m, n, k, narrow_split_slices<D>(m, n, k, l6::MAX_SMS), l6::round4(n));
}
template <typename D>
static cudaError_t launch_narrow_split_forced(const struct sgemm_args *g, cudaStream_t stream)
{
    if (g->n > NARROW_SPLIT_MAX_N || shape_is_small_n(g->m, g->n) || !g->workspace)
        return level6_tuned.launch(g, stream);
    const int s = narrow_split_slices<D>(g->m, g->n, g->k, l6::launch_sms());
    return s > 1 ? l6::launch_short_k_split_of<D>(g, s, stream) : l6::launch_short_k_of<D>(g, stream);
}
#define DEFINE_NARROW_SPLIT_POINT(COLS, BK, S, TN)                                             \
    SGEMM_REGISTER_KERNEL(level6_grid_narrow_split_128x##COLS##_bk##BK##_s##S,                 \
                          .name = "level6_grid_narrow_split_128x" #COLS "_bk" #BK "_s" #S,     \
                          .level = 6, .technique = "level 6, narrow N as a tall split",        \
                          .min_cc = SGEMM_MIN_CC(80),                                          \
                          .workspace_bytes = narrow_split_workspace<short_k::depth<BK, S, TN, 4>>, \
                          .launch = launch_narrow_split_forced<short_k::depth<BK, S, TN, 4>>,  \
                          .main_kernel = (const void *)short_k::short_k_split_kernel<short_k::depth<BK, S, TN, 4>, true>); \
    static_assert(short_k::depth<BK, S, TN, 4>::BN == COLS, "the point's name is its tile")
DEFINE_NARROW_SPLIT_POINT(32, 16, 4, 4);
DEFINE_NARROW_SPLIT_POINT(64, 16, 3, 8);

// Level 6 without its edge strips (strip_of): the whole product as launch_whole runs it,
// half tiles and forms included. The forced runs of
// evidence P354.
static cudaError_t launch_no_strip_forced(const struct sgemm_args *g, cudaStream_t stream)
{
    return l6::launch_whole<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_SMALL_BK, L6_SMALL_STAGES, L6_WIDE_BM,
                            L6_WIDE_BN, L6_WIDE_BK, L6_WIDE_STAGES, true>(g, l6::launch_sms(), stream);
}
SGEMM_REGISTER_KERNEL(level6_grid_no_strip, .name = "level6_grid_no_strip", .level = 6,
                      .technique = "level 6 without its edge strips", .min_cc = SGEMM_MIN_CC(80),
                      .workspace_bytes = l6::workspace_of<L6_BM, L6_BN>, .launch = launch_no_strip_forced,
                      .main_kernel = (const void *)l6::tuned_kernel<L6_WIDE_BM, L6_WIDE_BN, L6_WIDE_BK,
                                                                   L6_WIDE_STAGES, true, true>);

// Level 6, but its split grids of 2 slices to K SHORT_K_WIDE_SPLIT_MAX_K that the wide
// form's rule leaves (shape_short_k_wide_split2) as the wide form's tall shape (128x64, k
// tiles of 16) in one launch, no strip: the forced runs of evidence
// P356.
static cudaError_t launch_split2_tall_forced(const struct sgemm_args *g, cudaStream_t stream)
{
    const int sms = l6::launch_sms();
    const enum shape_class c = l6::few_tiles_split<L6_BM, L6_BN>(
        g, sms, l6::class_of<L6_BM, L6_BN, L6_WIDE_BM, L6_WIDE_BN>(g->m, g->n, g->k, sms));
    struct shape_tile t;
    if (l6::split_tile_of<L6_BM, L6_BN, L6_BK, L6_STAGES>(g, sms, c, &t) &&
        g->k <= SHORT_K_WIDE_SPLIT_MAX_K &&
        shape_splitk_slices(g->m, g->n, g->k, sms, t.bm, t.bn, t.threads) == 2 &&
        !shape_short_k_wide_split2(g->m, g->n, g->k, sms, t))
        return l6::launch_short_k_form(g, SHORT_K_FORM_TALL, stream);
    return level6_tuned.launch(g, stream);
}
SGEMM_REGISTER_KERNEL(level6_grid_split2_tall, .name = "level6_grid_split2_tall", .level = 6,
                      .technique = "level 6, its 2-slice split grids as the tall form",
                      .min_cc = SGEMM_MIN_CC(80), .workspace_bytes = l6::workspace_of<L6_BM, L6_BN>,
                      .launch = launch_split2_tall_forced,
                      .main_kernel = (const void *)short_k::short_k_kernel<
                          short_k::depth<L6_SHORT_K_WIDE_EVEN_BK, L6_SHORT_K_WIDE_EVEN_STAGES, 8,
                                         L6_SHORT_K_TALL_WARPS_M>, true, true>);

// The small-tile class's M = 33..48 over SMALL_M_COLS columns or more (level 6: a 64-row
// half tile, 64 rows computed for 33-48) as the small-M kernel in row blocks of MR rows
// (16: three blocks; 24: two), each reading B, in its slices: the forced runs of
// evidence P361. Level 6 elsewhere.
enum { ROWS48_MIN_M = 33, ROWS48_MAX_M = 48 };
static bool rows48_takes(int m, int n)
{
    return m >= ROWS48_MIN_M && m <= ROWS48_MAX_M && n >= SMALL_M_COLS;
}
template <int MR>
static size_t rows48_workspace(int m, int n, int k)
{
    if (!rows48_takes(m, n))
        return level6_tuned.workspace_bytes(m, n, k);
    const int s = small_m::slices(MR, shape_ceil_div(m, MR), n, k, l6::MAX_SMS, small_m::MAX_CTAS_PER_SM);
    return own_or_level6_workspace(m, n, k, s > 1 ? s : 0, n); /* rows of n floats (launch_small_m) */
}
template <int MR>
static cudaError_t launch_rows48_forced(const struct sgemm_args *g, cudaStream_t stream)
{
    if (!rows48_takes(g->m, g->n))
        return level6_tuned.launch(g, stream);
    return l6::launch_small_m<MR>(g, l6::launch_sms(), shape_ceil_div(g->m, MR), stream);
}
#define DEFINE_ROWS48_POINT(MR)                                                                \
    SGEMM_REGISTER_KERNEL(level6_grid_small_m_rows48_mr##MR,                                   \
                          .name = "level6_grid_small_m_rows48_mr" #MR, .level = 6,             \
                          .technique = "level 6, M 33-48 as the small-M kernel's row blocks",  \
                          .min_cc = SGEMM_MIN_CC(80), .workspace_bytes = rows48_workspace<MR>, \
                          .launch = launch_rows48_forced<MR>,                                  \
                          .main_kernel = (const void *)small_m::small_m_kernel<MR, true>)
DEFINE_ROWS48_POINT(16);
DEFINE_ROWS48_POINT(24);
