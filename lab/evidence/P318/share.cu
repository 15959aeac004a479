// host-only: the grids that shape_short_k_wide_share sends to the wide form's one launch
// instead of the main tile's stream-K grid (wide_share_runs), for "MxNxK" lines (ldb = ldc =
// n; the whole tiles, after the strip; neither the fine tile nor the wide form's other rules
// first): the shape, its class and its tile as launch would weigh them. Build as
// tools/evidence/plan_host.cuh says.
#include "tools/evidence/plan_host.cuh"
int main()
{
    struct plan p;
    while (plan_next(&p)) {
        const struct sgemm_args *h = &p.h;
        const int sms = PLAN_SMS;
        const enum shape_class c = p.cs;
        if (p.fine || l6::wide_tile_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, p.c) ||
            l6::wide_split_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, c) ||
            !l6::wide_share_runs(h, sms, c))
            continue;
        const struct shape_tile t = l6::tile_for<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, c, l6::reads_b_in_vectors(h));
        printf("%dx%dx%d c%d t%dx%d strip %d %d\n", p.g.m, p.g.n, p.g.k, (int)c, t.bm, t.bn, p.strip.rows,
               p.strip.cols);
    }
}
