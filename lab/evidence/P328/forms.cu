// host-only: the grids session 60's rules send to a form of the fine tile, for "MxNxK" lines
// (ldb = ldc = n; the whole tiles, after the strip): the shape, the rule (even: a grid the
// fine tile takes in its own form, shape_short_k_even_form; one: the main tile's one launch
// over one round, one_round_form), the form, and whether the wide form's older even rule
// took it already (shape_short_k_wide_even). Build as tools/evidence/plan_host.cuh says.
#include "tools/evidence/plan_host.cuh"
int main()
{
    static const char *const form[] = {"none", "wide", "tall"};
    return each_plan([](const struct plan &p) {
        const struct sgemm_args *h = &p.h;
        const int sms = PLAN_SMS;
        const bool vb = rows_aligned16(h->b, h->ldb), vc = rows_aligned16(h->c, h->ldc);
        const enum shape_class c = p.cs;
        if (p.fine) {
            if (shape_short_k_wide(h->m, h->n, h->k, sms) ||
                shape_short_k_wide_runs(h->m, h->n, h->k, sms, vb, vc))
                return;
            const enum short_k_form f = shape_short_k_even_form(h->m, h->n, h->k, sms, vb, vc);
            if (f)
                printf("%dx%dx%d even %s old %d strip %d %d\n", p.g.m, p.g.n, p.g.k, form[f],
                       shape_short_k_wide_even(h->m, h->n, h->k, sms, vb, vc), p.strip.rows,
                       p.strip.cols);
            return;
        }
        if (l6::wide_tile_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, p.c) ||
            l6::wide_split_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, c) || l6::wide_share_runs(h, sms, c))
            return;
        if (const enum short_k_form f = l6::one_round_form<L6_BM, L6_BN, L6_BK, L6_STAGES>(h, sms, c))
            printf("%dx%dx%d one %s old 0 strip %d %d\n", p.g.m, p.g.n, p.g.k, form[f], p.strip.rows,
                   p.strip.cols);
    });
}
