// host-only: level 6's launch plan of each "MxNxK" line (ldb = ldc = n): the shape, the
// four-warp launch (kind form slices), the tile, the class after few_tiles_split, whether B
// is re-laid and whether shifted instead (shifts_not_relays), the strip. Build as
// tools/evidence/plan_host.cuh says, with -D of the macros a tuning build sets, and diff two
// builds' outputs for the grids a change moves.
#include "kernels/level6_config.h"
#include "kernels/level6_tuned.cuh"
#include "tools/evidence/plan_host.cuh"
int main()
{
    return each_plan([](const struct plan &p) {
        const l6::four_warp_launch w = l6::four_warp_of<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(&p.h, PLAN_SMS, p.c, p.cs);
        const bool vb = l6::reads_b_in_vectors(&p.h, PLAN_SMS);
        const struct shape_tile t = l6::tile_for<L6_BM, L6_BN, L6_BK, L6_STAGES>(&p.h, PLAN_SMS, p.cs, vb);
        printf("%dx%dx%d w%d.%d.%d t%dx%d c%d relay%d shift%d strip%d.%d\n", p.g.m, p.g.n, p.g.k,
               p.fine ? 9 : (int)w.kind, (int)w.form, w.slices, t.bm, t.bn, (int)p.cs,
               (int)l6::relays_b(&p.h, PLAN_SMS), (int)l6::shifts_not_relays<L6_BM, L6_BN, L6_BK, L6_STAGES>(&p.h, PLAN_SMS, p.cs),
               p.strip.rows, p.strip.cols);
    });
}
