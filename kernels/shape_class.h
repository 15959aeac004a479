/* shape_class.h: level 6's shape classes (docs/PERF.md, "Shape classes"), the one owner of
 * the rules that pick a path for an m x n x k product. Plain C, so that the kernel's
 * dispatch (kernels/level6_tuned.cuh) and the autotuner's ranking (kernels/tuning/pick.c)
 * read the same rules. Integer arithmetic only: no CUDA call (the sweep's parent sizes
 * workspaces with these, and it must not initialise CUDA). */
#ifndef SGEMM_BENCH_KERNELS_SHAPE_CLASS_H
#define SGEMM_BENCH_KERNELS_SHAPE_CLASS_H

/* A split-K slice's least k as the class rules count slices (MIN_K_SLICE); a tuning build
 * may set its own (session 64's 16 and 32: docs/PERF.md, "Thinner slices for small grids").
 * The launch's own least slice is LAUNCH_MIN_K_SLICE (shape_launch_slices). */
#ifndef L6_MIN_K_SLICE
#define L6_MIN_K_SLICE 64
#endif

enum {
    SMALL_M_MAX = 24,   /* small-M kernel: up to 24 accumulator rows (docs/PERF.md, "Small M to 24 rows") */
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
    HALF_WAVE_PCT = 106,  /* a wave of half tiles against one of main tiles (docs/PERF.md) */
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

/* The K slices that a grid of tiles t launches (kernels/level6_tuned.cuh, launch_tiles_b),
 * in k tiles of bk: from its class's count (shape_splitk_slices, which every class rule
 * reckons with) up to as many as its CTA slots hold, each slice LAUNCH_MIN_K_SLICE of k or
 * more, the count of least time in this model. A grid under a round of the SMs' warp
 * schedulers (SCHEDULERS an SM) runs each warp alone on one, a 64x64 warp tile issuing its
 * FFMAs in turn: its time follows a slice's k, whatever the number of CTAs, until the
 * warps pass the schedulers. The model, in k of a warp tile: rounds of the schedulers x
 * (a slice's k + SPLIT_FILL_K), plus SPLIT_PASS_K for the reduction's launch where the
 * grid is sliced, plus each slice's pass over m x n floats at SPLIT_PASS_FLOATS an SM per
 * k. Fitted on 360 split grids' times (40 shapes of 0.005-2 GFLOP at slices of 16, 32 and
 * 64 k or more, H100 GPU-28af72f8 and H200 GPU-73bc0027; docs/PERF.md, "The launch's own
 * slices"): 0.10 us a k, 4.8 k of fill, 4.4 us of reduction launch, 1418 floats an SM a k;
 * it ranks the measured counts of 49 of those 50 grid-GPU pairs as measured. Never fewer
 * slices than the class's: at the slot-filling counts of large grids two warps a scheduler
 * hide each other's latencies, which the model leaves out. Built (session 65, H200
 * GPU-0cbffef6, H100 GPU-f20d3b42): on 40 + 40 small shapes never measured, the 29 grids
 * it moved 62.6-64.1 -> 77.3-82.2% of cuBLAS in geometric mean, 28 of 29 faster on each
 * GPU. LAUNCH_SLICE_MODEL 0 (a tuning build's): the class's count. */
#ifndef L6_LAUNCH_SLICE_MODEL
#define L6_LAUNCH_SLICE_MODEL 1
#endif
#ifndef L6_LAUNCH_MIN_K_SLICE /* a tuning build's own least slice (8: docs/PERF.md, "The launch's own slices") */
#define L6_LAUNCH_MIN_K_SLICE 16
#endif
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

/* The small-N class: a few columns over many rows, whatever K and the SM count (the tiles'
 * 64 columns would waste 3/8 of their FFMAs or more; docs/PERF.md, "Small N"; to 40
 * columns: "Small N to 40 columns", where 48 lost to the tiles at 7 of 8 shapes). */
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
 * SMALL_N_CTAS_PER_SM an SM (their shared memory), sliced over K. A CTA streams its slice
 * of A, so a grid's time is its waves of CTAs times a slice's k, plus SMALL_N_SLICE_K of
 * k a CTA for its pipeline's fill and its partial sums: the slice count of least time,
 * each slice at least SMALL_N_MIN_K_SLICE of k (13996x26x4149 on 132 SMs: 110 CTAs, 7
 * slices in 3 waves rather than 2 in one of 83%). Not monotonic in the SM count. */
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
/* A grid that this leaves on half the SMs or fewer, a CTA each (370x30x537: 3 CTAs of rows,
 * 2 slices, on 132 SMs), is sliced instead for a round of its CTA slots, each slice
 * SMALL_N_FEW_SLICE_K of k (one k tile) or more, from K = SMALL_N_FEW_MIN_K. Forced, then
 * built (H200 GPU-89cbb980, GPU-e75930be; docs/PERF.md, "Small N's few CTAs"): every grid
 * of 77 CTAs or fewer in the streamed rule and K of 128 or more gained (+3% to +93%,
 * 1770x36x302 60 -> 116% of cuBLAS), and 7 of the 8 of 80-127 CTAs lost (11749x4x349
 * -22%): a reduction's launch for less than twice the SMs' use. Under K 128 a slice's
 * little k does not pay it either (5260x1x69 -20%). A tuning build may turn it off
 * (L6_SMALL_N_FEW 0: kernels/tuning/before66.cu). */
#ifndef L6_SMALL_N_FEW
#define L6_SMALL_N_FEW 1
#endif
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
 * follows the chain of k tiles that a warp runs one after the other (a grid of more tiles
 * than SMs puts two CTAs on some). Forced on every grid of one wave of its tiles (H200
 * GPU-89cbb980, 2 rounds; docs/PERF.md, "K sliced in the CTA"), its median time at one CTA
 * an SM was 5.3-6.4 us at a chain of 1, 6.0-9.1 at 2, 9.8-11.8 at 4, 14-19 at 8 (about 4.3
 * us and 1.5 a link), where level 6's split grids take 8 us or more. The return: the
 * grid's K slices (1: one launch, C written in place, no workspace; 0: not this path).
 * - One launch: a chain of SLICED_K_CHAIN or less, on one CTA an SM or with tiles that hold
 *   half their area of C or more (u >= 0.5); for one row of tiles (M of 32 or less, where
 *   the small-M kernel and the flat shape's split read B once over 4 times the columns), of
 *   SLICED_K_ROW_CHAIN. Over three runs, u >= 0.5 gained 1.33-1.79 in geometric mean at
 *   chains of 1-4; u < 0.5 1.14-1.26 on one CTA an SM, and lost at 2 on two (5260x1x69
 *   -11%); one row 1.12-1.28 at 1-3, and 4 of 5 lost at 4 (6x6315x409 -19%).
 * - Over K slices too, a chain over SLICED_K_CHAIN on one CTA an SM with u >= 0.5: slices
 *   for a chain of SLICED_K_SPLIT_CHAIN each, at most a CTA an SM, into the workspace, then
 *   the in-order reduction (H200 GPU-81251502, forced beside level 6 as it took chains of
 *   5-6 in one launch and left the rest to its other paths: "The sliced-K path over K
 *   slices"): 59 grids, 1.25 in geometric mean, 7 lost over 3% (262x23x1649 -13%); at u <
 *   0.5, 41 grids, 0.92, 32 lost (2102x2x2011 -26%: the small-N kernel streams A). Only
 *   where each slice's chain is SLICED_K_CHAIN or less: built (H200 GPU-430cbd2d), 4 grids
 *   of the end sets (1-200 GFLOP) took 2-3 slices of a chain of 40-61 and lost 24-39%
 *   (134x345x12719 144 -> 88): at long chains the path runs at about half the tiled
 *   kernels' rate (8 warps an SM, 12 LDS.128 a lane for 128 FFMA). Else one launch to a
 *   chain of SLICED_K_CHAIN_FULL (u >= 0.5 on one CTA an SM gained 1.21-1.24 at 5 and 6,
 *   1.03-1.04 at 7 and 8, where 10 of 26 lost over 3%).
 * L6_SLICED_K 0: none (a tuning build's, kernels/tuning/before66.cu); 2: every grid of one
 * wave in one launch (kernels/tuning/sliced.cu, the first forced runs). */
#ifndef L6_SLICED_K
#define L6_SLICED_K 1
#endif
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

/* The class of an m x n x k product on `sms` SMs, for level 6's main tile `tile` and its
 * wide tile `wide`. Small tiles: M up to 64, or a main-tile grid under a sixteenth of the SMs even
 * before slicing K (64x64x65536). At a quarter (128x4096x4096) 64x64 tiles measured slower
 * than sliced 128x128 ones, hence the sixteenth. Deep: a grid the main tile fills without
 * slicing, K of DEEP_MIN_K or more, and at least a full wave of wide tiles (a wide grid
 * under a wave idles SMs: 2048x2048x256 and x512, 128 CTAs of 128x256 on 132 SMs, measured
 * 94-95% of cuBLAS against the main tile's 97-100%; at 4096x4096, K = 128 had the wide
 * tile a point behind, K = 256 a point ahead: docs/PERF.md). */
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
        /* A wave of wide tiles takes what a wave of main tiles takes (a CTA slot's share
         * of C is the same), so wide tiles that need more waves are slower: one launch of
         * the main tile then (10919x329x2367: 2 waves against 1, 92 -> 98% of cuBLAS;
         * 8592x371x283: 2 against 1, 48 -> 74%; docs/PERF.md, "The busiest grid", "Lines of
         * C and waves"). Nor where the main tile's grid is stream-K's: stream-K spreads
         * its k work over every slot, so its time follows the C its tiles cover, and there
         * the wide tiles' waves overhang more (8382x277x14052: 66 x 2 wide tiles over 277
         * columns, 72 -> 101% of cuBLAS as stream-K; docs/PERF.md, "Deep or stream-K"). */
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
 * launch's rule: kernels/level6_tuned.cuh, few_tiles_split; docs/PERF.md, "Few tiles split
 * again"). A stream-K tile's last CTA adds the shares of the CTAs before it one after
 * another, a cost a CTA that weighs against its k; split-K's idle slots weigh in proportion
 * to it. So split-K where every tile would be shared by SK_FEW_SHARERS CTAs or more, each
 * CTA's stream-K k is under SK_FEW_MAX_K, and split-K's slices keep SK_FEW_SPLIT_PCT of the
 * slots busy. Measured (H100), of the grids that moved more than a point: shared by 4.5 CTAs
 * or more, 14 of 15 gained 2-9 points (4956x117x2916, 39 tiles, 88 -> 92); by 3.5 or fewer,
 * all 9 lost 1.6-5 (14773x83x945, 116 tiles); at 1000 or more of k a CTA, 4 of 4 lost 3.6-6%
 * of their time (100x5756x11433). */
enum { SK_FEW_SHARERS = 4, SK_FEW_MAX_K = 2 * SK_MIN_SHARE_K, SK_FEW_SPLIT_PCT = 85 };
static inline int shape_few_tiles_split(int m, int n, int k, int sms, struct shape_tile tile)
{
    const long long tiles = shape_tiles(m, n, tile.bm, tile.bn);
    const long long slots = (long long)shape_ctas_per_sm(tile.threads) * sms;
    const int slices = shape_splitk_slices(m, n, k, sms, tile.bm, tile.bn, tile.threads);
    return slices > 1 && SK_FEW_SHARERS * tiles <= slots && tiles * k / slots < SK_FEW_MAX_K &&
           shape_busy_pct(tiles * slices, slots) >= SK_FEW_SPLIT_PCT;
}

/* Split-K with B's rows unaligned and not re-laid (pad_b_bytes: M under 400, or under 1
 * GFLOP) copies B 4 bytes at a time. Sessions 50-63 shifted B on the 64x128 tile where its
 * grid was at most 40 tiles across (16-byte copies of the aligned vectors that hold a row's
 * columns, realigned in shared memory a tile ahead: tile_product's SHIFT_B, as stream-K
 * does): then the 4-byte copies had slow modes (1.5x between two grids of 22 x 24 CTAs,
 * docs/PERF.md "Split-K of 64x128 with B shifted"), which the shift removed. The slow
 * modes were 32 lanes clamped onto one column past n (docs/PERF.md, "The 4-byte copies'
 * slow mode, found"); with those lanes spread (past_edge), the 4-byte copies beat the
 * shift at 34 of 35 such grids, 99.3 -> 105.0% of cuBLAS in geometric mean (H100
 * GPU-591bd772; 99.4 -> 105.3 on H200 GPU-aa1e5d87; docs/PERF.md, "The 4-byte copies
 * against the shift, spread"; measured again against session 63's 40 in session 64: "...,
 * landed"). A tuning build may shift again up to its own width (kernels/tuning/shift.cu:
 * any). */
#ifndef L6_SPLIT_SHIFT_MAX_TILES_N
#define L6_SPLIT_SHIFT_MAX_TILES_N 0
#endif
enum { SPLIT_SHIFT_MAX_TILES_N = L6_SPLIT_SHIFT_MAX_TILES_N };
static inline int shape_split_shifts_b(int n, struct shape_tile t)
{
    return t.bm == 64 && t.bn == 128 && shape_ceil_div(n, t.bn) <= SPLIT_SHIFT_MAX_TILES_N;
}

/* Edge strips (kernels/level6_tuned.cuh, strip_of; docs/PERF.md "Edge strips"): a strip of
 * rows off the bottom of C, up to SMALL_M_MAX of them past a multiple of STRIP_EDGE, over
 * SMALL_M_COLS columns or more (the small-M class's), or of columns off its right edge, up
 * to STRIP_COLS_MAX, over SMALL_N_MIN_M rows or more (the small-N class's; its 40-column
 * instance as a strip lost 5-10% at 4 of 8 shapes, H100 GPU-7c16e659). The rows or columns
 * of the strip a shape has to weigh, on any SM count (0: none); launch cuts it off where
 * that pays. */
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

/* A few tiles' grid whose B is read by 4-byte copies (unaligned, not re-laid) takes the
 * 64x128 half over the 128x64 one where it covers under this percentage of the 128x64's C
 * (shape_tile_for): FEW_HALF_M_PCT where the 64x128 grid is at most FEW_HALF_M_MAX_TILES_N
 * tiles across, no row strip is cut off (shape_strip_rows) and K is over
 * FEW_HALF_M_MIN_K; else 80, a figure from before split-K shifted B, when 64x128 copied
 * twice 128x64's B in 4-byte copies a thread. Forced with the 64x128 split shifting B
 * (H200 GPU-abb65c72; docs/PERF.md, "A few tiles' half, B shifted"), of the grids (M
 * 134-398) that 95 moved, those with no strip gained +5.1 and +7.4 points in geometric
 * mean on two draws (300x1123x3204 84 -> 94% of cuBLAS, 313x330x14159 80 -> 94); a cover
 * ratio of 0.95 lost 2.5; where a strip was cut off, the 64x128 half lost up to 8
 * (333x1233x9606). Built, every grid it moved that lost more than 3 points on an H100 and
 * an H200 was of K 467-900 (320x3159x623 94 -> 82, 279x2958x774 93 -> 85); from K 1100
 * they gained, to +10. The split no longer shifts (shape_split_shifts_b); with 4-byte
 * copies on both halves, 95 against 80 (a tuning build's L6_FEW_HALF_M_PCT, session 64)
 * gained +3.6 and +5.6 in geometric mean on 40 grids it moves (H100 GPU-b8b346ae, H200
 * GPU-aff03d9e) and +6.6 on 40 kept back (docs/PERF.md, "The 4-byte copies against the
 * shift, landed"). A tuning build may set its own percentage. */
#ifndef L6_FEW_HALF_M_PCT
#define L6_FEW_HALF_M_PCT 95
#endif
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
 * SHORT_K_MAX_K. A wave of either grid takes what its slots' share of C takes: t's
 * slots an SM x bm x bn (2 x 128 x 128 for the main tile and its halves alike) against
 * SHORT_K_CTAS_PER_SM x 64 x 64, so the fine tile's waves are 5/8 as long and its last
 * partial wave idles less. Its lanes' 32 accumulators read more shared memory an FFMA
 * than the main tile's 128: SHORT_K_RATE_PCT, fitted to each tile forced on the coverage
 * profile and seeds 9001, 2311, 4242 and 2611 (H100 GPU-8ce9993c: at full waves the fine
 * tile ran 7-15% slower, 4096x4096x255 98 -> 84% of cuBLAS). At 115 it moved 33 shapes, none
 * lower, 640x6784x128 82 -> 100, 2647x1713x128 61 -> 93 (docs/PERF.md, "Short K: a wave of
 * 5/8"). Where C's rows are not 16-byte aligned (c_vectors 0) the main tile stages C
 * through shared memory at short K, and the fine tile at 4 stages then pays at
 * SHORT_K_RATE_PCT_C_ROWS, from K = SHORT_K_STAGED_MIN_K. Under it the fine tile stages C
 * too (short_k.cuh, store_staged), and C's stores, not the FFMAs, are most of either
 * tile's time: SHORT_K_RATE_PCT_STAGED, fitted to the fine tile forced at nine shapes of K
 * 13-29 (H200 GPU-4af828e5: 7 gained 6-11 points at 0.90-0.99 of the main tile's waves, 2
 * within a point; docs/PERF.md, "The fine tile's stores of C"). From K = 32 to
 * SHORT_K_ROWS_SHORT_MAX_K, where the fine tile reads B as it is and the main tile re-lays
 * it and stages C, both costs of a tile that the waves leave out: SHORT_K_RATE_PCT_ROWS_SHORT,
 * fitted to 12 shapes forced at K 33-66 (H100 GPU-659aad74: at 0.96-1.04 of the main
 * tile's waves 8 gained 1-9 points, 3 lost 1.5-4; from K = 100 it lost 4-11), then to K
 * 99 and back to 89 on drawn shapes (8374x8589x99 -4.9; K 72-89 drawn after: +3.7 in
 * geometric mean, 11080x11249x84 -2.7; docs/PERF.md, "The fine tile at K under 90").
 * Longer K: the fine tile's rate falls further (1536x1408x1024 97 -> 83). Under K =
 * SHORT_K_MIN_K the fine tile's k step of 16 is twice the main tile's 8 (16077x7847x7:
 * 122.8 -> 135.5 on the main tile, H100 GPU-49574454). The waves miss grids of a wave or
 * so, where the main tile leaves an SM one or two CTAs for the whole launch: where C is
 * unaligned, the busiest SM's C (shape_sm_area) decides too, at SHORT_K_SM_RATE_PCT against
 * the main grid's plus a cost of SHORT_K_SM_COLUMN_PCT an element a column of C, fitted to
 * 117 points (shapes of 7/8 of the main grid's C on the busiest SM gained with many
 * columns and lost when tall and narrow; B's re-layout does not explain it, for B is not
 * re-laid under M = 400), where that SM's C is less (207x15857x492, as much: -6.9). Drawn
 * after: +6.5 (H200 GPU-6df39de9; docs/PERF.md, "The busiest SM"). */
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
    /* C unaligned: or where the fine grid's busiest SM computes less C, at 120% against the
     * main grid's and a cost of each column of C a k step */
    const long long fine_sm = shape_sm_area(m, n, SHORT_K_TILE, SHORT_K_TILE, sms);
    const long long main_sm = shape_sm_area(m, n, t.bm, t.bn, sms);
    return !c_vectors && k >= SHORT_K_STAGED_MIN_K && fine_sm < main_sm &&
           SHORT_K_SM_RATE_PCT * fine_sm < 100 * main_sm + (long long)SHORT_K_SM_COLUMN_PCT * n;
}

/* Whether the fine tile (64x64, not its wide form) takes k tiles of 32 in 2 stages
 * (level6_config.h's L6_SHORT_K_DEEP_BK), not 16 in 4: from K = SHORT_K_DEEP_MIN_K, where
 * K rounds up to as many k of whole tiles of 32 as of 16 (K % 32 of 0 or 17-31). Forced
 * at each depth of the grid on 38 drawn shapes of K 202-512 that level 6 sends to the fine
 * tile (H200 GPU-279717ad; docs/PERF.md, "The fine tile's depth at long K"): 32 in 2 stages
 * took 0.955 of the time of 16 in 4 (median) times its share of k rounded up more, so it
 * gained 0-6% at all 24 shapes whose rounding is the same (255x6143x512 88.8 -> 94.5% of
 * cuBLAS) and lost up to 7.8% where it rounds up 16 more (2201x3948x206). Nsight Compute
 * at 12378x623x490 (same GPU): the fine tile's warps stall 0.86 cycles an issue on
 * dispatch, cuBLAS's 64x64 kernel on the same grid 0.13. */
enum { SHORT_K_DEEP_MIN_K = 200 };
static inline int shape_short_k_deep(int k)
{
    return k >= SHORT_K_DEEP_MIN_K && shape_ceil_div(k, 16) * 16 == shape_ceil_div(k, 32) * 32;
}

/* Whether the fine tile's grid runs in its wide form (short_k.cuh, depth's TN 8: 64x128
 * tiles, four CTAs an SM, k tiles of 8 in 4 stages): where the fine tile's grid is
 * SHORT_K_WIDE_WAVES_PCT / 100 waves or more, from K = SHORT_K_WIDE_MIN_K, or under K =
 * SHORT_K_WIDE_STAGED_MAX_K (C's stores most of the time) from SHORT_K_WIDE_STAGED_WAVES
 * waves. Both forms forced at 80 shapes the fine tile takes (H200 GPU-d3e73510;
 * docs/PERF.md, "The fine tile's wide form"): from K = 88 and 3.6 waves the wide form
 * gained at all 18 (+0.5 to +11 points of % of cuBLAS, 1844x9853x181 82 -> 90); under 3.4
 * waves it lost at 19 of 25 (2543x572x467 86 -> 75); at K 11-21 and 10 waves or more it
 * gained 5-12 at all 7; from K 26 to 77 it lost at 26 of 29. On 30 shapes drawn after
 * (H200 GPU-9b1bb691) the shapes of K 88-96 lost 0.4% in geometric mean (6 of 9 with the
 * first draw's), the others gained 6.0%: the rule starts at K = 97. A lane's 64
 * accumulators read 4 LDS.128 for 64 FFMAs, the fine tile's 32 read 3 for 32; its grid has
 * half the CTAs, so few waves leave more of the last one idle. */
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

/* Whether the fine tile's grid runs in its wide form under K = SHORT_K_WIDE_MIN_K where
 * the rows of B and of C are both unaligned (b_vectors and c_vectors 0: the lanes store C
 * as runs, short_k.cuh's B interleaved), at SHORT_K_WIDE_WAVES_PCT / 100 of the fine
 * tile's waves or more: from K = SHORT_K_WIDE_RUNS_ANY_K, and from SHORT_K_WIDE_RUNS_MIN_K
 * where its k tiles of 8 pad K less than the fine tile's 16 (K % 16 of 1-8). Both forms
 * forced at 40 drawn shapes of K 40-96 (H200 GPU-297dca87; docs/PERF.md, "The wide form
 * under K 97, C unaligned"): the wide form gained 10-18% at 19 of 22 shapes of K 65-94
 * (12685x15935x67 85.9 -> 102.4% of cuBLAS; 1.6% lower at K 95) and 4-12% at K 49-55 but
 * one; at K 45-48 and 64, where the fine tile pads nothing, it lost 3-13%. */
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
 * say: from K = SHORT_K_WIDE_MIN_K to under SHORT_K_WIDE_UNALIGNED_MAX_K, where the wide
 * form would run (shape_short_k_wide). There its lanes store C as runs of 8 floats
 * (short_k.cuh, B interleaved), where the main tile re-lays B and stages C in lines. Fitted
 * to the wide form forced at 60 shapes the main tile took, K 97-512 (H100 GPU-19ff6c73;
 * docs/PERF.md, "The wide form against the main tile, C unaligned"): at K 97-149 it gained
 * at all 14 (+3 to +12%, 15855x1675x108 84 -> 95% of cuBLAS); at K 150-199 +3.0% in
 * geometric mean; from 250 it lost at 29 of 32, up to 11%. Then on 50 drawn shapes it
 * moved at K 97-199 (H200 GPU-6ddbbc16): 94.7 -> 97.6, every shape under K 150 but one
 * higher, those of K 160-199 +0.1 in the mean and the coverage profile's 7813x1589x173 92
 * -> 90: the bound is K 160. */
enum { SHORT_K_WIDE_UNALIGNED_MAX_K = 160 };
static inline int shape_short_k_wide_unaligned(int m, int n, int k, int sms, int b_vectors,
                                               int c_vectors)
{
    return !b_vectors && !c_vectors && k >= SHORT_K_WIDE_MIN_K &&
           k < SHORT_K_WIDE_UNALIGNED_MAX_K && shape_short_k_wide(m, n, k, sms);
}

/* Whether a grid the fine tile takes in its own form, its rows of B and of C both unaligned,
 * from K = SHORT_K_WIDE_EVEN_MIN_K to SHORT_K_WIDE_EVEN_MAX_K, runs as the wide form (in
 * k tiles of L6_SHORT_K_WIDE_EVEN_BK) instead: where the wide grid's busiest SM has no more
 * of C to compute than the fine grid's (two 64x64 tiles a wide tile). The wide form reads
 * 4 LDS.128 for 64 FFMA, the fine tile 6 for 64: with the same work on the busiest SM, it
 * is the faster. Forced beside level 6 at the 18 seed-set shapes of K 290-687 that the fine
 * tile ran so (the fit) and 44 such draws of seeds 40001-40200 (held out), 3 rounds, H100
 * GPU-c2553cf1 (docs/PERF.md, "The fine tile against its wide form at K 300-600"): where
 * the busiest SMs' work is even, the wide form at k tiles of 16 gained at 31 of 31 (+2.6
 * to +17.5 points of % of cuBLAS; at k tiles of 8, at 29); of the 31 it leaves, where the
 * wide grid's is more, it lost at 29 (to -25). The lowest K measured is 295, the highest
 * 687. Built (session 59, H100 GPU-f4b5ed17, 3 rounds): fit 91.3 -> 94.6 in geometric
 * mean, held out 90.1 -> 94.0, 19 under 90 -> 5. Under K 288 (from 160, where
 * shape_short_k_wide_unaligned ends), forced on the same GPU, 3 rounds (docs/PERF.md, "The
 * fine tile against its wide form below K 288"): at the 22 even grids of K 168-283 (2 of
 * the seed sets', 20 drawn from seeds 40001-40200) the wide form at k tiles of 16 gained at
 * 21 (+1.0 to +15.6; 1293x3749x219 lost 7.2), 91.5 -> 98.3 in geometric mean.
 *
 * Under K = SHORT_K_WIDE_EVEN_ROUNDS_MIN_K the wide grid must also take fewer rounds of its
 * CTA slots (SHORT_K_WIDE_CTAS_PER_SM an SM) than the fine grid of its own
 * (SHORT_K_CTAS_PER_SM). Built on an H200 (GPU-0f6bf8cf, 3 rounds; docs/PERF.md, "The fine
 * tile against its wide form below K 288"), the even grids of K 160-287 lost 4.8-8.3
 * points at the 7 of 48 held-out draws of K 165-225 where both grids take 2 rounds, the
 * wide grid's second a CTA or less an SM (1001x5211x165: 1312 fine tiles on 660 slots, 656
 * wide on 528); forced on an H100 (GPU-f4b5ed17), 1293x3749x219 so lost 7.2. A lone CTA
 * of short K hides too little of its loads and its C's stores. At the same rounds from K
 * 230 (230-446) the wide form gained at all 7, on both GPUs. */
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
 * busiest SM has less than the wide one's, else the wide one. The tall form is the wide
 * form's even rule for grids of few columns: 8810x164 in 64-column tiles computes 192
 * columns, in the wide form's 128-column ones 256. Forced beside level 6 (H100
 * GPU-7990812f, 2 rounds; docs/PERF.md, "Four-warp tiles of other shapes") at grids the
 * fine tile runs in its own form drawn from seeds 42801-43000 (the fit): at K 228-550 the
 * even form at k tiles of 16 gained at all 17 (+2.6 to +20.1 points of % of cuBLAS, 88.2 ->
 * 95.0 in geometric mean; 962x3127x332 80.4 -> 100.5 as 128x64); under K 228 it gained at
 * only 7 of 23 (K 100-227; to -10.9). Drawn from seeds 43001-43200 (held out), K 232-635: 18
 * of 19 gained, 87.8 -> 95.0, 13 under 90 -> 3 (6648x406x232 79.6 -> 95.7; 16284x136x447,
 * which level 6 runs with a strip of 8 columns, -3.0 without it). k tiles of 16 beat 8 at
 * nearly all. Built with shape_one_round_form, on 50 grids the two move drawn from seeds
 * 43201-43800: 87.5 -> 96.3 (H200 GPU-18603c05), 87.9 -> 96.5 (H100 GPU-4d0eb743), 49
 * faster on each. */
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
 * it has less than the wide one). Such a grid leaves one side short of a 128-row or
 * -column tile: 167x15206 in 128x128 tiles computes 256 rows for 167 on 238 tiles, two an SM,
 * where the wide form computes 192 on 357, three an SM of four slots. The main tile's
 * lanes are the faster at full waves; here the tile's padding outweighs them. Forced beside
 * level 6 (H100 GPU-7990812f, 2 rounds; docs/PERF.md, "Four-warp tiles of other shapes") at
 * every such grid of 1 GFLOP or more among the 16000 draws of seeds 42801-43200 (K 205-16091,
 * one side 154-192 and the other over 15000, or 488x6332x240), all of them at 3/4: the form
 * at k tiles of 16 gained at 25 of 25, +12.1 to +21.4 points of % of cuBLAS (fit 10, 78.8 ->
 * 95.6 in geometric mean; held out 15, 81.6 -> 97.0); on an H200 (GPU-b99c7c6d) three of
 * them as much (167x15206x621 78.6 -> 98.7). */
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
 * tiles pad few rows (214 in 224, where 64-row ones compute 256 and 128-row ones 256) and
 * need no slices' pass. Forced beside level 6 (session 60; docs/PERF.md, "Four-warp tiles
 * of other shapes"), H100 GPU-7990812f and H200 GPU-b99c7c6d: at the fit sets' grids under
 * 4/5 outside the one-round class (214x4494x850, 149x9773x1077, 345x3035x819), +10.4 to
 * +19.2 points of % of cuBLAS (214x4494x850 98.6 -> 117.9); over 4/5 and under 0.99, 2 of 5
 * gained (H100); from 0.99, 2 of 23. The held sets, read before the bound was set at 4/5
 * (from 0.83: 194x9341x1461, at 0.81, lost 0.4 and 6.3): 4 of 4 gained, +12.5 to +15.7.
 * Measured at K 470-1461. Built, on 40 grids it moves drawn from seeds 43801-44800: 93.5 ->
 * 104.6 (H200 GPU-8f222b94), 91.8 -> 105.1 (H100 GPU-aaf78bd3). */
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
 * (shape_flat_split_slices) and its busiest SM computes 4/5 or less of the split grid's C
 * x k, each grid's CTAs dealt out an SM at a time. 32-row tiles pad few rows where 128-row
 * ones pad many (89 rows in 96, not 128). Forced beside level 6 (H100 GPU-43d564dc, 2
 * rounds; docs/PERF.md, "The flat shape's split") at split grids of M up to 400 drawn from
 * seeds 42801-43200 (the fit): at the 19 it takes, all gained (+0.7 to +14.8 points of %
 * of cuBLAS; 286x2280x968 96.6 -> 111.4), over 4/5 and under 0.9 2 of 4, from 0.9 1 of 15. Drawn
 * from seeds 43201-43800 (held out): 18 of 19 gained (+0.4 to +26.5; 309x723x8894 -0.3).
 * Measured at K 678-15472; from K = SHORT_K_FLAT_MIN_K, as the flat shape's one launch.
 * Weighed on whole grids only: where level 6 cuts a strip, on the rest (with the strip
 * kept off, it lost at 20 of 33 such grids, to -22). Built, on 50 grids it moves drawn from
 * seeds 43801-44800: 95.4 -> 99.0 (H200 GPU-26365d73), 93.2 -> 96.5 (H100 GPU-a5e8532c).
 * In place of the small-tile class's split grids (64x64 tiles of one warp), wherever its
 * busiest SM computes less: forced (H100 GPU-b1ee1431, 2 rounds; docs/PERF.md, "The flat
 * shape's split for the small-tile class"), under 1 all 21 of the fit gained (+5.9 to
 * +29.5; 74x847x11352 82.9 -> 104.7), from 1, 1 of 10; held out, 31 of 31 under 1 (+6.6 to
 * +41.5). Measured at M 65-391: over NARROW_M_MAX only (24x511x4096, of the coverage
 * profile, would take it). */
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
        return m > NARROW_M_MAX && flat < split ? sf : 0; /* measured from M 65 */
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
 * float of B into the SMs once, and its slices fill a round at few columns. Forced beside
 * level 6 (session 61; docs/PERF.md, "M of 25-32 as the flat split", H100 GPU-39fb1dbc, 2
 * rounds), on 30 + 30 draws of M 25-32 from seeds 44801-46400 and the seed sets' 7 of them
 * under 90: 105.2 -> 112.0, 112.0 -> 117.5 and 83.9 -> 89.4 in geometric mean, 54 of 67
 * faster (31x4174x13926 79.0 -> 85.6, 26x2756x11499 83.7 -> 99.8); the 13 that lost, to
 * -7.8, are mostly of 8500 columns or more where the row blocks ran at 90-157. Measured at
 * K 1469-16248. */
static inline int shape_small_m_flat(int m, int n, int k, int sms)
{
    if (m <= SMALL_M_MAX || m > SMALL_M_BLOCKS_MAX || n < SMALL_M_COLS || k < SMALL_M_FLAT_MIN_K)
        return 0;
    return shape_small_m_flat_slices(m, n, k, sms);
}

/* The K slices of the flat shape's split (32x128 tiles) that runs a small-M class grid of
 * few CTAs (kernels/level6_tuned.cuh, small_m_few_ctas: the small-M kernel's grid under one
 * CTA an SM): a round of its CTAs, each slice SMALL_M_FEW_SLICE_K of K or more; 1: its one
 * launch. The small-M kernel slices K only while the reduction's traffic stays under a
 * quarter of B's, a rule for streaming B, which leaves a grid of little work on a few SMs
 * (32x740x137: 4 CTAs on 132 SMs, 35% of cuBLAS). Forced (session 65, H200 GPU-6fb37310, 2
 * rounds; docs/PERF.md, "Small M's few CTAs") on 40 small-M shapes of up to 0.5 GFLOP drawn
 * for it (smm, seed 6567, M 1-32): 73.6 -> 108.4% of cuBLAS in geometric mean, the 33 it
 * moves 65.5 -> 104.8, 32 faster (2x1882x990 -1.6); the 7 of sm2 and sm3, 34-52 -> 112-138.
 * The small tile's split in its place: 78.3 (20 of 33 lost 3 points or more, at M 1-8). */
enum { SMALL_M_FEW_SLICE_K = 32 };
static inline int shape_small_m_few_slices(int m, int n, int k, int sms)
{
    return shape_round_slices(shape_tiles(m, n, SHORT_K_TILE / 2, 2 * SHORT_K_TILE), SHORT_K_CTAS_PER_SM,
                              sms, k, SMALL_M_FEW_SLICE_K);
}

/* Whether a split-K grid of tile t that K's slicing cuts in 2 slices runs as the wide form's
 * one launch (in k tiles of L6_SHORT_K_WIDE_EVEN_BK) instead, to K = SHORT_K_WIDE_SPLIT_MAX_K:
 * where the wide grid's busiest SM computes no more of C x k than the split grid's. The wide
 * form then saves the split's pass over its slices and, B unaligned, B's re-laid copy (docs/
 * PERF.md, "Stream-K against split-K's reduction": 8.5-10.2 and 5.0-6.2 us at such grids).
 * From session 57's forced runs (the wide form at k tiles of 16 beside level 6, H100
 * GPU-bbc26dfa, 2 rounds; docs/PERF.md, "The wide form at two CTAs an SM"): of the 17 such
 * grids of its 166 split grids, the 12 of K 524-1068 gained, +0.1 to +10.2 (569x3150x531
 * 79.9 -> 90.1, 2638x683x524 81.9 -> 91.2), 4 of the 5 of K 1330-1987 lost (to -7.1). Where
 * the wide grid's busiest SM has more to compute, or the split 3 slices or more, the wide
 * form lost at nearly all. Fitted on ws_00 and ws_01, checked on ws_02 and the seed sets'
 * wss: 5 of 5 gained, the 3 it leaves lost. Built (session 59, H100 GPU-f4b5ed17, 3
 * rounds), on the 47 grids it takes of seeds 40201-40400 (held out): 89.5 -> 93.4 in
 * geometric mean, 27 under 90 -> 15; 40 gained, the 7 that lost (to -4.7) of K 935-1147. */
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
 * slices, in one launch at k tiles of 16: the wide form where shape_short_k_wide_split2
 * takes it; else, to K = SHORT_K_TALL_SPLIT_MAX_K, its tall shape (128x64) where that
 * grid's busiest SM computes no more of C x k than the split grid's (the split's 128x64
 * tiles unsliced, where the wide grid would compute more). Forced beside level 6 (session
 * 61, H100 GPU-5448bd0a, 3 rounds; docs/PERF.md, "Split grids of 2 slices as the tall
 * form") at every such grid of 1 GFLOP or more without a strip among the 32000 draws of
 * seeds 44801-45600 (29, K 452-1104) and 30 of the 42 of 45601-46400 (K 420-1163), all at
 * the same C x k as their split: 28 of 29 and 24 of 30 faster, 86.3 -> 90.5 and 85.9 ->
 * 89.3 in geometric mean (6539x298x452 79.0 -> 88.6, 10988x172x420 81.7 -> 93.4). Every
 * grid of K 420-822 gained but one (-0.1); from K 836, 6 of 12 lost (to -3.3), so the bound
 * of 850. The fit and held sets were read together: the built A/B on never-measured draws
 * is the check. */
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
 * SHORT_K_WIDE_STREAMK_MAX_K of SHORT_K_WIDE_WAVES_PCT / 100. The wide form forced at 45
 * such shapes (H100 GPU-24cfe684; docs/PERF.md, "The wide form against the main tile"):
 * one-launch under K = 97 at 9 waves or more, +3.9 to +19 points at 8 of 9 (15740x6672x18
 * 113 -> 132; 15404x15260x12 -3.4); stream-K of the main tile at K 165-280, +0.5 to +16 at
 * all 6 (7112x1536x167 82 -> 98; a grid the half tile's one launch takes, 14857x832x269,
 * lost 13.8: launch's wide_tile_runs leaves those); from K = 97 one launch lost at 12 of
 * 14, deep grids (K 286-406) and stream-K from K 330 at all 14. */
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

/* Whether a one-launch grid of the main tile t whose rows of C are aligned (c_vectors 1)
 * runs as the wide form from K = SHORT_K_WIDE_MIN_K to under SHORT_K_WIDE_ROUNDS_MAX_K:
 * where its busiest SM beats the main grid's rounds at SHORT_K_WIDE_ROUNDS_PCT
 * (shape_wide_beats_rounds). Fitted to the wide form forced at 104 one-launch grids of the
 * main tile of up to two waves, K 97-599, drawn for it (H100 GPU-db6ad5ce; docs/PERF.md,
 * "The wide form at a main tile's partial round"): at 110 it takes 19, every one higher
 * (+9 to +25 points of % of cuBLAS, 2177x2460x107 79 -> 102, 1077x2560x365 89 -> 103), and
 * none of the 85 it leaves would have gained (the main grid at 0.8-1.0 of a wave with C
 * aligned: 12 lost 6-11 points). Checked on the 31 it moves of 8000 draws of seeds drawn
 * after (H100 GPU-7b0aaf3a, H200 GPU-db46d677): 92.3 -> 106.5 and 92.9 -> 105.9, none
 * lower, none left under 90. C unaligned: shape_short_k_wide_one_wave. */
enum { SHORT_K_WIDE_ROUNDS_MAX_K = 400, SHORT_K_WIDE_ROUNDS_PCT = 110 };
static inline int shape_short_k_wide_rounds(int m, int n, int k, int sms, struct shape_tile t,
                                            int c_vectors)
{
    return c_vectors && k >= SHORT_K_WIDE_MIN_K && k < SHORT_K_WIDE_ROUNDS_MAX_K &&
           shape_wide_beats_rounds(m, n, sms, t, SHORT_K_WIDE_ROUNDS_PCT);
}

/* Whether a stream-K grid of the main tile t whose rows of C are unaligned (c_vectors 0)
 * runs as the wide form from K = SHORT_K_WIDE_MIN_K to under SHORT_K_WIDE_ROUNDS_MAX_K:
 * where its busiest SM beats the main grid's rounds at SHORT_K_WIDE_STREAMK_PCT
 * (shape_wide_beats_rounds). Fitted to the wide form forced at 158 drawn stream-K grids of
 * the main tile, K 203-498 (H100 GPU-edb5eb59; docs/PERF.md, "The wide form against
 * stream-K's rounds"): at 115 and K under 400 it took 30 with C unaligned, 87.9 -> 95.1 in
 * geometric mean, none lower by more than 2 points; from K 400 the losses grow. Checked on
 * 46 draws of other seeds (H100 GPU-55afac86, H200 GPU-befbc15d): with C unaligned (32)
 * +3.3 and +1.5 over all 46, 2 and 5 lower by more than 2 (1926x4434x368 101 -> 93); with
 * C aligned (14), which the fit took at 18 (94.2 -> 99.2), +0.5 and +0.4, 4 lower by up to
 * 11 points on each (1616x2568x392 101 -> 91): there stream-K stores C in vectors and
 * keeps its lead. Then on the 31 it moves of 8000 draws of seeds drawn after (H100
 * GPU-7b0aaf3a, H200 GPU-db46d677): 91.4 -> 95.7 and 93.3 -> 95.3, under 90 10 -> 3 and 8
 * -> 3, 4 and 6 lower by more than 2, none under 87. */
enum { SHORT_K_WIDE_STREAMK_PCT = 115 };
static inline int shape_short_k_wide_streamk(int m, int n, int k, int sms, struct shape_tile t,
                                             int c_vectors)
{
    return !c_vectors && k >= SHORT_K_WIDE_MIN_K && k < SHORT_K_WIDE_ROUNDS_MAX_K &&
           shape_wide_beats_rounds(m, n, sms, t, SHORT_K_WIDE_STREAMK_PCT);
}

/* Whether a stream-K grid of the main tile at K from SHORT_K_WIDE_ROUNDS_MAX_K to
 * SHORT_K_WIDE_SHARE_MAX_K, its rows of B and of C unaligned, runs as the wide form's one launch (in
 * k tiles of L6_SHORT_K_WIDE_EVEN_BK) instead: where the wide grid takes one round of its
 * CTA slots (SHORT_K_WIDE_CTAS_PER_SM an SM) and its busiest SM holds no more than
 * SHORT_K_WIDE_SHARE_PCT % of stream-K's even share of C (m n / sms). Stream-K evens the C
 * but pays its partial tiles' fix-up and stores C in scalars; the wide form's one round
 * pays neither. Forced beside level 6 at 119 such stream-K grids drawn from seeds
 * 40401-41200 (H100 GPU-a3f2c3e1, 3 rounds; docs/PERF.md, "The wide form at stream-K grids
 * of K 400-1200"): the 9 this takes gained, +0.4 to +15.2 points of % of cuBLAS
 * (1816x1119x510 76.1 -> 91.4, 414x7101x781 84.9 -> 97.8); of the rest, C aligned or over
 * a round or 115 %, the wide form lost at most (to -48). Built, on 44 such grids of seeds
 * 41201-42000 (held out; H200 GPU-d2cc83d3, 3 rounds), it gained at 17 of the 21 of K
 * 410-652 (+1.1 to +11.5) and lost at 4 by 2.5 or less; from K 697 it lost at 12 of 23,
 * by up to 7.7 (4775x902x717 107 -> 100), where the H200's stream-K runs at 96-109: the
 * bound is K 700. B unaligned too: where a column strip is cut off, the whole tiles read
 * B re-laid (b_vectors 1), and the wide form lost 6.2-7.7 points at all 4 such grids of the
 * H200's and 6.2-7.0 at 6 of the H100's (GPU-f3924a39; 1064x3979x658 98.7 -> 91.7). */
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
 * runs (short_k.cuh, B interleaved). Fitted to the same 104 forced grids as
 * shape_short_k_wide_rounds (H100 GPU-db6ad5ce; docs/PERF.md, "The wide form within a
 * wave, B and C unaligned"): of the 31 such grids, 29 gained (85.7 -> 91.4 in geometric
 * mean, 1220x3266x164 80 -> 92); from K 400 the gains thin out and from 480 most lost.
 * Over a wave the main tile stages C in lines and kept its lead (11192x405x209 -9.8). On
 * 39 shapes of other draws the wide form ran at 86-99 on both GPUs, and the H200's main
 * tile ran them faster than the H100's: under N = 700 the wide form lost at 15 of 20 on
 * the H200 (10594x266x350 97 -> 89); from N = 905 it gained at 19 of 19 on the H100
 * (GPU-edb5eb59: 82.8 -> 90.8 in geometric mean) and 18 of 19 on the H200 (GPU-befbc15d:
 * 86.5 -> 90.7). The bound is six 128-column tiles, between the two. Then on the 17 it
 * moves of 8000 draws of seeds drawn after (H100 GPU-7b0aaf3a, H200 GPU-db46d677): 83.2 ->
 * 90.8 and 86.6 -> 90.6, 1 lower by more than 2 on the H200. */
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
 * the split grid's busiest SM, a CTA's slice being k / slices, at K up to SHORT_K_MAX_K;
 * from there to SHORT_K_SPLIT_MAX_K, only where the split grid also keeps under
 * SHORT_K_SPLIT_BUSY_PCT of its slots busy. The split pays a launch of its own to add the
 * slices, a pass over all of them, and there its 4 to 8 warps an SM fill a short pipeline
 * twice; that costs more than the fine tile's rate (SHORT_K_RATE_PCT). The fine tile forced
 * at 35 split-K shapes of K 326-1004 (H100 GPU-4f1ba62a): at K up to 474 it gained at 14 of
 * 15, +15 to +22 points of % of cuBLAS at 7 of 9 grids of 128x64 tiles (1848x783x464 68 ->
 * 89), +1 to +6 at grids of 128x128; it lost 1.7 where its busiest SM computed a tenth more
 * (309x3650x451, 3 slices); from K = 552 it lost at 15 of 20 (docs/PERF.md, "Split-K at
 * short K: the fine tile"). Taken to K 1024 after the fine tile's later changes, on 40
 * drawn shapes of K 541-1011 and the 12 of the seed sets and profiles it moved (H200
 * GPU-0fe227cb; docs/PERF.md, "The fine tile against split-K to K 1024"): where the split
 * grid kept 68-75% of its slots busy it gained at all 8 (+10 to +22 points, 1826x806x608
 * 76 -> 95); at 80-85% it lost at 8 of 10 (up to 11.4), and from 87% at 28 of 34 (1000
 * and 1024 cubed -13 and -12: the gate's full run REGRESSED). */
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

/* The tile for class c (shape_class_of) on `sms` SMs, of the main tile's classes (one
 * launch, split-K, stream-K) and of the small-tile class: the class's own (returned as
 * `tile`), or one of the main tile's halves, bm x bn / 2 (half_n) or bm / 2 x bn
 * (half_m), two warps and four CTAs an SM (docs/PERF.md, "Two-warp tiles", "The busiest
 * grid"); each measured with every tile forced, on the coverage profile and on seeds 2311
 * and 4242, or against the build before on all three seeds. b_vectors: B's rows are read
 * in 16-byte vectors (aligned, re-laid, or, in a stream-K class, shifted: level6_tuned.cuh,
 * docs/PERF.md "B shifted").
 * - The small-tile class's M = 25..64 (over SMALL_M_MAX, up to NARROW_M_MAX; 25..32 only
 *   under SMALL_M_COLS columns, the small-M class's row blocks take the rest) with N of a
 *   main tile or more: half_m, 64 rows like the one-warp tile, two warps sharing A's copy
 *   (33x4096x4096 94 -> 100% of cuBLAS, 34x5454x5391 78 -> 94; each such shape measured
 *   gained, 64x1024x1024 by 0.2; M = 25..32, from the small-M kernel's 32 rows: each of 22
 *   shapes gained, 32x11008x4096 81 -> 97, 27x9313x4396 66 -> 106). Not the class's tiny
 *   grids of more rows: 256^3 lost 4.7%.
 * - Few tiles: a grid of main tiles that fills at most half the CTA slots is sliced over
 *   K anyway (split-K, stream-K); a half tile slices it half as thin and its edge tiles
 *   overhang less. With B's rows 16-byte aligned (b_vectors), the half that covers less
 *   of C wins by about its cover (669x376x11548 88 -> 94% of cuBLAS at 64x128,
 *   3409x295x8489 91 -> 100 at 128x64), and at equal cover the main tile's own rate wins
 *   (384x512x4096 91 against 89): the half when it covers 2% less. With B's rows not
 *   aligned (four 4-byte copies a vector, strided across a warp's sectors), half_n, which
 *   copies half of half_m's B a thread (277x4745x5076 69 -> 79), unless half_m covers a
 *   fifth less (130x4327x4720: 67 at 128x64, 94 at 64x128).
 * - One launch of more than half a wave: a wave of half tiles takes about what a wave of
 *   main tiles takes, so the half whose grid takes fewer waves, when HALF_WAVE_PCT of its
 *   waves are fewer than the main tile's (11345x305x239: 445 of 128x64 in one wave of 528
 *   against 267 main tiles in two, 57 -> 83% of cuBLAS; 7813x1589x173, 3 waves against 4,
 *   71 -> 82; docs/PERF.md, "Lines of C and waves").
 * - Stream-K's grids: where one launch of a half tile fills 90% of its slots or more,
 *   that launch, no fix-up (2031x2070x1399 79 -> 89 at 128x64, 294x13023x5898 72 -> 95
 *   at 64x128); of two, the one that covers less. Else the half that covers less, when
 *   HALF_WAVE_PCT of its cover is still less than the main tile's: stream-K spreads any
 *   grid's k work over every slot, so its time follows the area covered, not the waves
 *   (141x9627x12308 69 -> 89% of cuBLAS at 64x128, 8859x142x7626 80 -> 99 at 128x64;
 *   each of 31 such shapes measured gained, docs/PERF.md "Stream-K by cover").
 * Tiles of fewer than two warp tiles a side have no halves. */
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
