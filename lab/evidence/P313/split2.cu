// host-only: the grids that shape_short_k_wide_split2 sends to the wide form's one launch
// instead of a split grid of 2 slices, for "MxNxK" lines (ldb = ldc = n; the whole tiles,
// after the strip): the shape, its class, the split tile and the rule's verdict (split2), as
// launch_whole weighs it (neither the fine tile nor the wide form's other rules first). Needs
// the rule (s58e.diff); build as tools/evidence/plan_host.cuh says.
#include "tools/evidence/plan_host.cuh"
int main()
{
    struct plan p;
    while (plan_next(&p)) {
        const struct sgemm_args *h = &p.h;
        const int sms = PLAN_SMS;
        const bool other = p.fine || l6::wide_tile_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, p.c);
        const enum shape_class c = p.cs;
        const bool split2 = !other && l6::wide_split_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, c);
        const struct shape_tile t = l6::tile_for<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, c, l6::reads_b_in_vectors(h));
        printf("%dx%dx%d c%d t%dx%d slices %d split2 %d\n", p.g.m, p.g.n, p.g.k, (int)c, t.bm, t.bn,
               shape_splitk_slices(h->m, h->n, h->k, sms, t.bm, t.bn, t.threads), (int)split2);
    }
}
