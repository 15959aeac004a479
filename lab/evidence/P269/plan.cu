// host-only: which grids launch sends to the fine tile, for "MxNxK" lines (ldb = ldc = n):
// the shape, its whole tiles' class, whether the fine tile takes them, and the strip's rows
// and columns (tools/evidence/plan_host.cuh)
#include "tools/evidence/plan_host.cuh"
int main()
{
    struct plan p;
    while (plan_next(&p))
        printf("%dx%dx%d %d %d %d %d\n", p.g.m, p.g.n, p.g.k, (int)p.c, (int)p.fine, p.strip.rows,
               p.strip.cols);
}
