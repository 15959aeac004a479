// pad_b.cu: level 6 built with B re-laid from M = 128 on every path that re-lays it, as
// when it was measured (L6_PAD_B_MIN_M; level 6's own is 400, its split-K and one-launch
// grids of 128-row tiles re-lay from 800, L6_RELAY_ALL_MIN_M, and its stream-K grids under
// M 800 shift B instead, L6_SK_SHIFT_MAX_M), in its own namespace beside the real one: the
// forced runs of docs/PERF.md, "B re-laid under M 400".
#define L6_NS l6_pad_b
#define L6_PAD_B_MIN_M 128
#define L6_RELAY_ALL_MIN_M 128
#define L6_SK_SHIFT_MAX_M 0
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_pad_b_m128, "level 6, B re-laid from M 128");
