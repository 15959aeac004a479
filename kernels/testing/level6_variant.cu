// level6_variant.cu: TEST ONLY. The level-6 kernel at another point of the autotuning
// grid (kernels/tuning/grid.h), registered under level6_tuned's name, so the gate meets a
// real kernel change rather than an injected delay: 256x128x8 CTA tiles (cuBLAS's own
// shape), 3 stages, for every class of shape. At 4096 it runs about 5% behind level 6's
// wide tile in the grid's results (kernels/tuning/results/*-29fcdf15ed3f-*.json, the deep
// class; docs/GATE.md gives the gate's figures).
#define L6_NS l6_variant /* its own symbols beside the real level 6 (level6_tuned.cuh) */
#include "kernels/level6_tuned.cuh"

enum { BM = 256, BN = 128, BK = 8, STAGES = 3 };

static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    return L6_NS::launch<BM, BN, BK, STAGES>(g, stream);
}

SGEMM_REGISTER_KERNEL(level6_tuned_variant,
                      .name = "level6_tuned",
                      .level = 6,
                      .technique = "TEST ONLY: level 6 at 256x128x8, 3 stages",
                      .min_cc = SGEMM_MIN_CC(80),
                      .launch = launch,
                      .main_kernel = (const void *)L6_NS::tuned_kernel<BM, BN, BK, STAGES, true, true>,
                      .overrides = 1 /* stands in for level6_tuned */);
