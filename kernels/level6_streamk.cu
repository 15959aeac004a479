// level6_streamk.cu: level 6's runners for stream-K over the main tile and its halves
// (kernels/level6_runners.h).
#include "kernels/level6_runners.h"
#include "kernels/level6_tuned.cuh"

cudaError_t level6_runners::streamk(const struct sgemm_args *g, const struct l6_launch &l,
                                  cudaStream_t s)
{
    return LEVEL6_RUNNERS::streamk(g, l, s);
}

cudaError_t level6_runners::streamk_room(const struct l6_launch &l, int &out)
{
    return LEVEL6_RUNNERS::streamk_room(l, out);
}
