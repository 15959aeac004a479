// Level 6: a tuned FFMA SGEMM, beyond the seeds (what the H100 measurements asked for).
//
// Change from level 5: a CTA tile of whole 64x64 warp tiles (BM x BN x BK below)
// with 64x64 warp tiles; each thread owns a 16x8 block of C (128 accumulators), so a k
// step costs 6 LDS.128 for 128 FFMA (level 5: 4 for 64). A is copied with 4-byte
// cp.async straight into the k-major, padded layout (the transpose happens in the copy,
// no registers, no STS); B with 16-byte cp.async (LDGSTS.128). A STAGES-deep ring keeps
// copies in flight; the next k step's fragments load while this one's FFMAs issue.
// __launch_bounds__(..., 1) lets ptxas use up to 255 registers (no spills); at 128x128
// (4 warps, ~230 registers) two CTAs share an SM, so one fills the other's barrier stalls.
// The configuration is the winner of the autotuning grid in kernels/tuning (see
// docs/PERF.md and the results file cited there). Any shape and leading dimension:
// zero-filled copies at the edges, 4-byte copies of B and scalar stores when unaligned.
#include "kernels/level6_tuned.cuh"

// The autotuning winners per shape class on an NVIDIA H100 80GB HBM3
// (kernels/tuning/results/nvidia-h100-80gb-hbm3-0a94197a5995.json, docs/PERF.md): the
// main tile wins the one-launch class (93.2% of cuBLAS in geometric mean) and the split-K
// class (91.8%); the small-tile class's 64x64 tiles do best with 8 of k and 3 stages
// (80.0%, against 77.9% with the main tile's 4).
enum { BM = 128, BN = 128, BK = 8, STAGES = 4 };
enum { SMALL_BK = 8, SMALL_STAGES = 3 };

static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    return l6::launch<BM, BN, BK, STAGES, SMALL_BK, SMALL_STAGES>(g, stream);
}

SGEMM_REGISTER_KERNEL(level6_tuned,
                      .name = "level6_tuned",
                      .level = 6,
                      .technique = "tuned: 128x128x8 CTA, 4 stages, 64x64 warp tiles, 16x8 per thread",
                      .min_cc = SGEMM_MIN_CC(80),
                      .workspace_bytes = /* split-K and small-M slices */
                          l6::splitk_workspace<BM, BN, l6::cfg<BM, BN, BK, STAGES>::THREADS>,
                      .launch = launch,
                      .main_kernel = (const void *)l6::tuned_kernel<BM, BN, BK, STAGES, true, true>);
