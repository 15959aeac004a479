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
// blocks, n, k and leading dimensions. Where B's rows are not 16-byte aligned a lane's four
// columns are 32 apart (cols), so that each of its 4-byte loads of B reads, with its
// warp's, 128 consecutive bytes of a row (one or two lines), not one float in every 16
// bytes across 512 (four or five lines, each read four times); scalar loads at the right
// edge.
#ifndef SGEMM_BENCH_KERNELS_SMALL_M_CUH
#define SGEMM_BENCH_KERNELS_SMALL_M_CUH

#include "kernels/common.cuh"
#include "kernels/shape_class.h"

namespace small_m {

enum { THREADS = 128, COLS = 4 * THREADS, KT = 128 };
static_assert((int)COLS == (int)SMALL_M_COLS, "shape_class.h's small-M class is one CTA's columns wide");

// The products of N rows of B with this tile's A: b holds B's rows kk..kk+N of the
// thread's 4 columns (the first `count` of them), loaded together so that N loads are in
// flight at once. UNROLL rows a batch; HALF rows a half batch where B is unaligned, the
// next half's loads in flight during this half's FFMAs (the kernel's loop).
enum { UNROLL = 8, HALF = UNROLL / 2 };

template <int MR, int N>
__device__ __forceinline__ void fma_rows(float4 (&acc)[MR], const float (*as)[MR], int kk,
                                         const float4 (&b)[N], int count)
{
#pragma unroll
    for (int u = 0; u < N; ++u) {
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

// A thread's columns: 4 adjacent (B's rows 16-byte aligned: VEC), else 32 apart
// (lane-consecutive: a warp's 128 columns as four runs of 32).
template <bool VEC>
struct cols {
    static constexpr int STEP = VEC ? 1 : 32; // between a thread's columns
    int col;   // the first
    bool full; // all of the warp's columns (VEC: the thread's) lie inside the row

    __device__ explicit cols(int n)
    {
        const int warp0 = blockIdx.y * COLS + (threadIdx.x / 32) * 128;
        col = VEC ? blockIdx.y * COLS + 4 * threadIdx.x : warp0 + threadIdx.x % 32;
        full = VEC ? col + 3 < n : warp0 + 127 < n;
    }
};

// Row `row` of B at the thread's 4 columns c, zeros past column n: the right edge, where
// c.full is false (the batches inside B take load_batch).
template <bool VEC>
__device__ __forceinline__ float4 load_cols(const float *row, const cols<VEC> &c, int n)
{
    if (VEC)
        return load4<false>(row, true, c.col, n);
    const int s = cols<VEC>::STEP;
    float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
    if (c.col < n) v.x = row[c.col];
    if (c.col + s < n) v.y = row[c.col + s];
    if (c.col + 2 * s < n) v.z = row[c.col + 2 * s];
    if (c.col + 3 * s < n) v.w = row[c.col + 3 * s];
    return v;
}

// Rows kt + kk .. kt + kk + UNROLL of B (those before kt + len), the thread's 4 columns, at
// the right edge (load_cols).
template <bool VEC>
__device__ __forceinline__ void load_rows(float4 (&bv)[UNROLL], const float *b, int ldb, int kt,
                                          int len, int kk, const cols<VEC> &c, int n)
{
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
        const float *row = b + (size_t)(kt + kk + u) * ldb;
        bv[u] = kk + u < len ? load_cols(row, c, n) : make_float4(0.f, 0.f, 0.f, 0.f);
    }
}

// N rows of B from p (the thread's first column of the batch's first row), rows ldb
// apart: c.full. Those from `left` on read `first` (the tile's first row, which lies in B)
// instead, and fma_rows leaves them out; nothing reads a loaded value before the last load
// is issued (zeroing them by a select after each load waits on it, and the loads then go one
// at a time; evidence P272).
template <bool VEC, int N>
__device__ __forceinline__ void load_batch(float4 (&bv)[N], const float *p, const float *first,
                                           int ldb, int left)
{
    const int s = cols<VEC>::STEP;
    const float *row = p;
#pragma unroll
    for (int u = 0; u < N; ++u, row += ldb) {
        const float *q = u < left ? row : first;
        bv[u] = VEC ? *reinterpret_cast<const float4 *>(q) : make_float4(q[0], q[s], q[2 * s], q[3 * s]);
    }
}

// alpha x acc + beta x C at the thread's 4 columns of one row of `out` (in bounds only).
template <bool VEC>
__device__ __forceinline__ void store_cols(float *row, const cols<VEC> &c, int n, float4 acc,
                                           float alpha, float beta)
{
    if (VEC) {
        store4<false>(row, true, c.col, n, acc, alpha, beta);
        return;
    }
    const float a[4] = {acc.x, acc.y, acc.z, acc.w};
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        const int at = c.col + q * cols<VEC>::STEP;
        if (at < n)
            row[at] = axpby(alpha, a[q], beta, row + at);
    }
}

// The CTAs an SM holds of the instance of MR rows, as its registers allow (5 at 8 rows, 4
// at 16, 3 at 24): its __launch_bounds__ hold it there (without, ptxas drew 133 and 160
// registers for the 16-row kernel with whole batches: 3 an SM), and the edge strips' time
// (level 6's strip_us) counts on it.
constexpr int ctas_an_sm(int mr) { return mr <= 8 ? 5 : mr <= 16 ? 4 : 3; }

// Partial (or, with one slice, final) product of rows [0, m) over k in this CTA's slice.
// out: C itself when `direct` (alpha, beta applied), else the slice's m x n block of the
// workspace (ldo = n).
template <int MR, bool VEC>
__global__ void __launch_bounds__(THREADS, ctas_an_sm(MR))
small_m_kernel(int m, int n, int k, const float *a, int lda, const float *b, int ldb, float alpha,
               float beta, float *out, int ldo, int k_split, bool direct)
{
    static_assert(MR % 4 == 0, "A is read four rows at a time");
    pdl_launch_dependents(); // the slices' reduction may launch and wait (run_reduce)
    __shared__ __align__(16) float as[KT][MR]; // k-major: row kk holds A[0..MR)[kt + kk]
    // blockIdx.x: the row block (MR rows from rb * MR), the fastest in the grid's order, so
    // that a column block's row blocks run side by side and its B comes from L2 but once
    const int rb = blockIdx.x, rows = min(MR, m - rb * MR);
    a += (size_t)rb * MR * lda;
    const cols<VEC> c(n);
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
        // Where the warp's columns lie inside B (VEC: the thread's), the rows of a batch come
        // from a row pointer stepped by ldb, with no branch a row (load_batch: the tests and each
        // row's address would be a third of the kernel's instructions). B unaligned: half batches
        // of HALF rows, the next half's loads issued before this half's FFMAs, so that a warp's
        // loads are in flight while it computes, in the registers one batch of UNROLL takes;
        // otherwise the warps wait on B after the tile's barrier lines them up (evidence P281,
        // P282). B aligned: whole batches, loaded then computed, since its 16-byte loads in half
        // batches keep half the bytes in flight (evidence P283). The right edge takes load_rows,
        // UNROLL rows, then their FFMAs.
        const float *brow = b + (size_t)kt * ldb + c.col;
        if (!VEC && c.full) {
            float4 h0[HALF], h1[HALF];
            load_batch<VEC>(h0, brow, brow, ldb, len);
            for (int kk = 0; kk < len; kk += 2 * HALF) {
                const float *next = brow + (size_t)(kk + HALF) * ldb;
                load_batch<VEC>(h1, len - kk > HALF ? next : brow, brow, ldb, len - kk - HALF);
                fma_rows<MR>(acc, as, kk, h0, min(HALF, len - kk));
                const float *after = next + (size_t)HALF * ldb;
                load_batch<VEC>(h0, len - kk > 2 * HALF ? after : brow, brow, ldb, len - kk - 2 * HALF);
                fma_rows<MR>(acc, as, kk + HALF, h1, min(HALF, len - kk - HALF));
            }
        } else {
            for (int kk = 0; kk < len; kk += UNROLL) {
                float4 bv[UNROLL];
                const float *at = brow + (size_t)kk * ldb;
                if (c.full)
                    load_batch<VEC>(bv, at, at, ldb, len - kk);
                else
                    load_rows(bv, b, ldb, kt, len, kk, c, n);
                fma_rows<MR>(acc, as, kk, bv, min(UNROLL, len - kk));
            }
        }
    }
    out += (direct ? 0 : (size_t)blockIdx.z * m * ldo) + (size_t)rb * MR * ldo;
#pragma unroll
    for (int r = 0; r < MR; ++r)
        if (r < rows)
            store_cols(out + (size_t)r * ldo, c, n, acc[r], direct ? alpha : 1.0f,
                       direct ? beta : 0.0f);
}

// Its K slices: l6_plan_of's (kernels/level6_plan.c, small_m_slices).

} // namespace small_m

#endif
