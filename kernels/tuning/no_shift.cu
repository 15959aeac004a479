// no_shift.cu: level 6 built with split-K's 64x128 grids never shifting an unaligned B
// (L6_SPLIT_SHIFT_MAX_TILES_N 0; level 6's own is 40): B's 4-byte copies, spread past n, at
// every width, in its own namespace beside the real one: the forced runs of docs/PERF.md,
// "The 4-byte copies against the shift, spread".
#define L6_NS l6_no_shift
#define L6_SPLIT_SHIFT_MAX_TILES_N 0
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_split_no_shift, "level 6, split-K's 64x128 grids copying B 4 bytes at a time at every width");
