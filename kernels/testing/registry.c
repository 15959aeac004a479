/* registry.c (testing): the levels, with level 4 optionally swapped for its slowed build,
 * then the misbehaving kernels. TEST ONLY: never linked into //runner:sweep. */
#include "kernels/registry.h"

extern const struct sgemm_kernel testing_fault;
extern const struct sgemm_kernel testing_hang;
extern const struct sgemm_kernel testing_wrong;

#ifdef SGEMM_SLOWED_LEVEL4
extern const struct sgemm_kernel level4_double_buffering_slowed;
#define LEVEL4 &level4_double_buffering_slowed
#else
#define LEVEL4 &level4_double_buffering
#endif

#ifdef SGEMM_LEVEL6_VARIANT
extern const struct sgemm_kernel level6_tuned_variant;
#define LEVEL6 &level6_tuned_variant
#else
#define LEVEL6 &level6_tuned
#endif

const struct sgemm_kernel *const sgemm_registry[] = {
    &level0_naive,
    &level1_coalesced,
    &level1_coalesced_bt,
    &level2_smem_tiling,
    &level3_register_blocking,
    LEVEL4,
    &level5_async_copy,
    &level5_async_copy_4b,
    &level5_async_copy_3stage,
    LEVEL6,
    &testing_fault,
    &testing_hang,
    &testing_wrong,
    NULL,
};
