// shift_any_s6.cu: level 6 built with split-K's 64x128 grids shifting an unaligned B however
// many tiles across (L6_SPLIT_SHIFT_MAX_TILES_N, as shift.cu) and every kernel that shifts B
// at 6 stages (L6_SHIFT_STAGES, as shift_s6.cu), in its own namespace beside the real one:
// the forced runs of docs/PERF.md, "The shift's stages".
#define L6_NS l6_shift_any_s6
#define L6_SPLIT_SHIFT_MAX_TILES_N 100000
#define L6_SHIFT_STAGES 6
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_shift_any_s6, "level 6, split-K shifting B at any width, B-shifting kernels at 6 stages");
