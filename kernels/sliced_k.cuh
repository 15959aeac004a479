// sliced_k.cuh: level 6's path for grids of a few small tiles, where a tile of 64 or 128
// rows pads the product by half or more (257^3: 15 tiles of 128x64 cover 384 x 320) and
// split-K's slices pay a second launch for their reduction (4.4 us by the launch's slice
// model, a quarter of such a grid's time; evidence P406). A CTA owns a 32x32 tile of C and WARPS warps, each the
// whole tile over its own k tiles of BK (warp w: tiles w, w + WARPS, ...): K is sliced
// inside the CTA, and the warps' partial tiles are added in shared memory, warp 0's first,
// so that C is written once by one launch, with the same bits every run and no workspace.
// A warp's lanes are 8 (rows) x 4 (columns): a lane owns rows r + 8 i (i < 4) and columns
// 4 c .. 4 c + 3 and 16 + 4 c .. 16 + 4 c + 3 of the tile (r = lane / 4, c = lane % 4), 32
// accumulators. Each warp copies its own k tiles into its own STAGES buffers by cp.async
// (16 bytes where the rows are 16-byte aligned, else 4), A's 32 x BK block row-major (rows
// LDA = BK + 4 floats apart: the 8 rows a load reads fall on 8 distinct bank quads) and
// B's BK x 32 block beside it; per 4 k a lane reads four LDS.128 of A and eight of B for
// 128 FFMA. Only __syncwarp orders a warp's copies and reads; the CTA meets once, at the
// sum. Any m, n, k >= 1 and leading dimensions; zeros fill the copies past the matrix.
#ifndef SGEMM_BENCH_KERNELS_SLICED_K_CUH
#define SGEMM_BENCH_KERNELS_SLICED_K_CUH

#include "kernels/common.cuh"
#include "kernels/shape_class.h"

namespace sliced_k {

enum { BM = SLICED_K_TILE, BN = SLICED_K_TILE, BK = SLICED_K_BK, STAGES = 3, LDA = BK + 4, LDR = BN + 4 };
enum { LANES_N = 4, ROWS = 4 };
enum { A_FLOATS = BM * LDA, STAGE_FLOATS = A_FLOATS + BK * BN, WARP_FLOATS = STAGES * STAGE_FLOATS };
static_assert(BM == 8 * ROWS && BN == 8 * LANES_N, "8 x 4 lanes of 4 rows and 8 columns");

template <int WARPS>
struct cta {
    static constexpr int THREADS = 32 * WARPS;
    // the warps' stages, then their partial tiles (rows LDR floats apart) in the same room
    static constexpr int FLOATS =
        WARPS * WARP_FLOATS > WARPS * BM * LDR ? WARPS * WARP_FLOATS : WARPS * BM * LDR;
    static constexpr size_t SMEM_BYTES = sizeof(float) * FLOATS;
    static_assert(THREADS <= BM * BN / 4, "a float4 of the sum a thread or more");
    static_assert(2 * (SMEM_BYTES + 1024) <= 228 * 1024, "SLICED_K_CTAS_PER_SM: two CTAs an SM");
};

// Warp-level 16-byte copy of an R x C block of a row-major matrix (rows 16-byte aligned),
// rows r0.. and columns c0.., into dst (rows LD floats apart): zeros past `rows` rows and
// `cols` columns.
template <int R, int C, int LD>
__device__ __forceinline__ void copy_block16(float *dst, int lane, const float *src, int ld, int r0,
                                             int rows, int c0, int cols)
{
#pragma unroll
    for (int q = 0; q < R * C / 4 / 32; ++q) {
        const int i = lane + 32 * q, row = i / (C / 4), col = 4 * (i % (C / 4));
        const bool ok = r0 + row < rows;
        cp_async16(dst + row * LD + col, ok ? src + (size_t)(r0 + row) * ld + c0 + col : src,
                   ok ? bytes_in_row(c0 + col, cols) : 0);
    }
}

// Warp-level copy of k tile kt (k from kt * BK) of the CTA's A rows m0.. and B columns n0..
// into one stage: zeros past m, n and k.
template <bool VEC_A, bool VEC_B>
__device__ __forceinline__ void copy_tile(float *stage, int lane, int kt, int m0, int n0, int m,
                                          int n, int k, const float *a, int lda, const float *b,
                                          int ldb)
{
    const int k0 = kt * BK;
    float *as = stage, *bs = stage + A_FLOATS;
    if constexpr (VEC_A) {
        copy_block16<BM, BK, LDA>(as, lane, a, lda, m0, m, k0, k);
    } else {
#pragma unroll
        for (int q = 0; q < BM * BK / 32; ++q) {
            const int i = lane + 32 * q, row = i / BK, col = i % BK;
            const bool ok = m0 + row < m && k0 + col < k;
            cp_async4(as + row * LDA + col, ok ? a + (size_t)(m0 + row) * lda + k0 + col : a, ok);
        }
    }
    if constexpr (VEC_B) {
        copy_block16<BK, BN, BN>(bs, lane, b, ldb, k0, k, n0, n);
    } else {
#pragma unroll
        for (int q = 0; q < BK; ++q) {
            const bool ok = k0 + q < k && n0 + lane < n;
            cp_async4(bs + q * BN + lane, ok ? b + (size_t)(k0 + q) * ldb + n0 + lane : b, ok);
        }
    }
}

// acc += the stage's A block x B block for the lane's rows r + 8 i and columns 4 c + j, 16 +
// 4 c + j.
__device__ __forceinline__ void multiply(const float *stage, int r, int c, float (&acc)[ROWS][8])
{
    const float *as = stage, *bs = stage + A_FLOATS;
#pragma unroll
    for (int kk = 0; kk < BK; kk += 4) {
        float4 av[ROWS];
#pragma unroll
        for (int i = 0; i < ROWS; ++i)
            av[i] = *reinterpret_cast<const float4 *>(as + (r + 8 * i) * LDA + kk);
#pragma unroll
        for (int q = 0; q < 4; ++q) {
            const float4 b0 = *reinterpret_cast<const float4 *>(bs + (kk + q) * BN + 4 * c);
            const float4 b1 = *reinterpret_cast<const float4 *>(bs + (kk + q) * BN + 16 + 4 * c);
            const float bv[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
            for (int i = 0; i < ROWS; ++i) {
                const float x = q == 0 ? av[i].x : q == 1 ? av[i].y : q == 2 ? av[i].z : av[i].w;
#pragma unroll
                for (int j = 0; j < 8; ++j)
                    acc[i][j] = fmaf(x, bv[j], acc[i][j]);
            }
        }
    }
}

// C = alpha A B + beta C for one 32x32 tile a CTA (grid: x over N's tiles, y over M's), or,
// where the grid's z dimension slices K (k from blockIdx.z * k_split, a multiple of BK),
// the slice's product into its m x ldo block of the workspace (out + blockIdx.z * m * ldo)
// for the in-order reduction; `direct`: one slice, into C (out, ldo: C, ldc) with alpha and
// beta. VEC_A, VEC_B: A's, B's rows 16-byte aligned; VEC_C: out's.
template <int WARPS, bool VEC_A, bool VEC_B, bool VEC_C>
__global__ void __launch_bounds__(cta<WARPS>::THREADS, SLICED_K_CTAS_PER_SM)
    sliced_k_kernel(int m, int n, int k, const float *__restrict__ a, int lda,
                    const float *__restrict__ b, int ldb, float alpha, float beta,
                    float *__restrict__ out, int ldo, int k_split, bool direct)
{
    extern __shared__ __align__(16) float smem[];
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN, k0 = blockIdx.z * k_split;
    a += k0;
    b += (size_t)k0 * ldb;
    k = min(k - k0, k_split);
    if (!direct) {
        out += (size_t)blockIdx.z * m * ldo;
        alpha = 1.0f;
        beta = 0.0f;
    }
    const int tiles = ceil_div(k, BK), mine = w < tiles ? ceil_div(tiles - w, WARPS) : 0;
    float *own = smem + w * WARP_FLOATS;

    float acc[ROWS][8] = {};
#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < mine)
            copy_tile<VEC_A, VEC_B>(own + s * STAGE_FLOATS, lane, w + s * WARPS, m0, n0, m, n, k,
                                    a, lda, b, ldb);
        cp_async_commit();
    }
    const int r = lane / LANES_N, cl = lane % LANES_N;
    for (int t = 0; t < mine; ++t) {
        cp_async_wait<STAGES - 2>();
        __syncwarp(); /* tile t in; every lane done with the stage the next copy takes */
        const int next = t + STAGES - 1;
        if (next < mine)
            copy_tile<VEC_A, VEC_B>(own + next % STAGES * STAGE_FLOATS, lane, w + next * WARPS,
                                    m0, n0, m, n, k, a, lda, b, ldb);
        cp_async_commit();
        multiply(own + t % STAGES * STAGE_FLOATS, r, cl, acc);
    }
    cp_async_wait<0>();
    __syncthreads(); /* every warp's stages free: the partial tiles take their room */
    float *part = smem + w * BM * LDR;
#pragma unroll
    for (int i = 0; i < ROWS; ++i) {
        float *row = part + (r + 8 * i) * LDR;
        *reinterpret_cast<float4 *>(row + 4 * cl) = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
        *reinterpret_cast<float4 *>(row + 16 + 4 * cl) =
            make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
    }
    __syncthreads();
    for (int q = threadIdx.x; q < BM * BN / 4; q += cta<WARPS>::THREADS) {
        const int row = q / (BN / 4), col = 4 * (q % (BN / 4));
        float4 sum = *reinterpret_cast<const float4 *>(smem + row * LDR + col);
#pragma unroll
        for (int v = 1; v < WARPS; ++v) {
            const float4 p = *reinterpret_cast<const float4 *>(smem + v * BM * LDR + row * LDR + col);
            sum.x += p.x, sum.y += p.y, sum.z += p.z, sum.w += p.w;
        }
        store4<VEC_C>(out + (size_t)(m0 + row) * ldo, m0 + row < m, n0 + col, n, sum, alpha, beta);
    }
}

} // namespace sliced_k

#endif
