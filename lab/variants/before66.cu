// before66.cu: level 6 as session 65 left it, without the sliced-K path (L6_SLICED_K 0) and
// without small N's few CTAs (L6_SMALL_N_FEW 0), in its own namespace beside the real one:
// the built runs of docs/PERF.md, "K sliced in the CTA" and "Small N's few CTAs", measure
// level 6 against it in one binary.
#define L6_NS l6_before66
#define L6_SLICED_K 0
#define L6_SMALL_N_FEW 0
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_before66, "level 6 without the sliced-K path and small N's few CTAs");
