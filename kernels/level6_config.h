/* level6_config.h: level 6's tile configuration per shape class (kernels/shape_class.h),
 * the autotuning grid's winners (kernels/tuning; docs/PERF.md names the results file and
 * the figures). Written by `kernels/tuning/autotune.sh record`; read by level6_tuned.cu,
 * which runs them, and by kernels/tuning/pick.c, which classes shapes with them. Plain C.
 * A tile of BM x BN has SHAPE_TILE_THREADS(BM, BN) threads (kernels/shape_class.h).
 *
 * These: three runs on three H100 80GB HBM3 (kernels/tuning/results/
 * nvidia-h100-80gb-hbm3-29fcdf15ed3f-{1,2,3}.json), each point's median over the runs:
 * the main tile 101.8% of cuBLAS in geometric mean over the split-K and one-launch
 * classes, the wide tile 99.2% over the deep class, 64x64 tiles at 4 stages 96.3% over
 * the small-tile class (lab/evidence/P015/ranking-median.txt). */
#ifndef SGEMM_BENCH_KERNELS_LEVEL6_CONFIG_H
#define SGEMM_BENCH_KERNELS_LEVEL6_CONFIG_H

/* The main tile: the one-launch and split-K classes. */
enum { L6_BM = 128, L6_BN = 128, L6_BK = 8, L6_STAGES = 4 };
/* The small-tile class: 64x64 tiles, their k depth and stages. */
enum { L6_SMALL_BK = 8, L6_SMALL_STAGES = 4 };
/* The fine tile (kernels/short_k.cuh): its k depth and stages. */
enum { L6_SHORT_K_BK = 16, L6_SHORT_K_STAGES = 4 };
/* ... at long K where that takes no more k tiles' padding (shape_short_k_deep): forced at
 * each depth of the grid on 38 drawn shapes of K 202-512, 32 in 2 stages was fastest
 * (docs/PERF.md, "The fine tile's depth at long K"). */
enum { L6_SHORT_K_DEEP_BK = 32, L6_SHORT_K_DEEP_STAGES = 2 };
/* ... and its wide form (shape_short_k_wide): forced beside the fine tile, k tiles of 8 in 4
 * stages beat 16 in 3 at 69 of 80 shapes (docs/PERF.md, "The fine tile's wide form"). */
enum { L6_SHORT_K_WIDE_BK = 8, L6_SHORT_K_WIDE_STAGES = 4 };
/* ... and its wide form where it takes the fine tile's even grids at K 160-700, B and C
 * unaligned (shape_short_k_wide_even): forced at the 31 grids of K 295-687 it takes, k
 * tiles of 16 in 3 stages beat 8 in 4 at 28 (docs/PERF.md, "The fine tile against its wide
 * form at K 300-600"); at the 22 of K 168-283, at 15 (98.3 against 97.7 in geometric mean,
 * "... below K 288"). */
enum { L6_SHORT_K_WIDE_EVEN_BK = 16, L6_SHORT_K_WIDE_EVEN_STAGES = 3 };
/* ... and its tall shape, 128x64 (its four warps in one column: short_k::depth's WARPS_M),
 * at the same depth where that grid is the even one (shape_short_k_even_form,
 * shape_one_round_form): forced at the 28 grids of K 205-16091 where the rules take it
 * (H100 GPU-7990812f), k tiles of 16 in 3 stages beat 8 in 4 at all 28, as the wide form's
 * did at the 33 the rules give it (docs/PERF.md, "Four-warp tiles of other shapes"). */
enum { L6_SHORT_K_TALL_WARPS_M = 4 };
/* The fine tile's flat shape, 32x128 (its four warps in one row), at the fine tile's own
 * depth (L6_SHORT_K_BK, L6_SHORT_K_STAGES), where shape_short_k_flat_pays takes a grid:
 * forced at the fit sets, k tiles of 16 in 4 stages beat 32 in 2 at most grids of few rows
 * (docs/PERF.md, "Four-warp tiles of other shapes"). */
enum { L6_SHORT_K_FLAT_WARPS_M = 1 };
/* The deep class: the wide tile. */
enum { L6_WIDE_BM = 128, L6_WIDE_BN = 256, L6_WIDE_BK = 16, L6_WIDE_STAGES = 3 };

#endif
