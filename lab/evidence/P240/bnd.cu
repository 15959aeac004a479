// bnd.cu: for MxNxK on stdin (132 SMs, ld = dims, aligned pointers), N % 4 != 0 and K 32..512,
// where level 6 does not send the shape to the fine tile: the one-launch tile's waves against
// the fine tile's (q = 100 main / fine), the class, and whether the wide form would run.
#include <stdint.h>
#include <stdio.h>
#include "kernels/level6_tuned.cuh"
int main()
{
    int m, n, k;
    const int sms = 132;
    float *const at = (float *)(uintptr_t)0x10000;
    while (scanf("%dx%dx%d", &m, &n, &k) == 3) {
        if (n % 4 == 0 || k < 32 || k > 512) continue;
        struct sgemm_args g0 = {m, n, k, 1.0f, at, k, at, n, 0.0f, at, n, (void *)at};
        const l6::edge_strip s = l6::strip_of<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(&g0, sms);
        struct sgemm_args g = (s.rows || s.cols) ? l6::strip_rest(&g0, s) : g0;
        const enum shape_class c0 = l6::class_of<L6_BM, L6_BN, L6_WIDE_BM, L6_WIDE_BN>(g.m, g.n, g.k, sms);
        const bool fine = l6::fine_tile_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(&g, sms, c0);
        if (c0 == SHAPE_SMALL_M || c0 == SHAPE_SMALL_N) continue;
        const bool vb = l6::reads_b_in_vectors(&g);
        const enum shape_class c = l6::few_tiles_split<L6_BM, L6_BN>(&g, sms, c0);
        const struct shape_tile t1 = l6::tile_for<L6_BM, L6_BN, L6_BK, L6_STAGES>(&g, sms, SHAPE_ONE_LAUNCH, vb);
        const long long main_time = shape_wave_area(g.m, g.n, t1.bm, t1.bn, shape_ctas_per_sm(t1.threads), sms);
        const long long fine_time = shape_wave_area(g.m, g.n, SHORT_K_TILE, SHORT_K_TILE, SHORT_K_CTAS_PER_SM, sms);
        const bool mw = l6::wide_tile_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(&g, sms, c0);
        printf("%dx%dx%d q=%lld class=%s tile=%dx%d fine=%d wide=%d mainwide=%d vb=%d strip=%s\n", m, n, k,
               100 * main_time / fine_time, shape_class_name(c), t1.bm, t1.bn, fine,
               shape_short_k_wide(g.m, g.n, g.k, sms), mw, vb, s.rows ? "rows" : s.cols ? "cols" : "-");
    }
}
