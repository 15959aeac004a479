/* level6_plan.c: level 6's plan (kernels/level6_plan.h). The rule table first, in the order
 * the rules are tried; then the decision, each step a function that names the rule it took.
 * Bounds are the build's (struct l6_config); shape predicates and fitted coefficients are
 * kernels/shape_class.h's. Pure C: no CUDA, no state. */
#include "kernels/level6_plan.h"
#include "kernels/level6_plan_rules.h"

#include <math.h>
#include <string.h>

#include "kernels/level6_config.h"
#include "kernels/shape_class.h"

const struct l6_config L6_LEVEL6 = {
    .main = {.bm = L6_BM, .bn = L6_BN, .bk = L6_BK, .stages = L6_STAGES},
    .small = {.bm = SMALL_TILE, .bn = SMALL_TILE, .bk = L6_SMALL_BK, .stages = L6_SMALL_STAGES},
    .wide = {.bm = L6_WIDE_BM, .bn = L6_WIDE_BN, .bk = L6_WIDE_BK, .stages = L6_WIDE_STAGES},
    .full_rules = 1,
    /* an unaligned C's element stores weigh most at short K: staged up to K 256, and to 1024
     * where B's 16-byte copies leave the registers (evidence P038, P040, P051, P055) */
    .stage_c_max_k = 256,
    .stage_c_max_k_vec_b = 1024,
    /* B re-laid from M 400: the copy costs 60 / M of the product at FP32's 15 flops a byte
     * of DRAM; under 15% gain it loses (evidence P183) */
    .pad_b_min_m = 400,
    /* ... for the split-K and one-launch classes from M 800 (evidence P374, P375, P376) */
    .relay_all_min_m = 800,
    /* stream-K shifts B under M 800 (the 64x128 tile under 600), where copying B costs more
     * than the shift's 7-10% (evidence P366, P371) */
    .sk_shift_max_m = 800,
    .sk_shift_half_max_m = 600,
    /* a column strip off a main-tile split under K 700 costs its launch more than it saves
     * (evidence P423, P427, P428) */
    .strip_split_max_k = 700,
    .resident_max = 1024,
};

/* ---- the rules ------------------------------------------------------------------------ */

/* Rule ids, the table's rows in the order they are tried. */
enum {
    R_SLICED_K,
    R_STRIP_ROWS,
    R_STRIP_COLS,
    R_FINE,
    R_FINE_WIDE,
    R_WIDE_SHARE,
    R_SPLIT2_FORM,
    R_ONE_ROUND_FORM,
    R_FLAT,
    R_FLAT_SPLIT,
    R_RELAY_B,
    R_SHIFT_B,
    R_HALF_N,
    R_HALF_M,
    R_SMALL_M_FEW,
    R_SMALL_M_FLAT,
    R_SMALL_M,
    R_SMALL_N,
    R_SMALL_TILE,
    R_DEEP,
    R_FEW_TILES_SPLIT,
    R_STREAM_K,
    R_STREAM_K_NO_ROOM,
    R_SPLIT_K,
    R_ONE_LAUNCH,
    R_DEPTH_WIDE,
    R_DEPTH_EVEN,
    R_DEPTH_DEEP,
    R_DEPTH_BASE,
    R_STORE_COLUMNS,
    R_STORE_LINES,
    R_RULES
};

static const struct l6_rule RULES[R_RULES] = {
    [R_SLICED_K] = {"sliced-k", "sliced_k_kernel",
                    "a grid of 32x32 tiles within two CTAs an SM: K sliced over each CTA's 8 warps "
                    "(shape_sliced_k)",
                    "P416, P417, P419, P420"},
    [R_STRIP_ROWS] = {"strip-rows", "small_m_kernel after the whole tiles",
                      "M % 64 of 1-24: the last row of tiles is mostly empty; cut off where the "
                      "grid saves more than the strip costs (strip_of)",
                      "P180, P181"},
    [R_STRIP_COLS] = {"strip-cols", "small_n_kernel after the whole tiles",
                      "N % 64 of 1-32: as strip-rows, for the last column of tiles (strip_of)",
                      "P180, P181, P182"},
    [R_FINE] = {"fine", "short_k_kernel (64x64, four warps)",
                "short K: the fine tile's waves run faster than the class's grid "
                "(shape_short_k_pays, shape_short_k_splits)",
                "P117, P118, P138, P269, P288"},
    [R_FINE_WIDE] = {"fine-wide", "short_k_kernel (64x128)",
                     "K 97-399, a main-tile grid that ends in a partial round: the wide form's "
                     "busiest SM has less to compute (shape_short_k_main_wide, _wide_rounds, "
                     "_wide_streamk, _wide_one_wave)",
                     "P223, P292, P296, P301"},
    [R_WIDE_SHARE] = {"wide-share", "short_k_kernel (64x128, k tiles of 16)",
                      "K 400-700: the wide form's one launch beats the main tile's stream-K "
                      "(shape_short_k_wide_share)",
                      "P323, P324, P325"},
    [R_SPLIT2_FORM] = {"split2-form", "short_k_kernel (64x128 or 128x64, k tiles of 16)",
                       "in place of a split grid of 2 slices (shape_short_k_split2_form)",
                       "P305, P311, P319, P356"},
    [R_ONE_ROUND_FORM] = {"one-round-form", "short_k_kernel (64x128 or 128x64, k tiles of 16)",
                          "in place of the main tile's one launch over one round of its slots "
                          "(shape_one_round_form)",
                          "P329, P330"},
    [R_FLAT] = {"flat", "short_k_kernel (32x128)",
                "M under 400, K 400-1500: a grid of few rows (shape_short_k_flat_pays)",
                "P329, P330, P334"},
    [R_FLAT_SPLIT] = {"flat-split", "short_k_split_kernel (32x128) + sum",
                      "in place of a split grid whose busiest SM computes more "
                      "(shape_flat_split, shape_small_m_few_slices)",
                      "P336, P339, P341, P412"},
    [R_RELAY_B] = {"relay-b", "pad_b_rows first",
                   "B's rows unaligned: copied aligned into the workspace where the 16-byte "
                   "copies save more than the copy costs (relays_b)",
                   "P183, P374, P375, P376"},
    [R_SHIFT_B] = {"shift-b", "stream-K reads B shifted",
                   "under M 800, stream-K's shifted B costs less than re-laying it "
                   "(shifts_not_relays)",
                   "P366, P371"},
    [R_HALF_N] = {"half-n", "the 128x64 tile", "a wave of half tiles fits the grid better "
                  "(shape_tile_for)", "P038, P044, P051"},
    [R_HALF_M] = {"half-m", "the 64x128 tile", "as half-n (shape_tile_for)", "P038, P051"},
    [R_SMALL_M_FEW] = {"small-m-few", "short_k flat split",
                       "the small-M grid would hold fewer CTAs than SMs (small_m_few_ctas)",
                       "P412"},
    [R_SMALL_M_FLAT] = {"small-m-flat", "short_k flat (split)",
                        "two row blocks' rows from K 1400 (shape_small_m_flat)", "P346"},
    [R_SMALL_M] = {"small-m", "small_m_kernel", "M <= 24 (or up to 32 in blocks of 16): stream B "
                   "once (class small-M)", "P101, P161, P162, P173, P174"},
    [R_SMALL_N] = {"small-n", "small_n_kernel", "N <= 40 over 256 rows or more: stream A once "
                   "(class small-N)", "P089, P099, P416, P417"},
    [R_SMALL_TILE] = {"small-tile", "tuned_kernel 64x64",
                      "M <= 64 or a tiny grid (class small-tile)", "P007, P015"},
    [R_DEEP] = {"deep", "tuned_kernel (the wide tile)",
                "long K over a full wave of wide tiles (class deep)", "P007, P015"},
    [R_FEW_TILES_SPLIT] = {"few-tiles-split", "split-K in place of stream-K",
                           "stream-K over few tiles with B in vectors (shape_few_tiles_split)",
                           "P108, P197"},
    [R_STREAM_K] = {"stream-k", "streamk_kernel",
                    "whole tiles would keep under 90% of the slots busy (class stream-K)",
                    "P157, P158"},
    [R_STREAM_K_NO_ROOM] = {"stream-k-no-room", "the tiles without stream-K",
                            "the GPU holds fewer stream-K CTAs at once than the launch needs",
                            "P145"},
    [R_SPLIT_K] = {"split-k", "tuned_kernel in K slices + sum",
                   "a grid under a wave of CTA slots (shape_launch_slices)",
                   "P404, P405, P406"},
    [R_ONE_LAUNCH] = {"one-launch", "tuned_kernel", "a grid of a wave or more (class one-launch)",
                      "P007, P015"},
    [R_DEPTH_WIDE] = {"depth-wide", "64x128, k tiles of 8",
                      "the fine tile's wide form runs its grid faster (shape_short_k_wide, "
                      "_wide_runs)", "P220, P243, P244, P251"},
    [R_DEPTH_EVEN] = {"depth-even", "64x128 or 128x64, k tiles of 16",
                      "its grid's busiest SM has no more to compute (shape_short_k_even_form)",
                      "P317, P320, P330"},
    [R_DEPTH_DEEP] = {"depth-deep", "k tiles of 32",
                      "long K, no more padding (shape_short_k_deep)", "P248, P249"},
    [R_DEPTH_BASE] = {"depth-base", "k tiles of 16 in 4 stages", "the fine tile's own depth",
                      "P117"},
    [R_STORE_COLUMNS] = {"store-columns", "C staged by warp columns",
                         "C unaligned, short K, a wave or less: a warp's columns through smem",
                         "P051, P054"},
    [R_STORE_LINES] = {"store-lines", "C staged in lines",
                       "C unaligned, short K: the tile through the stages' smem",
                       "P038, P040, P051, P055"},
};

const struct l6_rule *l6_rule_of(int id)
{
    return id >= 0 && id < R_RULES ? &RULES[id] : NULL;
}

int l6_rule_count(void) { return R_RULES; }

/* ---- the kernels' geometry (each asserted against its kernel in kernels/level6_*.cu) ---- */

enum {
    SMALL_M_THREADS = 128,
    SMALL_M_MAX_SLICES = 64,

    SMALL_N_THREADS = 256,
    SMALL_N_BK = 32,
    SMALL_N_STAGES = 4,
    SLICED_K_THREADS = 32 * SLICED_K_WARPS,
    SLICED_K_STAGES = 3,
    FINE_THREADS = 128,
    REDUCE_COLS = 32,
    REDUCE_GROUPS = 8,
    REDUCE_NARROW = 128,
    PAD_THREADS = 256,
    PAD_MAX_BLOCKS = 1 << 16,
};

/* The four-warp tile's forms: k depth, stages, columns a lane (4 or 8), warps down M. */
static const struct {
    int bk, stages, tn, warps_m;
} DEPTHS[L6_DEPTHS] = {
    [L6_FINE_BASE] = {L6_SHORT_K_BK, L6_SHORT_K_STAGES, 4, 2},
    [L6_FINE_DEEP] = {L6_SHORT_K_DEEP_BK, L6_SHORT_K_DEEP_STAGES, 4, 2},
    [L6_FINE_WIDE] = {L6_SHORT_K_WIDE_BK, L6_SHORT_K_WIDE_STAGES, 8, 2},
    [L6_FINE_WIDE_EVEN] = {L6_SHORT_K_WIDE_EVEN_BK, L6_SHORT_K_WIDE_EVEN_STAGES, 8, 2},
    [L6_FINE_TALL_EVEN] = {L6_SHORT_K_WIDE_EVEN_BK, L6_SHORT_K_WIDE_EVEN_STAGES, 8,
                           L6_SHORT_K_TALL_WARPS_M},
    [L6_FINE_FLAT] = {L6_SHORT_K_BK, L6_SHORT_K_STAGES, 4, L6_SHORT_K_FLAT_WARPS_M},
};

static struct l6_tile depth_tile(enum l6_depth d)
{
    const int bm = DEPTHS[d].warps_m * 32, bn = 4 / DEPTHS[d].warps_m * 8 * DEPTHS[d].tn;
    return (struct l6_tile){.bm = bm, .bn = bn, .bk = DEPTHS[d].bk, .stages = DEPTHS[d].stages};
}

static int ceil_div(long long a, long long b) { return (int)((a + b - 1) / b); }
static int round4(int n) { return (n + 3) / 4 * 4; }
static struct shape_tile tile_of(struct l6_tile t) { return shape_tile_of(t.bm, t.bn); }
static int same_tile(struct shape_tile t, struct l6_tile u) { return t.bm == u.bm && t.bn == u.bn; }

/* A tiled kernel's B shifted (cfg::SHIFT_B): rows unaligned, a kernel that may shift (SHIFT_OK),
 * 4 stages or more, k tiles of whole vectors. */
static int shifts(struct l6_tile t, int vec_b, int shift_ok)
{
    return !vec_b && shift_ok && t.stages >= 4 && t.bk % 4 == 0;
}
/* Stream-K may shift B in tiles no taller than wide (STREAMK_SHIFTS). */
static int streamk_shifts(struct l6_tile t) { return shifts(t, 0, t.bm <= t.bn); }

/* A tiled kernel's threads and dynamic shared memory (cfg::THREADS, cfg::SMEM_BYTES). */
static int tile_threads(struct l6_tile t) { return SHAPE_TILE_THREADS(t.bm, t.bn); }
static size_t tile_smem(struct l6_tile t, int shift)
{
    const int stage = t.bk * (t.bm + 4) + t.bk * (shift ? t.bn + 4 : t.bn);
    return sizeof(float) * ((size_t)t.stages * stage + (shift ? 2 * t.bk * t.bn : 0));
}

static int aligned(struct l6_operand o) { return o.offset % 16 == 0 && o.ld % 4 == 0; }
/* o moved on by `floats` floats */
static struct l6_operand moved(struct l6_operand o, long long floats)
{
    o.offset = (int)((o.offset + 4 * (floats % 4)) % 16);
    return o;
}

struct ctx {
    const struct l6_config *cfg;
    const struct l6_gpu *gpu;
    int sms;
};

/* ---- classes and workspace -------------------------------------------------------------- */

static enum shape_class class_of(struct l6_tile main, struct l6_tile wide, int m, int n, int k,
                                 int sms)
{
    return shape_class_of(m, n, k, sms, tile_of(main), tile_of(wide));
}

/* The small-M kernel's accumulator rows for m rows and its row blocks: one block of 8, 16 or 24
 * rows; over that, blocks of 16 side by side (evidence P173, P174). */
struct rows {
    int mr, blocks;
};
static struct rows small_m_rows_of(int m)
{
    if (m > SMALL_M_MAX)
        return (struct rows){.mr = 16, .blocks = ceil_div(m, 16)};
    return (struct rows){.mr = m <= 8 ? 8 : m <= 16 ? 16 : 24, .blocks = 1};
}

/* CTAs an SM the small-M kernel's launch bounds hold: 5 at 8 rows, 4 at 16, 3 at 24. */
static int small_m_ctas_an_sm(int mr) { return mr <= 8 ? 5 : mr <= 16 ? 4 : 3; }

/* The small-M kernel's K slices for `blocks` blocks of mr rows on `sms` SMs that hold per_sm
 * of its CTAs each: one wave of CTAs, no more (a CTA past the wave streams its slice after
 * it, alone, and the launch takes two slices' time), the slices' traffic (slices x rows x n
 * floats, written and read) at most a quarter of B's, at most SMALL_M_MAX_SLICES (evidence
 * P161, P162). */
static int small_m_slices(int mr, int blocks, int n, int k, int sms, int per_sm)
{
    const int ctas = ceil_div(n, SMALL_M_COLS) * blocks, rows = mr * blocks;
    const int by_traffic = k / (4 * (rows > 8 ? rows : 8));
    int s = per_sm * sms / ctas;
    s = s < by_traffic ? s : by_traffic;
    s = s < SMALL_M_MAX_SLICES ? s : SMALL_M_MAX_SLICES;
    return s > 1 ? s : 1;
}

static size_t streamk_floats(long long sk_ctas, int bm, int bn)
{
    return (size_t)sk_ctas * bm * bn + (size_t)sk_ctas;
}

static size_t most(size_t a, size_t b) { return a > b ? a : b; }

/* The slices' workspace on any GPU of up to L6_MAX_SMS SMs, floats: sliced-K's, small-M's,
 * small-N's, or any tile's split-K or stream-K shares. */
static size_t slices_floats(struct l6_tile mt, int m, int n, int k)
{
    const int sliced = shape_sliced_k(m, n, k, L6_MAX_SMS);
    size_t floats = sliced > 1 ? (size_t)sliced * m * round4(n) : 0;
    if (class_of(mt, mt, m, n, k, L6_MAX_SMS) == SHAPE_SMALL_M) {
        const struct rows r = small_m_rows_of(m);
        const int s = small_m_slices(r.mr, r.blocks, n, k, L6_MAX_SMS, L6_SMALL_M_MAX_CTAS);
        floats = most(floats, s > 1 ? (size_t)s * m * n : 0);
        const int sf = shape_small_m_flat(m, n, k, L6_MAX_SMS);
        floats = most(floats, sf > 1 ? (size_t)sf * m * round4(n) : 0);
        const int sw = shape_small_m_few_slices(m, n, k, L6_MAX_SMS);
        floats = most(floats, sw > 1 ? (size_t)sw * m * round4(n) : 0);
    } else if (shape_is_small_n(m, n)) {
        int s = 1; /* not monotonic in the SM count: the most of any */
        for (int sms = 1; sms <= L6_MAX_SMS; ++sms) {
            const int at = shape_small_n_slices(m, k, sms);
            s = s > at ? s : at;
        }
        floats = most(floats, s > 1 ? (size_t)s * m * n : 0);
    } else {
        /* any tile the plan may take (the halves only for a main tile of 2 warp tiles a side) */
        const struct shape_tile tiles[] = {shape_tile_of(mt.bm, mt.bn),
                                           shape_tile_of(SMALL_TILE, SMALL_TILE),
                                           shape_tile_of(mt.bm, mt.bn / 2),
                                           shape_tile_of(mt.bm / 2, mt.bn)};
        const int count = mt.bm >= 128 && mt.bn >= 128 ? 4 : 2;
        for (int i = 0; i < count; ++i) {
            const struct shape_tile t = tiles[i];
            const int s = shape_launch_slices_most(m, n, k, L6_MAX_SMS, t);
            const long long sk_slots = (long long)shape_ctas_per_sm(t.threads) * L6_MAX_SMS;
            const long long sk_work = shape_tiles(m, n, t.bm, t.bn) * k / SK_MIN_SHARE_K;
            floats = most(floats, s > 1 ? (size_t)s * m * round4(n) : 0);
            if (i != 1 && m > NARROW_M_MAX)
                floats = most(floats, streamk_floats(sk_slots < sk_work ? sk_slots : sk_work,
                                                     t.bm, t.bn));
        }
    }
    return floats;
}

/* The re-laid B's bytes (0: B as it is): from pad_b_min_m rows and 1 GFLOP of work, where
 * the copy's own launch is paid back (evidence P183). */
static size_t pad_b_bytes(const struct l6_config *cfg, int m, int n, int k)
{
    const int pays = m >= cfg->pad_b_min_m && m > NARROW_M_MAX && !shape_is_small_n(m, n) &&
                     2.0 * m * n * k >= 1e9;
    return n % 4 != 0 && pays ? sizeof(float) * k * round4(n) : 0;
}

/* The re-laid B's offset: after the slices (of the whole, or of the tiles left of a column
 * strip), at a 256-byte boundary. */
static size_t pad_b_offset(struct l6_tile mt, int m, int n, int k)
{
    size_t floats = slices_floats(mt, m, n, k);
    if (shape_strip_cols(m, n))
        floats = most(floats, slices_floats(mt, m, n - shape_strip_cols(m, n), k));
    const size_t bytes = sizeof(float) * floats;
    return (bytes + 255) / 256 * 256;
}

static size_t workspace_whole(const struct l6_config *cfg, int m, int n, int k)
{
    const size_t pad = pad_b_bytes(cfg, m, n, k);
    return pad ? pad_b_offset(cfg->main, m, n, k) + pad
               : sizeof(float) * slices_floats(cfg->main, m, n, k);
}

/* ... and where a strip may be cut off (on some SM count), the most of the whole product's,
 * its whole tiles' and its strip's, which run one after the other. */
size_t l6_workspace_of(const struct l6_config *cfg, int m, int n, int k)
{
    size_t w = workspace_whole(cfg, m, n, k);
    const int rows = shape_strip_rows(m, n), cols = shape_strip_cols(m, n);
    if (rows)
        w = most(most(w, workspace_whole(cfg, m - rows, n, k)), workspace_whole(cfg, rows, n, k));
    if (cols)
        w = most(most(w, workspace_whole(cfg, m, n - cols, k)), workspace_whole(cfg, m, cols, k));
    return w;
}

/* ---- B: re-laid, shifted or as it is ----------------------------------------------------- */

/* The tile for p's class c (shape_tile_for), B read in vectors (vb) or, where the main tile's
 * stream-K shifts an unaligned B, as if. */
static struct shape_tile tile_for(const struct ctx *x, const struct l6_problem *p,
                                  enum shape_class c, int vb)
{
    const int as_vb = vb || (c == SHAPE_STREAM_K && streamk_shifts(x->cfg->main));
    return shape_tile_for(p->m, p->n, p->k, x->sms, tile_of(x->cfg->main), c, as_vb);
}

/* Whether p's B is re-laid with aligned rows: unaligned, where that pays (pad_b_bytes), with a
 * workspace; under relay_all_min_m rows not for the split-K and one-launch classes of level 6's
 * tiles, which read it by 4-byte copies, unless it would go to the 64x128 half (evidence P374,
 * P375, P376). The rule was fitted to level 6's tiles, which it reads whatever the build. */
static int relays_b(const struct ctx *x, const struct l6_problem *p)
{
    if (!p->workspace || aligned(p->b) || pad_b_bytes(x->cfg, p->m, p->n, p->k) == 0)
        return 0;
    if (p->m >= x->cfg->relay_all_min_m)
        return 1;
    const enum shape_class c = class_of(L6_LEVEL6.main, L6_LEVEL6.wide, p->m, p->n, p->k, x->sms);
    if (c != SHAPE_SPLIT_K && c != SHAPE_ONE_LAUNCH)
        return 1;
    const struct shape_tile t =
        shape_tile_for(p->m, p->n, p->k, x->sms, tile_of(L6_LEVEL6.main), c, 0);
    return t.bm < L6_LEVEL6.main.bm;
}

static int reads_b_in_vectors(const struct ctx *x, const struct l6_problem *p)
{
    return relays_b(x, p) || aligned(p->b);
}

/* Whether stream-K shifts p's B rather than re-laying it: c stream-K for the tile it takes,
 * that tile shifts B (not taller than wide), M under the bound (evidence P366, P371). */
static int shifts_not_relays(const struct ctx *x, const struct l6_problem *p, enum shape_class c)
{
    const struct l6_config *cfg = x->cfg;
    if (p->m >= cfg->sk_shift_max_m || !relays_b(x, p) || c != SHAPE_STREAM_K)
        return 0;
    const struct shape_tile t = tile_for(x, p, c, 1);
    if (t.bm > t.bn || (t.bm < cfg->main.bm && p->m >= cfg->sk_shift_half_max_m))
        return 0;
    return same_tile(t, cfg->main) ||
           shape_class_of(p->m, p->n, p->k, x->sms, t, t) == SHAPE_STREAM_K;
}

/* Class c, but split-K where c is stream-K over few tiles and B is read in vectors (evidence
 * P108). */
static enum shape_class few_tiles_split(const struct ctx *x, const struct l6_problem *p,
                                        enum shape_class c)
{
    return c == SHAPE_STREAM_K && reads_b_in_vectors(x, p) &&
                   shape_few_tiles_split(p->m, p->n, p->k, x->sms, tile_of(x->cfg->main))
               ? SHAPE_SPLIT_K
               : c;
}

/* ---- the four-warp tiles ----------------------------------------------------------------- */

static int short_k_runs(const struct ctx *x, const struct l6_problem *p, enum shape_class c,
                        struct shape_tile t)
{
    if (c == SHAPE_SPLIT_K)
        return shape_short_k_splits(p->m, p->n, p->k, x->sms, t);
    return c == SHAPE_ONE_LAUNCH && shape_short_k_pays(p->m, p->n, p->k, x->sms, t, aligned(p->c));
}

/* A stream-K grid with C unaligned where the fine tile would run its one launch: it keeps its
 * lead over the 128-row stream-K tiles' staged C only under SHORT_K_STREAMK_COLUMNS_MIN_K
 * (evidence P152, P167). */
static int short_k_runs_streamk(const struct ctx *x, const struct l6_problem *p,
                                enum shape_class c, int vb, struct shape_tile st)
{
    if (c != SHAPE_STREAM_K || aligned(p->c) || !vb)
        return 0;
    if (st.bm >= st.bn && p->k >= SHORT_K_STREAMK_COLUMNS_MIN_K)
        return 0;
    return short_k_runs(x, p, SHAPE_ONE_LAUNCH, tile_for(x, p, SHAPE_ONE_LAUNCH, vb));
}

/* The class a half tile t runs p as where p's class c is stream-K: its own; SHAPE_CLASSES
 * where c is not stream-K or t is the main tile. */
static enum shape_class half_own_class(const struct ctx *x, const struct l6_problem *p,
                                       enum shape_class c, struct shape_tile t)
{
    return c == SHAPE_STREAM_K && !same_tile(t, x->cfg->main)
               ? shape_class_of(p->m, p->n, p->k, x->sms, t, t)
               : SHAPE_CLASSES;
}

/* Whether the fine tile's waves pay against p's grid (evidence P269, P288). */
static int fine_tile_pays(const struct ctx *x, const struct l6_problem *p, enum shape_class c)
{
    const int vb = reads_b_in_vectors(x, p);
    const struct shape_tile t = tile_for(x, p, c, vb);
    const enum shape_class own = half_own_class(x, p, c, t);
    return short_k_runs(x, p, c, t) || short_k_runs_streamk(x, p, c, vb, t) ||
           (own == SHAPE_ONE_LAUNCH && short_k_runs(x, p, own, t)) ||
           (own == SHAPE_SPLIT_K && shape_split_idles(p->m, p->n, p->k, x->sms, t) &&
            short_k_runs(x, p, own, t));
}

static int fine_tile_runs(const struct ctx *x, const struct l6_problem *p, enum shape_class c)
{
    return fine_tile_pays(x, p, c) ||
           (c == SHAPE_ONE_LAUNCH && shape_short_k_wide_unaligned(p->m, p->n, p->k, x->sms,
                                                                  aligned(p->b), aligned(p->c)));
}

static int wide_tile_runs(const struct ctx *x, const struct l6_problem *p, enum shape_class c)
{
    if (fine_tile_runs(x, p, c))
        return 0;
    const struct shape_tile t = tile_for(x, p, c, reads_b_in_vectors(x, p));
    const int main = same_tile(t, x->cfg->main);
    const int m = p->m, n = p->n, k = p->k, sms = x->sms, vc = aligned(p->c);
    if (shape_short_k_main_wide(m, n, k, sms, c))
        return c != SHAPE_STREAM_K || main;
    if (!main)
        return 0;
    if (c == SHAPE_STREAM_K)
        return shape_short_k_wide_streamk(m, n, k, sms, t, vc);
    if (c != SHAPE_ONE_LAUNCH)
        return 0;
    return shape_short_k_wide_rounds(m, n, k, sms, t, vc) ||
           shape_short_k_wide_one_wave(m, n, k, sms, t, aligned(p->b), vc);
}

/* The tile of the split grid the tiles would run p (of class c) on: the main tile in the
 * split-K class, or a half tile whose own class is not stream-K; 0 where none. */
static int split_tile_of(const struct ctx *x, const struct l6_problem *p, enum shape_class c,
                         struct shape_tile *tile)
{
    if (!p->workspace)
        return 0;
    const struct l6_tile mt = x->cfg->main;
    const struct shape_tile t = tile_for(x, p, c, reads_b_in_vectors(x, p));
    *tile = t;
    if (same_tile(t, mt))
        return c == SHAPE_SPLIT_K;
    if ((t.bm == mt.bm && t.bn == mt.bn / 2) || (t.bm == mt.bm / 2 && t.bn == mt.bn))
        return shape_class_of(p->m, p->n, p->k, x->sms, t, t) != SHAPE_STREAM_K;
    return 0;
}

static enum short_k_form split2_form(const struct ctx *x, const struct l6_problem *p,
                                     enum shape_class c)
{
    struct shape_tile t;
    return split_tile_of(x, p, c, &t) ? shape_short_k_split2_form(p->m, p->n, p->k, x->sms, t)
                                      : SHORT_K_FORM_NONE;
}

static int flat_split_tile_of(const struct ctx *x, const struct l6_problem *p, enum shape_class c,
                              struct shape_tile *tile)
{
    if (!p->workspace)
        return 0;
    if (split_tile_of(x, p, c, tile))
        return 1;
    if (c != SHAPE_SMALL_TILE || !same_tile(*tile, x->cfg->main))
        return 0;
    *tile = shape_tile_of(SMALL_TILE, SMALL_TILE);
    return 1;
}

static int wide_share_runs(const struct ctx *x, const struct l6_problem *p, enum shape_class c)
{
    return c == SHAPE_STREAM_K &&
           shape_short_k_wide_share(p->m, p->n, p->k, x->sms, aligned(p->b), aligned(p->c));
}

static enum short_k_form one_round_form(const struct ctx *x, const struct l6_problem *p,
                                        enum shape_class c)
{
    if (c != SHAPE_ONE_LAUNCH)
        return SHORT_K_FORM_NONE;
    const struct shape_tile t = tile_for(x, p, c, reads_b_in_vectors(x, p));
    if (!same_tile(t, x->cfg->main))
        return SHORT_K_FORM_NONE;
    return shape_one_round_form(p->m, p->n, p->k, x->sms, t);
}

/* A grid of tiles t, as the tiles (sliced under a wave) or stream-K run it: the C x k its
 * busiest SM computes, an FFMA a unit; stream-K at SK_BUSY_PCT of the rate. */
static double grid_time(int m, int n, int k, int sms, struct shape_tile t, int streamk)
{
    if (streamk)
        return (double)shape_cover(m, n, t) * k / sms * 100 / SK_BUSY_PCT;
    return (double)shape_split_sm_work(m, n, k, t.bm, t.bn,
                                       shape_splitk_slices(m, n, k, sms, t.bm, t.bn, t.threads), sms);
}

/* p's time as its plan runs it without strips (grid_time of its grid; the fine tile's FFMAs
 * at SHORT_K_RATE_PCT of the main tile's rate); -1 for the small-M and small-N classes. The
 * class before few_tiles_split (evidence P197). */
static double plan_time(const struct ctx *x, const struct l6_problem *p)
{
    const int m = p->m, n = p->n, k = p->k, sms = x->sms;
    const enum shape_class c = class_of(x->cfg->main, x->cfg->wide, m, n, k, sms);
    if (c == SHAPE_SMALL_M || c == SHAPE_SMALL_N)
        return -1;
    if (fine_tile_pays(x, p, c))
        return SHORT_K_RATE_PCT / 100.0 * shape_sm_area(m, n, SHORT_K_TILE, SHORT_K_TILE, sms) * k;
    const struct shape_tile t = tile_for(x, p, c, reads_b_in_vectors(x, p));
    if (!same_tile(t, x->cfg->main))
        return grid_time(m, n, k, sms, t, shape_class_of(m, n, k, sms, t, t) == SHAPE_STREAM_K);
    switch (c) {
    case SHAPE_SMALL_TILE:
        return grid_time(m, n, k, sms, shape_tile_of(SMALL_TILE, SMALL_TILE), 0);
    case SHAPE_DEEP:
        return grid_time(m, n, k, sms, tile_of(x->cfg->wide), 0);
    default:
        return grid_time(m, n, k, sms, t, c == SHAPE_STREAM_K);
    }
}

/* The four-warp launch the plan picks for p, its rules in order (the table's R_FINE ..
 * R_FLAT_SPLIT); rule R_RULES: none (the tiles' grids). c0: p's class; c: after
 * few_tiles_split. */
struct four_warp {
    int rule;
    enum l6_depth depth; /* R_SPLIT2_FORM, R_ONE_ROUND_FORM, R_WIDE_SHARE: the form */
    int slices;          /* R_FLAT (1), R_FLAT_SPLIT */
};
static enum l6_depth form_depth(enum short_k_form f)
{
    return f == SHORT_K_FORM_TALL ? L6_FINE_TALL_EVEN : L6_FINE_WIDE_EVEN;
}
static struct four_warp four_warp_of(const struct ctx *x, const struct l6_problem *p,
                                     enum shape_class c0, enum shape_class c)
{
    const struct four_warp none = {.rule = R_RULES};
    if (fine_tile_runs(x, p, c0))
        return (struct four_warp){.rule = R_FINE};
    if (wide_tile_runs(x, p, c0))
        return (struct four_warp){.rule = R_FINE_WIDE, .depth = L6_FINE_WIDE};
    if (wide_share_runs(x, p, c))
        return (struct four_warp){.rule = R_WIDE_SHARE, .depth = L6_FINE_WIDE_EVEN};
    enum short_k_form f = split2_form(x, p, c);
    if (f)
        return (struct four_warp){.rule = R_SPLIT2_FORM, .depth = form_depth(f)};
    if ((f = one_round_form(x, p, c)))
        return (struct four_warp){.rule = R_ONE_ROUND_FORM, .depth = form_depth(f)};
    struct shape_tile t;
    int s = 0;
    if (c == SHAPE_SMALL_TILE) {
        if (flat_split_tile_of(x, p, c, &t) && t.bm == SMALL_TILE && t.bn == SMALL_TILE)
            s = shape_flat_split(p->m, p->n, p->k, x->sms, t);
    } else if (c == SHAPE_SPLIT_K || c == SHAPE_STREAM_K || c == SHAPE_ONE_LAUNCH) {
        if (shape_short_k_flat_pays(p->m, p->n, p->k, x->sms, plan_time(x, p)))
            return (struct four_warp){.rule = R_FLAT, .depth = L6_FINE_FLAT, .slices = 1};
        if (split_tile_of(x, p, c, &t))
            s = shape_flat_split(p->m, p->n, p->k, x->sms, t);
    }
    if (!s)
        return none;
    return (struct four_warp){.rule = s == 1 ? R_FLAT : R_FLAT_SPLIT, .depth = L6_FINE_FLAT,
                              .slices = s};
}

/* ---- edge strips -------------------------------------------------------------------------- */

/* The strip model's coefficients, one table (evidence P180: fitted on 70 grids timed with and
 * without their strip, and on 70 strips timed alone; mean error 11% small-M, 17% small-N). */
static const struct {
    double ffma_us;            /* plan_time's units a microsecond: time the whole tiles save */
    double launch_us[2];       /* a strip's launch and reduction: small-M, small-N */
    double stream_bytes_us[2]; /* its streamed operand's rate (B, A), bytes a microsecond */
    double k_us[2];            /* a CTA's slice of k: us a k and accumulator row (small-M), a
                                  k and sqrt(columns / 8) (small-N) */
} STRIP = {
    .ffma_us = 177000,
    .launch_us = {10, 8},
    .stream_bytes_us = {1.8e6, 1.6e6},
    .k_us = {0.01, 0.02},
};

/* A strip's time, microseconds: its launch, and the longer of streaming its operand and its
 * CTAs' slice of k (they run in one wave). */
static double strip_us(int m, int n, int k, int rows, int cols, int sms)
{
    if (rows) {
        const int mr = small_m_rows_of(rows).mr;
        const int kps = ceil_div(k, small_m_slices(mr, 1, n, k, sms, small_m_ctas_an_sm(mr)));
        return STRIP.launch_us[0] +
               fmax(4.0 * n * k / STRIP.stream_bytes_us[0], STRIP.k_us[0] * kps * mr);
    }
    const int bn = ceil_div(cols, 8) * 8;
    const int kps = ceil_div(k, shape_small_n_slices(m, k, sms));
    return STRIP.launch_us[1] +
           fmax(4.0 * m * k / STRIP.stream_bytes_us[1], STRIP.k_us[1] * kps * sqrt(bn / 8.0));
}

/* p less its strip: its whole tiles, B as p's plan would read it (re-laid for all of p where
 * p's would be: an aligned stand-in, the workspace). */
static struct l6_problem strip_rest(const struct ctx *x, const struct l6_problem *p, int rows,
                                    int cols)
{
    struct l6_problem h = *p;
    h.m -= rows;
    h.n -= cols;
    if (cols && relays_b(x, p))
        h.b = (struct l6_operand){.ld = round4(p->n), .offset = 0};
    return h;
}

/* Under strip_split_max_k, no column strip off a grid whose whole tiles run the main tile's
 * split over more than one 64-column width (evidence P423, P427, P428). */
static int short_split_keeps_columns(const struct ctx *x, const struct l6_problem *rest)
{
    if (rest->k >= x->cfg->strip_split_max_k || rest->n <= STRIP_EDGE)
        return 0;
    const enum shape_class c = class_of(x->cfg->main, x->cfg->wide, rest->m, rest->n, rest->k, x->sms);
    const enum shape_class cs = few_tiles_split(x, rest, c);
    return cs == SHAPE_SPLIT_K && !fine_tile_runs(x, rest, c) &&
           four_warp_of(x, rest, c, cs).rule == R_RULES;
}

/* The strip cut off p: rows or columns, where the time its whole tiles save is more than the
 * strip's; of two, the one that saves more. From K = SHORT_K_STAGED_MIN_K, with a workspace;
 * not off the wide form's grids nor the flat shape's one launch, which were fitted whole
 * (evidence P339). */
static void strip_of(const struct ctx *x, const struct l6_problem *p, int *rows, int *cols)
{
    *rows = *cols = 0;
    const int cut_rows = shape_strip_rows(p->m, p->n), cut_cols = shape_strip_cols(p->m, p->n);
    if (!p->workspace || p->k < SHORT_K_STAGED_MIN_K || (!cut_rows && !cut_cols))
        return;
    const enum shape_class c0 = class_of(x->cfg->main, x->cfg->wide, p->m, p->n, p->k, x->sms);
    const struct four_warp w = four_warp_of(x, p, c0, few_tiles_split(x, p, c0));
    if (w.rule == R_FINE_WIDE || (w.rule == R_FLAT && w.slices == 1))
        return;
    const double whole = plan_time(x, p);
    if (whole < 0)
        return;
    double best = 0;
    for (int i = 0; i < 2; ++i) {
        const int r = i == 0 ? cut_rows : 0, cl = i == 1 ? cut_cols : 0;
        if (!r && !cl)
            continue;
        const struct l6_problem h = strip_rest(x, p, r, cl);
        if (cl && short_split_keeps_columns(x, &h))
            continue;
        const double rest = plan_time(x, &h);
        if (rest < 0)
            continue;
        const double saved = (whole - rest) / STRIP.ffma_us - strip_us(p->m, p->n, p->k, r, cl, x->sms);
        if (saved > best) {
            best = saved;
            *rows = r;
            *cols = cl;
        }
    }
}

/* ---- the launches --------------------------------------------------------------------------- */

struct out {
    const struct ctx *x;
    struct l6_plan *plan;
};

static void took(struct out *o, int rule)
{
    if (o->plan->n_rules < (int)(sizeof o->plan->rules / sizeof o->plan->rules[0]))
        o->plan->rules[o->plan->n_rules++] = rule;
}

static void set_grid(struct l6_launch *l, long long x, long long y, long long z)
{
    l->grid[0] = (unsigned)x, l->grid[1] = (unsigned)y, l->grid[2] = (unsigned)z;
}

/* K cut in *slices slices of whole bk-deep k tiles (the last may end inside one): the k of a
 * slice; *slices becomes the count that makes. */
static int slice_k(int k, int *slices, int bk)
{
    const int k_split = ceil_div(ceil_div(k, *slices), bk) * bk;
    *slices = ceil_div(k, k_split);
    return k_split;
}

/* The slices' sum into C: a float a thread where the slices' rows are unaligned or few slices
 * of narrow rows, else 4 (evidence P103, P105); few slices: a row's threads rounded up to a
 * warp, as many rows a CTA of 256 as fit; more: REDUCE_GROUPS threads an element, a group's
 * lanes a row's vectors rounded up to a power of 2 (evidence P197). */
static struct l6_reduce reduce_of(const struct l6_problem *p, int slices, int ldw)
{
    struct l6_reduce r = {.v = 4, .vec_c = aligned(p->c), .few = slices < 2 * REDUCE_GROUPS};
    if (ldw % 4 != 0 || (r.few && p->n < REDUCE_NARROW))
        r.v = 1, r.vec_c = 0;
    if (r.few) {
        int tx = ceil_div(ceil_div(p->n, r.v), 32) * 32;
        tx = tx < 256 ? tx : 256;
        const int ty = 256 / tx;
        r.grid[0] = (unsigned)ceil_div(p->n, (long long)tx * r.v);
        r.grid[1] = (unsigned)ceil_div(p->m, ty);
        r.block[0] = (unsigned)tx, r.block[1] = (unsigned)ty;
    } else {
        r.lanes = 1;
        while (r.lanes < REDUCE_COLS && r.lanes < ceil_div(p->n, r.v))
            r.lanes *= 2;
        r.grid[0] = (unsigned)ceil_div(p->n, (long long)r.lanes * r.v);
        r.grid[1] = (unsigned)ceil_div(p->m, REDUCE_COLS / r.lanes);
        r.block[0] = REDUCE_COLS, r.block[1] = REDUCE_GROUPS;
    }
    r.grid[2] = r.block[2] = 1;
    return r;
}

/* p's slices (slice_k at depth bk) into the workspace, rows ldw floats apart, and their sum;
 * one slice straight into C unless `always` (the split kernels write only the workspace). */
static void sliced_into(struct l6_launch *l, const struct l6_problem *p, int slices, int bk,
                        int ldw, int always)
{
    l->k_split = slice_k(p->k, &slices, bk);
    l->slices = slices;
    if (slices > 1 || always) {
        l->ldw = ldw;
        l->reduce = reduce_of(p, slices, ldw);
    }
}

static struct l6_launch fine(struct out *o, const struct l6_problem *p, enum l6_depth d, int rule)
{
    const struct l6_tile t = depth_tile(d);
    struct l6_launch l = {.kernel = L6_K_FINE, .dims = t, .depth = d, .vec_a = aligned(p->a),
                          .vec_b = aligned(p->b), .vec_c = aligned(p->c), .slices = 1,
                          .k_split = p->k, .threads = FINE_THREADS, .rule = rule};
    l.store = !l.vec_c && p->k < SHORT_K_STAGED_MIN_K; /* staged C (evidence P125) */
    set_grid(&l, ceil_div(p->m, t.bm), ceil_div(p->n, t.bn), 1);
    took(o, rule);
    return l;
}

static struct l6_launch fine_split(struct out *o, const struct l6_problem *p, enum l6_depth d,
                                   int slices, int rule)
{
    const struct l6_tile t = depth_tile(d);
    struct l6_launch l = {.kernel = L6_K_FINE_SPLIT, .dims = t, .depth = d,
                          .vec_a = aligned(p->a), .vec_b = aligned(p->b), .vec_c = 1,
                          .threads = FINE_THREADS, .rule = rule};
    sliced_into(&l, p, slices, t.bk, round4(p->n), 1);
    set_grid(&l, ceil_div(p->m, t.bm), ceil_div(p->n, t.bn), l.slices);
    took(o, rule);
    return l;
}

/* The fine tile (R_FINE): its wide form where that runs the grid faster, a form at k tiles of
 * 16 where its busiest SM has no more to compute, k tiles of 32 at long K, else its own. */
static struct l6_launch fine_of(struct out *o, const struct l6_problem *p)
{
    const int m = p->m, n = p->n, k = p->k, sms = o->x->sms, vb = aligned(p->b), vc = aligned(p->c);
    took(o, R_FINE);
    if (shape_short_k_wide(m, n, k, sms) || shape_short_k_wide_runs(m, n, k, sms, vb, vc))
        return fine(o, p, L6_FINE_WIDE, R_DEPTH_WIDE);
    const enum short_k_form f = shape_short_k_even_form(m, n, k, sms, vb, vc);
    if (f)
        return fine(o, p, form_depth(f), R_DEPTH_EVEN);
    if (shape_short_k_deep(k))
        return fine(o, p, L6_FINE_DEEP, R_DEPTH_DEEP);
    return fine(o, p, L6_FINE_BASE, R_DEPTH_BASE);
}

static struct l6_launch tiled(enum l6_kernel kernel, enum l6_tile_id id, struct l6_tile t,
                              int vb, int rule)
{
    return (struct l6_launch){.kernel = kernel, .tile = id, .dims = t, .vec_b = vb, .vec_c = 1,
                              .slices = 1, .threads = tile_threads(t), .rule = rule};
}

/* One launch of tiles t. An unaligned C in a tile of 2-7 warps (no room of its own) is staged
 * up to stage_c_max_k (stage_c_max_k_vec_b with B in vectors): by warp columns where the grid
 * takes a wave or less and the stages hold them, else in lines (evidence P051, P054). */
static struct l6_launch one_launch(struct out *o, const struct l6_problem *p, enum l6_tile_id id,
                                   struct l6_tile t, int vb, int rule)
{
    const struct l6_config *cfg = o->x->cfg;
    struct l6_launch l = tiled(L6_K_TILES, id, t, vb, rule);
    l.vec_c = aligned(p->c);
    l.k_split = p->k;
    set_grid(&l, ceil_div(p->m, t.bm), ceil_div(p->n, t.bn), 1);
    const int warps = (t.bm / 64) * (t.bn / 64);
    if (!l.vec_c && warps < 8 && warps >= 2 &&
        p->k <= (vb ? cfg->stage_c_max_k_vec_b : cfg->stage_c_max_k)) {
        const size_t columns = sizeof(float) * warps * 64 * 32;
        const long long slots = (long long)shape_ctas_per_sm(l.threads) * o->x->gpu->sm_count;
        l.store = tile_smem(t, 0) >= columns &&
                          shape_waves(shape_tiles(p->m, p->n, t.bm, t.bn), slots) <= 1
                      ? L6_STORE_COLUMNS
                      : L6_STORE_LINES;
        took(o, rule);
        took(o, l.store == L6_STORE_COLUMNS ? R_STORE_COLUMNS : R_STORE_LINES);
        return l;
    }
    took(o, rule);
    return l;
}

/* Tiles t, K sliced where the grid is under a wave (shape_launch_slices), with a workspace. B
 * shifted in the split where a tuning build's SPLIT_SHIFT_MAX_TILES_N says (level 6: never). */
static struct l6_launch tiles_b(struct out *o, const struct l6_problem *p, enum l6_tile_id id,
                                struct l6_tile t, int vb, int rule)
{
    const int slices = shape_launch_slices(p->m, p->n, p->k, o->x->sms, tile_of(t), t.bk);
    if (slices <= 1 || !p->workspace)
        return one_launch(o, p, id, t, vb, rule);
    struct l6_launch l = tiled(L6_K_SPLIT, id, t, vb, R_SPLIT_K);
    l.shift_b = SPLIT_SHIFT_MAX_TILES_N > 0 && t.bm == 64 && t.bn == 128 && shifts(t, vb, 1) &&
                shape_split_shifts_b(p->n, tile_of(t));
    sliced_into(&l, p, slices, t.bk, round4(p->n), 1);
    set_grid(&l, ceil_div(p->m, t.bm), ceil_div(p->n, t.bn), l.slices);
    took(o, R_SPLIT_K);
    return l;
}

/* Stream-K over tiles t; where the GPU cannot hold all of its stream-K CTAs at once, the tiles
 * without it (every wait must end: a slot is always left for a CTA not yet started). */
static struct l6_launch streamk(struct out *o, const struct l6_problem *p, enum l6_tile_id id,
                                struct l6_tile t, int vb)
{
    const struct ctx *x = o->x;
    const struct shape_streamk q = shape_streamk_of(p->m, p->n, p->k, x->sms, tile_of(t));
    struct l6_launch l = tiled(L6_K_STREAM_K, id, t, vb, R_STREAM_K);
    l.vec_c = aligned(p->c);
    l.shift_b = shifts(t, vb, t.bm <= t.bn);
    l.k_split = p->k;
    l.sk.tiles_m = ceil_div(p->m, t.bm);
    l.sk.dp_tiles = q.dp_tiles, l.sk.sk_tiles = q.sk_tiles, l.sk.sk_ctas = q.sk_ctas;
    l.sk.iters = ceil_div(p->k, t.bk);
    set_grid(&l, (long long)q.dp_tiles + q.sk_ctas, 1, 1);
    int resident = x->gpu->resident(x->gpu->ctx, &l);
    resident = resident < x->cfg->resident_max ? resident : x->cfg->resident_max;
    if ((long long)resident * x->sms < q.sk_ctas) {
        took(o, R_STREAM_K_NO_ROOM);
        return tiles_b(o, p, id, t, vb, R_STREAM_K_NO_ROOM);
    }
    took(o, R_STREAM_K);
    return l;
}

static struct l6_launch tiles(struct out *o, const struct l6_problem *p, enum l6_tile_id id,
                              struct l6_tile t, int rule)
{
    return tiles_b(o, p, id, t, aligned(p->b), rule);
}

/* A half tile: its own class's stream-K, else its split-K or one launch. With B's rows
 * unaligned, stream-K only where that kernel shifts B or the tile is no wider than tall (the
 * 64x128 tile's 4-byte copies spilled). */
static struct l6_launch half(struct out *o, const struct l6_problem *p, enum l6_tile_id id,
                             struct l6_tile t, int vb)
{
    const int rule = id == L6_TILE_HALF_N ? R_HALF_N : R_HALF_M;
    took(o, rule);
    if ((vb || t.bm >= t.bn || shifts(t, vb, t.bm <= t.bn)) && p->workspace &&
        shape_class_of(p->m, p->n, p->k, o->x->sms, tile_of(t), tile_of(t)) == SHAPE_STREAM_K)
        return streamk(o, p, id, t, vb);
    return tiles_b(o, p, id, t, vb, rule);
}

static struct l6_launch small_m(struct out *o, const struct l6_problem *p, int mr, int blocks)
{
    const struct ctx *x = o->x;
    struct l6_launch l = {.kernel = L6_K_SMALL_M, .vec_a = aligned(p->a), .vec_b = aligned(p->b),
                          .vec_c = aligned(p->c), .rows = mr, .blocks = blocks,
                          .threads = SMALL_M_THREADS, .rule = R_SMALL_M};
    int resident = x->gpu->resident(x->gpu->ctx, &l);
    resident = resident < L6_SMALL_M_MAX_CTAS ? resident : L6_SMALL_M_MAX_CTAS;
    const int slices =
        p->workspace ? small_m_slices(mr, blocks, p->n, p->k, x->sms, resident) : 1;
    sliced_into(&l, p, slices, 1, p->n, 0);
    set_grid(&l, blocks, ceil_div(p->n, SMALL_M_COLS), l.slices);
    took(o, R_SMALL_M);
    return l;
}

/* The small-M path for p's rows: two row blocks' rows from K 1400 as the flat shape (its split
 * where it slices), else the small-M kernel of the fewest accumulator rows that hold them. */
static struct l6_launch small_m_rows(struct out *o, const struct l6_problem *p)
{
    const int s = p->workspace ? shape_small_m_flat(p->m, p->n, p->k, o->x->sms) : 0;
    if (s)
        return s > 1 ? fine_split(o, p, L6_FINE_FLAT, s, R_SMALL_M_FLAT)
                     : fine(o, p, L6_FINE_FLAT, R_SMALL_M_FLAT);
    const struct rows r = small_m_rows_of(p->m);
    return small_m(o, p, r.mr, r.blocks);
}

/* The small-N path: the instance of the fewest columns (8, 16, 24, 32, 40) that hold p's. */
static struct l6_launch small_n(struct out *o, const struct l6_problem *p)
{
    const int bn = p->n <= 8 ? 8 : p->n <= 16 ? 16 : p->n <= 24 ? 24 : p->n <= 32 ? 32 : 40;
    struct l6_launch l = {.kernel = L6_K_SMALL_N, .vec_a = aligned(p->a), .vec_b = aligned(p->b),
                          .vec_c = aligned(p->c), .rows = bn, .threads = SMALL_N_THREADS,
                          .rule = R_SMALL_N};
    const int slices = p->workspace ? shape_small_n_slices(p->m, p->k, o->x->sms) : 1;
    sliced_into(&l, p, slices, SMALL_N_BK, p->n, 0);
    set_grid(&l, ceil_div(p->m, SMALL_N_ROWS), l.slices, 1);
    took(o, R_SMALL_N);
    return l;
}

static struct l6_launch sliced_k(struct out *o, const struct l6_problem *p, int slices)
{
    struct l6_launch l = {.kernel = L6_K_SLICED_K, .vec_a = aligned(p->a), .vec_b = aligned(p->b),
                          .vec_c = slices > 1 || aligned(p->c), /* the workspace's rows are */
                          .threads = SLICED_K_THREADS, .rule = R_SLICED_K};
    sliced_into(&l, p, slices, SLICED_K_BK, round4(p->n), 0);
    set_grid(&l, ceil_div(p->n, SLICED_K_TILE), ceil_div(p->m, SLICED_K_TILE), l.slices);
    took(o, R_SLICED_K);
    return l;
}

/* Whether the small-M grid would hold fewer CTAs than the GPU has SMs (evidence P412). */
static int small_m_few_ctas(int m, int n, int k, int sms)
{
    const struct rows r = small_m_rows_of(m);
    const int s = small_m_slices(r.mr, r.blocks, n, k, sms, L6_SMALL_M_MAX_CTAS);
    return (long long)ceil_div(n, SMALL_M_COLS) * r.blocks * s < sms;
}

/* By class: small-M streams B, small-N streams A, small-tile 64x64 tiles, deep the wide tile,
 * stream-K the main tile's (with a workspace), any other the main tile, K sliced under a wave. */
static struct l6_launch class_launch(struct out *o, const struct l6_problem *p, enum shape_class c)
{
    const struct l6_config *cfg = o->x->cfg;
    switch (c) {
    case SHAPE_SMALL_M:
        if (p->workspace && small_m_few_ctas(p->m, p->n, p->k, o->x->sms)) {
            const int s = shape_small_m_few_slices(p->m, p->n, p->k, o->x->sms);
            took(o, R_SMALL_M_FEW);
            return s > 1 ? fine_split(o, p, L6_FINE_FLAT, s, R_FLAT_SPLIT)
                         : fine(o, p, L6_FINE_FLAT, R_FLAT);
        }
        return small_m_rows(o, p);
    case SHAPE_SMALL_N:
        return small_n(o, p);
    case SHAPE_SMALL_TILE:
        return tiles(o, p, L6_TILE_SMALL, cfg->small, R_SMALL_TILE);
    case SHAPE_DEEP:
        return tiles(o, p, L6_TILE_WIDE, cfg->wide, R_DEEP);
    case SHAPE_STREAM_K:
        if (p->workspace)
            return streamk(o, p, L6_TILE_MAIN, cfg->main, aligned(p->b));
        return tiles(o, p, L6_TILE_MAIN, cfg->main, R_ONE_LAUNCH);
    default:
        return tiles(o, p, L6_TILE_MAIN, cfg->main, R_ONE_LAUNCH);
    }
}

/* The class's launch, or (level 6's rules) a half tile where one suits the grid. */
static struct l6_launch shape_launch(struct out *o, const struct l6_problem *p, enum shape_class c)
{
    const struct l6_config *cfg = o->x->cfg;
    if (cfg->full_rules) {
        const int vb = aligned(p->b);
        const struct shape_tile t = tile_for(o->x, p, c, vb);
        const struct l6_tile mt = cfg->main;
        if (t.bn < mt.bn)
            return half(o, p, L6_TILE_HALF_N,
                        (struct l6_tile){.bm = mt.bm, .bn = mt.bn / 2, .bk = mt.bk, .stages = mt.stages},
                        vb);
        if (t.bm < mt.bm)
            return half(o, p, L6_TILE_HALF_M,
                        (struct l6_tile){.bm = mt.bm / 2, .bn = mt.bn, .bk = mt.bk, .stages = mt.stages},
                        vb);
    }
    return class_launch(o, p, c);
}

/* p without a strip: a four-warp tile where one of its rules takes p (read B as it is), else B
 * re-laid where that pays (and stream-K does not shift it), then the class's launch. `relayed`:
 * B was re-laid just before (a column strip's product). */
static struct l6_part whole_of(struct out *o, const struct l6_problem *p, int relayed)
{
    const struct ctx *x = o->x;
    struct l6_part part = {.m = p->m, .n = p->n};
    const enum shape_class c0 = class_of(x->cfg->main, x->cfg->wide, p->m, p->n, p->k, x->sms);
    const enum shape_class c = few_tiles_split(x, p, c0);
    if (c != c0)
        took(o, R_FEW_TILES_SPLIT);
    if (x->cfg->full_rules) {
        const struct four_warp w = four_warp_of(x, p, c0, c);
        switch (w.rule) {
        case R_FINE:
            part.run = fine_of(o, p);
            return part;
        case R_FINE_WIDE:
        case R_WIDE_SHARE:
        case R_SPLIT2_FORM:
        case R_ONE_ROUND_FORM:
            part.run = fine(o, p, w.depth, w.rule);
            return part;
        case R_FLAT:
        case R_FLAT_SPLIT:
            part.run = w.slices == 1 ? fine(o, p, L6_FINE_FLAT, R_FLAT)
                                     : fine_split(o, p, L6_FINE_FLAT, w.slices, R_FLAT_SPLIT);
            return part;
        default:
            break;
        }
    }
    struct l6_problem h = *p;
    if (relays_b(x, p)) {
        if (shifts_not_relays(x, p, c)) {
            took(o, R_SHIFT_B);
        } else {
            took(o, R_RELAY_B);
            part.relay_b = 1;
            part.relay_n = p->n;
            part.relay_at = pad_b_offset(x->cfg->main, p->m, p->n, p->k);
            h.b = (struct l6_operand){.ld = round4(p->n), .offset = 0};
            relayed = 1;
        }
    }
    part.run = shape_launch(o, &h, c);
    part.run.early = relayed && (part.run.kernel == L6_K_TILES || part.run.kernel == L6_K_SPLIT);
    return part;
}

struct l6_plan l6_plan_of(const struct l6_config *cfg, const struct l6_problem *p,
                          const struct l6_gpu *gpu)
{
    struct l6_plan plan = {.n_rules = 0};
    const struct ctx x = {.cfg = cfg, .gpu = gpu,
                          .sms = gpu->sm_count < L6_MAX_SMS ? gpu->sm_count : L6_MAX_SMS};
    struct out o = {.x = &x, .plan = &plan};
    plan.whole.m = p->m, plan.whole.n = p->n;
    plan.shape_class = class_of(cfg->main, cfg->wide, p->m, p->n, p->k, x.sms);
    if (cfg->full_rules) {
        const int s = shape_sliced_k(p->m, p->n, p->k, x.sms);
        if (s && (s == 1 || p->workspace)) {
            plan.whole.run = sliced_k(&o, p, s);
            return plan;
        }
        strip_of(&x, p, &plan.strip_rows, &plan.strip_cols);
    }
    const int rows = plan.strip_rows, cols = plan.strip_cols;
    if (!rows && !cols) {
        plan.whole = whole_of(&o, p, 0);
        return plan;
    }
    took(&o, rows ? R_STRIP_ROWS : R_STRIP_COLS);
    const struct l6_problem h = strip_rest(&x, p, rows, cols);
    const int relay_all = cols && relays_b(&x, p); /* all of B, as strip_rest reads it */
    plan.whole = whole_of(&o, &h, relay_all);
    if (relay_all) {
        took(&o, R_RELAY_B);
        plan.whole.relay_b = 1;
        plan.whole.relay_n = p->n;
        plan.whole.relay_at = pad_b_offset(cfg->main, p->m, p->n, p->k);
    }
    struct l6_problem s = *p;
    if (rows) {
        const int m0 = p->m - rows;
        s.m = rows;
        s.a = moved(p->a, (long long)m0 * p->a.ld);
        s.c = moved(p->c, (long long)m0 * p->c.ld);
        plan.strip.run = small_m_rows(&o, &s);
    } else {
        const int n0 = p->n - cols;
        s.n = cols;
        s.b = moved(p->b, n0);
        s.c = moved(p->c, n0);
        plan.strip.run = small_n(&o, &s);
    }
    plan.strip.m = s.m, plan.strip.n = s.n;
    return plan;
}

/* ---- for a reader ------------------------------------------------------------------------ */

void l6_launch_name(const struct l6_launch *l, char *out, size_t size)
{
    const struct l6_tile t = l->dims;
    switch (l->kernel) {
    case L6_K_TILES:
        snprintf(out, size, "tuned_kernel<%d,%d,%d,%d,%d,%d%s>", t.bm, t.bn, t.bk, t.stages,
                 l->vec_b, l->vec_c,
                 l->store == L6_STORE_COLUMNS ? ",1" : l->store == L6_STORE_LINES ? ",2" : "");
        return;
    case L6_K_SPLIT:
        snprintf(out, size, "%s<%d,%d,%d,%d,%d,1>", l->shift_b ? "tuned_shifted" : "tuned_kernel",
                 t.bm, t.bn, t.bk, t.stages, l->vec_b);
        return;
    case L6_K_STREAM_K:
        snprintf(out, size, "streamk_kernel<%d,%d,%d,%d,%d,%d>", t.bm, t.bn, t.bk, t.stages,
                 l->vec_b, l->vec_c);
        return;
    case L6_K_FINE: {
        char tile[16] = "";
        if (t.bm != SHORT_K_TILE) /* the four warps not in two rows: the tile's own size */
            snprintf(tile, sizeof tile, ",%dx%d", t.bm, t.bn);
        snprintf(out, size, "short_k_kernel<%d,%d,%d,%d%s%s%s>", t.bk, t.stages, l->vec_b,
                 l->vec_c, l->store ? ",1" : "", DEPTHS[l->depth].tn == 4 ? "" : ",wide", tile);
        return;
    }
    case L6_K_FINE_SPLIT:
        snprintf(out, size, "short_k_split_kernel<%d,%d,%d,%dx%d>", t.bk, t.stages, l->vec_b,
                 t.bm, t.bn);
        return;
    case L6_K_SMALL_M:
        snprintf(out, size, "small_m_kernel<%d,%d>", l->rows, l->vec_b);
        return;
    case L6_K_SMALL_N:
        snprintf(out, size, "small_n_kernel<%d,%d>", l->rows, l->vec_a);
        return;
    case L6_K_SLICED_K:
        snprintf(out, size, "sliced_k_kernel<%d,%d,%d,%d>", SLICED_K_WARPS, l->vec_a, l->vec_b,
                 l->vec_c);
        return;
    case L6_K_NONE:
        break;
    }
    snprintf(out, size, "none");
}

static void print_launch(FILE *f, const char *what, const struct l6_part *part, int sms)
{
    const struct l6_launch *l = &part->run;
    char name[96];
    l6_launch_name(l, name, sizeof name);
    fprintf(f, "%s: %dx%d", what, part->m, part->n);
    if (part->relay_b)
        fprintf(f, ", B re-laid with aligned rows first (workspace +%zu bytes)", part->relay_at);
    fprintf(f, "\n  kernel   %s\n  grid     %ux%ux%u, %d threads a CTA\n", name, l->grid[0],
            l->grid[1], l->grid[2], l->threads);
    if (l->kernel == L6_K_STREAM_K)
        fprintf(f, "  stream-K %d tiles one CTA each, %d tiles shared by %d CTAs (%d k tiles a "
                   "tile; the GPU must hold %d CTAs at once on %d SMs)\n",
                l->sk.dp_tiles, l->sk.sk_tiles, l->sk.sk_ctas, l->sk.iters, l->sk.sk_ctas, sms);
    if (l->slices > 1)
        fprintf(f, "  slices   %d of k %d into the workspace, then %s<%d,%d> %ux%u\n", l->slices,
                l->k_split, l->reduce.few ? "splitk_reduce_few" : "splitk_reduce", l->reduce.v,
                l->reduce.vec_c, l->reduce.grid[0], l->reduce.grid[1]);
    const struct l6_rule *r = l6_rule_of(l->rule);
    if (r)
        fprintf(f, "  rule     %s: %s (evidence %s)\n", r->name, r->reason, r->evidence);
}

void l6_plan_print(FILE *f, const struct l6_plan *plan, const struct l6_problem *p, int sms,
                   size_t workspace)
{
    fprintf(f, "level6_tuned %dx%dx%d on %d SMs; rows of A %s, of B %s, of C %s\n", p->m, p->n,
            p->k, sms, aligned(p->a) ? "aligned" : "unaligned",
            aligned(p->b) ? "aligned" : "unaligned", aligned(p->c) ? "aligned" : "unaligned");
    fprintf(f, "class %s (kernels/shape_class.h)\n", shape_class_name(plan->shape_class));
    print_launch(f, plan->strip.run.kernel ? "whole tiles" : "product", &plan->whole, sms);
    if (plan->strip.run.kernel)
        print_launch(f, plan->strip_rows ? "row strip" : "column strip", &plan->strip, sms);
    fprintf(f, "workspace %zu bytes\nrules, in the order they applied:\n", workspace);
    for (int i = 0; i < plan->n_rules; ++i) {
        const struct l6_rule *r = l6_rule_of(plan->rules[i]);
        fprintf(f, "  %-16s -> %s\n", r->name, r->path);
    }
}

/* ---- the rules one by one (kernels/level6_plan_rules.h) ----------------------------------- */

static struct ctx probe(int sms)
{
    return (struct ctx){.cfg = &L6_LEVEL6, .gpu = NULL, .sms = sms};
}

int l6_class(const struct l6_problem *p, int sms)
{
    return class_of(L6_LEVEL6.main, L6_LEVEL6.wide, p->m, p->n, p->k, sms);
}
int l6_whole_class(const struct l6_problem *p, int sms)
{
    const struct ctx x = probe(sms);
    return few_tiles_split(&x, p, l6_class(p, sms));
}
int l6_fine_tile_runs(const struct l6_problem *p, int sms, int c)
{
    const struct ctx x = probe(sms);
    return fine_tile_runs(&x, p, c);
}
int l6_wide_tile_runs(const struct l6_problem *p, int sms, int c)
{
    const struct ctx x = probe(sms);
    return wide_tile_runs(&x, p, c);
}
int l6_wide_share_runs(const struct l6_problem *p, int sms, int c)
{
    const struct ctx x = probe(sms);
    return wide_share_runs(&x, p, c);
}
int l6_split2_form(const struct l6_problem *p, int sms, int c)
{
    const struct ctx x = probe(sms);
    return split2_form(&x, p, c);
}
int l6_one_round_form(const struct l6_problem *p, int sms, int c)
{
    const struct ctx x = probe(sms);
    return one_round_form(&x, p, c);
}
int l6_relays_b(const struct l6_problem *p, int sms)
{
    const struct ctx x = probe(sms);
    return relays_b(&x, p);
}
int l6_shifts_not_relays(const struct l6_problem *p, int sms, int c)
{
    const struct ctx x = probe(sms);
    return shifts_not_relays(&x, p, c);
}
void l6_strip_of(const struct l6_problem *p, int sms, int *rows, int *cols)
{
    const struct ctx x = probe(sms);
    strip_of(&x, p, rows, cols);
}
struct l6_problem l6_strip_rest(const struct l6_problem *p, int sms, int rows, int cols)
{
    const struct ctx x = probe(sms);
    return strip_rest(&x, p, rows, cols);
}
int l6_flat_slices(const struct l6_problem *p, int sms)
{
    const struct ctx x = probe(sms);
    const int c0 = l6_class(p, sms);
    const struct four_warp w = four_warp_of(&x, p, c0, few_tiles_split(&x, p, c0));
    return w.rule == R_FLAT || w.rule == R_FLAT_SPLIT ? w.slices : 0;
}
int l6_small_m_slices(int mr, int blocks, int n, int k, int sms, int per_sm)
{
    return small_m_slices(mr, blocks, n, k, sms, per_sm);
}
int l6_small_m_few_ctas(int m, int n, int k, int sms) { return small_m_few_ctas(m, n, k, sms); }
size_t l6_slices_bytes(int m, int n, int k)
{
    return sizeof(float) * slices_floats(L6_LEVEL6.main, m, n, k);
}

/* ---- sweep --explain-plan ----------------------------------------------------------------- */

/* The CTAs an SM a launch's kernel holds, with no GPU: as the rules count them (stream-K's
 * tiles: shape_ctas_per_sm, the register file over 255 registers a thread), and the small-M
 * kernel's launch bounds; ptxas's sm_90 registers give these same counts (the dispatch
 * oracle, lab/scripts/dispatch_oracle.cu). */
static int resident_standin(void *ctx, const struct l6_launch *l)
{
    (void)ctx;
    return l->kernel == L6_K_SMALL_M ? small_m_ctas_an_sm(l->rows) : shape_ctas_per_sm(l->threads);
}

void l6_explain(FILE *out, int m, int n, int k, int sms, int aligned)
{
    const int ld = aligned ? round4(n) : n;
    const struct l6_problem p = {.m = m, .n = n, .k = k, .a = {.ld = k}, .b = {.ld = ld},
                                 .c = {.ld = ld}, .workspace = 1};
    const struct l6_gpu gpu = {.sm_count = sms, .resident = resident_standin};
    const struct l6_plan plan = l6_plan_of(&L6_LEVEL6, &p, &gpu);
    l6_plan_print(out, &plan, &p, sms < L6_MAX_SMS ? sms : L6_MAX_SMS,
                  l6_workspace_of(&L6_LEVEL6, m, n, k));
}
