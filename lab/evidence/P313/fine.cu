// host-only: the grids level 6 sends to the fine tile in its own form (not the wide form),
// for "MxNxK" lines (ldb = ldc = n; the whole tiles, after the strip): the shape, the
// class, the fine tile's 64x64 tiles and its CTA slots (SHORT_K_CTAS_PER_SM an SM), the
// wide form's 64x128 tiles and slots, B and C aligned (tools/evidence/plan_host.cuh says
// how to build it), and whether shape_short_k_wide_even takes them (even; docs/PERF.md, "The fine tile against its wide form at K 200-600")
#include "tools/evidence/plan_host.cuh"
int main()
{
    struct plan p;
    while (plan_next(&p)) {
        const struct sgemm_args *h = &p.h;
        const int sms = PLAN_SMS;
        if (!p.fine)
            continue;
        const bool wide = shape_short_k_wide(h->m, h->n, h->k, sms) ||
                          shape_short_k_wide_runs(h->m, h->n, h->k, sms, rows_aligned16(h->b, h->ldb),
                                                  rows_aligned16(h->c, h->ldc));
        if (wide)
            continue;
        const int even = shape_short_k_wide_even(h->m, h->n, h->k, sms, rows_aligned16(h->b, h->ldb),
                                                 rows_aligned16(h->c, h->ldc));
        printf("%dx%dx%d c%d fine %lld %d wide %lld %d vb %d vc %d strip %d %d even %d\n", p.g.m, p.g.n,
               p.g.k, (int)p.c, shape_tiles(h->m, h->n, 64, 64), SHORT_K_CTAS_PER_SM * sms,
               shape_tiles(h->m, h->n, 64, 128), SHORT_K_WIDE_CTAS_PER_SM * sms,
               (int)rows_aligned16(h->b, h->ldb), (int)rows_aligned16(h->c, h->ldc), p.strip.rows,
               p.strip.cols, even);
    }
}
