// level6_split.cu: level 6's runners for the tiles in K slices into the workspace, then their
// sum (kernels/level6_runners.h).
#include "kernels/level6_runners.h"
#include "kernels/level6_tuned.cuh"

cudaError_t level6_runners::split(const struct sgemm_args *g, const struct l6_launch &l,
                                  cudaStream_t s)
{
    return LEVEL6_RUNNERS::split(g, l, s);
}
