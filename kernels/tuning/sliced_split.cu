// sliced_split.cu: level 6 built with the sliced-K path also taking the grids of one CTA an
// SM whose chain is longer than the rule's, sliced over K into the workspace for a chain of
// 2 a slice, at most a CTA an SM, then the slices' reduction (L6_SLICED_K 3), in its own
// namespace beside the real one: the forced runs of docs/PERF.md, "The sliced-K path over
// K slices".
#define L6_NS l6_sliced_split
#define L6_SLICED_K 3
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_sliced_split, "level 6, the sliced-K path over K slices at long chains");
