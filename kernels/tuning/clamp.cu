// clamp.cu: level 6 built with its whole tiles' 4-byte copies of B past n clamped, every one
// to the last column inside (L6_SPREAD_B 0: level 6 before session 63), in its own namespace
// beside the real one: the forced runs of docs/PERF.md, "The 4-byte copies' slow mode,
// found".
#define L6_NS l6_clamp
#define L6_SPREAD_B 0
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_clamp, "level 6, B's 4-byte copies past n clamped to the last column");
