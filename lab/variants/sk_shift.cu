// sk_shift.cu: level 6 built with stream-K's grids of a tile that shifts B taking an
// unaligned B shifted, not re-laid, at any M (L6_SK_SHIFT_MAX_M; level 6's own is 0), in
// its own namespace beside the real one: the forced runs of docs/PERF.md, "Stream-K's B
// shifted, not re-laid".
#define L6_NS l6_sk_shift
#define L6_SK_SHIFT_MAX_M (1 << 30)
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_sk_shift_any, "level 6, stream-K shifting B in place of re-laying it");
