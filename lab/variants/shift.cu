// shift.cu: level 6 built with split-K's 64x128 grids shifting an unaligned B however many
// tiles across (L6_SPLIT_SHIFT_MAX_TILES_N; level 6's own is 0, session 63's was 40), in
// its own namespace beside the real one: the forced runs of docs/PERF.md, "B shifted
// across wide split grids".
#define L6_NS l6_shift
#define L6_SPLIT_SHIFT_MAX_TILES_N 100000
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_split_shift_any, "level 6, split-K's 64x128 grids shifting B at any width");
