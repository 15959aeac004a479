// split_shift.cu: level 6 built with split-K's 64x128 grids shifting an unaligned B up to
// 40 tiles across (L6_SPLIT_SHIFT_MAX_TILES_N; level 6's own is 0): session 63's level 6,
// in its own namespace beside the real one: the forced runs of docs/PERF.md, "The 4-byte
// copies against the shift, landed".
#define L6_NS l6_split_shift
#define L6_SPLIT_SHIFT_MAX_TILES_N 40
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_split_shift, "level 6, split-K's 64x128 grids shifting B up to 40 tiles across (session 63's)");
