// host-only: the grids that level 6 sends to the fine tile's flat shape (flat_slices: 32x128,
// one launch or its own split) for "MxNxK" lines (ldb = ldc = n): the shape, its class, the
// flat shape's slices (1: one launch), the flat one launch's busiest SM's C x k over its
// own grid's plan_time. Build as tools/evidence/plan_host.cuh says.
#include "tools/evidence/plan_host.cuh"
int main()
{
    return each_plan([](const struct plan &p) {
        const struct sgemm_args *h = &p.h;
        const int s = l6::flat_slices<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(h, PLAN_SMS);
        if (!s)
            return;
        const double t = l6::plan_time<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(h, PLAN_SMS);
        printf("%dx%dx%d c%d slices %d ratio %.3f strip %d %d\n", p.g.m, p.g.n, p.g.k, (int)p.c, s,
               (double)shape_sm_area(h->m, h->n, 32, 128, PLAN_SMS) * h->k / t, p.strip.rows, p.strip.cols);
    });
}
