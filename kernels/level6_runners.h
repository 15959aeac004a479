// level6_runners.h: level 6's own build, its runners (l6::runners in level6_tuned.cuh) split by
// concern into translation units that nvcc compiles in parallel, each holding its kernels:
//   level6_tuned.cu    the plan's switch and registration; the tiles: one launch or K slices
//   level6_streamk.cu  stream-K over the main tile and its halves, and its fixup
//   level6_short_k.cu  the four-warp tiles (short K, their forms and flat split)
//   level6_small.cu    small M (streams B) and small N (streams A)
//   level6_sliced_k.cu K sliced over a CTA's warps
//   level6_shared.cu   the slices' sum, the copy of an unaligned B (every build's)
#ifndef SGEMM_BENCH_KERNELS_LEVEL6_RUNNERS_H
#define SGEMM_BENCH_KERNELS_LEVEL6_RUNNERS_H

#include "kernels/level6_config.h"
#include "kernels/level6_plan.h"
#include "kernels/sgemm.h"

struct level6_runners {
    static struct l6_config config(const struct l6_config &rules);
    static cudaError_t one(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s);
    static cudaError_t split(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s);
    static cudaError_t streamk(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s);
    static cudaError_t streamk_room(const struct l6_launch &l, int &out);
    static cudaError_t fine(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s);
    static cudaError_t small_m(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s);
    static cudaError_t small_m_room(const struct l6_launch &l, int &out);
    static cudaError_t small_n(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s);
    static cudaError_t sliced_k(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s);
};

// The generic runners at level 6's tiles, which each translation unit instantiates for its part.
#define LEVEL6_RUNNERS                                                                         \
    l6::runners<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_SMALL_BK, L6_SMALL_STAGES, L6_WIDE_BM,      \
                L6_WIDE_BN, L6_WIDE_BK, L6_WIDE_STAGES, true>

// The kernel a results file reports the resources of: the wide tile's (the large GEMMs'),
// defined in level6_tuned.cu.
extern "C" const void *const level6_wide_kernel;

#endif
