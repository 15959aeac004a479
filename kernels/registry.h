/* registry.h: the levels' entries, for registries to list (kernels/registry.c and the
 * test and tuning registries). The NULL-terminated sgemm_registry itself is declared in
 * sgemm.h; each registry source defines it once. */
#ifndef SGEMM_BENCH_KERNELS_REGISTRY_H
#define SGEMM_BENCH_KERNELS_REGISTRY_H

#include "kernels/sgemm.h"

extern const struct sgemm_kernel level0_naive;
extern const struct sgemm_kernel level1_coalesced;
extern const struct sgemm_kernel level1_coalesced_bt;
extern const struct sgemm_kernel level2_smem_tiling;
extern const struct sgemm_kernel level3_register_blocking;
extern const struct sgemm_kernel level4_double_buffering;
extern const struct sgemm_kernel level5_async_copy;
extern const struct sgemm_kernel level5_async_copy_4b;
extern const struct sgemm_kernel level5_async_copy_3stage;
extern const struct sgemm_kernel level6_tuned;

/* The levels, in order, as initialiser entries of a registry array. */
#define SGEMM_LEVEL_ENTRIES                                                                    \
    &level0_naive, &level1_coalesced, &level1_coalesced_bt, &level2_smem_tiling,               \
        &level3_register_blocking, &level4_double_buffering, &level5_async_copy,               \
        &level5_async_copy_4b, &level5_async_copy_3stage, &level6_tuned

#endif
