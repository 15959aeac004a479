/* shape_class.h: level 6's shape classes, the one owner of the rules that pick a path for an m
 * x n x k product (docs/kernels/level6.md lists them in the order they are tried). Plain C, so
 * that level 6's plan (kernels/level6_plan.c) and the autotuner's ranking
 * (kernels/tuning/pick.c) read the same rules. Integer arithmetic only: no CUDA call (the
 * sweep's parent sizes workspaces with these, and it must not initialise CUDA). Evidence IDs
 * name folders of lab/evidence. */
#ifndef SGEMM_BENCH_KERNELS_SHAPE_CLASS_H
#define SGEMM_BENCH_KERNELS_SHAPE_CLASS_H

/* A split-K slice's least k as the class rules count slices (MIN_K_SLICE). The launch's own
 * least slice is LAUNCH_MIN_K_SLICE (shape_launch_slices). */
enum { L6_MIN_K_SLICE = 64 };

enum {
    SMALL_M_MAX = 24,   /* small-M kernel: up to 24 accumulator rows (evidence P101) */
    SMALL_M_BLOCKS_MAX = 32, /* ... and up to 32 rows in blocks of 16 ("Small M in row blocks") */
    SMALL_M_COLS = 512, /* ... and one CTA's columns (128 threads x 4) */
    SMALL_N_MAX = 40,    /* small-N kernel: up to 40 columns of C */
    SMALL_N_MIN_M = 256, /* ... and this many rows or more */
    SMALL_N_ROWS = 128,  /* ... a CTA's rows */
    NARROW_M_MAX = 64,  /* beyond small M, a 128-row tile would be half empty or worse */
    SMALL_TILE = 64,    /* the small-tile class's tile: 64x64, one warp a CTA */
    MIN_K_SLICE = L6_MIN_K_SLICE, /* split-K: a slice's pipeline must fill */
    MAX_SLICES = 256,
    DEEP_MIN_K = 256,   /* the wide tile's deeper k tiles need this much k to pay */
    SK_BUSY_PCT = 90,   /* stream-K when a grid keeps under this % of its waves' slots busy */
    SK_MIN_SHARE_K = 256, /* ... and each CTA slot's share of the k work is this much k */
    HALF_WAVE_PCT = 106,  /* a wave of half tiles against one of main tiles, % (evidence P051) */
};

enum shape_class {
    SHAPE_SMALL_M,    /* a matrix-vector problem: stream B (small_m.cuh) */
    SHAPE_SMALL_TILE, /* 64x64 tiles, then split-K when the grid is under a wave */
    SHAPE_SPLIT_K,    /* the main tile, K sliced to fill one wave of CTA slots */
    SHAPE_ONE_LAUNCH, /* the main tile, one launch */
    SHAPE_DEEP,       /* the wide tile, one launch: long K and a full wave of wide tiles */
    SHAPE_STREAM_K,   /* the main tile, whole waves one CTA a tile, the rest stream-K */
    SHAPE_SMALL_N,    /* a few columns over many rows: stream A (small_n.cuh) */
    SHAPE_CLASSES
};

/* A CTA tile: bm x bn of C, computed by `threads` threads. */
struct shape_tile {
    int bm, bn, threads;
};

/* Level 6's tiles are whole 64x64 warp tiles, a warp each: the threads of a bm x bn tile.
 * A macro, so that C++ templates take it as a constant. */
#define SHAPE_TILE_THREADS(bm, bn) (32 * ((bm) / 64) * ((bn) / 64))

static inline struct shape_tile shape_tile_of(int bm, int bn)
{
    const struct shape_tile t = {bm, bn, SHAPE_TILE_THREADS(bm, bn)};
    return t;
}

static inline const char *shape_class_name(enum shape_class c)
{
    static const char *const names[SHAPE_CLASSES] = {"small-M", "small-tile", "split-K",
                                                     "one-launch", "deep", "stream-K",
                                                     "small-N"};
    return c < SHAPE_CLASSES ? names[c] : "unknown";
}

static inline int shape_ceil_div(int a, int b) { return (a + b - 1) / b; }

/* The tiles of a grid of bm x bn tiles over m x n. */
static inline long long shape_tiles(int m, int n, int bm, int bn)
{
    return (long long)shape_ceil_div(m, bm) * shape_ceil_div(n, bn);
}

/* K slices for BM x BN tiles of `threads` threads on `sms` SMs: a grid of fewer tiles than
 * the GPU has CTA slots (SMs x CTAs per SM) leaves SMs idle, so slice K until tiles x
 * slices fills the slots without passing them (a second, partial wave would cost what it
 * saves), each slice at least MIN_K_SLICE of k, at most MAX_SLICES. CTAs per SM: the
 * register file (64K) over threads x 256 (__launch_bounds__(threads, 1) allows up to 255
 * registers): 2 for 128 threads, 8 for 32. 1 means: do not split. */
static inline int shape_ctas_per_sm(int threads)
{
    return 65536 / (threads * 256) > 1 ? 65536 / (threads * 256) : 1;
}

static inline int shape_splitk_slices(int m, int n, int k, int sms, int bm, int bn, int threads)
{
    const long long tiles = shape_tiles(m, n, bm, bn);
    const int slots = shape_ctas_per_sm(threads) * sms;
    if (tiles >= slots || k < 2 * MIN_K_SLICE)
        return 1;
    int s = (int)(slots / tiles); /* tiles < slots here */
    s = s < k / MIN_K_SLICE ? s : k / MIN_K_SLICE;
    return s < MAX_SLICES ? s : MAX_SLICES;
}

/* The waves of CTA slots that a grid of `units` CTAs takes. */
static inline long long shape_waves(long long units, long long slots)
{
    return (units + slots - 1) / slots;
}

/* The K slices that a grid of tiles t launches (kernels/level6_plan.c, tiles_b), in
 * k tiles of bk: from its class's count (shape_splitk_slices) up to as many as its CTA slots
 * hold, each slice LAUNCH_MIN_K_SLICE of k or more, the count of least time in this model. A
 * grid under a round of the SMs' warp schedulers runs each warp alone on one, so its time
 * follows a slice's k until the warps pass the schedulers. The model, in k of a warp tile:
 * rounds of the schedulers x (a slice's k + SPLIT_FILL_K), plus SPLIT_PASS_K for the
 * reduction's launch where the grid is sliced, plus each slice's pass over m x n floats at
 * SPLIT_PASS_FLOATS an SM per k. Fitted on 360 split grids' times of 0.005-2 GFLOP; never
 * fewer slices than the class's, since at large grids two warps a scheduler hide each other's
 * latencies, which the model leaves out (evidence P404, P405, P406). */
enum { L6_LAUNCH_SLICE_MODEL = 1 };
enum { L6_LAUNCH_MIN_K_SLICE = 16 };
enum {
    SCHEDULERS = 4, LAUNCH_MIN_K_SLICE = L6_LAUNCH_MIN_K_SLICE, SPLIT_FILL_K = 5, SPLIT_PASS_K = 44,
    SPLIT_PASS_FLOATS = 1418,
};

/* The model's time of a grid of tiles t cut in `slices` slices of whole bk tiles, in k of a
 * warp tile x sms x SPLIT_PASS_FLOATS (integers). */
static inline long long shape_split_time(int m, int n, int k, int sms, struct shape_tile t, int bk,
                                         int slices)
{
    const int k_slice = shape_ceil_div(shape_ceil_div(k, slices), bk) * bk;
    const int s = shape_ceil_div(k, k_slice); /* as the launch cuts it */
    const long long warps = shape_tiles(m, n, t.bm, t.bn) * s * (t.threads / 32);
    const long long rounds = shape_waves(warps, (long long)SCHEDULERS * sms);
    const long long k_units = rounds * (k_slice + SPLIT_FILL_K) + (s > 1 ? SPLIT_PASS_K : 0);
    return k_units * sms * SPLIT_PASS_FLOATS + (s > 1 ? (long long)s * m * n : 0);
}

/* The most K slices shape_launch_slices takes for tiles t on `sms` SMs (1: none): its
 * bound, which sizes the workspace. */
static inline int shape_launch_slices_most(int m, int n, int k, int sms, struct shape_tile t)
{
    const int s = shape_splitk_slices(m, n, k, sms, t.bm, t.bn, t.threads);
    const long long tiles = shape_tiles(m, n, t.bm, t.bn);
    const long long fill = (long long)shape_ctas_per_sm(t.threads) * sms / tiles;
    long long most = fill < k / LAUNCH_MIN_K_SLICE ? fill : k / LAUNCH_MIN_K_SLICE;
    most = most < MAX_SLICES ? most : MAX_SLICES;
    return L6_LAUNCH_SLICE_MODEL && most > s ? (int)most : s;
}

static inline int shape_launch_slices(int m, int n, int k, int sms, struct shape_tile t, int bk)
{
    const int most = shape_launch_slices_most(m, n, k, sms, t);
    int best = shape_splitk_slices(m, n, k, sms, t.bm, t.bn, t.threads);
    long long best_time = shape_split_time(m, n, k, sms, t, bk, best);
    for (int s = best + 1; s <= most; ++s) {
        const long long time = shape_split_time(m, n, k, sms, t, bk, s);
        if (time < best_time) {
            best = s;
            best_time = time;
        }
    }
    return best;
}

/* The small-N class: a few columns over many rows, whatever K and the SM count; the tiles' 64
 * columns would waste 3/8 of their FFMAs or more, and at 48 columns the tiles win (evidence
 * P089, P099). */
static inline int shape_is_small_n(int m, int n) { return n <= SMALL_N_MAX && m >= SMALL_N_MIN_M; }

/* The K slices of a grid of `tiles` tiles, per_sm CTAs an SM on `sms` SMs: as many as fill
 * one round of its CTA slots without passing it, each slice_k of K or more; at least 1. */
static inline int shape_round_slices(long long tiles, int per_sm, int sms, int k, int slice_k)
{
    const long long fill = (long long)per_sm * sms / tiles;
    const long long deep = k / slice_k;
    const long long s = fill < deep ? fill : deep;
    return s < 1 ? 1 : (int)s;
}

/* K slices for the small-N kernel (small_n.cuh): its CTAs of SMALL_N_ROWS rows,
 * SMALL_N_CTAS_PER_SM an SM (their shared memory), sliced over K. A CTA streams its slice of
 * A, so a grid's time is its waves of CTAs times a slice's k, plus SMALL_N_SLICE_K of k a CTA
 * for its pipeline's fill and its partial sums: the slice count of least time, each slice at
 * least SMALL_N_MIN_K_SLICE of k. Not monotonic in the SM count. */
enum { SMALL_N_CTAS_PER_SM = 2, SMALL_N_MIN_K_SLICE = 256, SMALL_N_SLICE_K = 64 };
static inline int shape_small_n_slices_streamed(int m, int k, int sms)
{
    const long long ctas = shape_ceil_div(m, SMALL_N_ROWS), slots = (long long)SMALL_N_CTAS_PER_SM * sms;
    int most = k / SMALL_N_MIN_K_SLICE;
    most = most < MAX_SLICES ? most : MAX_SLICES;
    int best = 1;
    long long best_time = shape_waves(ctas, slots) * ((long long)k + SMALL_N_SLICE_K);
    for (int s = 2; s <= most; ++s) {
        const long long t = shape_waves(ctas * s, slots) * (shape_ceil_div(k, s) + SMALL_N_SLICE_K);
        if (t < best_time) {
            best = s;
            best_time = t;
        }
    }
    return best;
}
/* A grid that this leaves on half the SMs or fewer, a CTA each, is sliced instead for a round
 * of its CTA slots, each slice SMALL_N_FEW_SLICE_K of k (one k tile) or more, from K =
 * SMALL_N_FEW_MIN_K. Grids of 80 CTAs or more do not pay the reduction's launch back, nor do
 * slices under K 128 (evidence P416, P417). */
enum { L6_SMALL_N_FEW = 1 };
enum { SMALL_N_FEW_SLICE_K = 32, SMALL_N_FEW_MIN_K = 128 };
static inline int shape_small_n_slices(int m, int k, int sms)
{
    const long long ctas = shape_ceil_div(m, SMALL_N_ROWS);
    const int streamed = shape_small_n_slices_streamed(m, k, sms);
    if (!L6_SMALL_N_FEW || k < SMALL_N_FEW_MIN_K || 2 * ctas * streamed > sms)
        return streamed;
    const int s = shape_round_slices(ctas, SMALL_N_CTAS_PER_SM, sms, k, SMALL_N_FEW_SLICE_K);
    return s < MAX_SLICES ? s : MAX_SLICES;
}

/* The sliced-K path (kernels/sliced_k.cuh): a CTA of SLICED_K_WARPS warps an SLICED_K_TILE
 * square tile of C, each warp the whole tile over every SLICED_K_WARPS-th k tile of
 * SLICED_K_BK, its partial tiles added in shared memory, two CTAs an SM at most. Its time
 * follows the chain of k tiles that a warp runs one after the other, about 4.3 us and 1.5 us a
 * link, where a split grid takes 8 us or more. Returns the grid's K slices (1: one launch, C
 * written in place, no workspace; 0: not this path).
 * - One launch: a chain of SLICED_K_CHAIN or less, on one CTA an SM or with tiles that hold
 *   half their area of C or more (u >= 0.5); for one row of tiles (M of 32 or less, where the
 *   small-M kernel and the flat split read B once over 4 times the columns),
 *   SLICED_K_ROW_CHAIN (evidence P416, P419).
 * - Over K slices too, a chain over SLICED_K_CHAIN on one CTA an SM with u >= 0.5: slices for
 *   a chain of SLICED_K_SPLIT_CHAIN each, at most a CTA an SM, into the workspace, then the
 *   in-order reduction; only where each slice's chain is SLICED_K_CHAIN or less, because at
 *   long chains the path runs at about half the tiled kernels' rate (8 warps an SM, 12 LDS.128
 *   a lane for 128 FFMA) (evidence P419, P420).
 * - Else one launch to a chain of SLICED_K_CHAIN_FULL (evidence P417). */
enum { L6_SLICED_K = 1 };
enum {
    SLICED_K_TILE = 32, SLICED_K_WARPS = 8, SLICED_K_BK = 16, SLICED_K_CTAS_PER_SM = 2,
    SLICED_K_CHAIN = 4, SLICED_K_ROW_CHAIN = 3, SLICED_K_SPLIT_CHAIN = 2, SLICED_K_CHAIN_FULL = 6
};
static inline int shape_sliced_k(int m, int n, int k, int sms)
{
    const long long tiles = shape_tiles(m, n, SLICED_K_TILE, SLICED_K_TILE);
    if (L6_SLICED_K == 0 || tiles > (long long)SLICED_K_CTAS_PER_SM * sms)
        return 0;
    if (L6_SLICED_K == 2)
        return 1;
    const int one = tiles <= sms; /* one CTA an SM, else two on some */
    const int full = 2LL * m * n >= tiles * SLICED_K_TILE * SLICED_K_TILE;
    const long long chain = shape_ceil_div(shape_ceil_div(k, SLICED_K_BK), SLICED_K_WARPS);
    if (chain <= (m <= SLICED_K_TILE ? SLICED_K_ROW_CHAIN : SLICED_K_CHAIN) && (one || full))
        return 1;
    if (!one || !full || chain <= SLICED_K_CHAIN)
        return 0;
    const long long by_chain = shape_ceil_div(chain, SLICED_K_SPLIT_CHAIN), by_sms = sms / tiles;
    long long s = by_chain < by_sms ? by_chain : by_sms;
    s = s < MAX_SLICES ? s : MAX_SLICES;
    if (s >= 2 && shape_ceil_div(chain, s) <= SLICED_K_CHAIN)
        return (int)s;
    return chain <= SLICED_K_CHAIN_FULL;
}

/* The % of the CTA slots that a grid of `units` CTAs keeps busy over its waves (100: a
 * whole number of waves). */
static inline int shape_busy_pct(long long units, long long slots)
{
    const long long waves = shape_waves(units, slots);
    return waves > 0 ? (int)(100 * units / (waves * slots)) : 100;
}

/* Stream-K's split of the main tile's grid (kernels/level6_tuned.cuh, streamk_kernel):
 * whole waves of tiles but the last one run one CTA a tile (dp_tiles); the rest, under
 * two waves, are shared by one wave of CTAs (sk_ctas), or by fewer when each would get
 * under SK_MIN_SHARE_K of k. */
struct shape_streamk {
    int dp_tiles, sk_tiles, sk_ctas;
};

static inline struct shape_streamk shape_streamk_of(int m, int n, int k, int sms,
                                                   struct shape_tile tile)
{
    const long long tiles = shape_tiles(m, n, tile.bm, tile.bn);
    const long long slots = (long long)shape_ctas_per_sm(tile.threads) * sms;
    const long long dp = tiles > slots ? (tiles / slots - 1) * slots : 0;
    long long ctas = (tiles - dp) * k / SK_MIN_SHARE_K;
    ctas = ctas < slots ? ctas : slots;
    const struct shape_streamk p = {(int)dp, (int)(tiles - dp), (int)ctas};
    return p;
}

/* Stream-K's shared work as streamk_kernel (kernels/level6_tuned.cuh) walks it: `work` k
 * iterations (sk_tiles tiles of `iters` each, one tile after another) shared evenly by
 * `ctas` CTAs. Each CTA walks its tiles from its last to its first; in each it either leaves
 * a share (a later CTA holds the tile's last iteration) or ends the tile, adding the shares
 * of the CTAs before it. The kernel and kernels/tests/shape_class_test.c call the same
 * functions, so the test checks the walk the GPU runs. */
#if defined(__CUDACC__)
#define SHAPE_HD __host__ __device__
#else
#define SHAPE_HD
#endif

/* CTA b's iterations: [shape_sk_begin(b), shape_sk_begin(b + 1)). */
static SHAPE_HD inline long long shape_sk_begin(long long work, int ctas, int b)
{
    return work * b / ctas;
}

/* The CTA whose iterations hold iteration x. */
static SHAPE_HD inline int shape_sk_cta_of(long long work, int ctas, long long x)
{
    return (int)(((x + 1) * ctas + work - 1) / work) - 1;
}

/* The tile of CTA cta's last iteration: the first of its walk. */
static SHAPE_HD inline int shape_sk_last_tile(long long work, int ctas, int iters, int cta)
{
    return (int)((shape_sk_begin(work, ctas, cta + 1) - 1) / iters);
}

/* Whether the walk goes on to tile ts (at or under its first): the CTA has iterations in it. */
static SHAPE_HD inline int shape_sk_in_tile(long long work, int ctas, int iters, int cta, int ts)
{
    const long long b0 = shape_sk_begin(work, ctas, cta), b1 = shape_sk_begin(work, ctas, cta + 1);
    return b0 < b1 && (long long)(ts + 1) * iters > b0;
}

/* CTA cta's iterations of tile ts: [i0, i1) of the tile's. */
struct shape_sk_span {
    int i0, i1;
};

static SHAPE_HD inline struct shape_sk_span shape_sk_span_of(long long work, int ctas, int iters,
                                                             int cta, int ts)
{
    const long long x0 = (long long)ts * iters, b0 = shape_sk_begin(work, ctas, cta);
    const long long b1 = shape_sk_begin(work, ctas, cta + 1);
    const struct shape_sk_span s = {(int)((b0 > x0 ? b0 : x0) - x0),
                                    (int)((b1 < x0 + iters ? b1 : x0 + iters) - x0)};
    return s;
}

/* Whether tile ts is the first of CTA cta's walk (it holds its last iteration); a later one
 * starts on zeroed sums, after the CTA's barrier. */
static SHAPE_HD inline int shape_sk_walk_first(long long work, int ctas, int iters, int cta, int ts)
{
    return (long long)(ts + 1) * iters >= shape_sk_begin(work, ctas, cta + 1);
}

/* Whether CTA cta leaves tile ts as a share: the tile goes on past its last iteration. */
static SHAPE_HD inline int shape_sk_shares(long long work, int ctas, int iters, int cta, int ts)
{
    return shape_sk_begin(work, ctas, cta + 1) < (long long)(ts + 1) * iters;
}

/* For the CTA that ends tile ts: the first CTA whose share it adds (then each up to cta - 1
 * that has iterations); cta itself when the tile is its alone. */
static SHAPE_HD inline int shape_sk_first_share(long long work, int ctas, int iters, int cta, int ts)
{
    const long long x0 = (long long)ts * iters;
    return shape_sk_begin(work, ctas, cta) > x0 ? shape_sk_cta_of(work, ctas, x0) : cta;
}

/* The class of an m x n x k product on `sms` SMs, for level 6's main tile `tile` and its wide
 * tile `wide`. Small tiles: M up to 64, or a main-tile grid under a sixteenth of the SMs even
 * before slicing K; at a quarter, sliced main tiles beat 64x64 ones. Deep: a grid the main
 * tile fills without slicing, K of DEEP_MIN_K or more, and at least a full wave of wide tiles,
 * since a wide grid under a wave idles SMs (evidence P007, P015). */
static inline enum shape_class shape_class_of(int m, int n, int k, int sms, struct shape_tile tile,
                                              struct shape_tile wide)
{
    if (m <= SMALL_M_BLOCKS_MAX && n >= SMALL_M_COLS)
        return SHAPE_SMALL_M;
    if (shape_is_small_n(m, n))
        return SHAPE_SMALL_N;
    if (m <= NARROW_M_MAX || 16 * shape_tiles(m, n, tile.bm, tile.bn) < sms)
        return SHAPE_SMALL_TILE;
    const long long tiles = shape_tiles(m, n, tile.bm, tile.bn);
    const long long wides = shape_tiles(m, n, wide.bm, wide.bn);
    const long long slots = (long long)shape_ctas_per_sm(tile.threads) * sms;
    const long long wide_slots = (long long)shape_ctas_per_sm(wide.threads) * sms;
    const int slices = shape_splitk_slices(m, n, k, sms, tile.bm, tile.bn, tile.threads);
    enum shape_class c = SHAPE_ONE_LAUNCH;
    int busy = shape_busy_pct(tiles, slots);
    const int streams = shape_streamk_of(m, n, k, sms, tile).sk_ctas >= slots;
    if (slices > 1) {
        c = SHAPE_SPLIT_K;
        busy = shape_busy_pct(tiles * slices, slots);
    } else if (k >= DEEP_MIN_K && wides >= wide_slots &&
               shape_waves(wides, wide_slots) <= shape_waves(tiles, slots) &&
               !(busy < SK_BUSY_PCT && streams)) {
        /* A wave of wide tiles takes what a wave of main tiles takes (a CTA slot's share of C
         * is the same), so wide tiles that need more waves are slower: one launch of the main
         * tile then (evidence P051). Nor where the main tile's grid is stream-K's: stream-K
         * spreads its k work over every slot, so its time follows the C its tiles cover, and
         * the wide tiles' waves overhang more (evidence P157, P158). */
        c = SHAPE_DEEP;
        busy = shape_busy_pct(wides, wide_slots);
    }
    /* A grid that idles slots in its last wave: stream-K keeps them busy, when each CTA
     * slot's share of the k work is worth a CTA. */
    if (busy < SK_BUSY_PCT && streams)
        return SHAPE_STREAM_K;
    return c;
}

/* Split-K instead of stream-K for a grid of few tiles, where B is read in vectors (the
 * plan's rule: kernels/level6_plan.c, few_tiles_split). A stream-K tile's last CTA adds
 * the shares of the CTAs before it one after another, a cost a CTA that weighs against its k;
 * split-K's idle slots weigh in proportion to it. So split-K where every tile would be shared
 * by SK_FEW_SHARERS CTAs or more, each CTA's stream-K k is under SK_FEW_MAX_K, and split-K's
 * slices keep SK_FEW_SPLIT_PCT of the slots busy (evidence P108, P197). */
enum { SK_FEW_SHARERS = 4, SK_FEW_MAX_K = 2 * SK_MIN_SHARE_K, SK_FEW_SPLIT_PCT = 85 };
static inline int shape_few_tiles_split(int m, int n, int k, int sms, struct shape_tile tile)
{
    const long long tiles = shape_tiles(m, n, tile.bm, tile.bn);
    const long long slots = (long long)shape_ctas_per_sm(tile.threads) * sms;
    const int slices = shape_splitk_slices(m, n, k, sms, tile.bm, tile.bn, tile.threads);
    return slices > 1 && SK_FEW_SHARERS * tiles <= slots && tiles * k / slots < SK_FEW_MAX_K &&
           shape_busy_pct(tiles * slices, slots) >= SK_FEW_SPLIT_PCT;
}

/* Split-K with B's rows unaligned and not re-laid (level6_plan.c's pad_b_bytes: M under 400, or under 1 GFLOP)
 * copies B 4 bytes at a time, with the lanes past n spread (past_edge) so that no 32 lanes
 * clamp onto one column. Those copies beat shifting B into 16-byte copies at 34 of 35 grids,
 * so the split shifts none (SPLIT_SHIFT_MAX_TILES_N 0; evidence P393, P395, P396). */
enum { L6_SPLIT_SHIFT_MAX_TILES_N = 0 };
enum { SPLIT_SHIFT_MAX_TILES_N = L6_SPLIT_SHIFT_MAX_TILES_N };
static inline int shape_split_shifts_b(int n, struct shape_tile t)
{
    return t.bm == 64 && t.bn == 128 && shape_ceil_div(n, t.bn) <= SPLIT_SHIFT_MAX_TILES_N;
}

/* Edge strips (kernels/level6_plan.c, strip_of): a strip of rows off the bottom of C, up to
 * SMALL_M_MAX of them past a multiple of STRIP_EDGE, over SMALL_M_COLS columns or more (the
 * small-M class's), or of columns off its right edge, up to STRIP_COLS_MAX, over SMALL_N_MIN_M
 * rows or more (the small-N class's; its 40-column instance as a strip lost, evidence P178).
 * The rows or columns of the strip a shape has to weigh, on any SM count (0: none); the launch
 * cuts it off where that pays (evidence P181, P182). */
enum { STRIP_EDGE = 64, STRIP_COLS_MAX = 32 };

static inline int shape_strip_rows(int m, int n)
{
    const int r = m % STRIP_EDGE;
    return m > STRIP_EDGE && r <= SMALL_M_MAX && n >= SMALL_M_COLS ? r : 0;
}

static inline int shape_strip_cols(int m, int n)
{
    const int c = n % STRIP_EDGE;
    return n > STRIP_EDGE && c <= STRIP_COLS_MAX && m >= SMALL_N_MIN_M ? c : 0;
}

/* A few tiles' grid whose B is read by 4-byte copies (unaligned, not re-laid) takes the 64x128
 * half over the 128x64 one where it covers under this percentage of the 128x64's C
 * (shape_tile_for): FEW_HALF_M_PCT where the 64x128 grid is at most FEW_HALF_M_MAX_TILES_N
 * tiles across, no row strip is cut off (shape_strip_rows) and K is over FEW_HALF_M_MIN_K;
 * else 80. Under K 1024 the 64x128 half loses, and where a strip is cut off it loses up to 8
 * points (evidence P365, P366, P397). (lab/variants hold the forced builds.) */
enum { L6_FEW_HALF_M_PCT = 95 };
enum { FEW_HALF_M_PCT = L6_FEW_HALF_M_PCT, FEW_HALF_M_MIN_K = 1024, FEW_HALF_M_MAX_TILES_N = 40 };
static inline int shape_few_half_m_pct(int m, int n, int k, struct shape_tile half_m)
{
    return k > FEW_HALF_M_MIN_K && shape_ceil_div(n, half_m.bn) <= FEW_HALF_M_MAX_TILES_N &&
                   !shape_strip_rows(m, n)
               ? FEW_HALF_M_PCT
               : 80;
}

/* The fine tile (kernels/short_k.cuh): 64x64 of C, four warps of 32 accumulators a lane,
 * SHORT_K_CTAS_PER_SM an SM (its __launch_bounds__ hold it to 96 registers). */
enum {
    SHORT_K_TILE = 64,
    SHORT_K_CTAS_PER_SM = 5,
    SHORT_K_WIDE_CTAS_PER_SM = 4,   /* its wide form's (64x128): up to 128 registers */
    SHORT_K_MIN_K = 9,              /* its k step is 16: at K of 8 or less, twice the main tile's 8 */
    SHORT_K_MAX_K = 512,
    SHORT_K_RATE_PCT = 115,         /* the fine tile's time for a wave's share of C, % */
    SHORT_K_RATE_PCT_C_ROWS = 105,  /* ... against a main tile that stages an unaligned C */
    SHORT_K_STAGED_MIN_K = 32,      /* ... from this K; under it both tiles stage C: */
    SHORT_K_RATE_PCT_STAGED = 100,  /* ... C's stores are most of the time */
    SHORT_K_ROWS_SHORT_MAX_K = 90,  /* C unaligned, K from 32 to under this: */
    SHORT_K_RATE_PCT_ROWS_SHORT = 95, /* ... the main tile's staged C and re-laid B cost more */
    SHORT_K_SM_RATE_PCT = 120,      /* C unaligned, from K 32: the busiest SM's C (shape_sm_area), */
    SHORT_K_SM_COLUMN_PCT = 100,    /* ... against the main tile's and a cost of C's columns */
    SHORT_K_STREAMK_COLUMNS_MIN_K = 300, /* stream-K's 128-row tiles, C unaligned: from this K */
};

/* A grid's time in a slot's share of C: its waves of bm x bn tiles, per_sm CTAs an SM on
 * `sms` SMs, times the C an SM's CTAs compute in one wave. */
static inline long long shape_wave_area(int m, int n, int bm, int bn, int per_sm, int sms)
{
    return shape_waves(shape_tiles(m, n, bm, bn), (long long)per_sm * sms) * per_sm * bm * bn;
}

/* The C that a grid's busiest SM computes, its tiles dealt out an SM at a time (waves of one
 * CTA an SM): the time of a grid whose SMs run as fast as their load allows, however slotted. */
static inline long long shape_sm_area(int m, int n, int bm, int bn, int sms)
{
    return shape_wave_area(m, n, bm, bn, 1, sms);
}

/* The C x k that the busiest SM of a grid of bm x bn tiles computes with K cut in `slices`
 * slices (each slice a CTA of its tile; 1: one launch), the CTAs dealt out an SM at a time
 * (shape_sm_area's measure, for split grids). */
static inline long long shape_split_sm_work(int m, int n, int k, int bm, int bn, int slices, int sms)
{
    return shape_waves(shape_tiles(m, n, bm, bn) * slices, sms) * bm * bn * shape_ceil_div(k, slices);
}

/* Whether a one-launch grid of tiles t runs faster as the fine tile's grid, at K up to
 * SHORT_K_MAX_K. A wave of either grid takes what its slots' share of C takes: t's slots an SM
 * x bm x bn (2 x 128 x 128 for the main tile and its halves alike) against SHORT_K_CTAS_PER_SM
 * x 64 x 64, so the fine tile's waves are 5/8 as long and its last partial wave idles less.
 * Its lanes' 32 accumulators read more shared memory an FFMA than the main tile's 128, so its
 * waves are weighed at a rate, %:
 * - SHORT_K_RATE_PCT with C's rows aligned (evidence P117, P118);
 * - SHORT_K_RATE_PCT_C_ROWS where the main tile stages an unaligned C, from K =
 *   SHORT_K_STAGED_MIN_K (evidence P125);
 * - SHORT_K_RATE_PCT_STAGED under it, where both tiles stage C and C's stores are most of the
 *   time (evidence P128);
 * - SHORT_K_RATE_PCT_ROWS_SHORT from K 32 to SHORT_K_ROWS_SHORT_MAX_K, where the main tile
 *   also re-lays B (evidence P129). Under K = SHORT_K_MIN_K the fine tile's k step of 16 is
 *   twice the main tile's 8 (evidence P139). The waves miss grids of a wave or so, where the
 *   main tile leaves an SM one or two CTAs for the whole launch: where C is unaligned, the
 *   busiest SM's C (shape_sm_area) decides too, at SHORT_K_SM_RATE_PCT against the main grid's
 *   plus SHORT_K_SM_COLUMN_PCT an element a column of C (evidence P138, P140). */
static inline int shape_short_k_pays(int m, int n, int k, int sms, struct shape_tile t, int c_vectors)
{
    if (k < SHORT_K_MIN_K || k > SHORT_K_MAX_K)
        return 0;
    const long long main_time = shape_wave_area(m, n, t.bm, t.bn, shape_ctas_per_sm(t.threads), sms);
    const long long fine_time =
        shape_wave_area(m, n, SHORT_K_TILE, SHORT_K_TILE, SHORT_K_CTAS_PER_SM, sms);
    const int rate = c_vectors                      ? SHORT_K_RATE_PCT
                     : k < SHORT_K_STAGED_MIN_K      ? SHORT_K_RATE_PCT_STAGED
                     : k < SHORT_K_ROWS_SHORT_MAX_K  ? SHORT_K_RATE_PCT_ROWS_SHORT
                                                     : SHORT_K_RATE_PCT_C_ROWS;
    if (rate * fine_time < 100 * main_time)
        return 1;
    /* C unaligned: or where the fine grid's busiest SM computes less C, at SHORT_K_SM_RATE_PCT
     * against the main grid's and a cost of each column of C a k step */
    const long long fine_sm = shape_sm_area(m, n, SHORT_K_TILE, SHORT_K_TILE, sms);
    const long long main_sm = shape_sm_area(m, n, t.bm, t.bn, sms);
    return !c_vectors && k >= SHORT_K_STAGED_MIN_K && fine_sm < main_sm &&
           SHORT_K_SM_RATE_PCT * fine_sm < 100 * main_sm + (long long)SHORT_K_SM_COLUMN_PCT * n;
}

/* Whether the fine tile (64x64, not its wide form) takes k tiles of 32 in 2 stages
 * (level6_config.h's L6_SHORT_K_DEEP_BK), not 16 in 4: from K = SHORT_K_DEEP_MIN_K, where K
 * rounds up to as many k of whole tiles of 32 as of 16 (K % 32 of 0 or 17-31). The deeper
 * tiles take about 0.955 of the time for the same k; where they round K up 16 more, they lose
 * (evidence P248, P249). */
enum { SHORT_K_DEEP_MIN_K = 200 };
static inline int shape_short_k_deep(int k)
{
    return k >= SHORT_K_DEEP_MIN_K && shape_ceil_div(k, 16) * 16 == shape_ceil_div(k, 32) * 32;
}

/* Whether the fine tile's grid runs in its wide form (short_k.cuh, depth's TN 8: 64x128 tiles,
 * four CTAs an SM, k tiles of 8 in 4 stages): where the fine tile's grid is
 * SHORT_K_WIDE_WAVES_PCT / 100 waves or more, from K = SHORT_K_WIDE_MIN_K, or under K =
 * SHORT_K_WIDE_STAGED_MAX_K (C's stores most of the time) from SHORT_K_WIDE_STAGED_WAVES
 * waves. A lane's 64 accumulators read 4 LDS.128 for 64 FFMAs, the fine tile's 32 read 3 for
 * 32; the wide grid has half the CTAs, so few waves leave more of its last one idle (evidence
 * P220, P218). */
enum {
    SHORT_K_WIDE_MIN_K = 97,
    SHORT_K_WIDE_WAVES_PCT = 350,
    SHORT_K_WIDE_STAGED_MAX_K = 24,
    SHORT_K_WIDE_STAGED_WAVES = 10,
};
/* Whether the fine tile's grid over m x n is pct / 100 of its waves on `sms` SMs or more
 * (SHORT_K_CTAS_PER_SM CTAs an SM): the measure both of the wide form's rules take. */
static inline int shape_fine_waves_reach(int m, int n, int sms, long long pct)
{
    const long long tiles = shape_tiles(m, n, SHORT_K_TILE, SHORT_K_TILE);
    return 100 * tiles >= pct * SHORT_K_CTAS_PER_SM * sms;
}
static inline int shape_short_k_wide(int m, int n, int k, int sms)
{
    if (k >= SHORT_K_WIDE_MIN_K)
        return shape_fine_waves_reach(m, n, sms, SHORT_K_WIDE_WAVES_PCT);
    return k < SHORT_K_WIDE_STAGED_MAX_K &&
           shape_fine_waves_reach(m, n, sms, 100 * SHORT_K_WIDE_STAGED_WAVES);
}

/* Whether the fine tile's grid runs in its wide form under K = SHORT_K_WIDE_MIN_K where the
 * rows of B and of C are both unaligned (b_vectors and c_vectors 0: the lanes store C as runs,
 * short_k.cuh's B interleaved), at SHORT_K_WIDE_WAVES_PCT / 100 of the fine tile's waves or
 * more: from K = SHORT_K_WIDE_RUNS_ANY_K, and from SHORT_K_WIDE_RUNS_MIN_K where its k tiles
 * of 8 pad K less than the fine tile's 16 (K % 16 of 1-8); where the fine tile pads nothing,
 * it wins (evidence P251). */
enum { SHORT_K_WIDE_RUNS_MIN_K = 49, SHORT_K_WIDE_RUNS_ANY_K = 65 };
static inline int shape_short_k_wide_runs(int m, int n, int k, int sms, int b_vectors,
                                           int c_vectors)
{
    if (b_vectors || c_vectors || k < SHORT_K_WIDE_RUNS_MIN_K || k >= SHORT_K_WIDE_MIN_K)
        return 0;
    if (k < SHORT_K_WIDE_RUNS_ANY_K && shape_ceil_div(k, 8) == shape_ceil_div(k, 16) * 2)
        return 0; /* as many k in tiles of 8 as of 16 */
    return shape_fine_waves_reach(m, n, sms, SHORT_K_WIDE_WAVES_PCT);
}

/* Whether a one-launch grid whose rows of B and of C are both unaligned (b_vectors and
 * c_vectors 0) runs as the fine tile's wide form, whatever the waves of shape_short_k_pays
 * say: from K = SHORT_K_WIDE_MIN_K to under SHORT_K_WIDE_UNALIGNED_MAX_K, where the wide form
 * would run (shape_short_k_wide). There its lanes store C as runs of 8 floats (short_k.cuh, B
 * interleaved), where the main tile re-lays B and stages C in lines (evidence P243, P244). */
enum { SHORT_K_WIDE_UNALIGNED_MAX_K = 160 };
static inline int shape_short_k_wide_unaligned(int m, int n, int k, int sms, int b_vectors,
                                               int c_vectors)
{
    return !b_vectors && !c_vectors && k >= SHORT_K_WIDE_MIN_K &&
           k < SHORT_K_WIDE_UNALIGNED_MAX_K && shape_short_k_wide(m, n, k, sms);
}

/* Whether a grid the fine tile takes in its own form, its rows of B and of C both unaligned,
 * from K = SHORT_K_WIDE_EVEN_MIN_K to SHORT_K_WIDE_EVEN_MAX_K, runs as the wide form (in k
 * tiles of L6_SHORT_K_WIDE_EVEN_BK) instead: where the wide grid's busiest SM has no more of C
 * to compute than the fine grid's (two 64x64 tiles a wide tile). The wide form reads 4 LDS.128
 * for 64 FFMA, the fine tile 6 for 64: with the same work on the busiest SM, it is the faster
 * (evidence P317, P319). Under K = SHORT_K_WIDE_EVEN_ROUNDS_MIN_K the wide grid must also take
 * fewer rounds of its CTA slots (SHORT_K_WIDE_CTAS_PER_SM an SM) than the fine grid of its own
 * (SHORT_K_CTAS_PER_SM): a lone CTA of short K hides too little of its loads and its C's
 * stores (evidence P320, P321). */
enum {
    SHORT_K_WIDE_EVEN_MIN_K = 160,
    SHORT_K_WIDE_EVEN_MAX_K = 700,
    SHORT_K_WIDE_EVEN_ROUNDS_MIN_K = 228,
};
static inline int shape_short_k_wide_even(int m, int n, int k, int sms, int b_vectors,
                                          int c_vectors)
{
    if (b_vectors || c_vectors || k < SHORT_K_WIDE_EVEN_MIN_K || k > SHORT_K_WIDE_EVEN_MAX_K)
        return 0;
    const long long fine = shape_tiles(m, n, SHORT_K_TILE, SHORT_K_TILE);
    const long long wide = shape_tiles(m, n, SHORT_K_TILE, 2 * SHORT_K_TILE);
    if (k < SHORT_K_WIDE_EVEN_ROUNDS_MIN_K &&
        shape_waves(wide, (long long)SHORT_K_WIDE_CTAS_PER_SM * sms) >=
            shape_waves(fine, (long long)SHORT_K_CTAS_PER_SM * sms))
        return 0;
    return shape_sm_area(m, n, SHORT_K_TILE, 2 * SHORT_K_TILE, sms) <=
           shape_sm_area(m, n, SHORT_K_TILE, SHORT_K_TILE, sms);
}

/* The fine tile's four warps in the form a rule gives a grid: none (the grid's own launch),
 * the wide form (64x128: two rows of warps, a lane two groups of 4 columns) or its tall form
 * (128x64: one column of warps, the same lanes; short_k::depth's WARPS_M 4), both in k tiles
 * of L6_SHORT_K_WIDE_EVEN_BK. */
enum short_k_form { SHORT_K_FORM_NONE, SHORT_K_FORM_WIDE, SHORT_K_FORM_TALL };

/* The form of the fine tile that runs a grid it takes in its own form: the wide form where
 * shape_short_k_wide_even says so; else, from K = SHORT_K_EVEN_ANY_MIN_K to
 * SHORT_K_WIDE_EVEN_MAX_K and whatever the alignment of B and C, the wide or the tall form
 * where that grid's busiest SM has no more of C than the fine grid's: the tall one where its
 * busiest SM has less than the wide one's, else the wide one. The tall form is the wide form's
 * even rule for grids of few columns: 8810x164 in 64-column tiles computes 192 columns, in the
 * wide form's 128-column ones 256 (evidence P330, P332). */
enum { SHORT_K_EVEN_ANY_MIN_K = SHORT_K_WIDE_EVEN_ROUNDS_MIN_K };
static inline enum short_k_form shape_short_k_even_form(int m, int n, int k, int sms,
                                                        int b_vectors, int c_vectors)
{
    if (shape_short_k_wide_even(m, n, k, sms, b_vectors, c_vectors))
        return SHORT_K_FORM_WIDE;
    if (k < SHORT_K_EVEN_ANY_MIN_K || k > SHORT_K_WIDE_EVEN_MAX_K)
        return SHORT_K_FORM_NONE;
    const long long fine = shape_sm_area(m, n, SHORT_K_TILE, SHORT_K_TILE, sms);
    const long long wide = shape_sm_area(m, n, SHORT_K_TILE, 2 * SHORT_K_TILE, sms);
    const long long tall = shape_sm_area(m, n, 2 * SHORT_K_TILE, SHORT_K_TILE, sms);
    if (tall <= fine && tall < wide)
        return SHORT_K_FORM_TALL;
    return wide <= fine ? SHORT_K_FORM_WIDE : SHORT_K_FORM_NONE;
}

/* The form of the fine tile that runs a one-launch grid of tile t (level 6's main tile) over
 * no more than one round of t's CTA slots, from K = SHORT_K_ONE_ROUND_MIN_K: the wide or the
 * tall form where that grid's busiest SM has 3/4 of t's grid's C or less (the tall one where
 * it has less than the wide one). Such a grid leaves one side short of a 128-row or -column
 * tile: 167x15206 in 128x128 tiles computes 256 rows for 167 on 238 tiles, two an SM, where
 * the wide form computes 192 on 357, three an SM of four slots. The main tile's lanes are the
 * faster at full waves; here the tile's padding outweighs them (evidence P329, P330). */
enum { SHORT_K_ONE_ROUND_MIN_K = 200 };
static inline enum short_k_form shape_one_round_form(int m, int n, int k, int sms, struct shape_tile t)
{
    if (k < SHORT_K_ONE_ROUND_MIN_K ||
        shape_tiles(m, n, t.bm, t.bn) > (long long)shape_ctas_per_sm(t.threads) * sms)
        return SHORT_K_FORM_NONE;
    const long long main_sm = shape_sm_area(m, n, t.bm, t.bn, sms);
    const long long wide = shape_sm_area(m, n, SHORT_K_TILE, 2 * SHORT_K_TILE, sms);
    const long long tall = shape_sm_area(m, n, 2 * SHORT_K_TILE, SHORT_K_TILE, sms);
    if (4 * tall <= 3 * main_sm && tall < wide)
        return SHORT_K_FORM_TALL;
    return 4 * wide <= 3 * main_sm ? SHORT_K_FORM_WIDE : SHORT_K_FORM_NONE;
}

/* Whether a grid of few rows that level 6 would split, stream or run in one launch of its
 * tiles runs as the fine tile's flat form instead (32x128: its four warps in one row,
 * short_k::depth's WARPS_M 1, one launch): M up to SHORT_K_FLAT_MAX_M, K from
 * SHORT_K_FLAT_MIN_K to SHORT_K_FLAT_MAX_K, where the flat grid's busiest SM computes 4/5 or
 * less of the C x k of level 6's grid (grid_time: plan_time's, in the same units). 32-row
 * tiles pad few rows (214 in 224, where 64-row ones compute 256 and 128-row ones 256) and need
 * no slices' pass (evidence P329, P330, P334). */
enum { SHORT_K_FLAT_MAX_M = 400, SHORT_K_FLAT_MIN_K = 400, SHORT_K_FLAT_MAX_K = 1500 };
static inline int shape_short_k_flat_pays(int m, int n, int k, int sms, double grid_time)
{
    if (m > SHORT_K_FLAT_MAX_M || k < SHORT_K_FLAT_MIN_K || k > SHORT_K_FLAT_MAX_K)
        return 0;
    return 5.0 * (double)shape_sm_area(m, n, SHORT_K_TILE / 2, 2 * SHORT_K_TILE, sms) * k <=
           4.0 * grid_time;
}

/* The K slices of the flat shape's split (32x128 tiles, SHORT_K_CTAS_PER_SM an SM) in place
 * of a split grid of `tile_slices` slices: as many as fill its CTA slots without passing
 * them, at most tile_slices (the workspace holds that many), at least 1. */
static inline int shape_flat_split_slices(int m, int n, int sms, int tile_slices)
{
    const long long tiles = shape_tiles(m, n, SHORT_K_TILE / 2, 2 * SHORT_K_TILE);
    const long long s = (long long)SHORT_K_CTAS_PER_SM * sms / tiles;
    return s < 1 ? 1 : s < tile_slices ? (int)s : tile_slices;
}

/* The slices of the flat shape's split that run a split grid of tile t in place of it (0:
 * none): M up to SHORT_K_FLAT_MAX_M, where the flat split takes 2 slices or more
 * (shape_flat_split_slices) and its busiest SM computes 4/5 or less of the split grid's C x k,
 * each grid's CTAs dealt out an SM at a time. 32-row tiles pad few rows where 128-row ones pad
 * many (89 rows in 96, not 128). Weighed on whole grids only: where level 6 cuts a strip, on
 * the rest (evidence P336, P339). In place of the small-tile class's split grids (64x64 tiles
 * of one warp) wherever its busiest SM computes less, over NARROW_M_MAX only (evidence P341). */
static inline int shape_flat_split(int m, int n, int k, int sms, struct shape_tile t)
{
    if (m > SHORT_K_FLAT_MAX_M || k < SHORT_K_FLAT_MIN_K)
        return 0;
    const int s = shape_splitk_slices(m, n, k, sms, t.bm, t.bn, t.threads);
    const int sf = s > 1 ? shape_flat_split_slices(m, n, sms, s) : 1;
    if (sf < 2)
        return 0;
    const long long split = shape_split_sm_work(m, n, k, t.bm, t.bn, s, sms);
    const long long flat = shape_split_sm_work(m, n, k, SHORT_K_TILE / 2, 2 * SHORT_K_TILE, sf, sms);
    if (t.bm == SMALL_TILE && t.bn == SMALL_TILE) /* one warp a CTA: the flat split's lanes are the faster */
        return m > NARROW_M_MAX && flat < split ? sf : 0; /* from M 65 (evidence P336) */
    return 5 * flat <= 4 * split ? sf : 0;
}

/* The K slices of the flat shape's split (32x128 tiles) over the whole of an m x n x k
 * product of one row of tiles: a round of its CTAs (SHORT_K_CTAS_PER_SM an SM), each
 * slice SMALL_M_FLAT_SLICE_K of K or more; 1: its one launch. */
enum { SMALL_M_FLAT_MIN_K = 1400, SMALL_M_FLAT_SLICE_K = 256 };
static inline int shape_small_m_flat_slices(int m, int n, int k, int sms)
{
    return shape_round_slices(shape_tiles(m, n, SHORT_K_TILE / 2, 2 * SHORT_K_TILE),
                              SHORT_K_CTAS_PER_SM, sms, k, SMALL_M_FLAT_SLICE_K);
}

/* The slices of the flat shape's split (shape_small_m_flat_slices) that run the small-M
 * class's M over SMALL_M_MAX (two row blocks of 16 rows, each reading all of B) from K =
 * SMALL_M_FLAT_MIN_K; 0 where the small-M kernel runs. One row of 32-row tiles reads each
 * float of B into the SMs once, and its slices fill a round at few columns; at 8500 columns or
 * more the row blocks mostly win (evidence P346). */
static inline int shape_small_m_flat(int m, int n, int k, int sms)
{
    if (m <= SMALL_M_MAX || m > SMALL_M_BLOCKS_MAX || n < SMALL_M_COLS || k < SMALL_M_FLAT_MIN_K)
        return 0;
    return shape_small_m_flat_slices(m, n, k, sms);
}

/* The K slices of the flat shape's split (32x128 tiles) that runs a small-M class grid of few
 * CTAs (kernels/level6_plan.c, small_m_few_ctas: the small-M kernel's grid under one CTA an
 * SM): a round of its CTAs, each slice SMALL_M_FEW_SLICE_K of K or more; 1: its one launch.
 * The small-M kernel slices K only while the reduction's traffic stays under a quarter of B's,
 * a rule for streaming B, which leaves a grid of little work on a few SMs (evidence P412). */
enum { SMALL_M_FEW_SLICE_K = 32 };
static inline int shape_small_m_few_slices(int m, int n, int k, int sms)
{
    return shape_round_slices(shape_tiles(m, n, SHORT_K_TILE / 2, 2 * SHORT_K_TILE), SHORT_K_CTAS_PER_SM,
                              sms, k, SMALL_M_FEW_SLICE_K);
}

/* Whether a split-K grid of tile t that K's slicing cuts in 2 slices runs as the wide form's
 * one launch (in k tiles of L6_SHORT_K_WIDE_EVEN_BK) instead, to K = SHORT_K_WIDE_SPLIT_MAX_K:
 * where the wide grid's busiest SM computes no more of C x k than the split grid's. The wide
 * form then saves the split's pass over its slices and, B unaligned, B's re-laid copy
 * (evidence P305, P311, P319). Where the wide grid's busiest SM has more to compute, or the
 * split 3 slices or more, the wide form loses. */
enum { SHORT_K_WIDE_SPLIT_MAX_K = 1200 };
static inline int shape_short_k_wide_split2(int m, int n, int k, int sms, struct shape_tile t)
{
    if (k > SHORT_K_WIDE_SPLIT_MAX_K)
        return 0;
    const int s = shape_splitk_slices(m, n, k, sms, t.bm, t.bn, t.threads);
    if (s != 2)
        return 0;
    return shape_sm_area(m, n, SHORT_K_TILE, 2 * SHORT_K_TILE, sms) * k <=
           shape_split_sm_work(m, n, k, t.bm, t.bn, s, sms);
}

/* The form of the fine tile that runs a split-K grid of tile t that K's slicing cuts in 2
 * slices, in one launch at k tiles of 16: the wide form where shape_short_k_wide_split2 takes
 * it; else, to K = SHORT_K_TALL_SPLIT_MAX_K, its tall shape (128x64) where that grid's busiest
 * SM computes no more of C x k than the split grid's (the split's 128x64 tiles unsliced, where
 * the wide grid would compute more). From K 836 half of such grids lose, hence the bound
 * (evidence P356). */
enum { SHORT_K_TALL_SPLIT_MAX_K = 850 };
static inline enum short_k_form shape_short_k_split2_form(int m, int n, int k, int sms,
                                                          struct shape_tile t)
{
    if (shape_short_k_wide_split2(m, n, k, sms, t))
        return SHORT_K_FORM_WIDE;
    if (k > SHORT_K_TALL_SPLIT_MAX_K || shape_splitk_slices(m, n, k, sms, t.bm, t.bn, t.threads) != 2)
        return SHORT_K_FORM_NONE;
    return shape_sm_area(m, n, 2 * SHORT_K_TILE, SHORT_K_TILE, sms) * k <=
                   shape_split_sm_work(m, n, k, t.bm, t.bn, 2, sms)
               ? SHORT_K_FORM_TALL
               : SHORT_K_FORM_NONE;
}

/* Whether a grid the fine tile does not take (the main tile's class c on `sms` SMs) runs as
 * the wide form instead: a one-launch grid under K = SHORT_K_WIDE_MIN_K of
 * SHORT_K_WIDE_ONE_WAVES waves of the fine tile or more, or a stream-K grid under K =
 * SHORT_K_WIDE_STREAMK_MAX_K of SHORT_K_WIDE_WAVES_PCT / 100. From K = 97 one launch, deep
 * grids and stream-K from K 330 keep the main tile (evidence P223). A grid the half tile's one
 * launch takes stays there (launch's wide_tile_runs). */
enum { SHORT_K_WIDE_ONE_WAVES = 9, SHORT_K_WIDE_STREAMK_MAX_K = 300 };
static inline int shape_short_k_main_wide(int m, int n, int k, int sms, enum shape_class c)
{
    if (c == SHAPE_ONE_LAUNCH)
        return k < SHORT_K_WIDE_MIN_K &&
               shape_fine_waves_reach(m, n, sms, 100 * SHORT_K_WIDE_ONE_WAVES);
    return c == SHAPE_STREAM_K && k < SHORT_K_WIDE_STREAMK_MAX_K &&
           shape_fine_waves_reach(m, n, sms, SHORT_K_WIDE_WAVES_PCT);
}

/* Whether a grid of the main tile t runs faster as the wide form (64x128 tiles,
 * SHORT_K_WIDE_CTAS_PER_SM an SM) by its busiest SM: where the wide grid's busiest SM (its
 * CTAs dealt out an SM at a time), at pct % of the main tile's rate, computes in less time
 * than the main grid's busiest SM takes its rounds of t's CTAs an SM. A round costs the
 * main tile as much with one CTA as with its full count: one CTA of four warps an SM has
 * too few warps to hide a short loop's latencies, so a grid of 1.36 waves takes two full
 * rounds where the wide form's last round is two CTAs of half the C. Neither the waves
 * (shape_wave_area) nor the busiest SM's C (shape_sm_area) see it: both rate the two grids
 * alike there. */
static inline int shape_wide_beats_rounds(int m, int n, int sms, struct shape_tile t, int pct)
{
    const int per_sm = shape_ctas_per_sm(t.threads);
    const long long rounds = shape_waves(shape_waves(shape_tiles(m, n, t.bm, t.bn), sms), per_sm);
    const long long wide_sm = shape_sm_area(m, n, SHORT_K_TILE, 2 * SHORT_K_TILE, sms);
    return pct * wide_sm < 100 * rounds * per_sm * t.bm * t.bn;
}

/* Whether a one-launch grid of the main tile t whose rows of C are aligned (c_vectors 1) runs
 * as the wide form from K = SHORT_K_WIDE_MIN_K to under SHORT_K_WIDE_ROUNDS_MAX_K: where its
 * busiest SM beats the main grid's rounds at SHORT_K_WIDE_ROUNDS_PCT (shape_wide_beats_rounds)
 * (evidence P292, P301). C unaligned: shape_short_k_wide_one_wave. */
enum { SHORT_K_WIDE_ROUNDS_MAX_K = 400, SHORT_K_WIDE_ROUNDS_PCT = 110 };
static inline int shape_short_k_wide_rounds(int m, int n, int k, int sms, struct shape_tile t,
                                            int c_vectors)
{
    return c_vectors && k >= SHORT_K_WIDE_MIN_K && k < SHORT_K_WIDE_ROUNDS_MAX_K &&
           shape_wide_beats_rounds(m, n, sms, t, SHORT_K_WIDE_ROUNDS_PCT);
}

/* Whether a stream-K grid of the main tile t whose rows of C are unaligned (c_vectors 0) runs
 * as the wide form from K = SHORT_K_WIDE_MIN_K to under SHORT_K_WIDE_ROUNDS_MAX_K: where its
 * busiest SM beats the main grid's rounds at SHORT_K_WIDE_STREAMK_PCT
 * (shape_wide_beats_rounds). With C aligned, stream-K stores C in vectors and keeps its lead
 * (evidence P296, P297, P301). */
enum { SHORT_K_WIDE_STREAMK_PCT = 115 };
static inline int shape_short_k_wide_streamk(int m, int n, int k, int sms, struct shape_tile t,
                                             int c_vectors)
{
    return !c_vectors && k >= SHORT_K_WIDE_MIN_K && k < SHORT_K_WIDE_ROUNDS_MAX_K &&
           shape_wide_beats_rounds(m, n, sms, t, SHORT_K_WIDE_STREAMK_PCT);
}

/* Whether a stream-K grid of the main tile at K from SHORT_K_WIDE_ROUNDS_MAX_K to
 * SHORT_K_WIDE_SHARE_MAX_K, its rows of B and of C unaligned, runs as the wide form's one
 * launch (in k tiles of L6_SHORT_K_WIDE_EVEN_BK) instead: where the wide grid takes one round
 * of its CTA slots (SHORT_K_WIDE_CTAS_PER_SM an SM) and its busiest SM holds no more than
 * SHORT_K_WIDE_SHARE_PCT % of stream-K's even share of C (m n / sms). Stream-K evens the C but
 * pays its partial tiles' fix-up and stores C in scalars; the wide form's one round pays
 * neither. From K 700 stream-K wins; where a column strip is cut off, the whole tiles read B
 * re-laid and stream-K wins too (evidence P323, P324, P325). */
enum { SHORT_K_WIDE_SHARE_PCT = 115, SHORT_K_WIDE_SHARE_MAX_K = 700 };
static inline int shape_short_k_wide_share(int m, int n, int k, int sms, int b_vectors,
                                           int c_vectors)
{
    if (b_vectors || c_vectors || k < SHORT_K_WIDE_ROUNDS_MAX_K || k > SHORT_K_WIDE_SHARE_MAX_K)
        return 0;
    const long long wide = shape_tiles(m, n, SHORT_K_TILE, 2 * SHORT_K_TILE);
    if (wide > (long long)SHORT_K_WIDE_CTAS_PER_SM * sms)
        return 0;
    return 100 * shape_sm_area(m, n, SHORT_K_TILE, 2 * SHORT_K_TILE, sms) * sms <=
           (long long)SHORT_K_WIDE_SHARE_PCT * m * n;
}

/* Whether a one-launch grid of the main tile t whose rows of B and of C are both unaligned
 * (b_vectors and c_vectors 0) runs as the wide form, from K = SHORT_K_WIDE_MIN_K to under
 * SHORT_K_WIDE_ROUNDS_MAX_K, where it is one wave or less of t over N =
 * SHORT_K_WIDE_ONE_WAVE_MIN_N columns or more. There the main tile re-lays B and stages C
 * through the shared memory its one CTA an SM leaves, and the wide form's lanes store C as
 * runs (short_k.cuh, B interleaved). Over a wave the main tile stages C in lines and keeps its
 * lead. The H200's main tile runs narrow grids faster than the H100's: the bound, six
 * 128-column tiles, lies between the two models' (evidence P292, P295, P301). */
enum { SHORT_K_WIDE_ONE_WAVE_MIN_N = 768 };
static inline int shape_short_k_wide_one_wave(int m, int n, int k, int sms, struct shape_tile t,
                                              int b_vectors, int c_vectors)
{
    return !b_vectors && !c_vectors && n >= SHORT_K_WIDE_ONE_WAVE_MIN_N &&
           k >= SHORT_K_WIDE_MIN_K && k < SHORT_K_WIDE_ROUNDS_MAX_K &&
           shape_tiles(m, n, t.bm, t.bn) <= (long long)shape_ctas_per_sm(t.threads) * sms;
}

/* Whether the fine tile's one launch runs a split-K grid of tiles t (its own class on `sms`
 * SMs: shape_class_of with t alone) faster: where its busiest SM computes no more C x k than
 * the split grid's busiest SM, a CTA's slice being k / slices, at K up to SHORT_K_MAX_K; from
 * there to SHORT_K_SPLIT_MAX_K, only where the split grid also keeps under
 * SHORT_K_SPLIT_BUSY_PCT of its slots busy. The split pays a launch of its own to add the
 * slices, a pass over all of them, and there its 4 to 8 warps an SM fill a short pipeline
 * twice; that costs more than the fine tile's rate (SHORT_K_RATE_PCT). A split grid that keeps
 * 80% of its slots busy or more keeps its split (evidence P157, P158, P285). */
enum { SHORT_K_SPLIT_MAX_K = 1024, SHORT_K_SPLIT_BUSY_PCT = 80 };

/* Whether a split-K grid of tiles t keeps under SHORT_K_SPLIT_BUSY_PCT of its CTA slots
 * busy (its tiles x slices over the tile's slots on `sms` SMs). */
static inline int shape_split_idles(int m, int n, int k, int sms, struct shape_tile t)
{
    const int s = shape_splitk_slices(m, n, k, sms, t.bm, t.bn, t.threads);
    return shape_busy_pct(shape_tiles(m, n, t.bm, t.bn) * s,
                          (long long)shape_ctas_per_sm(t.threads) * sms) < SHORT_K_SPLIT_BUSY_PCT;
}

static inline int shape_short_k_splits(int m, int n, int k, int sms, struct shape_tile t)
{
    if (k < SHORT_K_MIN_K || k > SHORT_K_SPLIT_MAX_K ||
        shape_class_of(m, n, k, sms, t, t) != SHAPE_SPLIT_K ||
        (k > SHORT_K_MAX_K && !shape_split_idles(m, n, k, sms, t)))
        return 0;
    const int s = shape_splitk_slices(m, n, k, sms, t.bm, t.bn, t.threads);
    const long long tiles = shape_tiles(m, n, t.bm, t.bn);
    const long long split_sm = shape_waves(tiles * s, sms) * t.bm * t.bn * shape_ceil_div(k, s);
    return shape_sm_area(m, n, SHORT_K_TILE, SHORT_K_TILE, sms) * k <= split_sm;
}

/* The area of C that a grid of tiles t covers: m x n and the edge tiles' overhang. */
static inline long long shape_cover(int m, int n, struct shape_tile t)
{
    return (long long)shape_ceil_div(m, t.bm) * t.bm * shape_ceil_div(n, t.bn) * t.bn;
}

/* The tile for class c (shape_class_of) on `sms` SMs, of the main tile's classes (one launch,
 * split-K, stream-K) and of the small-tile class: the class's own (returned as `tile`), or one
 * of the main tile's halves, bm x bn / 2 (half_n) or bm / 2 x bn (half_m), two warps and four
 * CTAs an SM. b_vectors: B's rows are read in 16-byte vectors (aligned, re-laid, or, in a
 * stream-K class, shifted: level6_tuned.cuh) (evidence P038, P044).
 * - The small-tile class's M = 25..64 (over SMALL_M_MAX, up to NARROW_M_MAX; 25..32 only under
 *   SMALL_M_COLS columns, the small-M class's row blocks take the rest) with N of a main tile
 *   or more: half_m, 64 rows like the one-warp tile, two warps sharing A's copy. Not the
 *   class's tiny grids of more rows (evidence P038).
 * - Few tiles: a grid of main tiles that fills at most half the CTA slots is sliced over K
 *   anyway (split-K, stream-K); a half tile slices it half as thin and its edge tiles overhang
 *   less. With B's rows 16-byte aligned (b_vectors), the half that covers less of C wins by
 *   about its cover, and at equal cover the main tile's own rate wins: the half when it covers
 *   2% less. With B's rows not aligned (four 4-byte copies a vector, strided across a warp's
 *   sectors), half_n, which copies half of half_m's B a thread, unless half_m covers a fifth
 *   less (evidence P038, P044).
 * - One launch of more than half a wave: a wave of half tiles takes about what a wave of main
 *   tiles takes, so the half whose grid takes fewer waves, when HALF_WAVE_PCT of its waves are
 *   fewer than the main tile's (evidence P051).
 * - Stream-K's grids: where one launch of a half tile fills 90% of its slots or more, that
 *   launch, no fix-up; of two, the one that covers less. Else the half that covers less, when
 *   HALF_WAVE_PCT of its cover is still less than the main tile's: stream-K spreads any grid's
 *   k work over every slot, so its time follows the area covered, not the waves (evidence
 *   P044). Tiles of fewer than two warp tiles a side have no halves. */
static inline struct shape_tile shape_tile_for(int m, int n, int k, int sms, struct shape_tile tile,
                                               enum shape_class c, int b_vectors)
{
    if (tile.bm < 128 || tile.bn < 128)
        return tile;
    const struct shape_tile half_m = shape_tile_of(tile.bm / 2, tile.bn);
    if (c == SHAPE_SMALL_TILE && m > SMALL_M_MAX && m <= NARROW_M_MAX && n >= tile.bn)
        return half_m;
    if (c != SHAPE_ONE_LAUNCH && c != SHAPE_SPLIT_K && c != SHAPE_STREAM_K)
        return tile;
    const struct shape_tile half_n = shape_tile_of(tile.bm, tile.bn / 2);
    const long long cover_n = shape_cover(m, n, half_n), cover_m = shape_cover(m, n, half_m);
    /* the half that covers less (half_n at a tie), for the rules that weigh cover alone */
    const struct shape_tile less = cover_n <= cover_m ? half_n : half_m;
    const long long cover_less = cover_n <= cover_m ? cover_n : cover_m;
    const long long cover = shape_cover(m, n, tile);
    const long long tiles = shape_tiles(m, n, tile.bm, tile.bn);
    const long long slots = (long long)shape_ctas_per_sm(tile.threads) * sms;
    if (2 * tiles <= slots) {
        if (!b_vectors)
            return 100 * cover_m < shape_few_half_m_pct(m, n, k, half_m) * cover_n ? half_m : half_n;
        return 50 * cover_less < 49 * cover ? less : tile;
    }
    const long long half_slots = (long long)shape_ctas_per_sm(half_n.threads) * sms;
    const long long tiles_n = shape_tiles(m, n, half_n.bm, half_n.bn);
    const long long tiles_m = shape_tiles(m, n, half_m.bm, half_m.bn);
    if (c == SHAPE_ONE_LAUNCH) {
        /* the half whose grid takes fewer waves, when that pays for its rate */
        const long long waves_n = shape_waves(tiles_n, half_slots);
        const long long waves_m = shape_waves(tiles_m, half_slots);
        const struct shape_tile half = waves_n < waves_m || (waves_n == waves_m && cover_n <= cover_m)
                                           ? half_n : half_m;
        const long long waves = waves_n < waves_m ? waves_n : waves_m;
        return HALF_WAVE_PCT * waves < 100 * shape_waves(tiles, slots) ? half : tile;
    }
    if (c != SHAPE_STREAM_K)
        return tile;
    const int fills_n = shape_busy_pct(tiles_n, half_slots) >= SK_BUSY_PCT;
    const int fills_m = shape_busy_pct(tiles_m, half_slots) >= SK_BUSY_PCT;
    if (fills_n && (!fills_m || cover_n <= cover_m))
        return half_n;
    if (fills_m)
        return half_m;
    /* stream-K shares any grid's k work evenly over the slots, so its time is the area
     * its tiles cover over their rate: the half that covers less, when by more than its
     * rate costs (HALF_WAVE_PCT) */
    return HALF_WAVE_PCT * cover_less < 100 * cover ? less : tile;
}

#endif
