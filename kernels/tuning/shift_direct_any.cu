// shift_direct_any.cu: shift_direct.cu with split-K's 64x128 grids shifting an unaligned B
// however many tiles across (L6_SPLIT_SHIFT_MAX_TILES_N, as shift.cu), in its own
// namespace: the forced runs of docs/PERF.md, "B read where it lies".
#define L6_NS l6_shift_direct_any
#define L6_SHIFT_DIRECT 1
#define L6_SPLIT_SHIFT_MAX_TILES_N 100000
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_shift_direct_any, "level 6, split-K shifting B at any width, read where it lies");
