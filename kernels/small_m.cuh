// small_m.cuh: level 6's path for M <= 32, where C = A B is a few rows long and the work is
// reading B (K x N) once: a matrix-vector problem bound by memory bandwidth (0.5-16
// FLOP/byte, under the H100's ridge). Each thread owns four adjacent columns of C for all
// M rows (up to MR x 4 accumulators), streams its columns of B with 128-bit loads (a warp
// reads 512 contiguous bytes of a row of B per k), and takes A's values from a shared tile
// that every thread of the CTA reads by broadcast. The grid's y dimension slices K so
// that every SM streams (split-K: partial sums go to a workspace and a deterministic
// in-order reduction writes C). Expected SASS: LDG.E.128 for B, LDS for A, MR x 4 FFMA per
// k. Any m <= MR, n, k and leading dimensions: scalar loads of B when a row is not
// 16-byte aligned or at the right edge.
#ifndef SGEMM_BENCH_KERNELS_SMALL_M_CUH
#define SGEMM_BENCH_KERNELS_SMALL_M_CUH

#include "kernels/common.cuh"

namespace small_m {

enum { THREADS = 128, COLS = 4 * THREADS, KT = 128 };

// Columns [col, col + 4) of row kk of B, zero outside n.
template <bool VEC>
__device__ __forceinline__ float4 b_row4(const float *b, int ldb, int kk, int col, int n)
{
    return load4<VEC>(b + (size_t)kk * ldb, true, col, n);
}

// Partial (or, with one slice, final) product of rows [0, m) over k in this CTA's slice.
// out: C itself when `direct` (alpha, beta applied), else the slice's m x n block of the
// workspace (ldo = n).
template <int MR, bool VEC>
__global__ void __launch_bounds__(THREADS)
small_m_kernel(int m, int n, int k, const float *a, int lda, const float *b, int ldb, float alpha,
               float beta, float *out, int ldo, int k_split, bool direct)
{
    __shared__ float as[MR][KT];
    const int col = blockIdx.x * COLS + 4 * threadIdx.x;
    const int k0 = blockIdx.y * k_split, k1 = min(k, k0 + k_split);
    float4 acc[MR];
#pragma unroll
    for (int r = 0; r < MR; ++r)
        acc[r] = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int kt = k0; kt < k1; kt += KT) {
        const int len = min(KT, k1 - kt);
        __syncthreads(); // the previous tile is consumed
        for (int i = threadIdx.x; i < MR * KT; i += THREADS) {
            const int r = i / KT, kk = i % KT;
            as[r][kk] = r < m && kk < len ? a[(size_t)r * lda + kt + kk] : 0.f;
        }
        __syncthreads();
#pragma unroll 8
        for (int kk = 0; kk < len; ++kk) {
            const float4 bv = b_row4<VEC>(b, ldb, kt + kk, col, n);
#pragma unroll
            for (int r = 0; r < MR; ++r) {
                const float av = as[r][kk];
                acc[r].x += av * bv.x;
                acc[r].y += av * bv.y;
                acc[r].z += av * bv.z;
                acc[r].w += av * bv.w;
            }
        }
    }
    out += direct ? 0 : (size_t)blockIdx.y * m * ldo;
#pragma unroll
    for (int r = 0; r < MR; ++r)
        if (r < m)
            store4<false>(out + (size_t)r * ldo, true, col, n, acc[r], direct ? alpha : 1.0f,
                          direct ? beta : 0.0f);
}

// Slices of K for an m x n x k product on `sms` SMs: enough CTAs for about four per SM,
// each slice at least MIN_K of k (so that the reduction's traffic, slices x m x n, stays
// small against B's k x n), at most MAX_SLICES.
enum { MIN_K = 128, MAX_SLICES = 64, CTAS_PER_SM = 4 };
static inline int slices(int n, int k, int sms)
{
    const int col_blocks = ceil_div(n, COLS);
    int s = ceil_div(CTAS_PER_SM * sms, col_blocks);
    s = s < k / MIN_K ? s : k / MIN_K;
    s = s < MAX_SLICES ? s : MAX_SLICES;
    return s > 1 ? s : 1;
}

} // namespace small_m

#endif
