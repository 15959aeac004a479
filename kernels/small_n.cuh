// small_n.cuh: level 6's path for N <= 40 with many rows, where C = A B is a few columns
// wide and the work is reading A (M x K) once: N / 2 FLOP a byte of A, under the H100's
// ridge, so the kernel is a stream of A. A CTA of 256 threads owns 128 rows of C and all
// BN columns (8, 16, 24, 32 or 40: N rounded up). Each k tile of 32, A's 128 x 32 block is
// copied row-major into shared memory (cp.async: 16 bytes where A's rows are 16-byte
// aligned, else 4, a warp one row's 128 contiguous bytes, each prefetching 256 bytes into
// L2) and B's 32 x BN block beside it, STAGES tiles in flight. Thread (rg, cg) = (tid / 8,
// tid % 8) owns rows rg + 32 i (i < 4) and columns cg * TN .. cg * TN + TN - 1 (TN = BN /
// 8): per 4 k, four LDS.128 of A (a warp's four row groups fall on disjoint banks: rows
// LDA = 36 floats apart) and four loads of B (a warp reads one row of the block, BN
// floats), loaded while the 4 k before are multiplied, then 4 x TN x 4 FFMA. The grid's y
// dimension slices K so that the CTA slots' waves take the least time (split-K: partial
// sums to the workspace, then the in-order reduction). Any m, n <= BN, k and leading
// dimensions.
#ifndef SGEMM_BENCH_KERNELS_SMALL_N_CUH
#define SGEMM_BENCH_KERNELS_SMALL_N_CUH

#include "kernels/common.cuh"
#include "kernels/shape_class.h"

namespace small_n {

enum { THREADS = 256, BM = SMALL_N_ROWS, BK = 32, STAGES = 4, GROUPS_N = 8, LDA = BK + 4 };
enum { GROUPS_M = THREADS / GROUPS_N, TM = BM / GROUPS_M };
static_assert(TM == 4 && BK % 4 == 0, "four rows a thread, whole float4s of k");

template <int BN>
struct tile {
    static_assert(BN % GROUPS_N == 0 && BN <= SMALL_N_MAX, "whole column groups");
    static constexpr int TN = BN / GROUPS_N;
    static constexpr int A_FLOATS = BM * LDA, STAGE_FLOATS = A_FLOATS + BK * BN;
    static constexpr size_t SMEM_BYTES = sizeof(float) * STAGES * STAGE_FLOATS;
};

// TN floats at p: one shared-memory load of 16, 8 or 4 bytes (TN = 3: three of 4; TN = 5,
// the 40-column CTAs: five of 4).
template <int TN>
__device__ __forceinline__ void load_cols(float (&v)[TN], const float *p)
{
    if constexpr (TN == 4) {
        const float4 t = *reinterpret_cast<const float4 *>(p);
        v[0] = t.x, v[1] = t.y, v[2] = t.z, v[3] = t.w;
    } else if constexpr (TN % 2 == 0) {
#pragma unroll
        for (int j = 0; j < TN; j += 2) {
            const float2 t = *reinterpret_cast<const float2 *>(p + j);
            v[j] = t.x, v[j + 1] = t.y;
        }
    } else {
#pragma unroll
        for (int j = 0; j < TN; ++j)
            v[j] = p[j];
    }
}

__device__ __forceinline__ float lane_of(const float4 &v, int q)
{
    return q == 0 ? v.x : q == 1 ? v.y : q == 2 ? v.z : v.w;
}

// A thread's share of a k tile's copies, its sources set once: A's rows r0, r0 + STEP, ...
// of the CTA's (those past m zero-filled), at column `col` of the tile (16 bytes with
// VEC_A, else 4); B's rows b_row, b_row + THREADS / BN, ... at column tid % BN (zero past
// n). Columns of k past the slice's klen are zero-filled (a zero of A times any B adds
// nothing, and B's zeros cover A's).
template <int BN, bool VEC_A>
struct source {
    static constexpr int QUADS = BK / 4, A_COLS = VEC_A ? QUADS : BK;
    static constexpr int STEP = THREADS / A_COLS, A_COPIES = BM / STEP;
    static constexpr int B_STEP = THREADS % BN == 0 ? THREADS / BN : 1, B_COPIES = BK / B_STEP;
    static_assert(THREADS % A_COLS == 0 && BM % STEP == 0 && BK * BN % THREADS == 0, "whole copies");
    const float *a, *a_row, *b, *b_at;
    size_t a_step, b_step;
    int col, a_rows, a_dst, b_row, b_dst, ldb, n_;
    bool b_in;

    __device__ source(const float *a_, int lda, const float *b_, int ldb_, int m, int n, int m0, int tid)
        : a(a_), b(b_), ldb(ldb_), n_(n)
    {
        const int r0 = tid / A_COLS;
        col = (tid % A_COLS) * (VEC_A ? 4 : 1);
        a_row = a + (size_t)min(m0 + r0, m - 1) * lda + col;
        a_step = (size_t)STEP * lda;
        a_rows = m - m0 - r0 > 0 ? ceil_div(m - m0 - r0, STEP) : 0;
        a_dst = r0 * LDA + col;
        b_row = tid / BN;
        b_dst = tid; // b_row * BN + tid % BN
        b_in = tid % BN < n;
        b_at = b + (size_t)b_row * ldb + tid % BN;
        b_step = (size_t)B_STEP * ldb;
    }

    // k tile [kt, kt + BK) of a slice klen long into stage st
    __device__ __forceinline__ void fill(float *st, int kt, int klen) const
    {
        // A's copies prefetch the 256 bytes around them into L2, so a row's next tile (128
        // bytes on) comes from L2, not from another DRAM page (evidence P087)
        const float *p = a_row + kt;
        if constexpr (VEC_A) {
            const int bytes = bytes_in_row(kt + col, klen);
#pragma unroll
            for (int i = 0; i < A_COPIES; ++i) {
                const bool in = i < a_rows && bytes;
                cp_async16<true>(st + a_dst + i * STEP * LDA, in ? p + i * a_step : a, in ? bytes : 0);
            }
        } else {
            const bool k_in = kt + col < klen;
#pragma unroll
            for (int i = 0; i < A_COPIES; ++i) {
                const bool in = i < a_rows && k_in;
                cp_async4<true>(st + a_dst + i * STEP * LDA, in ? p + i * a_step : a, in);
            }
        }
        float *bs = st + tile<BN>::A_FLOATS;
        if constexpr (THREADS % BN == 0) { // a thread's copies share a column
            const float *q = b_at + (size_t)kt * ldb;
#pragma unroll
            for (int i = 0; i < B_COPIES; ++i) {
                const bool in = b_in && kt + b_row + i * B_STEP < klen;
                cp_async4(bs + b_dst + i * B_STEP * BN, in ? q + i * b_step : b, in);
            }
        } else {
#pragma unroll
            for (int i = 0; i < BK * BN / THREADS; ++i) {
                const int e = b_dst + THREADS * i, r = kt + e / BN, c = e % BN;
                const bool in = c < n_ && r < klen;
                cp_async4(bs + e, in ? b + (size_t)r * ldb + c : b, in);
            }
        }
    }
};

// A thread's shared-memory operands for 4 k: its TM rows' 4 k of A, and 4 rows of its TN
// columns of B.
template <int TN>
struct frag {
    float4 a[TM];
    float b[4][TN];
};

template <int BN>
__device__ __forceinline__ void load_frag(frag<BN / GROUPS_N> &f, const float *as, const float *bs, int kk)
{
#pragma unroll
    for (int i = 0; i < TM; ++i)
        f.a[i] = *reinterpret_cast<const float4 *>(as + i * GROUPS_M * LDA + kk);
#pragma unroll
    for (int q = 0; q < 4; ++q)
        load_cols<BN / GROUPS_N>(f.b[q], bs + (kk + q) * BN);
}

template <int TN>
__device__ __forceinline__ void fma_frag(float (&acc)[TM][TN], const frag<TN> &f)
{
#pragma unroll
    for (int q = 0; q < 4; ++q)
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int j = 0; j < TN; ++j)
                acc[i][j] += lane_of(f.a[i], q) * f.b[q][j];
}

// The slice's product (blockIdx.y: k from blockIdx.y * k_split, k_split a multiple of BK)
// for rows blockIdx.x * BM ..: into C (`direct`: alpha, beta applied) or into the slice's m
// x ldo block of the workspace (out + blockIdx.y * m * ldo). Each 4 k's operands are
// loaded from shared memory while the 4 k before them are multiplied.
template <int BN, bool VEC_A>
// 40 columns: held to 128 registers, two CTAs an SM (SMALL_N_CTAS_PER_SM), which the
// narrower ones fit unasked.
__global__ void __launch_bounds__(THREADS, BN > 32 ? SMALL_N_CTAS_PER_SM : 1)
small_n_kernel(int m, int n, int k, const float *a, int lda, const float *b, int ldb, float alpha,
               float beta, float *out, int ldo, int k_split, bool direct)
{
    using T = tile<BN>;
    constexpr int TN = T::TN, STEPS = BK / 4;
    pdl_launch_dependents(); // the slices' reduction may launch and wait (run_reduce)
    extern __shared__ __align__(16) float smem[];
    const int tid = threadIdx.x, rg = tid / GROUPS_N, cg = tid % GROUPS_N;
    const int m0 = blockIdx.x * BM, k0 = blockIdx.y * k_split;
    const int klen = min(k - k0, k_split);
    const source<BN, VEC_A> src(a + k0, lda, b + (size_t)k0 * ldb, ldb, m, n, m0, tid);
    const int tiles = ceil_div(klen, BK);
#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < tiles)
            src.fill(smem + s * T::STAGE_FLOATS, s * BK, klen);
        cp_async_commit();
    }
    float acc[TM][TN] = {};
    for (int t = 0; t < tiles; ++t) {
        cp_async_wait<STAGES - 2>();
        __syncthreads(); // tile t has landed; every thread is done with tile t - 1's stage
        const int next = t + STAGES - 1;
        if (next < tiles)
            src.fill(smem + (next % STAGES) * T::STAGE_FLOATS, next * BK, klen);
        cp_async_commit();
        const float *as = smem + (t % STAGES) * T::STAGE_FLOATS + rg * LDA;
        const float *bs = smem + (t % STAGES) * T::STAGE_FLOATS + T::A_FLOATS + cg * TN;
        frag<TN> f[2];
        load_frag<BN>(f[0], as, bs, 0);
#pragma unroll
        for (int s = 0; s < STEPS; ++s) {
            if (s + 1 < STEPS)
                load_frag<BN>(f[(s + 1) % 2], as, bs, 4 * (s + 1));
            fma_frag<TN>(acc, f[s % 2]);
        }
    }
    cp_async_wait<0>(); // no copy outlives the kernel (the last groups are empty)
    out += direct ? 0 : (size_t)blockIdx.y * m * ldo;
    const float al = direct ? alpha : 1.0f, be = direct ? beta : 0.0f;
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = m0 + rg + GROUPS_M * i;
        if (row < m)
#pragma unroll
            for (int j = 0; j < TN; ++j) {
                const int col = cg * TN + j;
                if (col < n) {
                    float *at = out + (size_t)row * ldo + col;
                    *at = axpby(al, acc[i][j], be, at);
                }
            }
    }
}

} // namespace small_n

#endif
