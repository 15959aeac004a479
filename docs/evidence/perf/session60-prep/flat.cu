// host-only: the grids that level 6 sends to the fine tile's flat shape (flat_runs: 32x128,
// one launch) for "MxNxK" lines (ldb = ldc = n): the shape, its class, the flat grid's
// busiest SM's C x k over its own grid's plan_time. Build as tools/evidence/plan_host.cuh says.
#include "tools/evidence/plan_host.cuh"
int main()
{
    struct plan p;
    while (plan_next(&p)) {
        const struct sgemm_args *h = &p.h;
        if (!l6::flat_runs<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(h, PLAN_SMS))
            continue;
        const double t = l6::plan_time<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(h, PLAN_SMS);
        printf("%dx%dx%d c%d ratio %.3f strip %d %d\n", p.g.m, p.g.n, p.g.k, (int)p.c,
               (double)shape_sm_area(h->m, h->n, 32, 128, PLAN_SMS) * h->k / t, p.strip.rows, p.strip.cols);
    }
}
