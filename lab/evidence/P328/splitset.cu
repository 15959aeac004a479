// host-only: for "MxNxK" lines, the grids launch sends to a split-K grid of the main tile or a
// half (not the fine tile nor the wide form's rules): shape, tile, slices, class.
#include "tools/evidence/plan_host.cuh"
int main()
{
    return each_plan([](const struct plan &p) {
        const struct sgemm_args *h = &p.h;
        const int sms = PLAN_SMS;
        const enum shape_class c = p.cs;
        const char *what = "other";
        int slices = 0;
        struct shape_tile t = {0, 0, 0};
        if (p.fine) {
            const bool vb = rows_aligned16(h->b, h->ldb), vc = rows_aligned16(h->c, h->ldc);
            what = shape_short_k_wide(h->m, h->n, h->k, sms) ||
                           shape_short_k_wide_runs(h->m, h->n, h->k, sms, vb, vc)
                       ? "finewide"
                   : shape_short_k_wide_even(h->m, h->n, h->k, sms, vb, vc) ? "fineeven"
                                                                           : "fine";
        }
        else if (l6::wide_tile_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, p.c)) what = "wide";
        else if (l6::wide_split_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, c) || l6::wide_share_runs(h, sms, c)) what = "wideeven";
        else if (c == SHAPE_SPLIT_K || c == SHAPE_ONE_LAUNCH || c == SHAPE_STREAM_K || c == SHAPE_SMALL_TILE || c == SHAPE_DEEP) {
            t = l6::tile_for<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, c, l6::reads_b_in_vectors(h));
            if (c == SHAPE_SMALL_TILE && t.bm == L6_BM && t.bn == L6_BN) t = shape_tile_of(SMALL_TILE, SMALL_TILE);
            enum shape_class tc = shape_class_of(h->m, h->n, h->k, sms, t, t);
            if (t.bm == L6_BM && t.bn == L6_BN) tc = c;
            if (tc == SHAPE_SPLIT_K || c == SHAPE_SMALL_TILE) {
                slices = shape_splitk_slices(h->m, h->n, h->k, sms, t.bm, t.bn, t.threads);
                what = slices > 1 ? "split" : "one";
            } else what = tc == SHAPE_STREAM_K ? "streamk" : tc == SHAPE_ONE_LAUNCH ? "one" : "cls";
        }
        printf("%dx%dx%d %s t%dx%d s%d c%d strip %d %d\n", p.g.m, p.g.n, p.g.k, what, t.bm, t.bn, slices, (int)c,
               p.strip.rows, p.strip.cols);
    });
}
