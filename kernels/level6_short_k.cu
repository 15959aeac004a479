// level6_short_k.cu: level 6's runners for the four-warp tiles: the fine tile at short K, its
// wide, tall and flat forms, the flat split (kernels/level6_runners.h).
#include "kernels/level6_runners.h"
#include "kernels/level6_tuned.cuh"

cudaError_t level6_runners::fine(const struct sgemm_args *g, const struct l6_launch &l,
                                  cudaStream_t s)
{
    return LEVEL6_RUNNERS::fine(g, l, s);
}
