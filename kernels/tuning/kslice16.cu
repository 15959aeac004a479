// kslice16.cu: level 6 built with split-K slices of at least 16 of k
// (L6_MIN_K_SLICE; level 6's own is 64), in its own namespace beside the real one: the
// forced runs of docs/PERF.md, "Thinner slices for small grids".
#define L6_NS l6_kslice16
#define L6_MIN_K_SLICE 16
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_kslice16, "level 6, split-K slices of 16 k or more");
