// launch_k8.cu: level 6 with the launch's least split-K slice at 8 k, one k tile
// (L6_LAUNCH_MIN_K_SLICE; level 6's own is 16), in its own namespace beside the real one:
// the forced runs of docs/PERF.md, "The launch's own slices".
#define L6_NS l6_launch_k8
#define L6_LAUNCH_MIN_K_SLICE 8
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_launch_k8, "level 6, the launch's split-K slices of 8 k or more");
