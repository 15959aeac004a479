// host-only: the grids (of "MxNxK" lines, ldb = ldc = n) whose whole tiles level 6 runs as a
// form of the fine tile in place of a split grid of 2 slices (split2_form): the shape, the
// form (1 wide, 2 tall), its strip. Build as tools/evidence/plan_host.cuh says.
#include "kernels/level6_config.h"
#include "kernels/level6_tuned.cuh"
#include "tools/evidence/plan_host.cuh"
int main()
{
    return each_plan([](const struct plan &p) {
        const enum short_k_form f = l6::split2_form<L6_BM, L6_BN, L6_BK, L6_STAGES>(&p.h, PLAN_SMS, p.cs);
        if (f != SHORT_K_FORM_NONE)
            printf("%dx%dx%d form %d strip %d %d\n", p.g.m, p.g.n, p.g.k, (int)f, p.strip.rows, p.strip.cols);
    });
}
