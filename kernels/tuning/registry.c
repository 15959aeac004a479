/* registry.c (tuning): the levels, then every level-6 grid point. */
#include "kernels/registry.h"
#include "kernels/tuning/grid.h"

#define DECLARE_GRID_POINT(BM, BN, BK, S)                                                      \
    extern const struct sgemm_kernel level6_grid_##BM##x##BN##x##BK##_s##S;
LEVEL6_GRID(DECLARE_GRID_POINT)

#define LIST_GRID_POINT(BM, BN, BK, S) &level6_grid_##BM##x##BN##x##BK##_s##S,

const struct sgemm_kernel *const sgemm_registry[] = {
    SGEMM_LEVEL_ENTRIES,
    LEVEL6_GRID(LIST_GRID_POINT) NULL,
};
