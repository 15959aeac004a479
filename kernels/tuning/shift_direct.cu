// shift_direct.cu: level 6 built with split-K's shifted kernel reading B where it lies, its
// k steps' loads fixed by the CTA's pattern of row shifts, not realigned (L6_SHIFT_DIRECT;
// level 6's own: 0), in its own namespace beside the real one: the forced runs of
// docs/PERF.md, "B read where it lies".
#define L6_NS l6_shift_direct
#define L6_SHIFT_DIRECT 1
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_shift_direct, "level 6, split-K's shifted B read where it lies");
