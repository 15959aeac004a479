// host-only: which launch count of K slices level 6 takes for each MxNxK on stdin, beside its
// class's count (docs/PERF.md, "The launch's own slices"): "fine" (the fine tile runs the
// whole tiles), w (four-warp form: session64-prep/plan64.cu's), the tile t of the class cs,
// its class count s0 (shape_splitk_slices) and launch count sl (shape_launch_slices), and
// the edge strip. A grid that reaches launch_tiles_b with s0 != sl is one the change moves;
// which ones did is read from the launch records after the runs. Build as
// tools/evidence/plan_host.cuh says.
#include "kernels/level6_config.h"
#include "kernels/level6_tuned.cuh"
#include "tools/evidence/plan_host.cuh"
int main()
{
    return each_plan([](const struct plan &p) {
        const l6::four_warp_launch w = l6::four_warp_of<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(&p.h, PLAN_SMS, p.c, p.cs);
        const bool vb = l6::reads_b_in_vectors(&p.h, PLAN_SMS);
        const struct shape_tile t = p.cs == SHAPE_SMALL_TILE /* launch_whole's own tile */
                                        ? shape_tile_of(SMALL_TILE, SMALL_TILE)
                                        : l6::tile_for<L6_BM, L6_BN, L6_BK, L6_STAGES>(&p.h, PLAN_SMS, p.cs, vb);
        const int s0 = shape_splitk_slices(p.h.m, p.h.n, p.h.k, PLAN_SMS, t.bm, t.bn, t.threads);
        const int sl = shape_launch_slices(p.h.m, p.h.n, p.h.k, PLAN_SMS, t, L6_BK);
        printf("%dx%dx%d fine%d w%d t%dx%d c%d s%d.%d strip%d.%d\n", p.g.m, p.g.n, p.g.k, (int)p.fine,
               (int)w.kind, t.bm, t.bn, (int)p.cs, s0, sl, p.strip.rows, p.strip.cols);
    });
}
