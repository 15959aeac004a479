// level6_small.cu: level 6's runners for small M (streams B once) and small N (streams A once)
// (kernels/level6_runners.h).
#include "kernels/level6_runners.h"
#include "kernels/level6_tuned.cuh"

cudaError_t level6_runners::small_m(const struct sgemm_args *g, const struct l6_launch &l,
                                  cudaStream_t s)
{
    return LEVEL6_RUNNERS::small_m(g, l, s);
}

cudaError_t level6_runners::small_m_room(const struct l6_launch &l, int &out)
{
    return LEVEL6_RUNNERS::small_m_room(l, out);
}

cudaError_t level6_runners::small_n(const struct sgemm_args *g, const struct l6_launch &l,
                                  cudaStream_t s)
{
    return LEVEL6_RUNNERS::small_n(g, l, s);
}
