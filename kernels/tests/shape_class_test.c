/* shape_class_test.c: level 6's shape classes on an H100 (132 SMs) for the llm and full
 * profiles' shapes, as docs/kernels/level6.md describes them, and the split-K slice counts behind
 * them. A change to a rule shows here before it reaches a GPU. */
#include "kernels/shape_class.h"

#include "runner/test_util.h"

enum { SMS = 132 };

/* A 128x128 main tile (128 threads, two CTAs an SM) and a 128x256 wide tile (256, one). */
static enum shape_class cls(int m, int n, int k)
{
    const struct shape_tile tile = {128, 128, 128}, wide = {128, 256, 256};
    return shape_class_of(m, n, k, SMS, tile, wide);
}

/* The main tile's tile for an m x n x k product (shape_tile_for, given its class). */
static struct shape_tile tile_for(int m, int n, int k, int b_vectors)
{
    const struct shape_tile tile = {128, 128, 128};
    return shape_tile_for(m, n, k, SMS, tile, cls(m, n, k), b_vectors);
}

/* Walks every CTA of a stream-K split of `tiles` tiles of `iters` k iterations over `ctas`
 * CTAs as streamk_kernel does (shape_class.h's shape_sk_*): 1 when every iteration is
 * computed exactly once; shape_sk_walk_first holds on the first tile of each CTA's walk
 * alone; each CTA leaves at most one share, on that tile; each tile is ended once, by the
 * CTA that holds its last iteration, which adds the shares of the CTAs from
 * shape_sk_first_share to itself less one that have iterations, each of them a share of
 * that tile and of a lower CTA; and every share is added. */
static int sk_walk_ok(int tiles, int iters, int ctas)
{
    const long long work = (long long)tiles * iters;
    int *done = calloc((size_t)work, sizeof *done), *shares = calloc((size_t)tiles, sizeof *shares);
    int *added = calloc((size_t)tiles, sizeof *added), *enders = calloc((size_t)tiles, sizeof *enders);
    int ok = done && shares && added && enders;
    for (int cta = 0; ok && cta < ctas; ++cta) {
        int first = 1, left = 0;
        for (int ts = shape_sk_last_tile(work, ctas, iters, cta);
             ok && shape_sk_in_tile(work, ctas, iters, cta, ts); --ts, first = 0) {
            const struct shape_sk_span s = shape_sk_span_of(work, ctas, iters, cta, ts);
            ok = ts >= 0 && ts < tiles && 0 <= s.i0 && s.i0 < s.i1 && s.i1 <= iters &&
                 shape_sk_walk_first(work, ctas, iters, cta, ts) == first;
            for (int i = s.i0; ok && i < s.i1; ++i)
                done[(long long)ts * iters + i]++;
            if (ok && shape_sk_shares(work, ctas, iters, cta, ts)) {
                ok = first && s.i1 < iters && ++left == 1;
                shares[ts]++;
            } else if (ok) {
                const int from = shape_sk_first_share(work, ctas, iters, cta, ts);
                ok = s.i1 == iters && enders[ts]++ == 0 && from <= cta && (from < cta) == (s.i0 > 0);
                for (int o = from; ok && o < cta; ++o) {
                    if (shape_sk_begin(work, ctas, o) == shape_sk_begin(work, ctas, o + 1))
                        continue; /* no iterations: no share */
                    const struct shape_sk_span so = shape_sk_span_of(work, ctas, iters, o, ts);
                    ok = so.i0 < so.i1 && shape_sk_shares(work, ctas, iters, o, ts);
                    added[ts]++;
                }
            }
        }
    }
    for (long long x = 0; ok && x < work; ++x)
        ok = done[x] == 1;
    for (int ts = 0; ok && ts < tiles; ++ts)
        ok = enders[ts] == 1 && added[ts] == shares[ts];
    if (!ok)
        fprintf(stderr, "stream-K walk wrong: %d tiles of %d iterations over %d CTAs\n", tiles,
                iters, ctas);
    free(done);
    free(shares);
    free(added);
    free(enders);
    return ok;
}

int main(void)
{
    /* stream-K's walk, for every split of up to 24 tiles over up to 64 CTAs (more CTAs
     * than iterations too: some get none), and at three measured shapes' splits */
    {
        static const int iters[] = {1, 2, 3, 5, 8, 13, 32, 100};
        int walks_ok = 1;
        for (int tiles = 1; tiles <= 24; ++tiles)
            for (size_t i = 0; i < sizeof iters / sizeof iters[0]; ++i)
                for (int ctas = 1; ctas <= 64; ++ctas)
                    walks_ok &= sk_walk_ok(tiles, iters[i], ctas);
        CHECK(walks_ok);
        CHECK(sk_walk_ok(39, 365, 264));  /* 4956x117x2916: seven CTAs a tile */
        CHECK(sk_walk_ok(280, 99, 264));  /* 3535x1271x786 */
        CHECK(sk_walk_ok(228, 1539, 528)); /* 141x9627x12308 on 64x128: 2.3 CTAs a tile */
        CHECK(shape_sk_cta_of(228LL * 1539, 528, 228LL * 1539 - 1) == 527);
        CHECK(shape_sk_cta_of(228LL * 1539, 528, 0) == 0);
    }

    /* small M: up to 32 rows (over 24 in blocks of 16) with at least a CTA's 512 columns */
    CHECK(cls(1, 4096, 4096) == SHAPE_SMALL_M);
    CHECK(cls(16, 4096, 11008) == SHAPE_SMALL_M);
    CHECK(cls(24, 11008, 4096) == SHAPE_SMALL_M);
    CHECK(cls(25, 11008, 4096) == SHAPE_SMALL_M); /* 25..32: two blocks of 16 rows */
    CHECK(cls(32, 6284, 16287) == SHAPE_SMALL_M);
    CHECK(cls(33, 11008, 4096) == SHAPE_SMALL_TILE); /* 33..64: a 64-row tile */
    CHECK(cls(24, 500, 4096) == SHAPE_SMALL_TILE); /* too narrow for the small-M kernel */
    /* small N: up to 40 columns over 256 rows or more, whatever K */
    CHECK(cls(256, 32, 4096) == SHAPE_SMALL_N);
    CHECK(cls(3631, 30, 16358) == SHAPE_SMALL_N);
    CHECK(cls(16384, 1, 16384) == SHAPE_SMALL_N);
    CHECK(cls(5000, 32, 8) == SHAPE_SMALL_N);
    CHECK(cls(255, 32, 4096) == SHAPE_SMALL_TILE); /* one row short: 2 tiles */
    CHECK(cls(4096, 40, 4096) == SHAPE_SMALL_N);
    CHECK(cls(4096, 41, 4096) != SHAPE_SMALL_N); /* one column past */
    CHECK(cls(32, 8, 4096) == SHAPE_SMALL_TILE);
    CHECK_STR(shape_class_name(SHAPE_SMALL_N), "small-N");
    /* its slices: the fewest waves of k (waves x (k a slice + 64)) */
    CHECK(shape_small_n_slices(13996, 4149, SMS) == 7);  /* 110 CTAs: 770 in 3 waves of 264 */
    CHECK(shape_small_n_slices(3631, 16358, SMS) == 9);  /* 29 CTAs: 261 in one wave */
    CHECK(shape_small_n_slices(20000, 200, SMS) == 1);   /* k under two slices' 256 */
    CHECK(shape_small_n_slices(256, 70000, SMS) == 132); /* 2 CTAs: 264 slots */
    CHECK(shape_small_n_slices(400, 1 << 30, 1) == 1);   /* 4 CTAs on 2 slots: s slices, 2s waves */
    /* not monotonic in the SM count (the workspace takes the most of any count) */
    CHECK(shape_small_n_slices(6853, 10229, SMS) == 14 && shape_small_n_slices(6853, 10229, 256) == 9);
    /* small tiles: 33-64 rows, or a one-tile grid */
    CHECK(cls(33, 4096, 4100) == SHAPE_SMALL_TILE);
    CHECK(cls(64, 64, 65536) == SHAPE_SMALL_TILE);
    CHECK(cls(256, 256, 256) == SHAPE_SMALL_TILE); /* 4 tiles: under a sixteenth of 132 */
    /* split-K: 8 to 263 tiles of 128x128 on 264 slots */
    CHECK(cls(128, 4096, 4096) == SHAPE_SPLIT_K);
    CHECK(cls(512, 512, 512) == SHAPE_SPLIT_K);
    CHECK(cls(1024, 1024, 1024) == SHAPE_SPLIT_K);
    CHECK(cls(512, 4096, 11008) == SHAPE_SPLIT_K);
    /* deep: no slicing, K >= 256 and a full wave of wide tiles (132 on 132 SMs) */
    CHECK(cls(2048, 4096, 4096) == SHAPE_DEEP); /* 256 wide tiles */
    CHECK(cls(4096, 4096, 4096) == SHAPE_DEEP);
    CHECK(cls(4096, 11008, 4096) == SHAPE_DEEP);
    CHECK(cls(4096, 4096, 256) == SHAPE_DEEP);
    /* one launch of the main tile: a full wave or more, but short K or few wide tiles */
    CHECK(cls(4096, 4096, 255) == SHAPE_ONE_LAUNCH);
    CHECK(cls(4096, 4096, 128) == SHAPE_ONE_LAUNCH);
    CHECK(cls(8192, 8192, 64) == SHAPE_ONE_LAUNCH);
    CHECK(cls(2048, 2048, 2048) == SHAPE_ONE_LAUNCH); /* 128 wide tiles */
    CHECK(cls(4097, 129, 65) == SHAPE_ONE_LAUNCH);   /* 66 tiles, but k too short to slice */
    /* stream-K: a grid whose last wave leaves a tenth of the slots idle or more */
    CHECK(cls(2048, 2112, 4096) == SHAPE_STREAM_K); /* 144 wide tiles: 55% of 2 waves */
    CHECK(cls(1536, 1536, 4096) == SHAPE_STREAM_K); /* 144 tiles on 264 slots */
    CHECK(cls(896, 4864, 4096) == SHAPE_STREAM_K);  /* 266 tiles: 50% of 2 waves */
    CHECK(cls(3072, 3072, 3072) == SHAPE_STREAM_K); /* 288 wide tiles: 73% of 3 waves */
    CHECK(cls(1536, 4864, 4096) == SHAPE_STREAM_K); /* 456 tiles: 86% of 2 waves */
    CHECK(cls(1536, 5632, 4096) == SHAPE_DEEP);     /* 264 wide tiles: 2 whole waves */
    /* wide tiles idling slots where the main tile's fill them: one launch of the main tile */
    CHECK(cls(10919, 329, 2367) == SHAPE_ONE_LAUNCH); /* 172 wide (65%), 258 main (97%) */
    CHECK(cls(11746, 2147, 2920) == SHAPE_ONE_LAUNCH); /* 828 wide (89%), 1564 main (98%) */
    CHECK(cls(8592, 371, 283) == SHAPE_ONE_LAUNCH);   /* 136 wide: 2 waves; 204 main: 1 */
    CHECK(shape_waves(136, 132) == 2 && shape_waves(264, 264) == 1 && shape_waves(0, 264) == 0);
    CHECK(cls(896, 2432, 500) == SHAPE_ONE_LAUNCH); /* 133 tiles, but 252 of k a slot */
    CHECK(cls(896, 2432, 510) == SHAPE_STREAM_K);   /* 257 */
    CHECK(cls(2944, 2944, 128) == SHAPE_ONE_LAUNCH); /* 265 shared tiles, 128 of k a slot */
    /* a full wave of wide tiles, but the main tile's grid is stream-K's: stream-K */
    CHECK(cls(8382, 277, 14052) == SHAPE_STREAM_K);  /* 198 tiles: 75% of a wave */
    CHECK(cls(10743, 1339, 642) == SHAPE_STREAM_K);  /* 924 tiles: 87% of 4 waves */
    CHECK(cls(2762, 1341, 1212) == SHAPE_DEEP);      /* 242 tiles: 92% of a wave */
    {
        /* the fine tile for one launch at short K: its waves (5 CTAs of 64x64 an SM)
         * against the tile's (2 of 128x128), the fine tile's at 115% */
        const struct shape_tile main = {128, 128, 128}, half = {128, 64, 64}, half_m = {64, 128, 64};
        CHECK(shape_short_k_pays(640, 6784, 128, SMS, main, 1));   /* 1060 in 2 waves; 265 in 2 */
        CHECK(shape_short_k_pays(2647, 1713, 128, SMS, main, 1));  /* 1134 in 2; 294 in 2 */
        CHECK(shape_short_k_pays(12409, 371, 222, SMS, main, 1));  /* 1164 in 2; 291 in 2 */
        CHECK(!shape_short_k_pays(2396, 2413, 183, SMS, main, 1)); /* 1444 in 3; 361 in 2: 3 x 5/8 x 115% */
        CHECK(!shape_short_k_pays(4096, 4096, 255, SMS, main, 1)); /* 4096 in 7; 1024 in 4 */
        CHECK(!shape_short_k_pays(3661, 9361, 16, SMS, main, 1));  /* 13 waves; 9 */
        CHECK(!shape_short_k_pays(7813, 1589, 173, SMS, half, 1)); /* 3075 in 5; 1550 of 128x64 in 3 */
        CHECK(!shape_short_k_pays(640, 6784, 513, SMS, main, 1));  /* K past SHORT_K_MAX_K */
        CHECK(shape_short_k_pays(640, 6784, 512, SMS, main, 1));
        /* C's rows unaligned: the main tile stages C, the fine tile pays at 105% from K = 32 */
        CHECK(!shape_short_k_pays(7408, 2307, 58, SMS, main, 1)); /* 7 waves of fine, 5 of main: 7/8 */
        CHECK(shape_short_k_pays(7408, 2307, 58, SMS, main, 0));
        /* under K = 32 both tiles stage an unaligned C: 100% */
        CHECK(shape_short_k_pays(7408, 2307, 31, SMS, main, 0));
        CHECK(!shape_short_k_pays(7408, 2307, 31, SMS, main, 1)); /* aligned: 115% */
        CHECK(shape_short_k_pays(3661, 9361, 16, SMS, main, 0));   /* 0.90 of the main tile's */
        CHECK(shape_short_k_pays(1666, 15637, 20, SMS, main, 0));  /* 0.98 */
        /* the fine tile's wide form: from K = 97 at 3.5 waves of the fine tile's grid (660
         * slots), under K = 24 at 10 */
        CHECK(shape_short_k_wide(1844, 9853, 181, SMS));    /* 4466 tiles: 6.8 waves */
        CHECK(shape_short_k_wide(659, 13829, 473, SMS));    /* 2387: 3.6 */
        CHECK(!shape_short_k_wide(2518, 3509, 126, SMS));   /* 2200: 3.3 */
        CHECK(!shape_short_k_wide(2543, 572, 467, SMS));    /* 360: 0.5 */
        CHECK(shape_short_k_wide(7542, 2911, 98, SMS));     /* 5428: 8.2, K 98 */
        CHECK(!shape_short_k_wide(7542, 2911, 96, SMS));    /* K under 97 */
        CHECK(!shape_short_k_wide(8054, 5211, 52, SMS));    /* K 24-96: 15.7 waves, not */
        CHECK(shape_short_k_wide(10122, 10029, 17, SMS));   /* 24964: 37.8 waves, K 17 */
        CHECK(!shape_short_k_wide(10122, 10029, 24, SMS));  /* K 24 */
        CHECK(!shape_short_k_wide(2928, 2928, 17, SMS));    /* 2116: 3.2 waves under K 24 */
        /* B and C unaligned, K 160-700: the wide form where its busiest SM's 64x128 tiles
         * hold no more of C than the fine grid's busiest SM's 64x64 tiles */
        CHECK(shape_short_k_wide_even(1743, 1002, 481, SMS, 0, 0));  /* 224 wide: 2; 448 fine: 4 */
        CHECK(shape_short_k_wide_even(8271, 197, 323, SMS, 0, 0));   /* 260: 2; 520: 4 */
        CHECK(!shape_short_k_wide_even(411, 3358, 687, SMS, 0, 0));  /* 189: 2 (4 of C); 371: 3 */
        CHECK(!shape_short_k_wide_even(962, 2430, 339, SMS, 0, 0));  /* 304: 3 (6); 608: 5 */
        CHECK(shape_short_k_wide_even(896, 3289, 295, SMS, 0, 0));   /* 364: 3 (6); 728: 6 */
        CHECK(shape_short_k_wide_even(4732, 606, 226, SMS, 0, 0));   /* 370: 3 (6); 740: 6 */
        CHECK(!shape_short_k_wide_even(342, 12079, 160, SMS, 0, 0)); /* 570: 5 (10); 1134: 9 */
        CHECK(shape_short_k_wide_even(383, 7877, 160, SMS, 0, 0));
        CHECK(!shape_short_k_wide_even(383, 7877, 159, SMS, 0, 0));  /* under K 160 */
        /* under K 228, fewer rounds of the wide grid's slots than the fine grid's */
        CHECK(!shape_short_k_wide_even(1001, 5211, 165, SMS, 0, 0)); /* 656 on 528: 2; 1312 on 660: 2 */
        CHECK(!shape_short_k_wide_even(1001, 5211, 227, SMS, 0, 0));
        CHECK(shape_short_k_wide_even(1001, 5211, 228, SMS, 0, 0));
        CHECK(shape_short_k_wide_even(1249, 7211, 166, SMS, 0, 0));  /* 1140: 3; 2260: 4 */
        CHECK(shape_short_k_wide_even(383, 7877, 171, SMS, 0, 0));   /* 372: 1; 744: 2 */
        CHECK(shape_short_k_wide_even(1743, 1002, 700, SMS, 0, 0));
        CHECK(!shape_short_k_wide_even(1743, 1002, 701, SMS, 0, 0)); /* past K 700 */
        CHECK(!shape_short_k_wide_even(1743, 1002, 481, SMS, 1, 0)); /* B aligned */
        CHECK(!shape_short_k_wide_even(1743, 1002, 481, SMS, 0, 1)); /* C aligned */
        /* any alignment, K 228-700: the wide form or its tall shape (128x64) where its busiest
         * SM holds no more of C than the fine grid's, the tall one where it holds less than
         * the wide one's; B and C unaligned, the wide form's own rule first (from K 160).
         * Areas: the busiest SM's C, fine / wide / tall */
        CHECK(shape_short_k_even_form(962, 3127, 332, SMS, 1, 1) == SHORT_K_FORM_TALL); /* 24576 / 32768 / 24576 */
        CHECK(shape_short_k_even_form(962, 3127, 332, SMS, 0, 0) == SHORT_K_FORM_TALL);
        CHECK(shape_short_k_even_form(8810, 164, 359, SMS, 1, 1) == SHORT_K_FORM_TALL); /* 16384 / 24576 / 16384 */
        CHECK(shape_short_k_even_form(8810, 164, 700, SMS, 1, 1) == SHORT_K_FORM_TALL);
        CHECK(shape_short_k_even_form(8810, 164, 701, SMS, 1, 1) == SHORT_K_FORM_NONE); /* past K 700 */
        CHECK(shape_short_k_even_form(2144, 2207, 228, SMS, 1, 1) == SHORT_K_FORM_WIDE); /* 40960 each */
        CHECK(shape_short_k_even_form(2144, 2207, 227, SMS, 1, 1) == SHORT_K_FORM_NONE); /* under K 228 */
        CHECK(shape_short_k_even_form(1001, 5211, 227, SMS, 0, 0) == SHORT_K_FORM_NONE);
        CHECK(shape_short_k_even_form(1743, 1002, 481, SMS, 1, 1) == SHORT_K_FORM_WIDE); /* 16384 each */
        CHECK(shape_short_k_even_form(1743, 1002, 481, SMS, 0, 0) == SHORT_K_FORM_WIDE); /* the older rule */
        CHECK(shape_short_k_even_form(411, 3358, 687, SMS, 1, 1) == SHORT_K_FORM_NONE); /* 12288 / 16384 / 16384 */
        /* the main tile's one launch over one round of its slots (264), from K 200: the form
         * whose busiest SM holds 3/4 of its C or less. Main / wide / tall */
        CHECK(shape_one_round_form(167, 15206, 621, SMS, main) == SHORT_K_FORM_WIDE); /* 238 tiles: 32768 / 24576 / 32768 */
        CHECK(shape_one_round_form(167, 15206, 200, SMS, main) == SHORT_K_FORM_WIDE);
        CHECK(shape_one_round_form(167, 15206, 199, SMS, main) == SHORT_K_FORM_NONE); /* under K 200 */
        CHECK(shape_one_round_form(15217, 177, 524, SMS, main) == SHORT_K_FORM_TALL); /* 238: 32768 / 32768 / 24576 */
        CHECK(shape_one_round_form(488, 6332, 240, SMS, main) == SHORT_K_FORM_TALL); /* 200 */
        CHECK(shape_one_round_form(256, 15206, 621, SMS, main) == SHORT_K_FORM_NONE); /* 238: 32768 each */
        CHECK(shape_one_round_form(300, 15206, 621, SMS, main) == SHORT_K_FORM_NONE); /* 357 tiles: 2 rounds */
        /* the flat shape (32x128): M up to 400, K 400-1500, where its busiest SM's C x k is
         * 4/5 of the grid's or less: 214x4494's 7 x 36 tiles, 2 an SM, 8192 x 850 = 6963200 */
        CHECK(shape_short_k_flat_pays(214, 4494, 850, SMS, 6963200 * 1.25));
        CHECK(!shape_short_k_flat_pays(214, 4494, 850, SMS, 6963200 * 1.24));
        CHECK(shape_short_k_flat_pays(400, 4494, 400, SMS, 1e12));
        CHECK(shape_short_k_flat_pays(214, 4494, 1500, SMS, 1e12));
        CHECK(!shape_short_k_flat_pays(401, 4494, 850, SMS, 1e12));  /* over M 400 */
        CHECK(!shape_short_k_flat_pays(214, 4494, 399, SMS, 1e12));  /* under K 400 */
        CHECK(!shape_short_k_flat_pays(214, 4494, 1501, SMS, 1e12)); /* past K 1500 */
        /* the flat shape's split in place of a split grid, M up to 400 from K 400: its slices
         * where its busiest SM computes 4/5 of the split grid's C x k or less. 96x6734 on
         * 128x64 tiles: 106 x 4 slices, 4 CTAs on the busiest SM, 4 x 8192 x 227; on
         * 32x128: 159 x 4, 5 CTAs, 5 x 4096 x 227 (0.62) */
        CHECK(shape_flat_split(96, 6734, 905, SMS, half) == 4);
        CHECK(shape_flat_split(96, 6734, 399, SMS, half) == 0);        /* under K 400 */
        CHECK(shape_flat_split(401, 6734, 905, SMS, half) == 0);       /* over M 400 */
        CHECK(shape_flat_split(96, 6734, 905, SMS, main) == 4);        /* 53 x 4: 2 x 16384 x 227 */
        CHECK(shape_flat_split(52, 2798, 10689, SMS, shape_tile_of(64, 64)) == 0); /* as much */
        CHECK(shape_flat_split_slices(96, 6734, SMS, 4) == 4);         /* 660 slots / 159 tiles */
        CHECK(shape_flat_split_slices(96, 6734, SMS, 9) == 4);
        CHECK(shape_flat_split_slices(400, 16000, SMS, 3) == 1);      /* 1625 tiles: over the slots */
        /* ... and the small-tile class's 64x64 split grids wherever its busiest SM computes less:
         * 72x905 (0.81 of its C x k) and 74x847 (0.75), not 101x722 (1.02) */
        CHECK(shape_flat_split(72, 905, 10189, SMS, shape_tile_of(64, 64)) == 27);
        CHECK(shape_flat_split(74, 847, 11352, SMS, shape_tile_of(64, 64)) == 31);
        CHECK(shape_flat_split(101, 722, 8729, SMS, shape_tile_of(64, 64)) == 0);
        CHECK(shape_flat_split(24, 511, 4096, SMS, shape_tile_of(64, 64)) == 0);  /* M up to 64 */
        /* the small-M class's two row blocks (M 25-32) as the flat shape's split from K 1400:
         * a round of 5 CTAs an SM (25x3141: 25 tiles, 660 / 25 = 26 slices), each slice 256
         * of K or more (27x3964x1400: 5), one launch past the slots (30x90000: 704 tiles) */
        CHECK(shape_small_m_flat(25, 3141, 15129, SMS) == 26);
        CHECK(shape_small_m_flat(26, 14159, 11028, SMS) == 5);              /* 111 tiles */
        CHECK(shape_small_m_flat(32, 3964, 1400, SMS) == 5);
        CHECK(shape_small_m_flat(32, 3964, 1399, SMS) == 0);                /* under K 1400 */
        CHECK(shape_small_m_flat(24, 3141, 15129, SMS) == 0);               /* one block of 24 */
        CHECK(shape_small_m_flat(33, 3141, 15129, SMS) == 0);               /* the small-tile class */
        CHECK(shape_small_m_flat(30, 511, 15129, SMS) == 0);                /* under a CTA's columns */
        CHECK(shape_small_m_flat(30, 512, 15129, SMS) == 59);               /* 4 tiles: 15129 / 256 */
        CHECK(shape_small_m_flat(30, 90000, 2000, SMS) == 1);
        /* a split grid of 2 slices to K 1200: the wide form's one launch where its busiest
         * SM computes no more than the split's (the main tile's 2 slices always) */
        {
            CHECK(shape_short_k_wide_split2(1106, 1758, 807, SMS, main));
            CHECK(shape_short_k_wide_split2(569, 3150, 531, SMS, half_m));
            CHECK(shape_short_k_wide_split2(1106, 1758, 1200, SMS, main));
            CHECK(!shape_short_k_wide_split2(1106, 1758, 1201, SMS, main)); /* past K 1200 */
            CHECK(!shape_short_k_wide_split2(3263, 577, 1358, SMS, main));
            CHECK(!shape_short_k_wide_split2(2119, 480, 659, SMS, main));   /* 3 slices */
            CHECK(!shape_short_k_wide_split2(153, 3333, 800, SMS, main));   /* 4, though even */
            CHECK(shape_short_k_wide_split2(2638, 683, 524, SMS, half));
            /* 128x64 in 2 slices: 231 tiles, 462 CTAs, 4 on the busiest SM (4 x 8192 x K / 2);
             * 252 wide tiles, 2 (2 x 8192 x K): even. 274x3726: 177 tiles, 354 CTAs, 3 on
             * the busiest SM (3 x 8192 x K / 2); 150 wide tiles, 2 (2 x 8192 x K): not */
            CHECK(!shape_short_k_wide_split2(274, 3726, 800, SMS, half));
            /* ... else, to K 850, its tall shape where that holds: 3484x563 in 128x64 tiles, 252
             * of them in 2 slices, 4 CTAs on the busiest SM (4 x 8192 x K / 2); 252 tall tiles, 2
             * (2 x 8192 x K): even; 275 wide tiles, 3: not */
            CHECK(shape_short_k_split2_form(3484, 563, 622, SMS, half) == SHORT_K_FORM_TALL);
            CHECK(shape_short_k_split2_form(3484, 563, 850, SMS, half) == SHORT_K_FORM_TALL);
            CHECK(shape_short_k_split2_form(3484, 563, 851, SMS, half) == SHORT_K_FORM_NONE); /* past K 850 */
            CHECK(shape_short_k_split2_form(2638, 683, 524, SMS, half) == SHORT_K_FORM_WIDE); /* the wide first */
            CHECK(shape_short_k_split2_form(274, 3726, 800, SMS, half) == SHORT_K_FORM_NONE); /* 177 tall tiles: 2 x K, not 3 x K / 2 */
            CHECK(shape_short_k_split2_form(2119, 480, 659, SMS, main) == SHORT_K_FORM_NONE); /* 3 slices */
        }
        /* B and C unaligned, K 400-700: stream-K's grid as the wide form's one round, where its
         * busiest SM holds no more than 115% of stream-K's even share of C */
        CHECK(shape_short_k_wide_share(1816, 1119, 510, SMS, 0, 0));   /* 261 wide tiles: 2 a SM, 108% */
        CHECK(!shape_short_k_wide_share(1816, 1119, 510, SMS, 0, 1));  /* C aligned */
        CHECK(!shape_short_k_wide_share(1816, 1119, 510, SMS, 1, 0));  /* B aligned, or re-laid */
        CHECK(!shape_short_k_wide_share(1816, 1119, 399, SMS, 0, 0));  /* under K 400 */
        CHECK(shape_short_k_wide_share(1816, 1119, 700, SMS, 0, 0));
        CHECK(!shape_short_k_wide_share(1816, 1119, 701, SMS, 0, 0));  /* past K 700 */
        CHECK(!shape_short_k_wide_share(889, 5931, 664, SMS, 0, 0));   /* 658 wide tiles: 2 rounds */
        CHECK(!shape_short_k_wide_share(2174, 1583, 440, SMS, 0, 0));  /* 442: 4 a SM, 126% */
        CHECK(shape_short_k_wide_share(606, 4662, 617, SMS, 0, 0));    /* 370: 3 a SM, 115% */
        /* B and C unaligned: the wide form from K 65, and from K 49 where its k tiles of 8
         * pad less (K % 16 of 1-8), at 3.5 waves */
        CHECK(shape_short_k_wide_runs(10875, 8094, 66, SMS, 0, 0));    /* 21607 tiles: 32.7 waves */
        CHECK(shape_short_k_wide_runs(10875, 8094, 78, SMS, 0, 0));
        CHECK(shape_short_k_wide_runs(10875, 8094, 49, SMS, 0, 0));
        CHECK(shape_short_k_wide_runs(10875, 8094, 56, SMS, 0, 0));
        CHECK(!shape_short_k_wide_runs(10875, 8094, 57, SMS, 0, 0));   /* 64 either way */
        CHECK(!shape_short_k_wide_runs(10875, 8094, 64, SMS, 0, 0));
        CHECK(!shape_short_k_wide_runs(10875, 8094, 48, SMS, 0, 0));
        CHECK(!shape_short_k_wide_runs(10875, 8094, 97, SMS, 0, 0));   /* shape_short_k_wide's */
        CHECK(!shape_short_k_wide_runs(2518, 3509, 66, SMS, 0, 0));    /* 2200 tiles: 3.3 waves */
        CHECK(!shape_short_k_wide_runs(10875, 8094, 66, SMS, 1, 0));   /* B aligned */
        CHECK(!shape_short_k_wide_runs(10875, 8094, 66, SMS, 0, 1));   /* C aligned */
        /* the fine tile's k tiles of 32: from K = 200, where K rounds up to as much */
        CHECK(shape_short_k_deep(512) && shape_short_k_deep(217) && shape_short_k_deep(224));
        CHECK(!shape_short_k_deep(206) && !shape_short_k_deep(208) && !shape_short_k_deep(421));
        CHECK(!shape_short_k_deep(192));                    /* under K 200 */
        /* ... and where the fine tile does not take a grid: one launch under K = 97 from 9
         * fine waves, stream-K under K = 300 from 3.5 */
        CHECK(shape_short_k_main_wide(15740, 6672, 18, SMS, SHAPE_ONE_LAUNCH));  /* 25846: 39 */
        CHECK(!shape_short_k_main_wide(13102, 838, 90, SMS, SHAPE_ONE_LAUNCH)); /* 2870: 4.3 */
        CHECK(!shape_short_k_main_wide(7677, 7879, 107, SMS, SHAPE_ONE_LAUNCH)); /* K 107 */
        CHECK(shape_short_k_main_wide(7112, 1536, 167, SMS, SHAPE_STREAM_K));    /* 2688: 4.1 */
        CHECK(!shape_short_k_main_wide(2000, 4000, 200, SMS, SHAPE_STREAM_K));   /* 2016: 3.1 */
        CHECK(!shape_short_k_main_wide(1820, 9887, 330, SMS, SHAPE_STREAM_K));   /* K 330 */
        CHECK(!shape_short_k_main_wide(10428, 3968, 286, SMS, SHAPE_DEEP));
        /* ... and the main tile's one launch of C aligned, K 97-399, where the wide grid's
         * busiest SM at 110% beats the main grid's rounds of two CTAs */
        CHECK(shape_short_k_wide_rounds(2177, 2460, 107, SMS, main, 1));  /* 360 tiles: 6 wide, 2 rounds */
        CHECK(shape_short_k_wide_rounds(2709, 1004, 304, SMS, main, 1));  /* 176: 3 wide, 1 round */
        CHECK(shape_short_k_wide_rounds(1077, 2560, 399, SMS, main, 1));  /* 180: 3 wide, 1 round */
        CHECK(!shape_short_k_wide_rounds(1077, 2560, 400, SMS, main, 1)); /* K 400 */
        CHECK(!shape_short_k_wide_rounds(2177, 2460, 96, SMS, main, 1));  /* K 96 */
        CHECK(!shape_short_k_wide_rounds(2177, 2460, 107, SMS, main, 0)); /* C unaligned */
        CHECK(!shape_short_k_wide_rounds(344, 10568, 267, SMS, main, 1)); /* 249: 4 wide, 1 round */
        CHECK(!shape_short_k_wide_rounds(1412, 5328, 205, SMS, main, 1)); /* 504: 8 wide, 2 rounds */
        /* ... and its stream-K grids of C unaligned, K 97-399, by the same test at 115% */
        CHECK(shape_short_k_wide_streamk(2613, 1887, 311, SMS, main, 0));   /* 315: 5 wide, 2 rounds */
        CHECK(shape_short_k_wide_streamk(2613, 1887, 399, SMS, main, 0));
        CHECK(!shape_short_k_wide_streamk(2613, 1887, 400, SMS, main, 0));  /* K 400 */
        CHECK(!shape_short_k_wide_streamk(2613, 1887, 96, SMS, main, 0));   /* K 96 */
        CHECK(!shape_short_k_wide_streamk(2613, 1887, 311, SMS, main, 1));  /* C aligned */
        CHECK(!shape_short_k_wide_streamk(1058, 3022, 372, SMS, main, 0));  /* 216: 4 wide, 1 round */
        CHECK(!shape_short_k_wide_streamk(2652, 2314, 302, SMS, main, 0));  /* 399: 7 wide, 2 rounds: 805 */
        CHECK(shape_wide_beats_rounds(2652, 2314, SMS, main, 114));         /* ... 798 at 114 */
        /* ... and its one launch of B and C unaligned within a wave, K 97-399 */
        CHECK(shape_short_k_wide_one_wave(1220, 3266, 164, SMS, main, 0, 0));   /* 260 tiles */
        CHECK(shape_short_k_wide_one_wave(1220, 3266, 399, SMS, main, 0, 0));
        CHECK(!shape_short_k_wide_one_wave(1220, 3266, 400, SMS, main, 0, 0));  /* K 400 */
        CHECK(!shape_short_k_wide_one_wave(1220, 3266, 96, SMS, main, 0, 0));   /* K 96 */
        CHECK(!shape_short_k_wide_one_wave(1220, 3266, 164, SMS, main, 1, 0));  /* B aligned */
        CHECK(!shape_short_k_wide_one_wave(1220, 3266, 164, SMS, main, 0, 1));  /* C aligned */
        CHECK(shape_short_k_wide_one_wave(1024, 4224, 164, SMS, main, 0, 0));   /* 264: a wave */
        CHECK(!shape_short_k_wide_one_wave(1024, 4225, 164, SMS, main, 0, 0));  /* 272 */
        CHECK(shape_short_k_wide_one_wave(5632, 768, 164, SMS, main, 0, 0));   /* N 768: 264 */
        CHECK(!shape_short_k_wide_one_wave(5632, 767, 164, SMS, main, 0, 0));  /* N 767 */
        /* level 6's split-K never shifts B: 4-byte copies, spread past n (the
         * copies beat the shift at 34 of 35 grids: evidence P393) */
        CHECK(!shape_split_shifts_b(2690, half_m));  /* 22 tiles */
        CHECK(!shape_split_shifts_b(1, half_m));
        CHECK(!shape_split_shifts_b(2690, half));
        CHECK(!shape_split_shifts_b(2690, main));
        CHECK(!shape_short_k_pays(1999, 15842, 20, SMS, main, 0)); /* 1.02 */
        CHECK(!shape_short_k_pays(989, 2782, 199, SMS, main, 1)); /* waves 5/4 */
        /* K 32..89 with C unaligned: 95% */
        CHECK(shape_short_k_pays(5455, 2257, 47, SMS, main, 0));   /* 1.042 of the main tile's */
        CHECK(shape_short_k_pays(5455, 2257, 89, SMS, main, 0));
        CHECK(!shape_short_k_pays(5455, 2257, 90, SMS, main, 0));  /* from 90: 105% */
        CHECK(!shape_short_k_pays(5455, 2257, 47, SMS, main, 1));  /* aligned: 115% */
        CHECK(!shape_short_k_pays(1000, 15842, 47, SMS, main, 0)); /* 1.094 */
        /* C unaligned from K 32: or the busiest SM's C at 120%, against the main tile's and
         * each of C's columns as a k step of one element */
        CHECK(shape_short_k_pays(989, 2782, 199, SMS, main, 0));     /* SMs 3/4 */
        CHECK(!shape_short_k_pays(989, 2782, 31, SMS, main, 0));     /* under 32: waves */
        CHECK(shape_short_k_pays(260, 10283, 493, SMS, main, 0));    /* SMs 7/8 */
        CHECK(shape_short_k_pays(1552, 2031, 186, SMS, main, 0));    /* 34406 < 32768 + 2031 */
        CHECK(!shape_short_k_pays(2539, 1410, 432, SMS, main, 0));   /* 34406 > 32768 + 1410 */
        CHECK(!shape_short_k_pays(7797, 402, 460, SMS, main, 0));
        CHECK(!shape_short_k_pays(2164, 9194, 174, SMS, main, 0));   /* SMs 0.95, 9 waves */
        CHECK(!shape_short_k_pays(207, 15857, 492, SMS, main, 0));   /* SMs 1: not less */
        CHECK(shape_short_k_pays(780, 13465, 96, SMS, main, 0));     /* SMs 7/8 */
        /* K of 8 or less: the main tile (the fine tile's k step is 16) */
        CHECK(shape_short_k_pays(16077, 7847, 9, SMS, main, 0));     /* 0.98 of the main's */
        CHECK(!shape_short_k_pays(16077, 7847, 8, SMS, main, 0));
        CHECK(!shape_short_k_pays(16077, 7847, 1, SMS, main, 0));
        /* split-K grids: the fine tile where its busiest SM computes no more C x k */
        CHECK(shape_short_k_splits(1848, 783, 464, SMS, half));   /* 377 fine: 3 an SM; 390 of 128x64 */
        CHECK(shape_short_k_splits(1374, 1529, 379, SMS, main));  /* 4 x 64 x 64 x 379 = 2 x 128 x 128 x 190 */
        CHECK(shape_short_k_splits(1848, 783, 513, SMS, half));  /* past 512, split 73% busy */
        CHECK(!shape_short_k_splits(92, 6684, 882, SMS, main));  /* past 512, 80% busy */
        CHECK(!shape_short_k_splits(1024, 1024, 1024, SMS, main)); /* 96% busy */
        CHECK(shape_split_idles(1848, 783, 513, SMS, half));      /* 73% */
        CHECK(!shape_split_idles(92, 6684, 882, SMS, main));      /* 80% */
        CHECK(!shape_short_k_splits(1848, 783, 8, SMS, half));   /* under SHORT_K_MIN_K */
        CHECK(!shape_short_k_splits(309, 3650, 451, SMS, half_m)); /* 3 slices: a tenth more */
        CHECK(!shape_short_k_splits(640, 6784, 128, SMS, main));  /* one launch, not split-K */
    }
    {
        const struct shape_streamk p = shape_streamk_of(3072, 3072, 3072, SMS,
                                                        (struct shape_tile){128, 128, 128});
        CHECK(p.dp_tiles == 264 && p.sk_tiles == 312 && p.sk_ctas == 264); /* 576 tiles */
        const struct shape_streamk q = shape_streamk_of(1536, 1536, 4096, SMS,
                                                        (struct shape_tile){128, 128, 128});
        CHECK(q.dp_tiles == 0 && q.sk_tiles == 144 && q.sk_ctas == 264);
        CHECK(shape_busy_pct(144, 264) == 54 && shape_busy_pct(528, 264) == 100);
    }
    {
        /* split-K for few tiles: shared by 4 CTAs or more, under 512 of k a CTA, 85% busy */
        const struct shape_tile main = {128, 128, 128};
        CHECK(cls(4956, 117, 2916) == SHAPE_STREAM_K);
        CHECK(shape_few_tiles_split(4956, 117, 2916, SMS, main));   /* 39 tiles, 431 k, 6 slices: 89% */
        CHECK(shape_few_tiles_split(3620, 211, 1256, SMS, main));   /* 58 tiles: 4.6 CTAs a tile */
        CHECK(!shape_few_tiles_split(9887, 82, 1546, SMS, main));   /* 78 tiles: 3.4 CTAs a tile */
        CHECK(!shape_few_tiles_split(14773, 83, 945, SMS, main));   /* 116 tiles */
        CHECK(!shape_few_tiles_split(100, 5756, 11433, SMS, main)); /* 1949 of k a CTA */
        CHECK(!shape_few_tiles_split(5661, 126, 7294, SMS, main));  /* 1243 of k a CTA */
        CHECK(!shape_few_tiles_split(4096, 2048, 512, SMS, main));  /* 512 tiles: not few */
        /* 39 tiles: 511 of k a CTA at K = 3465, 512 at 3466 */
        CHECK(shape_few_tiles_split(4956, 117, 3465, SMS, main));
        CHECK(!shape_few_tiles_split(4956, 117, 3466, SMS, main));
    }
    /* the slices: slots / tiles, at least 64 of k each, at most 256 */
    CHECK(shape_splitk_slices(128, 4096, 4096, SMS, 128, 128, 128) == 8);
    CHECK(shape_splitk_slices(512, 512, 512, SMS, 128, 128, 128) == 8);
    CHECK(shape_splitk_slices(1024, 1024, 1024, SMS, 128, 128, 128) == 4);
    CHECK(shape_splitk_slices(512, 4096, 11008, SMS, 128, 128, 128) == 2);
    CHECK(shape_splitk_slices(64, 64, 65536, SMS, 64, 64, 32) == 256);
    CHECK(shape_splitk_slices(33, 4096, 4100, SMS, 64, 64, 32) == 16);
    /* a 256-thread tile holds one CTA an SM: half the slots (264 / 20 tiles, 132 / 12) */
    CHECK(shape_splitk_slices(640, 512, 4096, SMS, 128, 128, 128) == 13);
    CHECK(shape_splitk_slices(640, 512, 4096, SMS, 256, 128, 256) == 11);
    /* small M's few CTAs: the flat split's round of 5 CTAs an SM over 32x128 tiles, 32 k a
     * slice or more (32x740x137: 6 tiles, 4 slices; 18x1972x1080: 16 tiles, 33 by k) */
    CHECK(shape_small_m_few_slices(32, 740, 137, SMS) == 4);
    CHECK(shape_small_m_few_slices(18, 1972, 1080, SMS) == 33);
    CHECK(shape_small_m_few_slices(18, 1972, 1080, 40) == 12); /* a round of 200 CTA slots */
    CHECK(shape_small_m_few_slices(5, 3982, 40, SMS) == 1);
    /* small N's few CTAs: a grid the streamed rule leaves on half the SMs or fewer is sliced
     * for a round of 2 CTAs an SM, 32 k a slice or more, from K 128 (370x30x537: 3 CTAs in
     * 2 slices, 88 by the slots, 16 by k; 1770x36x302: 14 CTAs, 9 by k) */
    CHECK(shape_small_n_slices(370, 537, SMS) == 16);
    CHECK(shape_small_n_slices(1770, 302, SMS) == 9);
    CHECK(shape_small_n_slices(1770, 302, 28) == 4);  /* 14 CTAs on 28 SMs: 56 slots */
    CHECK(shape_small_n_slices(1770, 302, 27) == 1);  /* ... on 27: over half */
    CHECK(shape_small_n_slices(8422, 304, SMS) == 4); /* 66 CTAs: half */
    CHECK(shape_small_n_slices(10194, 208, SMS) == 1); /* 80 CTAs */
    CHECK(shape_small_n_slices(5260, 69, SMS) == 1);   /* K under 128 */
    CHECK(shape_small_n_slices(15198, 919, SMS) == 2); /* 119 CTAs in 2 streamed slices */
    /* the sliced-K path: one wave of 32x32 tiles (2 an SM). One launch at a warp's chain of
     * k tiles (of 16, one in 8) of 4 or less on one CTA an SM or with tiles of half their
     * area of C (one row of tiles: 3); a longer chain on one CTA an SM with such tiles over
     * K slices of a chain of 2, at most a CTA an SM, else one launch to a chain of 6 */
    CHECK(shape_sliced_k(257, 257, 257, SMS) == 1); /* 81 tiles, a chain of 3 */
    CHECK(shape_sliced_k(512, 512, 512, SMS) == 1); /* 256 tiles: 2 an SM, a chain of 4 */
    CHECK(shape_sliced_k(512, 512, 513, SMS) == 0); /* ... 5 */
    CHECK(shape_sliced_k(370, 30, 537, SMS) == 3);  /* 12 tiles of 90%, 5: 3 slices */
    CHECK(shape_sliced_k(102, 31, 1021, SMS) == 4); /* 4 tiles of 77%, 8: 4 */
    CHECK(shape_sliced_k(64, 64, 2048, SMS) == 8); /* 4 tiles, 16: 8 slices of 2 */
    CHECK(shape_sliced_k(64, 64, 65536, SMS) == 0); /* ... 512: 33 by the SMs, of 16 */
    CHECK(shape_sliced_k(72, 660, 15429, SMS) == 0); /* 63 tiles, 121: 2 by the SMs, of 61 */
    CHECK(shape_sliced_k(300, 400, 768, SMS) == 1); /* 130 tiles, 6: no room for 2 slices */
    CHECK(shape_sliced_k(300, 400, 769, SMS) == 0); /* ... 7 */
    CHECK(shape_sliced_k(150, 300, 1000, SMS) == 2); /* 50 tiles, 8: 2 by the SMs, of 4 */
    CHECK(shape_sliced_k(150, 300, 1500, SMS) == 0); /* ... 12: of 6 */
    CHECK(shape_sliced_k(200, 400, 1500, SMS) == 0); /* 91 tiles, 12: no room for 2 */
    CHECK(shape_sliced_k(394, 600, 768, SMS) == 0); /* 247 tiles: 2 an SM, 6 */
    CHECK(shape_sliced_k(4, 817, 384, SMS) == 1);   /* one row of 26 tiles of 4%: 3 */
    CHECK(shape_sliced_k(4, 817, 490, SMS) == 0);   /* ... 4 */
    CHECK(shape_sliced_k(26, 818, 585, SMS) == 3);  /* one row of 81%, 5: 3 slices */
    CHECK(shape_sliced_k(40, 817, 490, SMS) == 1);  /* two rows of 26 tiles, 61% of their area: 4 */
    CHECK(shape_sliced_k(40, 817, 769, SMS) == 2);  /* ... 7: 2 by the SMs */
    CHECK(shape_sliced_k(2102, 2, 2011, SMS) == 0); /* 66 tiles of 6%, 16 */
    CHECK(shape_sliced_k(5260, 1, 69, SMS) == 0);   /* 165 tiles of 3%: 2 an SM */
    CHECK(shape_sliced_k(5000, 15, 300, SMS) == 0); /* 157 tiles of 47%: 2 an SM... */
    CHECK(shape_sliced_k(5000, 17, 300, SMS) == 1); /* ... of 53% */
    CHECK(shape_sliced_k(1, 4096, 4096, SMS) == 0); /* 128 tiles of 3%, 32 */
    CHECK(shape_sliced_k(32, 32 * 264, 16, SMS) == 1); /* a wave of tiles */
    CHECK(shape_sliced_k(32, 32 * 265, 16, SMS) == 0); /* over it */
    CHECK(shape_sliced_k(257, 257, 257, 40) == 0);  /* 81 tiles on 80 slots */
    CHECK(shape_sliced_k(4096, 4096, 16, SMS) == 0);
    {
        /* the launch's own slices (shape_launch_slices): thinner where a grid's warps stay
         * under a round of the schedulers, never fewer than the class's (evidence
         * P406; measured best: 256^3 at 16 slices of 64x64, 384^3 at 12 of
         * 128x128, 512^3 at 8, 426x169x964 at 25 of 41, 14 and 25) */
        const struct shape_tile t64 = {64, 64, 32}, t128 = {128, 128, 128}, half = {128, 64, 64};
        CHECK(shape_launch_slices(256, 256, 256, SMS, t64, 8) == 16); /* class: 4 */
        CHECK(shape_launch_slices(384, 384, 384, SMS, t128, 8) == 12); /* class: 6 */
        CHECK(shape_launch_slices(512, 512, 512, SMS, t128, 8) == 8); /* 16: 2 rounds */
        CHECK(shape_launch_slices(426, 169, 964, SMS, t64, 8) == 25); /* 41: 2 rounds */
        CHECK(shape_launch_slices(394, 515, 348, SMS, half, 8) == 7);  /* 504 warps of 528 */
        CHECK(shape_launch_slices(1024, 1024, 1024, SMS, t128, 8) == 4); /* the class's */
        CHECK(shape_launch_slices(128, 4096, 4096, SMS, t128, 8) == 8);
        CHECK(shape_launch_slices(2048, 2048, 2048, SMS, t128, 8) == 1); /* a wave: none */
        /* K under 2 x MIN_K_SLICE: the class does not split, the launch may (16 k a slice) */
        CHECK(shape_splitk_slices(241, 172, 118, SMS, 64, 64, 32) == 1);
        CHECK(shape_launch_slices(241, 172, 118, SMS, t64, 8) == 5);
        CHECK(shape_launch_slices(241, 172, 31, SMS, t64, 8) == 1); /* under 2 x 16 */
        /* slices of whole k tiles, as the launch cuts them: 13 slices of 256 k are 11 of 24 */
        CHECK(shape_split_time(100, 100, 256, SMS, t64, 8, 13) ==
              shape_split_time(100, 100, 256, SMS, t64, 8, 11));
        CHECK(shape_split_time(100, 100, 256, SMS, t64, 8, 11) !=
              shape_split_time(100, 100, 256, SMS, t64, 8, 10));
        /* the bound holds any count the launch takes, on any SM count */
        for (int sms = 1; sms <= 256; sms += 5)
            for (int k = 1; k <= 5000; k += 97) {
                CHECK(shape_launch_slices(300, 200, k, sms, half, 8) <=
                      shape_launch_slices_most(300, 200, k, 256, half));
                CHECK(shape_launch_slices(300, 200, k, sms, half, 8) >=
                      shape_splitk_slices(300, 200, k, sms, 128, 64, 64));
            }
    }
    {
        /* the half tiles, for grids of at most 132 main tiles (half of 264 slots) */
        const struct shape_tile main = {128, 128, 128};
#define TILE_IS(t, m_, n_) ((t).bm == (m_) && (t).bn == (n_) && (t).threads == 32 * (m_) / 64 * (n_) / 64)
        CHECK(TILE_IS(tile_for(669, 376, 11548, 1), 64, 128));   /* cover 6% less */
        CHECK(TILE_IS(tile_for(3409, 295, 8489, 1), 128, 64));  /* 17% less */
        CHECK(TILE_IS(tile_for(384, 512, 4096, 1), 128, 128));  /* the same cover */
        CHECK(TILE_IS(tile_for(1536, 1408, 1024, 1), 128, 128)); /* 132 tiles */
        CHECK(TILE_IS(tile_for(277, 4745, 5076, 0), 128, 64));  /* B's rows unaligned */
        CHECK(TILE_IS(tile_for(1536, 1536, 4096, 0), 128, 128)); /* 144 tiles, 55% */
        CHECK(TILE_IS(tile_for(277, 4745, 5076, 1), 64, 128));
        /* a tile of one warp tile a side has no halves */
        CHECK(TILE_IS(shape_tile_for(100, 100, 100, SMS, (struct shape_tile){64, 64, 32},
                                     cls(100, 100, 100), 0),
                      64, 64));
        CHECK(TILE_IS(tile_for(130, 4327, 4720, 0), 64, 128)); /* 25% less */
        /* B's rows unaligned, 64x128's grid 40 tiles across or fewer, K over 1024, no row
         * strip: 64x128 where it covers under 95% of 128x64's C; else under 80% */
        CHECK(TILE_IS(tile_for(309, 1731, 7650, 0), 64, 128));  /* 86% */
        CHECK(TILE_IS(tile_for(305, 659, 5276, 0), 64, 128));   /* 91% */
        CHECK(TILE_IS(tile_for(287, 434, 4411, 0), 128, 64));   /* 95% */
        CHECK(TILE_IS(tile_for(169, 937, 5952, 0), 64, 128));   /* 80% */
        CHECK(TILE_IS(tile_for(269, 926, 13032, 0), 128, 64));  /* 89%, a strip of 13 rows */
        CHECK(TILE_IS(tile_for(300, 5200, 4000, 0), 128, 64));  /* 83%, 41 tiles across */
        CHECK(TILE_IS(tile_for(300, 5120, 4000, 0), 64, 128));  /* 83%, 40 across */
        CHECK(TILE_IS(tile_for(320, 3159, 623, 0), 128, 64));   /* 84%, K 623 */
        CHECK(shape_few_half_m_pct(309, 1731, 7650, (struct shape_tile){64, 128, 64}) == FEW_HALF_M_PCT);
        CHECK(shape_few_half_m_pct(309, 1731, 1025, (struct shape_tile){64, 128, 64}) == FEW_HALF_M_PCT);
        CHECK(shape_few_half_m_pct(309, 1731, 1024, (struct shape_tile){64, 128, 64}) == 80);
        CHECK(shape_few_half_m_pct(269, 926, 13032, (struct shape_tile){64, 128, 64}) == 80);
        CHECK(shape_few_half_m_pct(309, 5120, 7650, (struct shape_tile){64, 128, 64}) == FEW_HALF_M_PCT);
        CHECK(shape_few_half_m_pct(309, 5121, 7650, (struct shape_tile){64, 128, 64}) == 80); /* 41 */
        CHECK(TILE_IS(tile_for(65, 4096, 4096, 1), 128, 128)); /* equal */
        /* stream-K's grids: a half whose one launch fills 90% of its 528 slots */
        CHECK(TILE_IS(tile_for(2031, 2070, 1399, 1), 128, 64)); /* 528 */
        CHECK(TILE_IS(tile_for(294, 13023, 5898, 0), 64, 128)); /* 510 */
        CHECK(TILE_IS(tile_for(3072, 3072, 3072, 1), 128, 128)); /* 72% */
        CHECK(TILE_IS(tile_for(4096, 4096, 4096, 1), 128, 128)); /* deep */
        /* else the half that covers less, when by more than 106% */
        CHECK(TILE_IS(tile_for(141, 9627, 12308, 0), 64, 128)); /* 3/4 of the cover */
        CHECK(TILE_IS(tile_for(8859, 142, 7626, 1), 128, 64));  /* 3/4 */
        CHECK(TILE_IS(tile_for(4854, 897, 775, 1), 128, 64));   /* 15/16: 106% of it is 99.4% */
        CHECK(TILE_IS(tile_for(1299, 2499, 393, 1), 128, 128)); /* 21/22: 101% */
        CHECK(TILE_IS(tile_for(4956, 117, 2916, 1), 128, 128)); /* the same cover */
        CHECK(shape_cover(277, 4745, main) == 384LL * 4864);
        /* the small-tile class's M = 25..64, a main tile wide or more: 64x128 */
        CHECK(TILE_IS(tile_for(33, 4096, 4100, 1), 64, 128));
        CHECK(TILE_IS(tile_for(64, 4096, 4096, 0), 64, 128));
        CHECK(TILE_IS(tile_for(256, 256, 256, 1), 128, 128)); /* 65+ */
        CHECK(TILE_IS(tile_for(64, 64, 65536, 1), 128, 128)); /* narrow */
        CHECK(TILE_IS(tile_for(25, 500, 4096, 1), 64, 128)); /* too narrow for small M */
        CHECK(TILE_IS(tile_for(32, 511, 4096, 0), 64, 128));
        CHECK(TILE_IS(tile_for(24, 500, 4096, 1), 128, 128)); /* M <= 24 */
        /* one launch: the half whose grid takes fewer waves, when 106% of its waves are
         * still fewer than the main tile's */
        CHECK(TILE_IS(tile_for(11345, 305, 239, 1), 128, 64)); /* 445 on 528: 1 wave, 267: 2 */
        CHECK(TILE_IS(tile_for(7813, 1589, 173, 1), 128, 64)); /* 3 waves against 4 */
        CHECK(TILE_IS(tile_for(3661, 9361, 16, 1), 128, 128)); /* 9 waves each */
        CHECK(TILE_IS(tile_for(4096, 4096, 128, 1), 128, 128)); /* 4 each */
        CHECK(TILE_IS(tile_for(2944, 2944, 128, 1), 128, 128)); /* 2 each (265 tiles) */
#undef TILE_IS
    }
    CHECK_STR(shape_class_name(SHAPE_SPLIT_K), "split-K");
    CHECK_STR(shape_class_name(SHAPE_DEEP), "deep");
    CHECK_STR(shape_class_name(SHAPE_STREAM_K), "stream-K");
    return test_report();
}
