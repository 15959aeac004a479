// dispatch_test.c: level 6's plan rules that read more than the shape, on the host
// (no GPU: they call no CUDA API). Which stream-K and split-K grids launch sends to the
// fine tile (fine_tile_runs, kernels/level6_plan.c) on an H100's 132 SMs, with level 6's
// own tiles (kernels/level6_config.h). Stream-K: where C's rows are unaligned and B is read
// in vectors (aligned, or re-laid where that pays), and the fine tile would take the grid's
// one launch. Split-K: at K up to 512, where the fine grid's busiest SM computes no more
// than the split grid's, against the tile for B as the launch reads it, and to K 1024 where
// the split grid also idles a fifth of its slots or more. One launch: the wide form where B
// and C are unaligned at K 97-159. And the small-M kernel's slices of K: one wave of CTAs.
// docs/kernels/level6.md gives each rule's evidence.
#include <stdio.h>

#include "kernels/level6_config.h"
#include "kernels/level6_plan_rules.h"
#include "kernels/shape_class.h"

enum { SMS = 132 };

// A product with 16-byte aligned matrices of leading dimension k, ldb, ldc, and a workspace or
// none.
static struct l6_problem args_of(int m, int n, int k, int ldb, int ldc, int workspace)
{
    const struct l6_problem p = {.m = m, .n = n, .k = k, .a = {.ld = k}, .b = {.ld = ldb},
                                 .c = {.ld = ldc}, .workspace = workspace};
    return p;
}

static int failures = 0;

static void expect(int ok, const char *what, int m, int n, int k)
{
    if (!ok) {
        fprintf(stderr, "FAIL: %dx%dx%d: %s\n", m, n, k, what);
        ++failures;
    }
}

// A rule's case: the product, what the rule answers for it (a flag, a form, slices) and why.
struct rule_case {
    struct l6_problem g;
    int want;
    const char *what;
};

// Each case's answer from `rule`, against what it wants.
static void expect_rule_n(const struct rule_case *cases, size_t n, int (*rule)(const struct l6_problem *))
{
    for (size_t i = 0; i < n; ++i)
        expect(rule(&cases[i].g) == cases[i].want, cases[i].what, cases[i].g.m, cases[i].g.n, cases[i].g.k);
}
#define expect_rule(cases, rule) expect_rule_n(cases, sizeof cases / sizeof cases[0], rule)

// The rules under test, each on the class its step sees.
static int share_rule(const struct l6_problem *g) { return l6_wide_share_runs(g, SMS, l6_whole_class(g, SMS)); }
static int split2_rule(const struct l6_problem *g) { return l6_split2_form(g, SMS, l6_whole_class(g, SMS)); }
static int round_rule(const struct l6_problem *g) { return l6_one_round_form(g, SMS, l6_whole_class(g, SMS)); }
static int relay_rule(const struct l6_problem *g) { return l6_relays_b(g, SMS); }
static int shift_rule(const struct l6_problem *g) { return l6_shifts_not_relays(g, SMS, l6_whole_class(g, SMS)); }
static int flat_rule(const struct l6_problem *g) { return l6_flat_slices(g, SMS); }

// g's class on SMS SMs is `want`, and the fine tile takes it (takes) or not.
static void check_class(struct l6_problem g, enum shape_class want, int takes, const char *what)
{
    const int c = l6_class(&g, SMS);
    expect(c == (int)want, "not of the class the case is for", g.m, g.n, g.k);
    expect(l6_fine_tile_runs(&g, SMS, c) == takes, what, g.m, g.n, g.k);
}

// launch cuts the strip of `rows` rows or `cols` columns off g on SMS SMs (none: 0, 0).
static void check_strip(struct l6_problem g, int rows, int cols, const char *what)
{
    int r, c;
    l6_strip_of(&g, SMS, &r, &c);
    expect(r == rows && c == cols, what, g.m, g.n, g.k);
}

// The class the plan's whole_of takes g's grid as: its class, then few_tiles_split.
static void check_split(struct l6_problem g, enum shape_class want, const char *what)
{
    expect(l6_class(&g, SMS) == SHAPE_STREAM_K, "not a stream-K grid", g.m, g.n, g.k);
    expect(l6_whole_class(&g, SMS) == (int)want, what, g.m, g.n, g.k);
}

static void check(struct l6_problem g, int takes, const char *what)
{
    check_class(g, SHAPE_STREAM_K, takes, what);
}

int main(void)
{
    // C unaligned, B re-laid (M >= 400), K under 300: the fine tile, also against stream-K's
    // 128-row kernels that stage C by warp columns
    check(args_of(5517, 1854, 180, 1854, 1854, 1), 1, "C unaligned, K under 300: fine tile");
    check(args_of(3399, 4175, 209, 4175, 4175, 1), 1, "C unaligned, K under 300: fine tile");
    // the same grid with B's rows aligned (ldb a multiple of 4), C's not
    check(args_of(5517, 1854, 180, 1856, 1854, 1), 1, "C unaligned, B aligned: fine tile");
    // from K 300, the 128-row stream-K kernels
    check(args_of(2708, 970, 470, 970, 970, 1), 0, "C unaligned, K 300 or more: stream-K");
    check(args_of(9228, 1095, 418, 1095, 1095, 1), 0, "C unaligned, K 300 or more: stream-K");
    // the 64x128 stream-K kernel stores an unaligned C lane by lane: the fine tile
    check(args_of(310, 15639, 414, 15640, 15639, 1), 1, "C unaligned, 64x128 stream-K: fine tile");
    // C aligned: stream-K stores it in vectors
    check(args_of(5517, 1856, 180, 1856, 1856, 1), 0, "C aligned: stream-K");
    // no workspace: B cannot be re-laid (and stream-K could not run; one launch then)
    check(args_of(5517, 1854, 180, 1854, 1854, 0), 0, "B neither aligned nor re-laid");
    // M under 400: B is not re-laid, stream-K shifts it
    check(args_of(310, 15639, 414, 15639, 15639, 1), 0, "B shifted by stream-K");
    // K past the fine tile's (512): its rule does not take the grid
    check(args_of(2693, 1138, 1200, 1138, 1138, 1), 0, "K past the fine tile's");
    // a half tile that runs the stream-K class as one launch (its own class): the fine tile
    // weighed against that launch. 2816x933x395: 330 CTAs of 128x64 on 528 slots against
    // 660 fine tiles on 660; 146x13550x338: 64x128's 318 on 528 against 636 on 660
    check(args_of(2816, 933, 395, 933, 933, 1), 1, "half tile's one launch: fine tile");
    check(args_of(146, 13550, 338, 13550, 13550, 1), 1, "half tile's one launch: fine tile");
    // ... not where the fine grid takes more waves: 435 CTAs of 128x64 on 528 slots against
    // 855 fine tiles on 660
    check(args_of(3612, 900, 292, 900, 900, 1), 0, "half tile's one launch taken");
    // ... but not against a half tile's split-K (10843x145x506: 128x64 in slices)
    check(args_of(10843, 145, 506, 145, 145, 1), 0, "half tile's split-K taken");
    // ... unless the split idles a fifth of its slots or more (411x3358x687: 378 CTAs of
    // 64x128 on 528 slots, 71% busy)
    check(args_of(411, 3358, 687, 3358, 3358, 1), 1, "half tile's idle split-K: fine tile");
    // a one-launch grid the waves leave to the main tile, C unaligned: not taken
    check_class(args_of(4096, 4095, 200, 4095, 4095, 1), SHAPE_ONE_LAUNCH, 0,
                "one launch of the main tile taken");
    // ... but under K 160, with B unaligned too, the wide form's: not with B aligned, nor
    // under K 97
    check_class(args_of(4096, 4095, 159, 4095, 4095, 1), SHAPE_ONE_LAUNCH, 1,
                "B and C unaligned under K 160: the wide form");
    check_class(args_of(4096, 4095, 160, 4095, 4095, 1), SHAPE_ONE_LAUNCH, 0,
                "B and C unaligned from K 160: the main tile");
    check_class(args_of(4096, 4095, 159, 4096, 4095, 1), SHAPE_ONE_LAUNCH, 0,
                "B aligned: the main tile");
    check_class(args_of(4096, 4095, 96, 4095, 4095, 1), SHAPE_ONE_LAUNCH, 0,
                "under K 97: the main tile");
    // split-K at K up to 512: 377 fine tiles, 3 an SM, against 390 CTAs of 128x64 at
    // k 232
    check_class(args_of(1848, 783, 464, 784, 784, 1), SHAPE_SPLIT_K, 1, "split-K: fine tile");
    // from K 513 to 1024, only where the split grid keeps under 80% of its slots busy
    // (1826x806x608 at 73%, 151x8038x636 at 71%: taken; 92x6684x882 at 80% and 1024 cubed at
    // 96%: not)
    check_class(args_of(1826, 806, 608, 808, 808, 1), SHAPE_SPLIT_K, 1,
                "split-K at K 608, 73% busy: fine tile");
    check_class(args_of(151, 8038, 636, 8038, 8038, 1), SHAPE_SPLIT_K, 1,
                "split-K at K 636, 71% busy, B as it is: fine tile");
    check_class(args_of(92, 6684, 882, 6684, 6684, 1), SHAPE_SPLIT_K, 0,
                "split-K at K 882, 80% busy: taken");
    check_class(args_of(1024, 1024, 1024, 1024, 1024, 1), SHAPE_SPLIT_K, 0,
                "split-K at K 1024, 96% busy: taken");
    // B unaligned under M = 400 (not re-laid): 64x128 tiles read by 4-byte copies, 2 slices
    check_class(args_of(242, 5690, 447, 5690, 5690, 1), SHAPE_SPLIT_K, 1,
                "split-K, B as it is: fine tile");
    // 3 slices of 64x128: the fine grid's busiest SM computes a tenth more
    check_class(args_of(309, 3650, 451, 3652, 3652, 1), SHAPE_SPLIT_K, 0,
                "split-K of 3 slices taken");
    // the small-M kernel's slices: one wave of CTAs, no more (12x15835x4554: 31 column
    // blocks on 4 x 132 slots, 17 slices; rounded up, 18 took a second wave)
    expect(l6_small_m_slices(16, 1, 15835, 4554, SMS, 4) == 17, "small-M: one wave of 4 an SM", 12, 15835, 4554);
    expect(l6_small_m_slices(24, 1, 6313, 11146, SMS, 3) == 30, "small-M: one wave of 3 an SM", 18, 6313, 11146);
    expect(l6_small_m_slices(16, 1, 3791, 15844, SMS, 4) == 64, "small-M: MAX_SMALL_M_SLICES", 13, 3791, 15844);
    expect(l6_small_m_slices(8, 1, 4096, 100, SMS, 5) == 3, "small-M: the reduction's traffic", 8, 4096, 100);
    // two row blocks of 16 (M = 25..32): a slice is both blocks' CTAs (31x6284x16287: 13
    // column blocks x 2 on 4 x 132 slots, 20 slices)
    expect(l6_small_m_slices(16, 2, 6284, 16287, SMS, 4) == 20, "small-M in row blocks: one wave", 31, 6284, 16287);
    for (int n = 512; n <= 16384; n += 509)
        for (int blocks = 1; blocks <= 2; ++blocks)
            for (int per_sm = 1; per_sm <= L6_SMALL_M_MAX_CTAS; ++per_sm) {
                const int s = l6_small_m_slices(16, blocks, n, 8192, SMS, per_sm);
                expect(s == 1 || (long long)s * blocks * ((n + 511) / 512) <= (long long)per_sm * SMS,
                       "small-M: past one wave", 16 * blocks, n, 8192);
            }
    // the flat shape's split in place of two row blocks: the workspace holds its slices on
    // any GPU (they grow with the SM count)
    for (int m = 25; m <= 32; m += 7)
        for (int n = 512; n <= 16384; n += 1021)
            for (int k = SMALL_M_FLAT_MIN_K; k <= 40000; k += 2999) /* past the small-M kernel's 64 slices */
                for (int sms = 1; sms <= L6_MAX_SMS; sms += 17) {
                    const int s = shape_small_m_flat(m, n, k, sms);
                    expect(s <= 1 || (size_t)s * m * ((n + 3) / 4 * 4) * sizeof(float) <=
                                        l6_slices_bytes(m, n, k),
                           "small-M's flat split: room in the workspace", m, n, k);
                }
    // small M's few CTAs (class_launch): the small-M kernel's grid of 32x740x137 is 4 CTAs on
    // 132 SMs, so the flat shape's split runs it; 1x4096x4096's is 512, 18x1972x1080's 44;
    // that split's slices have room in the workspace on any GPU
    expect(l6_small_m_few_ctas(32, 740, 137, SMS), "small M's few CTAs: 32x740x137", 32, 740, 137);
    expect(l6_small_m_few_ctas(18, 1972, 1080, SMS), "small M's few CTAs: 18x1972x1080", 18, 1972, 1080);
    expect(!l6_small_m_few_ctas(1, 4096, 4096, SMS), "small M's few CTAs: not 1x4096x4096", 1, 4096, 4096);
    for (int m = 1; m <= SMALL_M_BLOCKS_MAX; m += 3)
        for (int n = SMALL_M_COLS; n <= 9000; n += 997)
            for (int k = 20; k <= 3000; k += 271)
                for (int sms = 1; sms <= L6_MAX_SMS; sms += 17) {
                    const int s = shape_small_m_few_slices(m, n, k, sms);
                    expect(s <= 1 || (size_t)s * m * ((n + 3) / 4 * 4) * sizeof(float) <=
                                         l6_slices_bytes(m, n, k),
                           "small M's few CTAs: room in the workspace", m, n, k);
                }
    // the sliced-K path's K slices (shape_sliced_k), any class: room in the workspace on
    // any GPU
    for (int m = 1; m <= 4200; m += m < 64 ? 7 : 173)
        for (int n = 1; n <= 4200; n += n < 64 ? 5 : 181)
            for (int k = 1; k <= 70000; k = k * 2 + 33)
                for (int sms = 1; sms <= L6_MAX_SMS; sms += 11) {
                    const int s = shape_sliced_k(m, n, k, sms);
                    expect(s <= 1 || (size_t)s * m * ((n + 3) / 4 * 4) * sizeof(float) <=
                                         l6_slices_bytes(m, n, k),
                           "sliced-K: room in the workspace for its slices", m, n, k);
                }
    // the launch's own slices (tiles_b, shape_launch_slices) of every tile the
    // dispatch may split: the workspace holds them on any GPU
    {
        const struct shape_tile tiles[] = {shape_tile_of(L6_BM, L6_BN), shape_tile_of(SMALL_TILE, SMALL_TILE),
                                           shape_tile_of(L6_BM, L6_BN / 2), shape_tile_of(L6_BM / 2, L6_BN)};
        for (size_t i = 0; i < sizeof tiles / sizeof tiles[0]; ++i) {
            const struct shape_tile t = tiles[i];
            for (int m = 33; m <= 3000; m += 311)
                for (int n = 17; n <= 3000; n += 277) {
                    if (shape_is_small_n(m, n)) /* its own kernel: no tiles */
                        continue;
                    for (int k = 20; k <= 20000; k = k * 3 + 7)
                        for (int sms = 1; sms <= L6_MAX_SMS; sms += 13) {
                            const int s = shape_launch_slices(m, n, k, sms, t, L6_BK);
                            expect(s <= 1 || (size_t)s * m * ((n + 3) / 4 * 4) * sizeof(float) <=
                                                l6_slices_bytes(m, n, k),
                                   "split-K: room in the workspace for the launch's slices", m, n, k);
                        }
                }
        }
    }
    // Edge strips (strip_of): 4 rows off 260 (the fine tiles' two waves become one of
    // stream-K), 1 off 65 (64 rows in 64x128 tiles), 5 columns off 709 (B unaligned, not
    // re-laid under M = 400)
    // few tiles, each shared by 4 CTAs or more, B read in vectors: split-K, not stream-K
    check_split(args_of(4956, 117, 2916, 117, 117, 1), SHAPE_SPLIT_K, "few tiles, B re-laid: split-K");
    check_split(args_of(4956, 120, 2916, 120, 120, 0), SHAPE_SPLIT_K, "few tiles, B aligned: split-K");
    check_split(args_of(4956, 117, 2916, 117, 117, 0), SHAPE_STREAM_K,
                "few tiles, B not re-laid (no workspace): stream-K");
    check_split(args_of(384, 1601, 2000, 1601, 1601, 1), SHAPE_STREAM_K,
                "few tiles, B unaligned under M = 400: stream-K shifts it");
    check_split(args_of(14773, 83, 945, 83, 83, 1), SHAPE_STREAM_K, "116 tiles: stream-K");
    check_strip(args_of(260, 10283, 493, 10283, 10283, 1), 4, 0, "4 rows off 260");
    check_strip(args_of(65, 4096, 4096, 4096, 4096, 1), 1, 0, "1 row off 65");
    check_strip(args_of(376, 709, 12378, 709, 709, 1), 0, 5, "5 columns off 709");
    // 13 columns off 1165, B re-laid for all of it (M >= 400; at K 340 the strip is off, where the
    // wide form now takes the whole stream-K grid: shape_short_k_wide_streamk)
    check_strip(args_of(10733, 1165, 420, 1165, 1165, 1), 0, 13, "13 columns, B re-laid");
    // no column strip beside a split of the main tile under K = 700: the whole grid goes to
    // the fine tile (4312x323x249); from K 700 the strip is cut as before
    check_strip(args_of(4312, 323, 249, 323, 323, 1), 0, 0, "no columns off a short-K split");
    check_strip(args_of(1109, 917, 942, 917, 917, 1), 0, 21, "21 columns off a split at K 942");
    // ... nor off a split of one 64-column width (12854x65x604)
    check_strip(args_of(12854, 65, 604, 65, 65, 1), 0, 1, "1 column off a split 64 wide");
    // where the strip costs more than its tiles save: 12 rows off 972 (89% of the time)
    check_strip(args_of(972, 11137, 619, 11137, 11137, 1), 0, 0, "12 rows that cost more");
    // no strip under K = 32 (5225x12377x22), past 32 columns (3409x295x8489: 39), without a
    // workspace, nor where M and N are whole tiles
    check_strip(args_of(5225, 12377, 22, 12377, 12377, 1), 0, 0, "a strip under K = 32");
    check_strip(args_of(3409, 295, 8489, 295, 295, 1), 0, 0, "a strip of 39 columns");
    check_strip(args_of(260, 10283, 493, 10283, 10283, 0), 0, 0, "a strip without a workspace");
    check_strip(args_of(4096, 4096, 4096, 4096, 4096, 1), 0, 0, "a strip of whole tiles");
    // the column strip's tiles read B as the whole shape's launch would: re-laid (aligned
    // rows of round4(N)) where it re-lays B, as it is where not
    const struct l6_problem whole = args_of(10733, 1165, 340, 1165, 1165, 1);
    const struct l6_problem rest = l6_strip_rest(&whole, SMS, 0, 13);
    expect(rest.n == 1152 && rest.b.ld == 1168 && rest.b.offset == 0,
           "a column strip's tiles read B re-laid", 10733, 1165, 340);
    const struct l6_problem narrow = args_of(376, 709, 12378, 709, 709, 1);
    const struct l6_problem kept = l6_strip_rest(&narrow, SMS, 0, 5);
    expect(kept.n == 704 && kept.b.ld == 709 && kept.b.offset == narrow.b.offset,
           "a column strip's tiles read B as it is", 376, 709, 12378);
    // The wide form where the fine tile does not take a grid (wide_tile_runs): a one-launch
    // grid under K = 97 of 9 fine
    // waves, a stream-K grid of the main tile under K = 300; not a grid the fine tile takes,
    // nor stream-K's class where a half tile's one launch takes it (14857x832x269);
    // and, at K 97-399, the main tile's grids that end in a partial round: its one launch of
    // C aligned
    // (shape_short_k_wide_rounds), its stream-K grid of C unaligned (shape_short_k_wide_streamk),
    // by the rounds test; its one launch of B and C unaligned within a wave from N = 768
    // (shape_short_k_wide_one_wave).
    struct wide_case {
        int m, n, k, ldb, ldc;
        int wide;
        const char *what;
    };
    static const struct wide_case wide_cases[] = {
        {15740, 6672, 18, 6672, 6672, 1, "one launch, K 18"},
        {7112, 1536, 167, 1536, 1536, 1, "stream-K, K 167"},
        {14857, 832, 269, 832, 832, 0, "a half tile's one launch"},
        {2256, 6247, 243, 6247, 6247, 0, "the fine tile's: not this rule"},
        {7677, 7879, 107, 7879, 7879, 0, "one launch from K 97, 5 full rounds"},
        {2177, 2460, 107, 2460, 2460, 1, "1.36 waves, C aligned"},
        {1077, 2560, 365, 2560, 2560, 1, "0.68 waves, C aligned"},
        {344, 10568, 267, 10568, 10568, 0, "0.94 waves: one round either way"},
        {7202, 2630, 161, 2630, 2630, 0, "one launch, C unaligned, over a wave"},
        {2613, 1887, 311, 1887, 1887, 1, "stream-K, C unaligned"},
        {5200, 1768, 282, 1768, 1768, 0, "stream-K, C aligned"},
        {1058, 3022, 372, 3022, 3022, 0, "stream-K, one round"},
        {2613, 1887, 400, 1887, 1887, 0, "stream-K at K 400"},
        {1220, 3266, 164, 3266, 3266, 1, "B and C unaligned, a wave"},
        {1220, 3266, 164, 3268, 3266, 0, "B aligned, C not"},
        {11192, 405, 209, 405, 405, 0, "B and C unaligned, over a wave (-9.8)"},
        {10594, 266, 350, 266, 266, 0, "under 768 columns"},
    };
    for (size_t i = 0; i < sizeof wide_cases / sizeof wide_cases[0]; ++i) {
        const struct wide_case w = wide_cases[i];
        const struct l6_problem g = args_of(w.m, w.n, w.k, w.ldb, w.ldc, 1);
        expect(l6_wide_tile_runs(&g, SMS, l6_class(&g, SMS)) == w.wide, w.what, w.m, w.n, w.k);
    }
    // The wide form's one round for stream-K's class at K 400-700, B and C unaligned
    // (wide_share_runs, shape_short_k_wide_share): the class after few_tiles_split
    const struct rule_case share_cases[] = {
        {args_of(1816, 1119, 510, 1119, 1119, 1), 1, "stream-K, B and C unaligned"},
        {args_of(1816, 1119, 510, 1119, 1120, 1), 0, "stream-K, C aligned"},
        {args_of(1816, 1119, 510, 1120, 1119, 1), 0, "stream-K, B aligned"},
        {args_of(15962, 245, 410, 245, 245, 1), 0, "one launch, not stream-K"},
        {args_of(355, 5591, 673, 5591, 5591, 1), 0, "split-K, not stream-K"},
    };
    expect_rule(share_cases, share_rule);
    // A split grid of 2 slices as a form of the fine tile (split2_form): the wide one where
    // shape_short_k_wide_split2 takes it, else to K 850 the tall one where its grid is even
    const struct rule_case split2_cases[] = {
        {args_of(3484, 563, 622, 563, 563, 1), SHORT_K_FORM_TALL, "128x64 in 2 slices, the tall grid even"},
        {args_of(10843, 145, 506, 145, 145, 1), SHORT_K_FORM_TALL, "..."},
        {args_of(6121, 273, 1018, 273, 273, 1), SHORT_K_FORM_NONE, "past K 850"},
        {args_of(3484, 563, 622, 563, 563, 0), SHORT_K_FORM_NONE, "no workspace: no split"},
        {args_of(1106, 1758, 807, 1758, 1758, 1), SHORT_K_FORM_WIDE, "the wide form's grid even"},
    };
    expect_rule(split2_cases, split2_rule);
    // The main tile's one launch over one round as a form of the fine tile (one_round_form):
    // only the one-launch class on the main tile, whatever B's and C's alignment
    const struct rule_case round_cases[] = {
        {args_of(167, 15206, 621, 15206, 15206, 1), SHORT_K_FORM_WIDE, "one launch, 238 tiles"},
        {args_of(167, 15206, 621, 15207, 15207, 1), SHORT_K_FORM_WIDE, "... B and C unaligned"},
        {args_of(15217, 177, 524, 177, 177, 1), SHORT_K_FORM_TALL, "one launch, 238 tiles"},
        {args_of(1816, 1119, 510, 1119, 1119, 1), SHORT_K_FORM_NONE, "stream-K, not one launch"},
        {args_of(355, 5591, 673, 5591, 5591, 1), SHORT_K_FORM_NONE, "split-K, not one launch"},
    };
    expect_rule(round_cases, round_rule);
    // B re-laid (relays_b): unaligned, M 400 or more; under M 800 not for the split-K and
    // one-launch classes where a 128-row tile reads it as it is
    const struct rule_case relay_cases[] = {
        {args_of(469, 7975, 1370, 7975, 7975, 1), 0, "one launch, M 469"},
        {args_of(595, 1026, 848, 1026, 1026, 1), 0, "split-K, M 595"},
        {args_of(900, 1001, 3001, 1001, 1001, 1), 1, "split-K, M 900"},
        {args_of(711, 5482, 1270, 5482, 5482, 1), 1, "deep, M 711"},
        {args_of(587, 117, 8062, 117, 117, 1), 1, "small-tile, M 587"},
        {args_of(489, 11198, 15214, 11198, 11198, 1), 1, "stream-K, M 489 (shifted at launch)"},
        {args_of(672, 2782, 2200, 2782, 2782, 1), 1, "split-K whose tile would be 64x128"},
        {args_of(399, 11198, 15214, 11198, 11198, 1), 0, "under M 400"},
        {args_of(711, 5482, 1270, 5484, 5482, 1), 0, "B aligned"},
        {args_of(711, 5482, 1270, 5482, 5482, 0), 0, "no workspace"},
    };
    expect_rule(relay_cases, relay_rule);
    // B shifted in place of re-laid (shifts_not_relays): a stream-K grid of a tile that
    // shifts B, under M 800 for 128x128, under 600 for 64x128 where its own class is stream-K
    const struct rule_case shift_cases[] = {
        {args_of(489, 11198, 15214, 11198, 11198, 1), 1, "stream-K, 128x128"},
        {args_of(541, 5219, 3189, 5219, 5219, 1), 1, "stream-K, 64x128"},
        {args_of(655, 9089, 941, 9089, 9089, 1), 0, "stream-K, 64x128, from M 600"},
        {args_of(719, 5807, 606, 5807, 5807, 1), 1, "stream-K, 128x128, M 719"},
        {args_of(1040, 4285, 414, 4285, 4285, 1), 0, "from M 800, re-laid"},
        {args_of(588, 1709, 3899, 1709, 1709, 1), 0, "stream-K, 128x64: no shift"},
        {args_of(553, 1049, 3021, 1049, 1049, 1), 0, "64x128 of its own class split-K"},
        {args_of(516, 2011, 3493, 2011, 2011, 1), 0, "few tiles: split-K"},
        {args_of(489, 11198, 15214, 11200, 11198, 1), 0, "B aligned: nothing re-laid"},
        {args_of(489, 11198, 15214, 11198, 11198, 0), 0, "no workspace: nothing re-laid"},
    };
    expect_rule(shift_cases, shift_rule);
    // The flat shape (flat_slices): a split, stream-K or one-launch grid no other rule takes,
    // as one launch (1) or a split of its own in place of a split grid (its slices); the one
    // launch keeps its edges, the split not
    const struct rule_case flat_cases[] = {
        {args_of(214, 4494, 850, 4494, 4494, 1), 1, "split, 3/4 of its grid"},
        {args_of(149, 9773, 1077, 9773, 9773, 1), 1, "stream-K, 0.77"},
        {args_of(286, 2280, 968, 2280, 2280, 1), 4, "split in 5 of 64x128: 4 of 32x128"},
        {args_of(96, 6734, 905, 6734, 6734, 1), 4, "split in 4 of 128x64: 4 of 32x128"},
        {args_of(52, 2798, 10689, 2798, 2798, 1), 0, "split, as much as its grid"},
        {args_of(167, 15206, 621, 15206, 15206, 1), 0, "one launch over one round: the wide form"},
        {args_of(1743, 1002, 481, 1002, 1002, 1), 0, "over M 400"},
        {args_of(74, 847, 11352, 847, 847, 1), 31, "the small-tile class's split"},
        {args_of(101, 722, 8729, 722, 722, 1), 0, "the small-tile class's split, as much"},
    };
    expect_rule(flat_cases, flat_rule);
    check_strip(args_of(198, 4444, 771, 4444, 4444, 1), 0, 0, "no strip off the flat shape (6 rows else)");
    check_strip(args_of(87, 1887, 11262, 1887, 1887, 1), 23, 0, "the strip off the flat split's grid");
    // and its grids keep their edges: 1025x13316x273 (stream-K) would otherwise lose its last row
    check_strip(args_of(1025, 13316, 273, 13316, 13316, 1), 0, 0, "no strip off the wide form");
    printf("dispatch_test: %d failed\n", failures);
    return failures != 0;
}
