// shift_s6.cu: level 6 built with its kernels that shift an unaligned B (split-K's and
// stream-K's) at 6 stages (L6_SHIFT_STAGES; level 6's own: the tile's 4), in its own namespace
// beside the real one: the forced runs of docs/PERF.md, "The shift's stages".
#define L6_NS l6_shift_s6
#define L6_SHIFT_STAGES 6
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_shift_s6, "level 6, its B-shifting kernels at 6 stages");
