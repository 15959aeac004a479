// few80.cu: level 6 built with a few tiles' grids of B in 4-byte copies taking the 64x128
// half only where it covers under 80% of the 128x64's C (L6_FEW_HALF_M_PCT; level 6's own
// is 95 up to 40 tiles across, K over 1024, no row strip), in its own namespace beside the
// real one: the forced runs of docs/PERF.md, "The 4-byte copies against the shift, landed".
// With split-K's shift at 0 as in level 6, it is session 63's point level6_grid_split_no_shift.
#define L6_NS l6_few80
#define L6_FEW_HALF_M_PCT 80
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_few80, "level 6, a few tiles' 64x128 half under 80% of the 128x64's cover");
