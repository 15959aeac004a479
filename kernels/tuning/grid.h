/* grid.h: the level-6 configurations the autotuner measures: X(BM, BN, BK, STAGES).
 * Tile shapes are whole 64x64 warp tiles; 256-thread CTAs for 256x128 and 128x256,
 * 128-thread CTAs (two per SM) for 128x128. */
#ifndef SGEMM_BENCH_KERNELS_TUNING_GRID_H
#define SGEMM_BENCH_KERNELS_TUNING_GRID_H

#define LEVEL6_GRID(X)                                                                         \
    X(256, 128, 8, 3)                                                                          \
    X(256, 128, 8, 4)                                                                          \
    X(256, 128, 16, 3)                                                                         \
    X(128, 256, 8, 3)                                                                          \
    X(128, 256, 8, 4)                                                                          \
    X(128, 256, 16, 3)                                                                         \
    X(128, 256, 16, 4)                                                                         \
    X(128, 128, 8, 3)                                                                          \
    X(128, 128, 8, 4)                                                                          \
    X(128, 128, 8, 5)                                                                          \
    X(128, 128, 8, 6)                                                                          \
    X(128, 128, 16, 4)

#endif
