// clamp_a.cu: level 6 built with its whole tiles' copies of A past m clamped to the last row
// (L6_SPREAD_A 0), B's spread as level 6's, in its own namespace beside the real one: the
// forced runs of docs/PERF.md, "The 4-byte copies' slow mode, found".
#define L6_NS l6_clamp_a
#define L6_SPREAD_A 0
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_clamp_a, "level 6, copies of A past m clamped to the last row");
