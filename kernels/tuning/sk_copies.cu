// sk_copies.cu: level 6 built with stream-K copying an unaligned B 4 bytes at a time (spread
// past n) where it shifts it (L6_STREAMK_SHIFT 0; level 6's own shifts), the same grids on
// the same tiles, in its own namespace beside the real one: the forced runs of
// docs/PERF.md, "Stream-K's 4-byte copies against its shift".
#define L6_NS l6_sk_copies
#define L6_STREAMK_SHIFT 0
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_sk_copies, "level 6, stream-K copying B 4 bytes at a time in place of its shift");
