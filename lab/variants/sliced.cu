// sliced.cu: level 6 built with the sliced-K path (kernels/sliced_k.cuh) taking every grid
// of at most one wave of its 32x32 tiles (L6_SLICED_K 2; level 6's own takes those of a
// short chain: shape_sliced_k), in its own namespace beside the real one: the forced runs
// of docs/PERF.md, "K sliced in the CTA".
#define L6_NS l6_sliced
#define L6_SLICED_K 2
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_sliced, "level 6, grids of a wave of 32x32 tiles K-sliced in the CTA");
