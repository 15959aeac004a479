// host-only: how a split-K grid fills the GPU, for "MxNxK" lines (ldb = ldc = n; the whole
// product, no strip): the main tile's class (c), the tile launch takes for it (t), whether
// it reads B in vectors (vb), its K slices (s), the % of the tile's CTA slots the split grid
// keeps busy (busy), the fine grid's busiest SM's C x k over the split grid's (ratio), and
// the fine tiles (tools/evidence/plan_host.cuh; docs/PERF.md, "The fine tile against
// split-K to K 1024")
#include "tools/evidence/plan_host.cuh"
int main()
{
    struct plan p;
    while (plan_next(&p)) {
        const int m = p.g.m, n = p.g.n, k = p.g.k, sms = PLAN_SMS;
        const enum shape_class c = l6::class_of<L6_BM, L6_BN, L6_WIDE_BM, L6_WIDE_BN>(m, n, k, sms);
        const bool vb = l6::reads_b_in_vectors(&p.g);
        const struct shape_tile t = l6::tile_for<L6_BM, L6_BN, L6_BK, L6_STAGES>(&p.g, sms, c, vb);
        const int s = shape_splitk_slices(m, n, k, sms, t.bm, t.bn, t.threads);
        const long long tiles = shape_tiles(m, n, t.bm, t.bn);
        const long long slots = (long long)shape_ctas_per_sm(t.threads) * sms;
        const long long split_sm = shape_waves(tiles * s, sms) * t.bm * t.bn * shape_ceil_div(k, s);
        const long long fine_sm = shape_sm_area(m, n, SHORT_K_TILE, SHORT_K_TILE, sms) * k;
        printf("%dx%dx%d c%d t%dx%d vb%d s%d busy%d ratio %.2f fine_tiles %lld\n", m, n, k, (int)c,
               t.bm, t.bn, vb, s, shape_busy_pct(tiles * s, slots), (double)fine_sm / split_sm,
               shape_tiles(m, n, SHORT_K_TILE, SHORT_K_TILE));
    }
}
