// fine.cu: for MxNxK on stdin (132 SMs, ld = dims, aligned pointers), which of the fine
// tile's kernels level 6 launches for the shape (after an edge strip): std (16 in 4),
// deep (32 in 2), wide (64x128), small_m or small_n (the class after the strip), or none.
#include <stdint.h>
#include <stdio.h>
#include "kernels/level6_tuned.cuh"
int main()
{
    int m, n, k;
    const int sms = 132;
    float *const at = (float *)(uintptr_t)0x10000;
    while (scanf("%dx%dx%d", &m, &n, &k) == 3) {
        struct sgemm_args g0 = {m, n, k, 1.0f, at, k, at, n, 0.0f, at, n, (void *)at};
        const l6::edge_strip s = l6::strip_of<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(&g0, sms);
        struct sgemm_args g = (s.rows || s.cols) ? l6::strip_rest(&g0, s) : g0;
        const enum shape_class c0 = l6::class_of<L6_BM, L6_BN, L6_WIDE_BM, L6_WIDE_BN>(g.m, g.n, g.k, sms);
        const char *form = "none";
        const int vb = rows_aligned16(g.b, g.ldb), vc = rows_aligned16(g.c, g.ldc);
        if (c0 == SHAPE_SMALL_M)
            form = "small_m";
        else if (c0 == SHAPE_SMALL_N)
            form = "small_n";
        else {
            if (l6::fine_tile_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(&g, sms, c0)) {
                if (shape_short_k_wide(g.m, g.n, g.k, sms) ||
                    shape_short_k_wide_runs(g.m, g.n, g.k, sms, vb, vc))
                    form = "wide";
                else if (shape_short_k_deep(g.k))
                    form = "deep";
                else
                    form = "std";
            } else if (l6::wide_tile_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(&g, sms, c0)) {
                form = "wide";
            }
        }
        printf("%dx%dx%d %s vb=%d vc=%d strip=%s\n", m, n, k, form, vb, vc,
               s.rows ? "rows" : s.cols ? "cols" : "-");
    }
}
extern "C" void sgemm_note_launch(const void *, const char *, const unsigned *, const unsigned *, size_t) {}
extern "C" const struct sgemm_launch_note *sgemm_last_launch(void) { return 0; }
