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

// The autotuning winner on an NVIDIA H100 80GB HBM3 (geometric mean 90.7% of cuBLAS over
// 2048, 4096, 8192): kernels/tuning/results/nvidia-h100-80gb-hbm3-105e10a.json.
enum { BM = 128, BN = 128, BK = 8, STAGES = 4 };

static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    return l6::launch<BM, BN, BK, STAGES>(g, stream);
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
