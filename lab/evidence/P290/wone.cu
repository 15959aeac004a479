// host-only: which one-launch grids of the main tile under a wave the fine tile's wide
// form could take, for "MxNxK" lines (ldb = ldc = n; the whole tiles, after the strip):
// the shape, the class (c), the tile (t), the tiles, the tile's CTA slots, whether the fine
// tile takes it (fine) and whether the wide form does (wide), B and C aligned (vb, vc)
// (tools/evidence/plan_host.cuh; docs/PERF.md, "The wide form under a wave")
#include "tools/evidence/plan_host.cuh"
int main()
{
    struct plan p;
    while (plan_next(&p)) {
        const struct sgemm_args *h = &p.h;
        const int sms = PLAN_SMS;
        const bool vb = l6::reads_b_in_vectors(h);
        const struct shape_tile t = l6::tile_for<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, p.c, vb);
        const bool wide = !p.fine && l6::wide_tile_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, p.c);
        printf("%dx%dx%d c%d t%dx%d tiles %lld slots %d fine %d wide %d vb %d vc %d strip %d %d\n",
               p.g.m, p.g.n, p.g.k, (int)p.c, t.bm, t.bn, shape_tiles(h->m, h->n, t.bm, t.bn),
               shape_ctas_per_sm(t.threads) * sms, (int)p.fine, (int)wide, (int)vb,
               (int)rows_aligned16(h->c, h->ldc), p.strip.rows, p.strip.cols);
    }
}
