// host-only: session62-prep's plan.cu with one more column, "own": the class a half tile
// runs a stream-K grid as (half_own_class: its own stream-K, or its split-K or one launch;
// 7 where the grid is not stream-K or runs the main tile). Session 64's kx, drawn from
// the "c5" column without plan.cu's strip column, held 6 grids that the half splits or
// runs in one launch (own2, own3) and 17 that cut a column strip and launched B in
// vectors: draw stream-K grids from c5 with own5 or own7 and strip0.0. Build as
// tools/evidence/plan_host.cuh says.
#include "kernels/level6_config.h"
#include "kernels/level6_tuned.cuh"
#include "tools/evidence/plan_host.cuh"
int main()
{
    return each_plan([](const struct plan &p) {
        const l6::four_warp_launch w = l6::four_warp_of<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(&p.h, PLAN_SMS, p.c, p.cs);
        const bool vb = l6::reads_b_in_vectors(&p.h, PLAN_SMS);
        const struct shape_tile t = l6::tile_for<L6_BM, L6_BN, L6_BK, L6_STAGES>(&p.h, PLAN_SMS, p.cs, vb);
        const enum shape_class own = l6::half_own_class<L6_BM, L6_BN>(&p.h, PLAN_SMS, p.cs, t);
        printf("%dx%dx%d w%d.%d.%d t%dx%d c%d relay%d shift%d strip%d.%d own%d\n", p.g.m, p.g.n, p.g.k,
               p.fine ? 9 : (int)w.kind, (int)w.form, w.slices, t.bm, t.bn, (int)p.cs,
               (int)l6::relays_b(&p.h, PLAN_SMS), (int)l6::shifts_not_relays<L6_BM, L6_BN, L6_BK, L6_STAGES>(&p.h, PLAN_SMS, p.cs),
               p.strip.rows, p.strip.cols, (int)own);
    });
}
