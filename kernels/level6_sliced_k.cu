// level6_sliced_k.cu: level 6's runners for K sliced over each CTA's warps
// (kernels/level6_runners.h).
#include "kernels/level6_runners.h"
#include "kernels/level6_tuned.cuh"

cudaError_t level6_runners::sliced_k(const struct sgemm_args *g, const struct l6_launch &l,
                                  cudaStream_t s)
{
    return LEVEL6_RUNNERS::sliced_k(g, l, s);
}
