// host-only: for "MxNxK" lines, level 6's plan_time of the whole product (its busiest SM's
// C x k as launch runs it, no strip) and the 32x128 tile's busiest SM's C x k, with what
// level 6 runs (fine tile or not).
#include "tools/evidence/plan_host.cuh"
int main()
{
    return each_plan([](const struct plan &p) {
        const struct sgemm_args *g = &p.g;
        const double t = l6::plan_time<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(g, PLAN_SMS);
        const double flat = (double)shape_sm_area(g->m, g->n, 32, 128, PLAN_SMS) * g->k;
        printf("%dx%dx%d plan %.0f flat %.0f ratio %.3f fine %d c %d strip %d %d\n", g->m, g->n, g->k, t, flat,
               t > 0 ? flat / t : -1, (int)p.fine, (int)p.c, p.strip.rows, p.strip.cols);
    });
}
