// few_half.cu: level 6 built with a few tiles' grid of B unaligned taking the 64x128 half
// tile wherever it covers less than the 128x64 one and its split shifts B
// (L6_FEW_SHIFT_HALF_M_PCT 100; level 6's own is 80), in its own namespace beside the real
// one: the forced runs of docs/PERF.md, "A few tiles' half, B shifted".
#define L6_NS l6_few_half
#define L6_FEW_SHIFT_HALF_M_PCT 100
#include "kernels/level6_launch.cuh"
#include "kernels/tuning/grid.h"

LEVEL6_REGISTER_VARIANT(level6_grid_few_half_m_shift, "level 6, a few tiles' 64x128 half wherever it covers less, B shifted");
