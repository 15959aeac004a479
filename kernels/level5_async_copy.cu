// Level 5: cp.async (LDGSTS) into a multi-stage shared-memory ring.
//
// Change from level 4: global -> shared copies go through cp.async, which writes shared
// memory directly (LDGSTS in SASS, cp.async in PTX) with no register round trip and no
// STS, so the thread issues the copies of tile t+S-1 and goes straight to the math of
// tile t; commit_group / wait_group<S-2> keep S-1 tiles in flight. The tile, the k-major
// layout and the math are level 3's, so the levels differ only in how tiles arrive.
// The seeds' triple buffering (S = 3) is level5_async_copy_3stage; it runs under level 4,
// and a 4-stage ring hides the copies where 3 do not, so the main variants use S = 4
// (the committed baselines; docs/PERF.md, level 5). Needs sm_80+.
//
// A is transposed on the way in, which only a 4-byte copy can do: a warp copies 4 rows x
// 8 consecutive k (whole 32-byte sectors) into 32 distinct banks.
// level5_async_copy: B with 16-byte copies (LDGSTS.E.BYPASS.128); rows of B must be
// 16-byte aligned, otherwise the 4-byte path runs.
// level5_async_copy_4b: B with 4-byte copies too, a warp to 32 consecutive words.
// level5_async_copy_3stage: level5_async_copy with the seeds' 3 stages.
// The seeds claim 85-95% of cuBLAS (on an A100, never measured). Edges: out-of-range bytes
// are zero-filled by cp.async's src-size operand; stores are bounds-checked.
#include "kernels/blocking.cuh"

// A named namespace, not an anonymous one: nvcc mangles an anonymous namespace with a
// per-compilation hash, which would make the PTX differ on every build.
namespace l5 {

using namespace blk;

// A tile (BM x BK) -> as[k][m]: thread t copies k = t % BK of rows t / BK + 32 i.
__device__ __forceinline__ void copy_a(float *as, const float *a, int lda, int m, int k, int m0,
                                       int k0, int tid)
{
    const int kk = tid % BK, gk = k0 + kk;
#pragma unroll
    for (int i = 0; i < BM * BK / THREADS; ++i) {
        const int r = tid / BK + i * (THREADS / BK);
        const bool ok = m0 + r < m && gk < k;
        cp_async4(as + kk * LDS_A + r, ok ? a + (size_t)(m0 + r) * lda + gk : a, ok);
    }
}

// B tile (BK x BN) -> bs[k][n] with 4-byte copies: element tid + 256 i.
__device__ __forceinline__ void copy_b_4b(float *bs, const float *b, int ldb, int n, int k, int n0,
                                          int k0, int tid)
{
#pragma unroll
    for (int i = 0; i < BK * BN / THREADS; ++i) {
        const int idx = tid + i * THREADS, r = idx / BN, c = idx % BN;
        const bool ok = k0 + r < k && n0 + c < n;
        cp_async4(bs + r * LDS_B + c, ok ? b + (size_t)(k0 + r) * ldb + n0 + c : b, ok);
    }
}

// B tile with 16-byte copies: one float4 per thread, partial vectors zero-filled.
__device__ __forceinline__ void copy_b_16b(float *bs, const float *b, int ldb, int n, int k,
                                           int n0, int k0, int tid)
{
    const int r = b_row(tid), c = b_col(tid), gk = k0 + r, gc = n0 + c;
    const int bytes = gk < k ? bytes_in_row(gc, n) : 0;
    cp_async16(bs + r * LDS_B + c, bytes ? b + (size_t)gk * ldb + gc : b, bytes);
}

template <bool VEC_B>
__device__ __forceinline__ void copy_tile(float *as, float *bs, const float *a, int lda,
                                          const float *b, int ldb, int m, int n, int k, int m0,
                                          int n0, int k0, int tid)
{
    copy_a(as, a, lda, m, k, m0, k0, tid);
    if (VEC_B)
        copy_b_16b(bs, b, ldb, n, k, n0, k0, tid);
    else
        copy_b_4b(bs, b, ldb, n, k, n0, k0, tid);
}

template <int STAGES, bool VEC_B, bool VEC_C>
__global__ void __launch_bounds__(THREADS)
async_copy_kernel(int m, int n, int k, float alpha, const float *a, int lda, const float *b,
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
            copy_tile<VEC_B>(as[s], bs[s], a, lda, b, ldb, m, n, k, m0, n0, s * BK, tid);
        cp_async_commit();
    }
    for (int t = 0; t < tiles; ++t) {
        cp_async_wait<STAGES - 2>(); // tile t has landed (for this thread) ...
        __syncthreads();             // ... for all threads; stage (t-1)%S is free again
        const int next = t + STAGES - 1;
        if (next < tiles)
            copy_tile<VEC_B>(as[next % STAGES], bs[next % STAGES], a, lda, b, ldb, m, n, k, m0,
                             n0, next * BK, tid);
        cp_async_commit(); // possibly empty: keeps the group count uniform
        mma_tile(as[t % STAGES], bs[t % STAGES], acc, ty, tx);
    }
    store_c<VEC_C>(c, ldc, m, n, m0, n0, acc, alpha, beta, ty * TM, 1, tx);
}

template <int STAGES, bool VEC_B>
cudaError_t launch_variant(const struct sgemm_args *g, cudaStream_t stream)
{
    if (rows_aligned16(g->c, g->ldc))
        async_copy_kernel<STAGES, VEC_B, true><<<grid(g), THREADS, 0, stream>>>(
            g->m, g->n, g->k, g->alpha, g->a, g->lda, g->b, g->ldb, g->beta, g->c, g->ldc);
    else
        async_copy_kernel<STAGES, VEC_B, false><<<grid(g), THREADS, 0, stream>>>(
            g->m, g->n, g->k, g->alpha, g->a, g->lda, g->b, g->ldb, g->beta, g->c, g->ldc);
    const bool vc = rows_aligned16(g->c, g->ldc);
    char name[SGEMM_LAUNCH_NAME];
    snprintf(name, sizeof name, "async_copy_kernel<%d,%d,%d>", STAGES, VEC_B, vc);
    if (vc)
        note_launch(async_copy_kernel<STAGES, VEC_B, true>, name, grid(g), THREADS, 0);
    else
        note_launch(async_copy_kernel<STAGES, VEC_B, false>, name, grid(g), THREADS, 0);
    return cudaGetLastError();
}

// B with 16-byte copies where its rows are 16-byte aligned, else 4-byte copies.
template <int STAGES>
cudaError_t launch_16b(const struct sgemm_args *g, cudaStream_t stream)
{
    return rows_aligned16(g->b, g->ldb) ? launch_variant<STAGES, true>(g, stream)
                                        : launch_variant<STAGES, false>(g, stream);
}

} // namespace l5

using namespace l5;

static cudaError_t launch_4b(const struct sgemm_args *g, cudaStream_t stream)
{
    return launch_variant<4, false>(g, stream);
}

SGEMM_REGISTER_KERNEL(level5_async_copy,
                      .name = "level5_async_copy",
                      .level = 5,
                      .technique = "cp.async 4-stage ring: A 4-byte (transposing), B 16-byte copies",
                      .expected = {85, 95, "seed 003: cp.async with triple buffering reaches 85-95% of cuBLAS"},
                      .min_cc = SGEMM_MIN_CC(80),
                      .launch = launch_16b<4>,
                      .main_kernel = (const void *)async_copy_kernel<4, true, true>);

SGEMM_REGISTER_KERNEL(level5_async_copy_4b,
                      .name = "level5_async_copy_4b",
                      .level = 5,
                      .technique = "cp.async 4-stage ring, all 4-byte copies",
                      .expected = {85, 95, "seed 003: cp.async with triple buffering reaches 85-95% of cuBLAS"},
                      .min_cc = SGEMM_MIN_CC(80),
                      .launch = launch_4b,
                      .main_kernel = (const void *)async_copy_kernel<4, false, true>);

SGEMM_REGISTER_KERNEL(level5_async_copy_3stage,
                      .name = "level5_async_copy_3stage",
                      .level = 5,
                      .technique = "the seeds' triple buffering: 3-stage ring, B 16-byte copies",
                      .expected = {85, 95, "seed 003: cp.async with triple buffering reaches 85-95% of cuBLAS"},
                      .min_cc = SGEMM_MIN_CC(80),
                      .launch = launch_16b<3>,
                      .main_kernel = (const void *)async_copy_kernel<3, true, true>);
