// blocking.cuh: the 128x128x8 register-blocked tile shared by levels 3, 4 and 5.
//
// 256 threads compute a BM x BN = 128 x 128 tile of C, each an 8 x 8 block (TM = TN = 8):
// thread (ty, tx) = (tid / 16, tid % 16) owns rows ty*8 .. ty*8+7 and the two column
// groups tx*4 .. tx*4+3 and 64 + tx*4 .. 64 + tx*4+3. Splitting the columns in two keeps
// each quarter-warp's 128-bit shared loads of B on 32 consecutive banks.
//
// Shared layout, k-major: as[p][m] (A transposed on the way in, padded by 4 floats so
// the transposing stores spread over all banks) and bs[p][n]. Per k step a thread issues
// 2 LDS.128 for A, 2 for B and 64 FFMA.
#ifndef SGEMM_BENCH_KERNELS_BLOCKING_CUH
#define SGEMM_BENCH_KERNELS_BLOCKING_CUH

#include "kernels/common.cuh"

namespace blk {

enum { BM = 128, BN = 128, BK = 8, TM = 8, TN = 8, THREADS = 256, PAD_A = 4 };
enum { LDS_A = BM + PAD_A, LDS_B = BN };
static_assert(BM * BK == THREADS * 4, "one float4 of A per thread per tile");
static_assert(BK * BN == THREADS * 4, "one float4 of B per thread per tile");
static_assert((BM / TM) * (BN / TN) == THREADS, "one TM x TN block per thread");
static_assert(TN == 8 && BN == 2 * 64, "two 4-wide column groups, 64 apart");

struct tile_regs {
    float4 a, b;
};

// Where thread `tid` loads from: one float4 of A (row, 4 consecutive k) and of B.
__device__ __forceinline__ int a_row(int tid) { return tid / 2; }
__device__ __forceinline__ int a_col(int tid) { return (tid % 2) * 4; }
__device__ __forceinline__ int b_row(int tid) { return tid / 32; }
__device__ __forceinline__ int b_col(int tid) { return (tid % 32) * 4; }

// Global -> registers for the tile at (m0, n0, k0); zeros outside the matrices.
template <bool VEC>
__device__ __forceinline__ tile_regs load_tile(const float *a, int lda, const float *b, int ldb,
                                               int m, int n, int k, int m0, int n0, int k0,
                                               int tid)
{
    const int ar = m0 + a_row(tid), br = k0 + b_row(tid);
    tile_regs r;
    r.a = load4<VEC>(a + (size_t)ar * lda, ar < m, k0 + a_col(tid), k);
    r.b = load4<VEC>(b + (size_t)br * ldb, br < k, n0 + b_col(tid), n);
    return r;
}

// Registers -> shared: A transposed into as[p][m], B as is into bs[p][n].
__device__ __forceinline__ void store_tile(float *as, float *bs, const tile_regs &r, int tid)
{
    const int ar = a_row(tid), ac = a_col(tid);
    as[(ac + 0) * LDS_A + ar] = r.a.x;
    as[(ac + 1) * LDS_A + ar] = r.a.y;
    as[(ac + 2) * LDS_A + ar] = r.a.z;
    as[(ac + 3) * LDS_A + ar] = r.a.w;
    *reinterpret_cast<float4 *>(bs + b_row(tid) * LDS_B + b_col(tid)) = r.b;
}

// acc += this thread's 8x8 share of as * bs over the BK steps of one tile.
__device__ __forceinline__ void mma_tile(const float *as, const float *bs, float acc[TM][TN],
                                         int ty, int tx)
{
#pragma unroll
    for (int p = 0; p < BK; ++p) {
        const float4 a0 = *reinterpret_cast<const float4 *>(as + p * LDS_A + ty * TM);
        const float4 a1 = *reinterpret_cast<const float4 *>(as + p * LDS_A + ty * TM + 4);
        const float4 b0 = *reinterpret_cast<const float4 *>(bs + p * LDS_B + tx * 4);
        const float4 b1 = *reinterpret_cast<const float4 *>(bs + p * LDS_B + 64 + tx * 4);
        const float af[TM] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
        const float bf[TN] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int j = 0; j < TN; ++j)
                acc[i][j] += af[i] * bf[j];
    }
}

// C tile <- alpha * acc + beta * C, inside the matrix only. Row i of the thread's block is
// row_base + i * row_step of the tile (levels 3-5: ty*TM + i; see level 5's 16-byte path).
template <bool VEC>
__device__ __forceinline__ void store_c(float *c, int ldc, int m, int n, int m0, int n0,
                                        const float acc[TM][TN], float alpha, float beta,
                                        int row_base, int row_step, int tx)
{
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = m0 + row_base + i * row_step;
        float *crow = c + (size_t)row * ldc;
        const float4 lo = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
        const float4 hi = make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
        store4<VEC>(crow, row < m, n0 + tx * 4, n, lo, alpha, beta);
        store4<VEC>(crow, row < m, n0 + 64 + tx * 4, n, hi, alpha, beta);
    }
}

// Grid: x walks the row blocks (no 65535 limit there), y the column blocks.
static inline dim3 grid(const struct sgemm_args *g) { return dim3(ceil_div(g->m, BM), ceil_div(g->n, BN)); }

} // namespace blk

// Launches KERNEL<true> when A, B and C rows are 16-byte aligned, else KERNEL<false>.
#define BLK_LAUNCH(KERNEL, g, stream)                                                          \
    do {                                                                                       \
        if (vector_ok(g))                                                                      \
            KERNEL<true><<<blk::grid(g), blk::THREADS, 0, stream>>>(                           \
                (g)->m, (g)->n, (g)->k, (g)->alpha, (g)->a, (g)->lda, (g)->b, (g)->ldb,        \
                (g)->beta, (g)->c, (g)->ldc);                                                  \
        else                                                                                   \
            KERNEL<false><<<blk::grid(g), blk::THREADS, 0, stream>>>(                          \
                (g)->m, (g)->n, (g)->k, (g)->alpha, (g)->a, (g)->lda, (g)->b, (g)->ldb,        \
                (g)->beta, (g)->c, (g)->ldc);                                                  \
        if (vector_ok(g))                                                                      \
            note_launch(KERNEL<true>, #KERNEL "<1>", blk::grid(g), blk::THREADS, 0);           \
        else                                                                                   \
            note_launch(KERNEL<false>, #KERNEL "<0>", blk::grid(g), blk::THREADS, 0);          \
    } while (0)

#endif
