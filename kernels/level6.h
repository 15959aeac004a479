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

/* Level 6's workspace (l6_workspace_of), and the kernel its results report the resources of
 * (the wide tile's): constant-initialized, so a stand-in's registration may read them. */
size_t level6_workspace(int m, int n, int k);
extern const void *const level6_wide_kernel;

extern const struct sgemm_kernel level6_tuned;

#ifdef __cplusplus
}
#endif

#endif
