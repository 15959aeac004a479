// Level 1: coalesced access and 128-bit loads of A (the FETCH_FLOAT4 idea).
//
// Change from level 0: adjacent threads of a warp now own adjacent COLUMNS of C, so each
// step's reads of B and the final write of C are coalesced across the warp, and every
// thread reads its row of A four floats at a time through float4 (LDG.E.128 in SASS,
// ld.global.v4.f32 in PTX). Still no reuse through shared memory: the seeds expect 5-15%.
//
// Variant level1_coalesced_bt: B is first transposed on the GPU (tiled, padded shared-
// memory transpose, counted in the timed region) into the workspace, so both operands
// load as float4. Each thread then reads a different row of B^T: the 128-bit loads are
// strided across the warp, which is the trade-off this variant exists to show.
// Limits: the float4 path needs 16-byte aligned rows of A (lda % 4 == 0); otherwise the
// scalar path runs. The k % 4 tail is handled with scalar loads.
#include "kernels/common.cuh"

enum { BX = 32, BY = 8, TILE = 32 };

template <bool VEC>
static __global__ void coalesced_kernel(int m, int n, int k, float alpha, const float *a,
                                        int lda, const float *b, int ldb, float beta, float *c,
                                        int ldc)
{
    const int row = blockIdx.x * BY + threadIdx.y;
    const int col = blockIdx.y * BX + threadIdx.x;
    if (row >= m || col >= n)
        return;
    const float *arow = a + (size_t)row * lda;
    const float *bcol = b + col;
    float acc = 0.0f;
    int p = 0;
    if (VEC) {
        for (; p + 3 < k; p += 4) {
            const float4 av = *reinterpret_cast<const float4 *>(arow + p);
            acc += av.x * bcol[(size_t)(p + 0) * ldb];
            acc += av.y * bcol[(size_t)(p + 1) * ldb];
            acc += av.z * bcol[(size_t)(p + 2) * ldb];
            acc += av.w * bcol[(size_t)(p + 3) * ldb];
        }
    }
    for (; p < k; ++p)
        acc += arow[p] * bcol[(size_t)p * ldb];
    float *out = c + (size_t)row * ldc + col;
    *out = axpby(alpha, acc, beta, out);
}

// out (cols x rows, ld_out) = in^T, in is rows x cols with ld_in. The +1 column of padding
// puts the column reads of the tile in 32 different banks.
static __global__ void transpose_kernel(int rows, int cols, const float *in, int ld_in, float *out,
                                        int ld_out)
{
    __shared__ float tile[TILE][TILE + 1];
    const int c0 = blockIdx.y * TILE, r0 = blockIdx.x * TILE;
    for (int i = threadIdx.y; i < TILE; i += BY) {
        const int r = r0 + i, col = c0 + threadIdx.x;
        if (r < rows && col < cols)
            tile[i][threadIdx.x] = in[(size_t)r * ld_in + col];
    }
    __syncthreads();
    for (int i = threadIdx.y; i < TILE; i += BY) {
        const int col = c0 + i, r = r0 + threadIdx.x;
        if (r < rows && col < cols)
            out[(size_t)col * ld_out + r] = tile[threadIdx.x][i];
    }
}

// C = alpha * A * (bt)^T + beta*C, bt is n x k with ldbt a multiple of 4, 16-byte aligned.
template <bool VEC_A>
static __global__ void coalesced_bt_kernel(int m, int n, int k, float alpha, const float *a,
                                           int lda, const float *bt, int ldbt, float beta,
                                           float *c, int ldc)
{
    const int row = blockIdx.x * BY + threadIdx.y;
    const int col = blockIdx.y * BX + threadIdx.x;
    if (row >= m || col >= n)
        return;
    const float *arow = a + (size_t)row * lda;
    const float *brow = bt + (size_t)col * ldbt;
    float acc = 0.0f;
    int p = 0;
    if (VEC_A) {
        for (; p + 3 < k; p += 4) {
            const float4 av = *reinterpret_cast<const float4 *>(arow + p);
            const float4 bv = *reinterpret_cast<const float4 *>(brow + p);
            acc += av.x * bv.x + av.y * bv.y + av.z * bv.z + av.w * bv.w;
        }
    }
    for (; p < k; ++p)
        acc += arow[p] * brow[p];
    float *out = c + (size_t)row * ldc + col;
    *out = axpby(alpha, acc, beta, out);
}

static dim3 grid_for(const struct sgemm_args *g) { return dim3(ceil_div(g->m, BY), ceil_div(g->n, BX)); }

static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    if (rows_aligned16(g->a, g->lda))
        coalesced_kernel<true><<<grid_for(g), dim3(BX, BY), 0, stream>>>(
            g->m, g->n, g->k, g->alpha, g->a, g->lda, g->b, g->ldb, g->beta, g->c, g->ldc);
    else
        coalesced_kernel<false><<<grid_for(g), dim3(BX, BY), 0, stream>>>(
            g->m, g->n, g->k, g->alpha, g->a, g->lda, g->b, g->ldb, g->beta, g->c, g->ldc);
    if (rows_aligned16(g->a, g->lda))
        note_launch(coalesced_kernel<true>, "coalesced_kernel<1>", grid_for(g), dim3(BX, BY), 0);
    else
        note_launch(coalesced_kernel<false>, "coalesced_kernel<0>", grid_for(g), dim3(BX, BY), 0);
    return cudaGetLastError();
}

static int bt_ld(int k) { return (k + 3) / 4 * 4; }

static size_t bt_workspace(int m, int n, int k)
{
    (void)m;
    return (size_t)n * bt_ld(k) * sizeof(float);
}

static cudaError_t launch_bt(const struct sgemm_args *g, cudaStream_t stream)
{
    float *bt = (float *)g->workspace;
    const int ldbt = bt_ld(g->k);
    transpose_kernel<<<dim3(ceil_div(g->k, TILE), ceil_div(g->n, TILE)), dim3(TILE, BY), 0,
                       stream>>>(g->k, g->n, g->b, g->ldb, bt, ldbt);
    if (rows_aligned16(g->a, g->lda))
        coalesced_bt_kernel<true><<<grid_for(g), dim3(BX, BY), 0, stream>>>(
            g->m, g->n, g->k, g->alpha, g->a, g->lda, bt, ldbt, g->beta, g->c, g->ldc);
    else
        coalesced_bt_kernel<false><<<grid_for(g), dim3(BX, BY), 0, stream>>>(
            g->m, g->n, g->k, g->alpha, g->a, g->lda, bt, ldbt, g->beta, g->c, g->ldc);
    if (rows_aligned16(g->a, g->lda))
        note_launch(coalesced_bt_kernel<true>, "coalesced_bt_kernel<1>", grid_for(g), dim3(BX, BY), 0);
    else
        note_launch(coalesced_bt_kernel<false>, "coalesced_bt_kernel<0>", grid_for(g), dim3(BX, BY), 0);
    return cudaGetLastError();
}

SGEMM_REGISTER_KERNEL(level1_coalesced,
                      .name = "level1_coalesced",
                      .level = 1,
                      .technique = "coalesced B/C access, float4 (LDG.E.128) loads of A",
                      .expected = {5, 15, "seed 000: coalescing alone stays at 5-15% of cuBLAS"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .launch = launch,
                      .main_kernel = (const void *)coalesced_kernel<true>);

SGEMM_REGISTER_KERNEL(level1_coalesced_bt,
                      .name = "level1_coalesced_bt",
                      .level = 1,
                      .technique = "B transposed on the GPU first (timed), float4 loads of A and B^T",
                      .expected = {5, 15, "seed 000: coalescing alone stays at 5-15% of cuBLAS"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .workspace_bytes = bt_workspace,
                      .launch = launch_bt,
                      .main_kernel = (const void *)coalesced_bt_kernel<true>);
