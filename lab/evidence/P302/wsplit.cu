// host-only: for "MxNxK" lines (ldb = ldc = n; the whole tiles, after the strip), what
// level 6 runs and what the wide form's own split-K would: the shape, the class (c), the
// tile (t), its tiles, slots and K slices, the share of its slots they keep busy (busy, %),
// whether the fine tile (fine) or the wide form (wide) takes it, B and C aligned (vb, vc),
// and the wide form's 64x128 tiles, K slices and busy share at four CTAs an SM
// (tools/evidence/plan_host.cuh; docs/PERF.md, "The wide form's own split-K")
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
        const long long tiles = shape_tiles(h->m, h->n, t.bm, t.bn);
        const int slots = shape_ctas_per_sm(t.threads) * sms;
        const int s = shape_splitk_slices(h->m, h->n, h->k, sms, t.bm, t.bn, t.threads);
        const long long wtiles = shape_tiles(h->m, h->n, SHORT_K_TILE, 2 * SHORT_K_TILE);
        const int ws = shape_short_k_wide_slices(h->m, h->n, h->k, sms);
        printf("%dx%dx%d c%d t%dx%d tiles %lld slots %d slices %d busy %d fine %d wide %d vb %d "
               "vc %d wtiles %lld wslices %d wbusy %d strip %d %d\n",
               p.g.m, p.g.n, p.g.k, (int)p.c, t.bm, t.bn, tiles, slots, s,
               shape_busy_pct(tiles * s, slots), (int)p.fine, (int)wide, (int)vb,
               (int)rows_aligned16(h->c, h->ldc), wtiles, ws,
               shape_busy_pct(wtiles * ws, (long long)SHORT_K_WIDE_CTAS_PER_SM * sms),
               p.strip.rows, p.strip.cols);
    }
}
