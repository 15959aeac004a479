// host-only: which grids launch sends to the fine tile, for "MxNxK" lines (ldb = ldc = n)
#include <stdint.h>
#include <stdio.h>
#include "kernels/level6_tuned.cuh"
int main()
{
    int m, n, k;
    while (scanf("%dx%dx%d", &m, &n, &k) == 3) {
        float *const at = (float *)(uintptr_t)0x10000;
        struct sgemm_args g = {m, n, k, 1.0f, at, k, at, n, 0.0f, at, n, at};
        const int sms = 132;
        const struct l6::edge_strip s = l6::strip_of<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(&g, sms);
        const struct sgemm_args h = (s.rows || s.cols) ? l6::strip_rest(&g, s) : g;
        const enum shape_class c = l6::class_of<L6_BM, L6_BN, L6_WIDE_BM, L6_WIDE_BN>(h.m, h.n, h.k, sms);
        const bool f = l6::fine_tile_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(&h, sms, c);
        printf("%dx%dx%d %d %d %d %d\n", m, n, k, (int)c, (int)f, s.rows, s.cols);
    }
}
extern "C" void sgemm_note_launch(const void *, const char *, const unsigned[3], const unsigned[3], size_t) {}
extern "C" const struct sgemm_launch_note *sgemm_last_launch(void) { return 0; }
