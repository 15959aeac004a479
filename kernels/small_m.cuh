// small_m.cuh: level 6's path for M <= 32, where C = A B is a few rows long and the work is
// reading B (K x N) once: a matrix-vector problem bound by memory bandwidth (0.5-16
// FLOP/byte, under the H100's ridge). Each thread owns four adjacent columns of C for all
// MR rows of its row block (up to MR x 4 accumulators), streams its columns of B with
// 128-bit loads (a warp reads 512 contiguous bytes of a row of B per k), and takes A's
// values from a shared tile that every thread of the CTA reads by broadcast. The grid's x
// dimension is the row blocks (one up to 24 rows, blocks of 16 over that), y the column
// blocks, and z slices K so that every SM streams (split-K: partial sums go to a workspace
// and a deterministic in-order reduction writes C). Expected SASS: UNROLL LDG.E.128 of B
// issued together, one LDS.128 of A per four rows, MR x 4 FFMA per k. Any m <= MR x row
// blocks, n, k and leading dimensions: scalar loads of B when a row is not 16-byte aligned
// or at the right edge.
#ifndef SGEMM_BENCH_KERNELS_SMALL_M_CUH
#define SGEMM_BENCH_KERNELS_SMALL_M_CUH

#include "kernels/common.cuh"
#include "kernels/shape_class.h"

namespace small_m {

enum { THREADS = 128, COLS = 4 * THREADS, KT = 128 };
static_assert((int)COLS == (int)SMALL_M_COLS, "shape_class.h's small-M class is one CTA's columns wide");

// The products of UNROLL rows of B with this tile's A: b holds B's rows kk..kk+UNROLL of
// the thread's 4 columns, loaded together so that UNROLL loads are in flight at once.
enum { UNROLL = 8 };

template <int MR>
__device__ __forceinline__ void fma_rows(float4 (&acc)[MR], const float (*as)[MR], int kk,
                                         const float4 (&b)[UNROLL], int count)
{
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
        if (u >= count)
            break;
#pragma unroll
        for (int r4 = 0; r4 < MR / 4; ++r4) {
            // four rows' A values in one 128-bit load, the same address for every thread
            const float4 av = *reinterpret_cast<const float4 *>(&as[kk + u][4 * r4]);
            const float a4[4] = {av.x, av.y, av.z, av.w};
            // odd rows' columns backwards: each FFMA shares a source with the one before
            // (short_k::fma_frag says why)
#pragma unroll
            for (int q = 0; q < 4; ++q) {
                float4 &c = acc[4 * r4 + q];
                if (q % 2 == 0) {
                    c.x += a4[q] * b[u].x;
                    c.y += a4[q] * b[u].y;
                    c.z += a4[q] * b[u].z;
                    c.w += a4[q] * b[u].w;
                } else {
                    c.w += a4[q] * b[u].w;
                    c.z += a4[q] * b[u].z;
                    c.y += a4[q] * b[u].y;
                    c.x += a4[q] * b[u].x;
                }
            }
        }
    }
}

// Rows kt + kk .. kt + kk + UNROLL of B (those before kt + len), the thread's 4 columns.
__device__ __forceinline__ void load_rows(float4 (&bv)[UNROLL], const float *b, int ldb, int kt,
                                          int len, int kk, int col, int n, bool full)
{
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
        const float *row = b + (size_t)(kt + kk + u) * ldb;
        if (kk + u >= len)
            bv[u] = make_float4(0.f, 0.f, 0.f, 0.f);
        else if (full)
            bv[u] = *reinterpret_cast<const float4 *>(row + col);
        else
            bv[u] = load4<false>(row, true, col, n);
    }
}

// Partial (or, with one slice, final) product of rows [0, m) over k in this CTA's slice.
// out: C itself when `direct` (alpha, beta applied), else the slice's m x n block of the
// workspace (ldo = n).
template <int MR, bool VEC>
__global__ void __launch_bounds__(THREADS)
small_m_kernel(int m, int n, int k, const float *a, int lda, const float *b, int ldb, float alpha,
               float beta, float *out, int ldo, int k_split, bool direct)
{
    static_assert(MR % 4 == 0, "A is read four rows at a time");
    pdl_launch_dependents(); // the slices' reduction may launch and wait (reduce_slices)
    __shared__ __align__(16) float as[KT][MR]; // k-major: row kk holds A[0..MR)[kt + kk]
    // blockIdx.x: the row block (MR rows from rb * MR), the fastest in the grid's order, so
    // that a column block's row blocks run side by side and its B comes from L2 but once
    const int rb = blockIdx.x, rows = min(MR, m - rb * MR);
    a += (size_t)rb * MR * lda;
    const int col = blockIdx.y * COLS + 4 * threadIdx.x;
    const bool full = VEC && col + 3 < n; // a whole, aligned float4 of every row of B
    const int k0 = blockIdx.z * k_split, k1 = min(k, k0 + k_split);
    float4 acc[MR];
#pragma unroll
    for (int r = 0; r < MR; ++r)
        acc[r] = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int kt = k0; kt < k1; kt += KT) {
        const int len = min(KT, k1 - kt);
        __syncthreads(); // the previous tile is consumed
        for (int i = threadIdx.x; i < MR * KT; i += THREADS) {
            const int r = i / KT, kk = i % KT; // coalesced reads along a row of A
            as[kk][r] = r < rows && kk < len ? a[(size_t)r * lda + kt + kk] : 0.f;
        }
        __syncthreads();
        // UNROLL rows of B in flight together, then their FFMAs. (Prefetching the next
        // batch during these FFMAs measured slower at M = 16: docs/PERF.md.)
        for (int kk = 0; kk < len; kk += UNROLL) {
            float4 bv[UNROLL];
            load_rows(bv, b, ldb, kt, len, kk, col, n, full);
            fma_rows<MR>(acc, as, kk, bv, min(UNROLL, len - kk));
        }
    }
    out += (direct ? 0 : (size_t)blockIdx.z * m * ldo) + (size_t)rb * MR * ldo;
#pragma unroll
    for (int r = 0; r < MR; ++r)
        if (r < rows)
            store4<false>(out + (size_t)r * ldo, true, col, n, acc[r], direct ? alpha : 1.0f,
                          direct ? beta : 0.0f);
}

// Slices of K for `blocks` blocks of mr rows of an m x n x k product on `sms` SMs that hold
// `per_sm` of its CTAs each: one wave of CTAs, no more (slots / CTAs a slice, rounded down: a CTA
// past the wave streams its slice after it, alone, and the launch takes two slices' time;
// rounded up, 12x15835x4554's 558 CTAs on 528 slots ran at 79% of cuBLAS and 13x3791x15844's
// 528 at 138%, docs/PERF.md "Small M: one wave"), with the reduction's traffic (slices x mr
// x n floats, written and read) at most a quarter of B's (k x n), at most
// MAX_SMALL_M_SLICES.
enum { MAX_SMALL_M_SLICES = 64, MAX_CTAS_PER_SM = 8 };
static inline int slices(int mr, int blocks, int n, int k, int sms, int per_sm)
{
    const int ctas = ceil_div(n, COLS) * blocks, rows = mr * blocks;
    const int by_traffic = k / (4 * (rows > 8 ? rows : 8));
    int s = per_sm * sms / ctas;
    s = s < by_traffic ? s : by_traffic;
    s = s < MAX_SMALL_M_SLICES ? s : MAX_SMALL_M_SLICES;
    return s > 1 ? s : 1;
}

} // namespace small_m

#endif
