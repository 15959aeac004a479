// host-only: the grids (of "MxNxK" lines, ldb = ldc = n) whose whole tiles level 6 would run
// as stream-K with B shifted in place of re-laid (shifts_not_relays at any M): the shape, the
// tile, its strip. Build as tools/evidence/plan_host.cuh says.
#define L6_SK_SHIFT_MAX_M (1 << 30)
#include "kernels/level6_config.h"
#include "kernels/level6_tuned.cuh"
#include "tools/evidence/plan_host.cuh"
int main()
{
    return each_plan([](const struct plan &p) {
        if (p.fine)
            return;
        const l6::four_warp_launch w = l6::four_warp_of<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(&p.h, PLAN_SMS, p.c, p.cs);
        if (w.kind != l6::FOUR_WARP_NONE)
            return;
        if (!l6::shifts_not_relays<L6_BM, L6_BN, L6_BK, L6_STAGES>(&p.h, PLAN_SMS, p.cs))
            return;
        const struct shape_tile t = l6::tile_for<L6_BM, L6_BN, L6_BK, L6_STAGES>(&p.h, PLAN_SMS, p.cs, true);
        printf("%dx%dx%d t%dx%d strip %d %d\n", p.g.m, p.g.n, p.g.k, t.bm, t.bn, p.strip.rows, p.strip.cols);
    });
}
