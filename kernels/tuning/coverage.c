/* coverage.c: draws the coverage profile (`--profile coverage`) and prints it
 * as the header runner/coverage_shapes.h, each shape with its level-6 class on 132 SMs:
 *   bazel run //kernels/tuning:coverage > runner/coverage_shapes.h
 * The profile is that committed header; kernels/tuning:coverage_test checks that this
 * program still draws it, and that every class is hit three times or more (a change to the
 * shape classes then means a new profile, on purpose, and a renewed baseline).
 *
 * The draw: (1) 20 shapes with M, N, K log-uniform in [1, 16384] (splitmix64, seed 23),
 * kept when their work is 1 to 200 GFLOP, as the random shapes of level 6's checks are; (2) each
 * class boundary of kernels/shape_class.h just under and just over, on 132 SMs (and
 * small-N's one column), and an edge strip's rows and columns at their bounds and one
 * past; (3) one
 * and two waves of the wide tile (K = 4096) and of the main tile (K = 128), and one tile
 * less and more, on 132 SMs and on 114 (an H100 PCIe), each grid as square as its tile count
 * factors (a prime count has no grid, and is left out); (4) stream-K's bound, the share
 * of the CTA slots a grid keeps busy, just under and at it; (5) three named
 * shapes: just over half a wave, a few ragged tiles, 2.2 waves of either tile.
 *
 * `coverage --random SEED COUNT` prints COUNT shapes drawn as (1) is, from another seed, one
 * MxNxK a line: the shapes a dispatch rule is checked on after it was fitted to the profile
 * (docs/kernels/level6.md). Exit 2 on a bad argument. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/level6_config.h"
#include "kernels/shape_class.h"

static uint64_t state = 23;

static double uniform(void) /* [0, 1), splitmix64 */
{
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (double)(z >> 11) / 9007199254740992.0;
}

static int log_uniform(void)
{
    const int v = (int)exp(uniform() * log(16384.0));
    return v < 1 ? 1 : v;
}

static void shape(int m, int n, int k, const char *why)
{
    const struct shape_tile t = shape_tile_of(L6_BM, L6_BN), w = shape_tile_of(L6_WIDE_BM, L6_WIDE_BN);
    printf("    {%d, %d, %d, 0}, /* %s: %s */\n", m, n, k, why,
           shape_class_name(shape_class_of(m, n, k, 132, t, w)));
}

/* A grid of exactly `tiles` bm x bn tiles, as square as the factors allow (each side at
 * least 4 tiles and at most 16384), at depth k; nothing when `tiles` has no such factor
 * pair (a prime count has none). */
static void grid(int tiles, int bm, int bn, int k, const char *why)
{
    int best = 0;
    for (int a = 4; a * bm <= 16384; ++a)
        if (tiles % a == 0 && tiles / a >= 4 && tiles / a * bn <= 16384 &&
            (!best || abs(a - tiles / a) < abs(best - tiles / best)))
            best = a;
    if (best)
        shape(best * bm, tiles / best * bn, k, why);
}

/* The next shape of (1): M, N, K log-uniform in [1, 16384], work 1 to 200 GFLOP. */
static void draw(int *m, int *n, int *k)
{
    for (;;) {
        *m = log_uniform(), *n = log_uniform(), *k = log_uniform();
        const double gflop = 2.0 * *m * *n * *k / 1e9;
        if (gflop >= 1 && gflop <= 200)
            return;
    }
}

/* `--random SEED COUNT`: 0 done, 2 a bad argument. */
static int random_shapes(const char *seed, const char *count)
{
    char *end = NULL;
    errno = 0;
    const unsigned long long s = strtoull(seed, &end, 10);
    if (errno || end == seed || *end || seed[0] == '-') {
        fprintf(stderr, "coverage: --random wants a seed of 0 to 2^64-1, not '%s'\n", seed);
        return 2;
    }
    const long c = strtol(count, &end, 10);
    if (end == count || *end || c < 1 || c > 64) {
        fprintf(stderr, "coverage: --random wants a count of 1 to 64 (the CLI's shapes), not '%s'\n",
                count);
        return 2;
    }
    state = s;
    for (long i = 0; i < c; ++i) {
        int m, n, k;
        draw(&m, &n, &k);
        printf("%dx%dx%d\n", m, n, k);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--random") == 0)
        return random_shapes(argv[2], argv[3]);
    if (argc != 1) {
        fprintf(stderr, "usage: coverage [--random SEED COUNT]\n");
        return 2;
    }
    printf("/* coverage_shapes.h: the coverage profile's GEMM shapes (`--profile coverage`),\n"
           " * drawn by kernels/tuning/coverage.c, which says how; generated: do not edit. */\n"
           "static const struct shape coverage_shapes[] = {\n");
    for (int drawn = 0; drawn < 20; ++drawn) {
        int m, n, k;
        draw(&m, &n, &k);
        shape(m, n, k, "random");
    }
    shape(SMALL_M_MAX, 4096, 4096, "small-M, at one block's M bound");
    shape(SMALL_M_MAX + 1, 4096, 4096, "one row past one small-M block: two of 16");
    shape(SMALL_M_MAX, SMALL_M_COLS - 1, 4096, "small-M's M, one column short");
    shape(SMALL_M_BLOCKS_MAX, 4096, 4096, "small-M in row blocks, at its M bound");
    shape(SMALL_M_BLOCKS_MAX + 1, 4096, 4096, "one row past small-M's row blocks");
    shape(SMALL_N_MIN_M, SMALL_N_MAX, 4096, "small-N, at its bounds");
    shape(SMALL_N_MIN_M - 1, SMALL_N_MAX, 4096, "one row short of small-N");
    shape(4096, SMALL_N_MAX, 4096, "small-N, at its N bound");
    shape(4096, SMALL_N_MAX + 1, 4096, "one column past small-N");
    shape(4096, 33, 4096, "small-N, a column past 32: 40-column CTAs");
    shape(16384, 1, 16384, "small-N, one column");
    shape(L6_BM + SMALL_M_MAX, 8192, 4096, "an edge strip of rows, at its bound");
    shape(L6_BM + SMALL_M_MAX + 1, 8192, 4096, "one row past an edge strip's");
    shape(8192, L6_BN + STRIP_COLS_MAX, 4096, "an edge strip of columns, at its bound");
    shape(8192, L6_BN + STRIP_COLS_MAX + 1, 4096, "one column past an edge strip's");
    shape(NARROW_M_MAX, 4096, 4096, "narrow M, at its bound");
    shape(NARROW_M_MAX + 1, 4096, 4096, "one row past narrow M");
    shape(2 * L6_BM, 4 * L6_BN, 4096, "8 main tiles: under a sixteenth of 132 SMs");
    shape(3 * L6_BM, 4 * L6_BN, 4096, "12 main tiles: over it");
    shape(12 * L6_BM, 11 * L6_BN, 1024, "132 main tiles: half the CTA slots, split-K");
    shape(7 * L6_BM, 19 * L6_BN, 1024, "133 main tiles: one launch");
    shape(4096, 4096, DEEP_MIN_K - 1, "deep's K, one short");
    shape(4096, 4096, DEEP_MIN_K, "deep's K, at its bound");
    /* stream-K's bound: 236 main tiles keep 89% of 264 slots busy, 238 keep 90% */
    grid(236, L6_BM, L6_BN, 4096, "236 main tiles: 89% of the slots busy");
    grid(238, L6_BM, L6_BN, 4096, "238 main tiles: 90% of the slots busy");
    /* Waves: the wide tile (one CTA an SM) at K = 4096, the main tile (two) at K = 128. */
    for (int wide = 1; wide >= 0; --wide)
        for (int sms = 132; sms >= 114; sms -= 18)
            for (int waves = 1; waves <= 2; ++waves)
                for (int d = -1; d <= 1; ++d) {
                    const struct shape_tile t = wide ? shape_tile_of(L6_WIDE_BM, L6_WIDE_BN)
                                                     : shape_tile_of(L6_BM, L6_BN);
                    char why[96];
                    snprintf(why, sizeof why, "%d wave%s of %s tiles on %d SMs%s", waves,
                             waves > 1 ? "s" : "", wide ? "wide" : "main", sms,
                             d < 0 ? ", one tile less" : d > 0 ? ", one tile more" : "");
                    grid(waves * sms * shape_ctas_per_sm(t.threads) + d, t.bm, t.bn,
                         wide ? 4096 : 128, why);
                }
    shape(1536, 1536, 4096, "named: just over half a wave, one slice");
    shape(257, 257, 257, "named: a few ragged tiles");
    shape(3072, 3072, 3072, "named: 2.2 waves of either tile");
    printf("};\n");
    return 0;
}
