// class_slices.cu: level 6 built with the launch's split-K slices as its class's count
// (L6_LAUNCH_SLICE_MODEL 0: shape_splitk_slices, slices of 64 k or more; session 64's
// level 6), in its own namespace beside the real one: the A/B of docs/PERF.md, "The
// launch's own slices".
#define L6_NS l6_class_slices
#define L6_LAUNCH_SLICE_MODEL 0
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_class_slices, "level 6, split-K slices as its class counts them");
