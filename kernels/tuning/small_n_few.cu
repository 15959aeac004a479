// small_n_few.cu: level 6 built with the small-N kernel's grids of fewer CTAs than SMs
// sliced for a round of its CTA slots, each slice a k tile or more (L6_SMALL_N_FEW; level
// 6's own is 0), in its own namespace beside the real one: the forced runs of docs/PERF.md,
// "Small N's few CTAs".
#define L6_NS l6_small_n_few
#define L6_SMALL_N_FEW 1
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_small_n_few, "level 6, small-N grids of few CTAs sliced for a round");
