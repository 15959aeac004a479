// short_k.cuh: level 6's fine tile, for one-launch grids at short K. A CTA of four warps
// owns a 64x64 tile of C; a warp owns 32x32 of it as a 4 (rows) x 8 (columns) grid of
// lanes, and a lane 8 rows (two groups of 4, 16 apart) by 4 columns: 32 accumulators, at
// most 96 registers, so an SM holds five CTAs, twenty warps (cuBLAS runs 64x64 tiles of
// four warps at short K; evidence P117). A wave of the main tile
// is 2 x 128 x 128 of C an SM, one of these 5 x 64 x 64: 5/8 of the work, so a grid's
// last partial wave costs less, and twenty warps hide a short main loop's fill and its
// stores of C better than eight. Each k tile of 16: A's 64 x 16 block copied transposed
// into as[k][m] by 4-byte cp.async (a warp reads two rows' 64 contiguous bytes), B's 16 x
// 64 block by 16-byte cp.async where B's rows are aligned, else 4-byte ones, STAGES tiles
// in flight; per k a lane reads two LDS.128 of A (eight lanes share each address) and one
// of B, and issues 32 FFMA. Any m, n, k >= 1, any leading dimensions; zeros fill the
// copies past the matrix. Where B and C are both unaligned and C is not staged, B's
// columns are interleaved in shared memory, so a lane's 4 columns are l, l + 8, l + 16 and
// l + 24 of its warp's 32 and C's 4-byte stores write runs (interleaved). Its wide form
// (depth's TN 8) is 64x128 tiles of the same four warps, a lane 8 rows by two groups of 4
// columns 32 apart: 64 accumulators, up to 128 registers, four CTAs an SM; per k it reads
// two LDS.128 of A and two of B for 64 FFMA (evidence P220).
#ifndef SGEMM_BENCH_KERNELS_SHORT_K_CUH
#define SGEMM_BENCH_KERNELS_SHORT_K_CUH

#include "kernels/common.cuh"
#include "kernels/shape_class.h"

namespace short_k {

enum { THREADS = 128, WARPS = THREADS / 32 };
enum { LANES_M = 4, LANES_N = 8, WARP_M = 32 };
static_assert(LANES_M * 8 == WARP_M, "8 rows a lane");

// k tiles of BK, STAGES of them in flight (level 6's: L6_SHORT_K_BK, L6_SHORT_K_STAGES),
// and TN columns a lane: 4, the fine tile (64x64, warps of 32x32), SHORT_K_CTAS_PER_SM an
// SM (the dispatch's waves, shape_short_k_pays); or 8, its wide form (64x128, warps of
// 32x64, a lane's columns two groups of 4, 32 apart), four CTAs an SM.
template <int BK_, int STAGES_, int TN_ = 4, int WARPS_M_ = 2>
struct depth {
    static constexpr int BK = BK_, STAGES = STAGES_, TN = TN_, WARPS_M = WARPS_M_;
    static constexpr int BM = WARPS_M * WARP_M, LDA = BM + 4;
    static constexpr int WARP_N = LANES_N * TN, BN = WARPS / WARPS_M * WARP_N, LDC = BN + 4;
    static constexpr int CTAS_PER_SM = TN == 4 ? SHORT_K_CTAS_PER_SM : SHORT_K_WIDE_CTAS_PER_SM;
    static_assert(TN == 4 || TN == 8, "four columns a lane, or two groups of four");
    static_assert(WARPS % WARPS_M == 0, "the four warps in whole rows");
    static constexpr int A_FLOATS = BK * LDA, STAGE_FLOATS = A_FLOATS + BK * BN;
    // the stages, or the staged tile of C where that is more (store_staged; BK 8 at 3 stages)
    static constexpr size_t SMEM_BYTES = sizeof(float) * (STAGES * STAGE_FLOATS > BM * LDC
                                                              ? STAGES * STAGE_FLOATS : BM * LDC);
    static_assert(THREADS % BK == 0 && BK % 8 == 0 && STAGES >= 2, "whole copies, a pipeline");
};

// Where B's 4-byte copies put column col of a k tile's row: in each group of 32 columns,
// column 8 j + l at 4 l + j. A lane's float4 at 4 l then holds columns l, l + 8, l + 16
// and l + 24 of its group, so the 8 lanes of a row in a warp store 8 consecutive floats
// of C at once (short_k_kernel's ILV), not 8 floats 16 bytes apart.
__device__ __forceinline__ int interleaved(int col)
{
    return (col & ~31) | (col & 7) << 2 | (col >> 3 & 3);
}

// A thread's copies of a k tile, its sources set once. A: column kc = tid % BK of rows
// tid / BK + (THREADS / BK) i. B in vectors: the 4 columns from 4 * (tid % 16) of rows
// tid / 16 + 8 i; else column tid % BN of rows tid / BN + (THREADS / BN) i, interleaved in
// the stage where ILV.
template <typename D, bool VEC_B, bool ILV = false>
struct source {
    static_assert(!(VEC_B && ILV), "16-byte copies keep B's columns in order");
    static constexpr int BK = D::BK, BM = D::BM, LDA = D::LDA, A_STEP = THREADS / BK;
    static constexpr int A_COPIES = BM / A_STEP;
    static constexpr int BN = D::BN, B_COLS = VEC_B ? BN / 4 : BN, B_STEP = THREADS / B_COLS;
    static constexpr int B_COPIES = BK / B_STEP;
    static_assert(BM % A_STEP == 0 && THREADS % B_COLS == 0 && BK % B_STEP == 0,
                  "every thread's copies of a k tile alike, the tile's all of them");
    const float *a, *b, *a_at, *b_at;
    int lda, ldb, m_left, n_left, kc, b_row, a_dst, b_dst, k;

    __device__ source(const float *a_, int lda_, const float *b_, int ldb_, int m, int n, int k_,
                      int m0, int n0, int tid)
        : a(a_), b(b_), lda(lda_), ldb(ldb_), k(k_)
    {
        kc = tid % BK;
        const int r0 = tid / BK;
        m_left = m - m0 - r0; // rows r0 + A_STEP i of the tile lie in A while A_STEP i < m_left
        a_at = a + (size_t)(m_left > 0 ? m0 + r0 : 0) * lda + kc; // a row of A, read or not
        a_dst = kc * LDA + r0;
        b_row = tid / B_COLS;
        const int col = VEC_B ? 4 * (tid % B_COLS) : tid % B_COLS;
        n_left = n - n0 - col;
        b_at = b + (size_t)b_row * ldb + n0 + col;
        b_dst = b_row * BN + (ILV ? interleaved(col) : col);
    }

    // k tile [kt, kt + BK) into stage st
    __device__ __forceinline__ void fill(float *st, int kt) const
    {
        const bool k_in = kt + kc < k;
#pragma unroll
        for (int i = 0; i < A_COPIES; ++i) {
            const bool in = k_in && A_STEP * i < m_left;
            cp_async4(st + a_dst + A_STEP * i, in ? a_at + (size_t)A_STEP * i * lda + kt : a, in);
        }
        float *bs = st + D::A_FLOATS;
#pragma unroll
        for (int i = 0; i < B_COPIES; ++i) {
            const int r = kt + b_row + B_STEP * i;
            const float *p = b_at + ((size_t)kt + B_STEP * i) * ldb;
            if constexpr (VEC_B) {
                const int bytes = r < k ? bytes_in_row(0, n_left) : 0;
                cp_async16(bs + b_dst + B_STEP * i * BN, bytes ? p : b, bytes);
            } else {
                const bool in = r < k && n_left > 0;
                cp_async4(bs + b_dst + B_STEP * i * BN, in ? p : b, in);
            }
        }
    }
};

// A lane's operands for one k: its 8 rows of A (two float4, 16 rows apart) and TN columns
// of B (TN / 4 float4, 32 columns apart).
template <int TN>
struct frag {
    float4 a[2], b[TN / 4];
};

template <int TN>
__device__ __forceinline__ void load_frag(frag<TN> &f, const float *as, const float *bs)
{
    f.a[0] = *reinterpret_cast<const float4 *>(as);
    f.a[1] = *reinterpret_cast<const float4 *>(as + 16);
#pragma unroll
    for (int g = 0; g < TN / 4; ++g)
        f.b[g] = *reinterpret_cast<const float4 *>(bs + 32 * g);
}

template <int TN>
__device__ __forceinline__ void fma_frag(float (&acc)[8][TN], const frag<TN> &f)
{
    const float av[8] = {f.a[0].x, f.a[0].y, f.a[0].z, f.a[0].w,
                         f.a[1].x, f.a[1].y, f.a[1].z, f.a[1].w};
    float bv[TN];
#pragma unroll
    for (int g = 0; g < TN / 4; ++g) {
        bv[4 * g] = f.b[g].x;
        bv[4 * g + 1] = f.b[g].y;
        bv[4 * g + 2] = f.b[g].z;
        bv[4 * g + 3] = f.b[g].w;
    }
    // Rows in turn, odd rows' columns backwards: each FFMA shares a source with the one
    // before (row i's A, or at a row's turn column j's B), which the operand reuse cache can
    // hold, so it reads at most two sources from the register file's two banks: fewer FFMAs
    // with two sources on one bank (evidence P258, P259).
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int jj = 0; jj < TN; ++jj) {
            const int j = i % 2 ? TN - 1 - jj : jj;
            acc[i][j] += av[i] * bv[j];
        }
}

// C's rows not 16-byte aligned, at K under SHORT_K_STAGED_MIN_K (the plan's fine): the tile
// goes through shared memory (64 rows of LDC floats, 17 KB, in the 4 stages' 33.8 KB; the
// wide form's 33.8 KB, more than its stages' 25 KB: depth::SMEM_BYTES), and each warp
// stores 16 of its rows as the 16-byte vectors of C that hold them (store_vectors, as the
// main tile's 64-column halves do), not as a lane's own four 4-byte stores. There C's
// stores are most of the time; from K = 33 the staging costs more than it saves (evidence
// P128). Under K = 32 it also beats the lanes' stores with B interleaved (evidence P242). A
// lane's float4 a row at 68 floats a row: the eight lanes of a quarter warp write 32
// distinct banks.
template <typename D>
__device__ __forceinline__ void store_staged(const float (&acc)[8][D::TN], float *c, int ldc,
                                             int m, int n, int m0, int n0, float alpha,
                                             float beta, int a_off, int b_off, int tid,
                                             float *smem)
{
    constexpr int LDC = D::LDC;
    __syncthreads(); // every warp is done with the stages
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int g = 0; g < D::TN / 4; ++g)
            *reinterpret_cast<float4 *>(smem + (a_off + (i / 4) * 16 + i % 4) * LDC + b_off +
                                        32 * g) = scaled4(alpha, acc[i] + 4 * g);
    __syncthreads();
    store_vectors<D::BN, D::BM / WARPS, WARPS, LDC>(c + (size_t)m0 * ldc + n0, ldc,
                                                   min(D::BM, m - m0), min(D::BN, n - n0), 1.0f,
                                                   beta, tid, smem);
}

// C = alpha A B + beta C over the tile (blockIdx.x, blockIdx.y) of BM x BN (short_k_kernel,
// or a slice of K: short_k_split_kernel). VEC_B: B's rows
// are 16-byte aligned; VEC_C: C's are (16-byte stores of whole groups of 4 columns).
// STAGE_C (C unaligned only): the tile goes through shared memory (store_staged), else a
// lane stores its own columns: with B unaligned too, interleaved ones (ILV), the 8 lanes
// of a row writing 8 consecutive floats of C a store, 1-2 sectors where 4 columns a lane
// wrote 4-5 (evidence P241).
template <typename D, bool VEC_B, bool VEC_C, bool STAGE_C>
__device__ __forceinline__ void short_k_tile(int m, int n, int k, float alpha, const float *a,
                                             int lda, const float *b, int ldb, float beta,
                                             float *c, int ldc)
{
    extern __shared__ __align__(16) float smem[];
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    constexpr int BN = D::BN, WARP_N = D::WARP_N, TN = D::TN;
    constexpr int BM = D::BM, LDA = D::LDA;
    const int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
    const int wm = (warp / (BN / WARP_N)) * WARP_M, wn = (warp % (BN / WARP_N)) * WARP_N;
    const int lm = lane / LANES_N, ln = lane % LANES_N;
    const int a_off = wm + 4 * lm, b_off = wn + 4 * ln;
    constexpr int BK = D::BK, STAGES = D::STAGES, STAGE_FLOATS = D::STAGE_FLOATS;
    // B's 4-byte copies interleave its columns where C's 4-byte stores gain from it
    constexpr bool ILV = !VEC_B && !VEC_C && !STAGE_C;
    const source<D, VEC_B, ILV> src(a, lda, b, ldb, m, n, k, m0, n0, tid);
    const int tiles = ceil_div(k, BK);
#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < tiles)
            src.fill(smem + s * STAGE_FLOATS, s * BK);
        cp_async_commit();
    }
    float acc[8][TN] = {};
    for (int t = 0; t < tiles; ++t) {
        cp_async_wait<STAGES - 2>();
        __syncthreads(); // tile t has landed; every warp is done with tile t - 1's stage
        const int next = t + STAGES - 1;
        if (next < tiles)
            src.fill(smem + (next % STAGES) * STAGE_FLOATS, next * BK);
        cp_async_commit();
        const float *as = smem + (t % STAGES) * STAGE_FLOATS + a_off;
        const float *bs = smem + (t % STAGES) * STAGE_FLOATS + D::A_FLOATS + b_off;
        frag<TN> f[2];
        load_frag(f[0], as, bs);
#pragma unroll
        for (int kk = 0; kk < BK; ++kk) {
            if (kk + 1 < BK)
                load_frag(f[(kk + 1) % 2], as + (kk + 1) * LDA, bs + (kk + 1) * BN);
            fma_frag(acc, f[kk % 2]);
        }
    }
    cp_async_wait<0>(); // no copy outlives the kernel (the last groups are empty)
    static_assert(!(VEC_C && STAGE_C), "an aligned C is stored from registers");
    if constexpr (ILV) {
        // B's columns interleaved (source's b_dst): acc[i][4 g + j] is column 32 g + l + 8 j
        // of the lane's warp, l its lane in the row
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            const int row = m0 + a_off + (i / 4) * 16 + i % 4;
            float *r = c + (size_t)(row < m ? row : 0) * ldc;
#pragma unroll
            for (int g = 0; g < TN / 4; ++g)
#pragma unroll
                for (int j = 0; j < 4; ++j) {
                    const int col = n0 + wn + 32 * g + ln + 8 * j;
                    if (row < m && col < n)
                        r[col] = axpby(alpha, acc[i][4 * g + j], beta, r + col);
                }
        }
    } else if constexpr (!STAGE_C) {
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            const int row = m0 + a_off + (i / 4) * 16 + i % 4;
#pragma unroll
            for (int g = 0; g < TN / 4; ++g) {
                const float *q = acc[i] + 4 * g;
                store4<VEC_C>(c + (size_t)(row < m ? row : 0) * ldc, row < m, n0 + b_off + 32 * g,
                              n, make_float4(q[0], q[1], q[2], q[3]), alpha, beta);
            }
        }
    } else {
        store_staged<D>(acc, c, ldc, m, n, m0, n0, alpha, beta, a_off, b_off, tid, smem);
    }
}

template <typename D, bool VEC_B, bool VEC_C, bool STAGE_C = false>
__global__ void __launch_bounds__(THREADS, D::CTAS_PER_SM)
short_k_kernel(int m, int n, int k, float alpha, const float *a, int lda, const float *b, int ldb,
               float beta, float *c, int ldc)
{
    short_k_tile<D, VEC_B, VEC_C, STAGE_C>(m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

// Split-K: the tile's sums over slice blockIdx.z of K (k_split of it, whole k tiles; the last
// slice the rest) into that slice of the workspace ws, m rows of ldw floats a slice (rows
// 16-byte aligned), alpha 1 and beta 0; the level's reduction adds the slices into C in
// order (level6_shared.cu's run_reduce).
template <typename D, bool VEC_B>
__global__ void __launch_bounds__(THREADS, D::CTAS_PER_SM)
short_k_split_kernel(int m, int n, int k, const float *a, int lda, const float *b, int ldb,
                     float *ws, int ldw, int k_split)
{
    const int k0 = blockIdx.z * k_split;
    short_k_tile<D, VEC_B, true, false>(m, n, min(k_split, k - k0), 1.0f, a + k0, lda,
                                        b + (size_t)k0 * ldb, ldb, 0.0f,
                                        ws + (size_t)blockIdx.z * m * ldw, ldw);
}

} // namespace short_k

#endif
