/* level6_config.h: level 6's tile configuration per shape class (kernels/shape_class.h),
 * the autotuning grid's winners (kernels/tuning; docs/kernels/level6.md). Written by
 * `kernels/tuning/autotune.sh record`; read by level6_tuned.cu,
 * which runs them, and by kernels/tuning/pick.c, which classes shapes with them. Plain C.
 * A tile of BM x BN has SHAPE_TILE_THREADS(BM, BN) threads (kernels/shape_class.h).
 *
 * These: the best median over three autotuning runs on three H100s
 * (kernels/tuning/results/nvidia-h100-80gb-hbm3-29fcdf15ed3f-{1,2,3}.json) for each class:
 * split-K and one launch, deep, small tiles (evidence P015). */
#ifndef SGEMM_BENCH_KERNELS_LEVEL6_CONFIG_H
#define SGEMM_BENCH_KERNELS_LEVEL6_CONFIG_H

/* The main tile: the one-launch and split-K classes. */
enum { L6_BM = 128, L6_BN = 128, L6_BK = 8, L6_STAGES = 4 };
/* The small-tile class: 64x64 tiles, their k depth and stages. */
enum { L6_SMALL_BK = 8, L6_SMALL_STAGES = 4 };
/* The fine tile (kernels/short_k.cuh): its k depth and stages. */
enum { L6_SHORT_K_BK = 16, L6_SHORT_K_STAGES = 4 };
/* ... at long K where that takes no more k tiles' padding (shape_short_k_deep): the fastest
 * depth of the grid there (evidence P248). */
enum { L6_SHORT_K_DEEP_BK = 32, L6_SHORT_K_DEEP_STAGES = 2 };
/* ... and its wide form (shape_short_k_wide): k tiles of 8 in 4 stages, the faster at most
 * grids it takes (evidence P220). */
enum { L6_SHORT_K_WIDE_BK = 8, L6_SHORT_K_WIDE_STAGES = 4 };
/* ... and its wide form where it takes the fine tile's even grids at K 160-700, B and C
 * unaligned (shape_short_k_wide_even): k tiles of 16 in 3 stages, the faster at most of
 * them (evidence P317, P320). */
enum { L6_SHORT_K_WIDE_EVEN_BK = 16, L6_SHORT_K_WIDE_EVEN_STAGES = 3 };
/* ... and its tall shape, 128x64 (its four warps in one column: short_k::depth's WARPS_M),
 * at the same depth where that grid is the even one (shape_short_k_even_form,
 * shape_one_round_form): k tiles of 16 in 3 stages, the faster at every grid the rules
 * give either form (evidence P330). */
enum { L6_SHORT_K_TALL_WARPS_M = 4 };
/* The fine tile's flat shape, 32x128 (its four warps in one row), at the fine tile's own
 * depth (L6_SHORT_K_BK, L6_SHORT_K_STAGES), where shape_short_k_flat_pays takes a grid:
 * k tiles of 16 in 4 stages, the faster at most grids of few rows (evidence P329, P330). */
enum { L6_SHORT_K_FLAT_WARPS_M = 1 };
/* The deep class: the wide tile. */
enum { L6_WIDE_BM = 128, L6_WIDE_BN = 256, L6_WIDE_BK = 16, L6_WIDE_STAGES = 3 };

#endif
