// pad_b800.cu: level 6 built with B re-laid only from M = 800, for every class
// (L6_PAD_B_MIN_M; level 6's own is 400, and 800 for its split-K and one-launch grids of
// 128-row tiles: L6_RELAY_ALL_MIN_M), in its own namespace beside the real one: the forced
// runs of docs/PERF.md, "B re-laid from M 800".
#define L6_NS l6_pad_b800
#define L6_PAD_B_MIN_M 800
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_pad_b_m800, "level 6, B re-laid from M 800");
