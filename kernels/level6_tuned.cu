// Level 6: a tuned FFMA SGEMM, beyond the seeds.
//
// Change from level 5: a CTA tile of whole 64x64 warp tiles; each thread owns a 16x8
// block of C (128 accumulators), so a k step costs 6 LDS.128 for 128 FFMA (level 5: 4 for
// 64). A is copied with 4-byte cp.async straight into the k-major, padded layout (the
// transpose happens in the copy, no registers, no STS); B with 16-byte cp.async
// (LDGSTS.128). A STAGES-deep ring keeps copies in flight; the next k step's fragments
// load while this one's FFMAs issue.
// Whole k tiles (all but the first, which holds k's residue) are copied beside the FFMAs
// from sources set once per thread. __launch_bounds__(..., 1) lets ptxas use up to 255
// registers (no spills); at 128x128 (4 warps, ~220 registers) two CTAs share an SM, so
// one fills the other's barrier stalls. Each shape class has its configuration, the
// autotuning grid's winner (kernels/level6_config.h, docs/kernels/level6.md): the main tile for one
// launch and split-K, the wide tile (one CTA an SM) for long K over a full wave, 64x64
// tiles for small grids, and at short K a four-warp 64x64 tile of 8x4 a thread, five CTAs
// an SM, where its finer waves pay (short_k.cuh). The resources a results file reports are
// the wide tile's (the large GEMMs'). Any shape and leading dimension: zero-filled copies
// at the edges; when B's or C's rows are not 16-byte aligned, B re-laid into the workspace
// with aligned rows where the copy pays (else 4-byte copies; the fine tile always reads B
// as it is), split-K's slices in aligned rows, and C stored element by element (through
// shared memory in the wide tile, stream-K, and the fine tile under K = 32).
// The configuration per shape class: the autotuning winners (kernels/level6_config.h).
#include "kernels/level6.h"
#include "kernels/level6_runners.h"
#include "kernels/level6_tuned.cuh"

// Stream-K stages an unaligned C by warp columns in the stages' shared memory where that
// holds them (streamk_store; the main tile and its 128x64 half gain so: evidence P156),
// else stores it from registers: keep level 6's own tiles on the faster path.
static_assert(l6::cfg<L6_BM, L6_BN, L6_BK, L6_STAGES>::SMEM_BYTES >=
                      l6::columns_stage<L6_BM, L6_BN>::BYTES &&
                  l6::cfg<L6_BM, L6_BN / 2, L6_BK, L6_STAGES>::SMEM_BYTES >=
                      l6::columns_stage<L6_BM, L6_BN / 2>::BYTES,
              "stream-K's columns of C fit the main tile's and its half's stages");

// The plan (kernels/level6_plan.c) counts these kernels' geometry: the same as theirs.
static_assert((int)small_m::COLS == (int)SMALL_M_COLS && small_m::ctas_an_sm(8) == 5 &&
                  small_m::ctas_an_sm(16) == 4 && small_m::ctas_an_sm(24) == 3,
              "small-M's columns a CTA and CTAs an SM, as the plan counts them");
static_assert((int)small_n::BM == (int)SMALL_N_ROWS && small_n::BK == 32 && small_n::THREADS == 256,
              "small-N's rows a CTA, k tile and threads, as the plan counts them");
static_assert((int)sliced_k::BM == (int)SLICED_K_TILE && (int)sliced_k::BK == (int)SLICED_K_BK &&
                  sliced_k::cta<SLICED_K_WARPS>::THREADS == 256,
              "sliced-K's tile, k tile and threads, as the plan counts them");
static_assert(short_k::THREADS == 128 && l6::fine_flat::BM == 32 && l6::fine_flat::BN == 128 &&
                  l6::fine_tall_even::BM == 128 && l6::fine_tall_even::BN == 64 &&
                  l6::fine_wide::BN == 128 && l6::fine_base::BM == SHORT_K_TILE,
              "the four-warp tiles' shapes, as the plan counts them");
static_assert(l6::REDUCE_COLS == 32 && l6::REDUCE_GROUPS == 8 && l6::PAD_THREADS == 256,
              "the sum's and the copy's threads, as the plan counts them");

struct l6_config level6_runners::config(const struct l6_config &rules)
{
    return LEVEL6_RUNNERS::config(rules);
}

// The tiles (the main tile, its halves, the small and the wide tile): one launch, or K in
// slices into the workspace. One translation unit: a tile's split runs the same kernel
// instance as its one launch of C aligned.
cudaError_t level6_runners::one(const struct sgemm_args *g, const struct l6_launch &l,
                                cudaStream_t s)
{
    return LEVEL6_RUNNERS::one(g, l, s);
}

cudaError_t level6_runners::split(const struct sgemm_args *g, const struct l6_launch &l,
                                  cudaStream_t s)
{
    return LEVEL6_RUNNERS::split(g, l, s);
}

extern "C" const void *const level6_wide_kernel =
    (const void *)l6::tuned_kernel<L6_WIDE_BM, L6_WIDE_BN, L6_WIDE_BK, L6_WIDE_STAGES, true, true>;

static cudaError_t level6_launch(const struct sgemm_args *g, cudaStream_t stream)
{
    return l6::build<level6_runners>::launch(g, stream, L6_LEVEL6);
}

extern "C" cudaError_t level6_launch_rules(const struct l6_config *rules,
                                           const struct sgemm_args *g, cudaStream_t stream)
{
    return l6::build<level6_runners>::launch(g, stream, *rules);
}

extern "C" size_t level6_workspace(int m, int n, int k)
{
    return l6_workspace_of(&L6_LEVEL6, m, n, k);
}

SGEMM_REGISTER_KERNEL(level6_tuned,
                      .name = "level6_tuned",
                      .level = 6,
                      .technique = "tuned: CTA tiles per shape class, 64x64 warp tiles, 16x8 per thread",
                      .min_cc = SGEMM_MIN_CC(80),
                      .workspace_bytes = /* slices (split-K, stream-K, small M), B re-laid */
                          level6_workspace,
                      .launch = level6_launch,
                      .main_kernel = level6_wide_kernel,
                      .explain_plan = l6_explain);
