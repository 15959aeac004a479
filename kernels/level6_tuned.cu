// Level 6: a tuned FFMA SGEMM, beyond the seeds (what the H100 measurements asked for).
//
// Change from level 5: a cuBLAS-sized CTA tile (BM x BN x BK below, 8 warps for 256x128)
// with 64x64 warp tiles; each thread owns a 16x8 block of C (128 accumulators), so a k
// step costs 6 LDS.128 for 128 FFMA (level 5: 4 for 64). A is copied with 4-byte
// cp.async straight into the k-major, padded layout (the transpose happens in the copy,
// no registers, no STS); B with 16-byte cp.async (LDGSTS.128). A STAGES-deep ring keeps
// copies in flight; the next k step's fragments load while this one's FFMAs issue.
// One CTA per SM (__launch_bounds__(..., 1)): up to 255 registers, no spills.
// The configuration is the winner of the autotuning grid in kernels/tuning (see
// docs/PERF.md and the results file cited there). Any shape and leading dimension:
// zero-filled copies at the edges, 4-byte copies of B and scalar stores when unaligned.
#include "kernels/level6_tuned.cuh"

// Autotuned on an NVIDIA H100 80GB HBM3: see kernels/tuning/README.md.
enum { BM = 256, BN = 128, BK = 8, STAGES = 3 };

static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    return l6::launch<BM, BN, BK, STAGES>(g, stream);
}

extern "C" const struct sgemm_kernel level6_tuned = {
    "level6_tuned", 6, "tuned: 256x128 CTA, 64x64 warp tiles, 16x8 per thread, cp.async ring", 80,
    NULL, launch, (const void *)l6::tuned_kernel<BM, BN, BK, STAGES, true, true>,
};
