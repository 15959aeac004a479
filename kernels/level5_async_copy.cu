// Level 5: cp.async (LDGSTS) into a 3-stage shared-memory ring (triple buffering).
//
// Change from level 4: global -> shared copies go through cp.async, which writes shared
// memory directly (LDGSTS in SASS, cp.async in PTX) with no register round trip and no
// STS, so the thread issues the copies for tile t+2 and goes straight to the math of
// tile t. commit_group / wait_group<1> keep two tiles in flight. Needs sm_80+.
//
// level5_async_copy (16-byte copies): A is kept m-major (as[m][k]) because a 16-byte copy
// cannot transpose; each k step reads 8 scalars of A (rows ty + 16 i, so a warp's two
// addresses sit in different banks) and 2 LDS.128 of B, and the next step's fragments load
// while this step's 64 FFMAs issue. Rows of A and B must be 16-byte aligned; otherwise
// the 4-byte variant runs.
// level5_async_copy_4b (4-byte copies): one cp.async per float, so A is transposed on the
// way in and the level-3 math is reused; 4x as many copy instructions. A warp's copies of
// B go to 32 consecutive words (a strided mapping measured 1.7x the shared-memory
// wavefronts of level 4: see docs/PERF.md).
// The seeds claim 85-95% of cuBLAS (on an A100, never measured). Edges: out-of-range bytes
// are zero-filled by cp.async's src-size operand; stores are bounds-checked.
#include "kernels/blocking.cuh"

namespace {

using namespace blk;
enum { STAGES = 3 };

// 4-byte variant: same k-major layout as levels 3-4, filled one float at a time. A: thread
// t copies 4 consecutive k of row t / 2 (transposing); B: element t + 256 j of the tile, so
// a warp reads 128 contiguous bytes and writes 32 consecutive shared words.
__device__ __forceinline__ void copy_tile_4b(float *as, float *bs, const float *a, int lda,
                                             const float *b, int ldb, int m, int n, int k,
                                             int m0, int n0, int k0, int tid)
{
    const int ar = m0 + a_row(tid), ac = k0 + a_col(tid);
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        const bool a_ok = ar < m && ac + i < k;
        cp_async4(as + (a_col(tid) + i) * LDS_A + a_row(tid),
                  a_ok ? a + (size_t)ar * lda + ac + i : a, a_ok);
        const int idx = tid + i * THREADS, br = idx / BN, bc = idx % BN;
        const bool b_ok = k0 + br < k && n0 + bc < n;
        cp_async4(bs + br * LDS_B + bc, b_ok ? b + (size_t)(k0 + br) * ldb + n0 + bc : b, b_ok);
    }
}

template <bool VEC>
__global__ void __launch_bounds__(THREADS)
async_copy_4b_kernel(int m, int n, int k, float alpha, const float *a, int lda, const float *b,
                     int ldb, float beta, float *c, int ldc)
{
    __shared__ __align__(16) float as[STAGES][BK * LDS_A];
    __shared__ __align__(16) float bs[STAGES][BK * LDS_B];
    const int tid = threadIdx.x, ty = tid / 16, tx = tid % 16;
    const int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
    const int tiles = ceil_div(k, BK);
    float acc[TM][TN] = {};

#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < tiles)
            copy_tile_4b(as[s], bs[s], a, lda, b, ldb, m, n, k, m0, n0, s * BK, tid);
        cp_async_commit();
    }
    for (int t = 0; t < tiles; ++t) {
        cp_async_wait<STAGES - 2>(); // tile t has landed (for this thread) ...
        __syncthreads();             // ... for all threads; stage (t-1)%3 is free again
        const int next = t + STAGES - 1;
        if (next < tiles)
            copy_tile_4b(as[next % STAGES], bs[next % STAGES], a, lda, b, ldb, m, n, k, m0, n0,
                         next * BK, tid);
        cp_async_commit(); // possibly empty: keeps the group count uniform
        mma_tile(as[t % STAGES], bs[t % STAGES], acc, ty, tx);
    }
    store_c<VEC>(c, ldc, m, n, m0, n0, acc, alpha, beta, ty * TM, 1, tx);
}

// 16-byte variant: as[m][BK] (m-major, unpadded), bs[k][BN]. Rows of A and B must be
// 16-byte aligned.
enum { LDS_A16 = BK };

__device__ __forceinline__ void copy_tile_16b(float *as, float *bs, const float *a, int lda,
                                              const float *b, int ldb, int m, int n, int k,
                                              int m0, int n0, int k0, int tid)
{
    const int ar = m0 + a_row(tid), ac = k0 + a_col(tid);
    const int br = k0 + b_row(tid), bc = n0 + b_col(tid);
    const int a_bytes = ar < m ? bytes_in_row(ac, k) : 0;
    const int b_bytes = br < k ? bytes_in_row(bc, n) : 0;
    cp_async16(as + a_row(tid) * LDS_A16 + a_col(tid), a_bytes ? a + (size_t)ar * lda + ac : a,
               a_bytes);
    cp_async16(bs + b_row(tid) * LDS_B + b_col(tid), b_bytes ? b + (size_t)br * ldb + bc : b,
               b_bytes);
}

// Fragments of one k step: A rows ty + 16 i (m-major tile: 8 scalar loads), B as level 3.
struct frag16 {
    float a[TM];
    float4 b0, b1;
};

__device__ __forceinline__ void load_frag16(frag16 &f, const float *as, const float *bs, int p,
                                            int ty, int tx)
{
#pragma unroll
    for (int i = 0; i < TM; ++i)
        f.a[i] = as[(ty + 16 * i) * LDS_A16 + p];
    f.b0 = *reinterpret_cast<const float4 *>(bs + p * LDS_B + tx * 4);
    f.b1 = *reinterpret_cast<const float4 *>(bs + p * LDS_B + 64 + tx * 4);
}

__device__ __forceinline__ void mma_tile_mmajor(const float *as, const float *bs,
                                                float acc[TM][TN], int ty, int tx)
{
    frag16 f[2];
    load_frag16(f[0], as, bs, 0, ty, tx);
#pragma unroll
    for (int p = 0; p < BK; ++p) {
        if (p + 1 < BK)
            load_frag16(f[(p + 1) % 2], as, bs, p + 1, ty, tx);
        const frag16 &cur = f[p % 2];
        const float bf[TN] = {cur.b0.x, cur.b0.y, cur.b0.z, cur.b0.w,
                              cur.b1.x, cur.b1.y, cur.b1.z, cur.b1.w};
#pragma unroll
        for (int i = 0; i < TM; ++i)
#pragma unroll
            for (int j = 0; j < TN; ++j)
                acc[i][j] += cur.a[i] * bf[j];
    }
}

template <bool VEC_C>
__global__ void __launch_bounds__(THREADS)
async_copy_16b_kernel(int m, int n, int k, float alpha, const float *a, int lda, const float *b,
                      int ldb, float beta, float *c, int ldc)
{
    __shared__ __align__(16) float as[STAGES][BM * LDS_A16];
    __shared__ __align__(16) float bs[STAGES][BK * LDS_B];
    const int tid = threadIdx.x, ty = tid / 16, tx = tid % 16;
    const int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
    const int tiles = ceil_div(k, BK);
    float acc[TM][TN] = {};

#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < tiles)
            copy_tile_16b(as[s], bs[s], a, lda, b, ldb, m, n, k, m0, n0, s * BK, tid);
        cp_async_commit();
    }
    for (int t = 0; t < tiles; ++t) {
        cp_async_wait<STAGES - 2>();
        __syncthreads();
        const int next = t + STAGES - 1;
        if (next < tiles)
            copy_tile_16b(as[next % STAGES], bs[next % STAGES], a, lda, b, ldb, m, n, k, m0, n0,
                          next * BK, tid);
        cp_async_commit();
        mma_tile_mmajor(as[t % STAGES], bs[t % STAGES], acc, ty, tx);
    }
    store_c<VEC_C>(c, ldc, m, n, m0, n0, acc, alpha, beta, ty, 16, tx);
}

} // namespace

static cudaError_t launch_4b(const struct sgemm_args *g, cudaStream_t stream)
{
    BLK_LAUNCH(async_copy_4b_kernel, g, stream);
    return cudaGetLastError();
}

static cudaError_t launch_16b(const struct sgemm_args *g, cudaStream_t stream)
{
    if (!rows_aligned16(g->a, g->lda) || !rows_aligned16(g->b, g->ldb))
        return launch_4b(g, stream);
    if (rows_aligned16(g->c, g->ldc))
        async_copy_16b_kernel<true><<<grid(g), THREADS, 0, stream>>>(
            g->m, g->n, g->k, g->alpha, g->a, g->lda, g->b, g->ldb, g->beta, g->c, g->ldc);
    else
        async_copy_16b_kernel<false><<<grid(g), THREADS, 0, stream>>>(
            g->m, g->n, g->k, g->alpha, g->a, g->lda, g->b, g->ldb, g->beta, g->c, g->ldc);
    return cudaGetLastError();
}

extern "C" const struct sgemm_kernel level5_async_copy = {
    "level5_async_copy", 5, "cp.async 16-byte copies (LDGSTS.128), 3-stage ring", 80, NULL,
    launch_16b, (const void *)async_copy_16b_kernel<true>,
};

extern "C" const struct sgemm_kernel level5_async_copy_4b = {
    "level5_async_copy_4b", 5, "cp.async 4-byte copies (LDGSTS), A transposed, 3-stage ring", 80,
    NULL, launch_4b, (const void *)async_copy_4b_kernel<true>,
};
