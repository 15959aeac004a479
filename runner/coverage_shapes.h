/* coverage_shapes.h: the coverage profile's GEMM shapes (`--profile coverage`),
 * drawn by kernels/tuning/coverage.c, which says how; generated: do not edit. */
static const struct shape coverage_shapes[] = {
    {7813, 1589, 173, 0}, /* random: one-launch */
    {7029, 2400, 70, 0}, /* random: one-launch */
    {1782, 722, 1212, 0}, /* random: split-K */
    {3535, 1271, 786, 0}, /* random: stream-K */
    {15638, 6543, 624, 0}, /* random: deep */
    {619, 1075, 8734, 0}, /* random: stream-K */
    {669, 376, 11548, 0}, /* random: split-K */
    {2095, 299, 3214, 0}, /* random: split-K */
    {18, 9828, 7190, 0}, /* random: small-M */
    {376, 709, 12378, 0}, /* random: split-K */
    {21, 11489, 2439, 0}, /* random: small-M */
    {4956, 117, 2916, 0}, /* random: stream-K */
    {296, 3850, 2813, 0}, /* random: stream-K */
    {2693, 1138, 1200, 0}, /* random: stream-K */
    {2787, 823, 4822, 0}, /* random: stream-K */
    {277, 4745, 5076, 0}, /* random: stream-K */
    {3409, 295, 8489, 0}, /* random: split-K */
    {260, 10283, 493, 0}, /* random: one-launch */
    {4600, 6126, 798, 0}, /* random: deep */
    {975, 884, 1071, 0}, /* random: split-K */
    {24, 4096, 4096, 0}, /* small-M, at one block's M bound: small-M */
    {25, 4096, 4096, 0}, /* one row past one small-M block: two of 16: small-M */
    {24, 511, 4096, 0}, /* small-M's M, one column short: small-tile */
    {32, 4096, 4096, 0}, /* small-M in row blocks, at its M bound: small-M */
    {33, 4096, 4096, 0}, /* one row past small-M's row blocks: small-tile */
    {256, 40, 4096, 0}, /* small-N, at its bounds: small-N */
    {255, 40, 4096, 0}, /* one row short of small-N: small-tile */
    {4096, 40, 4096, 0}, /* small-N, at its N bound: small-N */
    {4096, 41, 4096, 0}, /* one column past small-N: split-K */
    {4096, 33, 4096, 0}, /* small-N, a column past 32: 40-column CTAs: small-N */
    {16384, 1, 16384, 0}, /* small-N, one column: small-N */
    {152, 8192, 4096, 0}, /* an edge strip of rows, at its bound: split-K */
    {153, 8192, 4096, 0}, /* one row past an edge strip's: split-K */
    {8192, 160, 4096, 0}, /* an edge strip of columns, at its bound: split-K */
    {8192, 161, 4096, 0}, /* one column past an edge strip's: split-K */
    {64, 4096, 4096, 0}, /* narrow M, at its bound: small-tile */
    {65, 4096, 4096, 0}, /* one row past narrow M: split-K */
    {256, 512, 4096, 0}, /* 8 main tiles: under a sixteenth of 132 SMs: small-tile */
    {384, 512, 4096, 0}, /* 12 main tiles: over it: split-K */
    {1536, 1408, 1024, 0}, /* 132 main tiles: half the CTA slots, split-K: split-K */
    {896, 2432, 1024, 0}, /* 133 main tiles: one launch: stream-K */
    {4096, 4096, 255, 0}, /* deep's K, one short: one-launch */
    {4096, 4096, 256, 0}, /* deep's K, at its bound: deep */
    {512, 7552, 4096, 0}, /* 236 main tiles: 89% of the slots busy: stream-K */
    {1792, 2176, 4096, 0}, /* 238 main tiles: 90% of the slots busy: one-launch */
    {1408, 3072, 4096, 0}, /* 1 wave of wide tiles on 132 SMs: deep */
    {896, 4864, 4096, 0}, /* 1 wave of wide tiles on 132 SMs, one tile more: stream-K */
    {1536, 5632, 4096, 0}, /* 2 waves of wide tiles on 132 SMs: deep */
    {640, 13568, 4096, 0}, /* 2 waves of wide tiles on 132 SMs, one tile more: stream-K */
    {768, 4864, 4096, 0}, /* 1 wave of wide tiles on 114 SMs: stream-K */
    {640, 5888, 4096, 0}, /* 1 wave of wide tiles on 114 SMs, one tile more: stream-K */
    {1536, 4864, 4096, 0}, /* 2 waves of wide tiles on 114 SMs: stream-K */
    {1536, 2816, 128, 0}, /* 1 wave of main tiles on 132 SMs: one-launch */
    {640, 6784, 128, 0}, /* 1 wave of main tiles on 132 SMs, one tile more: one-launch */
    {2176, 3968, 128, 0}, /* 2 waves of main tiles on 132 SMs, one tile less: one-launch */
    {2816, 3072, 128, 0}, /* 2 waves of main tiles on 132 SMs: one-launch */
    {2944, 2944, 128, 0}, /* 2 waves of main tiles on 132 SMs, one tile more: one-launch */
    {1536, 2432, 128, 0}, /* 1 wave of main tiles on 114 SMs: one-launch */
    {1664, 4480, 128, 0}, /* 2 waves of main tiles on 114 SMs, one tile less: one-launch */
    {2432, 3072, 128, 0}, /* 2 waves of main tiles on 114 SMs: one-launch */
    {1536, 1536, 4096, 0}, /* named: just over half a wave, one slice: stream-K */
    {257, 257, 257, 0}, /* named: a few ragged tiles: split-K */
    {3072, 3072, 3072, 0}, /* named: 2.2 waves of either tile: stream-K */
};
