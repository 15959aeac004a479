// fixup.cu: level 6 with split-K's fix-up in each tile's own CTAs (L6_SPLIT_FIXUP 1,
// split_fixup_kernel) in place of the reduction's launch, in its own namespace beside the
// real one: the forced runs of docs/PERF.md, "Split-K's fix-up in the tile's CTAs".
#define L6_NS l6_fixup
#define L6_SPLIT_FIXUP 1
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_fixup, "level 6, split-K's fix-up in each tile's CTAs");
