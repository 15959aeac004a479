/* level6.h: level 6 as kernels/level6_tuned.cu builds it, for a TEST ONLY build that runs it
 * under other rules (kernels/testing) without compiling its kernels again. */
#ifndef SGEMM_BENCH_KERNELS_LEVEL6_H
#define SGEMM_BENCH_KERNELS_LEVEL6_H

#include "kernels/level6_plan.h"
#include "kernels/sgemm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Level 6's launch with the bounds of `rules` (its tiles are level 6's own). */
cudaError_t level6_launch_rules(const struct l6_config *rules, const struct sgemm_args *g,
                                cudaStream_t stream);

extern const struct sgemm_kernel level6_tuned;

#ifdef __cplusplus
}
#endif

#endif
