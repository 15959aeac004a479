/* registry.c: the table of kernel levels, in the order the sweep runs and prints them. */
#include <string.h>

#include "kernels/sgemm.h"

extern const struct sgemm_kernel level0_naive;
extern const struct sgemm_kernel level1_coalesced;
extern const struct sgemm_kernel level1_coalesced_bt;
extern const struct sgemm_kernel level2_smem_tiling;
extern const struct sgemm_kernel level3_register_blocking;
extern const struct sgemm_kernel level4_double_buffering;
extern const struct sgemm_kernel level5_async_copy;
extern const struct sgemm_kernel level5_async_copy_4b;

const struct sgemm_kernel *const sgemm_registry[] = {
    &level0_naive,
    &level1_coalesced,
    &level1_coalesced_bt,
    &level2_smem_tiling,
    &level3_register_blocking,
    &level4_double_buffering,
    &level5_async_copy,
    &level5_async_copy_4b,
    NULL,
};

const struct sgemm_kernel *sgemm_find(const char *name)
{
    for (const struct sgemm_kernel *const *k = sgemm_registry; *k; ++k)
        if (strcmp((*k)->name, name) == 0)
            return *k;
    return NULL;
}
