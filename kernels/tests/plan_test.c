/* plan_test.c: properties every plan of level 6 (l6_plan_of) must have, over random shapes,
 * SM counts, alignments and CTAs an SM, with no GPU. A launch's grid covers its product and
 * its K slices cover K; its workspace use (slices, stream-K's shares and flags) fits what
 * l6_workspace_of reserved, under the re-laid B where there is one; a product without a
 * workspace uses none; a strip and the whole tiles add up to the product. A plan that broke
 * one would write outside the runner's buffers or leave part of C uncomputed. */
#include <stdint.h>
#include <stdio.h>

#include "kernels/level6_plan.h"
#include "kernels/shape_class.h"

static int failures = 0;

static void expect(int ok, const char *what, const struct l6_problem *p, int sms)
{
    if (!ok && failures++ < 20)
        fprintf(stderr, "FAIL: %dx%dx%d on %d SMs (lda %d, ldb %d, workspace %d): %s\n", p->m,
                p->n, p->k, sms, p->a.ld, p->b.ld, p->workspace, what);
}

static uint64_t state = 0x9e3779b97f4a7c15ull;
static uint64_t next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* log-uniform in [1, 2^bits] */
static int draw(int bits)
{
    const int e = (int)(next() % (uint64_t)(bits + 1));
    const int lo = 1 << (e > 0 ? e - 1 : 0), hi = 1 << e;
    return lo + (int)(next() % (uint64_t)(hi - lo + 1));
}

static int resident_ctas = 2; /* the CTAs an SM the test's GPU holds of any kernel */
static int resident(void *ctx, const struct l6_launch *l)
{
    (void)ctx;
    (void)l;
    return resident_ctas;
}

static long long cdiv(long long a, long long b) { return (a + b - 1) / b; }

/* The workspace bytes part's launch writes (slices, or stream-K's shares and flags). */
static size_t used(const struct l6_part *part)
{
    const struct l6_launch *l = &part->run;
    size_t floats = 0;
    if (l->kernel == L6_K_STREAM_K)
        floats = (size_t)l->sk.sk_ctas * l->dims.bm * l->dims.bn + (size_t)l->sk.sk_ctas;
    else if (l->ldw) /* into the workspace: slices of m rows, ldw floats apart */
        floats = (size_t)l->slices * part->m * l->ldw;
    return sizeof(float) * floats;
}

/* part's launch covers its m x n x k product. */
static void check_cover(const struct l6_part *part, const struct l6_problem *p, int sms)
{
    const struct l6_launch *l = &part->run;
    const int m = part->m, n = part->n, k = p->k;
    expect(l->slices >= 1 && (long long)l->slices * l->k_split >= k &&
               (long long)(l->slices - 1) * l->k_split < k,
           "the K slices cover K, none empty", p, sms);
    switch (l->kernel) {
    case L6_K_TILES:
    case L6_K_SPLIT:
    case L6_K_FINE:
    case L6_K_FINE_SPLIT:
        expect(l->grid[0] == cdiv(m, l->dims.bm) && l->grid[1] == cdiv(n, l->dims.bn) &&
                   l->grid[2] == (unsigned)(l->kernel == L6_K_SPLIT || l->kernel == L6_K_FINE_SPLIT
                                                ? l->slices
                                                : 1),
               "the tiles' grid covers C once", p, sms);
        break;
    case L6_K_STREAM_K:
        expect(l->sk.dp_tiles + l->sk.sk_tiles == shape_tiles(m, n, l->dims.bm, l->dims.bn) &&
                   l->grid[0] == (unsigned)(l->sk.dp_tiles + l->sk.sk_ctas) &&
                   l->sk.sk_ctas >= 1 && l->sk.iters == cdiv(k, l->dims.bk),
               "stream-K's tiles are every tile, its CTAs its grid", p, sms);
        break;
    case L6_K_SMALL_M:
        expect((long long)l->rows * l->blocks >= m && l->grid[0] == (unsigned)l->blocks &&
                   l->grid[1] == cdiv(n, SMALL_M_COLS) && l->grid[2] == (unsigned)l->slices,
               "small-M's rows and column blocks cover C", p, sms);
        break;
    case L6_K_SMALL_N:
        expect(l->rows >= n && l->grid[0] == cdiv(m, SMALL_N_ROWS) &&
                   l->grid[1] == (unsigned)l->slices,
               "small-N's columns and row blocks cover C", p, sms);
        break;
    case L6_K_SLICED_K:
        expect(l->grid[0] == cdiv(n, SLICED_K_TILE) && l->grid[1] == cdiv(m, SLICED_K_TILE) &&
                   l->grid[2] == (unsigned)l->slices,
               "sliced-K's tiles cover C", p, sms);
        break;
    case L6_K_NONE:
        expect(0, "a part with no kernel", p, sms);
        break;
    }
    expect(l6_rule_of(l->rule) != NULL, "the launch names its rule", p, sms);
}

/* part's workspace: its launch's writes fit, under its re-laid B where there is one. */
static void check_room(const struct l6_part *part, size_t workspace, const struct l6_problem *p,
                       int sms)
{
    const size_t own = used(part);
    if (!p->workspace) {
        expect(own == 0 && !part->relay_b, "no workspace, none used", p, sms);
        return;
    }
    if (part->relay_b) {
        const size_t b = sizeof(float) * (size_t)p->k * (size_t)((part->relay_n + 3) / 4 * 4);
        expect(part->relay_at % 256 == 0 && own <= part->relay_at &&
                   part->relay_at + b <= workspace,
               "the re-laid B fits the workspace, above the launch's own", p, sms);
    } else {
        expect(own <= workspace, "the launch's workspace fits", p, sms);
    }
}

int main(void)
{
    static const int sm_counts[] = {1, 7, 46, 114, 132, 200, 256, 300};
    long long plans = 0;
    for (int i = 0; i < 60000; ++i) {
        const int m = draw(14), n = draw(14), k = draw(15);
        for (int u = 0; u < 4; ++u) {
            const int ld = u & 1 ? n : (n + 3) / 4 * 4;
            const struct l6_problem p = {.m = m, .n = n, .k = k, .a = {.ld = k}, .b = {.ld = ld},
                                         .c = {.ld = ld, .offset = u == 3 ? 4 : 0},
                                         .workspace = u != 2};
            const int sms = sm_counts[next() % (sizeof sm_counts / sizeof sm_counts[0])];
            resident_ctas = 1 + (int)(next() % 4);
            const struct l6_gpu gpu = {.sm_count = sms, .resident = resident};
            const struct l6_plan plan = l6_plan_of(&L6_LEVEL6, &p, &gpu);
            ++plans;
            const size_t workspace = l6_workspace_of(&L6_LEVEL6, m, n, k); /* the registered */
            check_cover(&plan.whole, &p, sms);
            check_room(&plan.whole, workspace, &p, sms);
            if (plan.strip.run.kernel != L6_K_NONE) {
                expect(plan.strip_rows ? plan.whole.m + plan.strip.m == m && plan.whole.n == n &&
                                             plan.strip.n == n
                                       : plan.whole.n + plan.strip.n == n && plan.whole.m == m &&
                                             plan.strip.m == m,
                       "the strip and the whole tiles make the product", &p, sms);
                check_cover(&plan.strip, &p, sms);
                check_room(&plan.strip, workspace, &p, sms);
            } else {
                expect(plan.whole.m == m && plan.whole.n == n, "no strip: the whole product", &p,
                       sms);
            }
        }
    }
    printf("plan_test: %lld plans, %d failed\n", plans, failures);
    return failures != 0;
}
