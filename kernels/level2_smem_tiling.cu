// Level 2: shared-memory tiling, 32x32 tiles, cooperative loads.
//
// Change from level 1: a 32x32 block of threads computes a 32x32 tile of C. For each
// 32-wide slice of K the block loads one tile of A and one of B into shared memory, each
// thread loading one element of each (coalesced), then every thread reads 32 values of
// each tile from shared memory. Each global element is now read by 32 threads but fetched
// once per block: global traffic falls 32x. The inner loop is one LDS per operand per
// FFMA, so shared-memory bandwidth, not DRAM, is the new limit: the seeds expect 20-40%.
// Any m, n, k, lda, ldb, ldc: out-of-range tile elements load as zero and are not stored.
#include "kernels/common.cuh"

enum { TILE = 32 };

static __global__ void __launch_bounds__(TILE * TILE)
tiled_kernel(int m, int n, int k, float alpha, const float *a, int lda, const float *b, int ldb,
             float beta, float *c, int ldc)
{
    __shared__ float as[TILE][TILE];
    __shared__ float bs[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.x * TILE + ty;
    const int col = blockIdx.y * TILE + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < k; k0 += TILE) {
        as[ty][tx] = (row < m && k0 + tx < k) ? a[(size_t)row * lda + k0 + tx] : 0.0f;
        bs[ty][tx] = (k0 + ty < k && col < n) ? b[(size_t)(k0 + ty) * ldb + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int p = 0; p < TILE; ++p)
            acc += as[ty][p] * bs[p][tx];
        __syncthreads();
    }
    if (row < m && col < n) {
        float *out = c + (size_t)row * ldc + col;
        *out = axpby(alpha, acc, beta, out);
    }
}

static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    const dim3 grid(ceil_div(g->m, TILE), ceil_div(g->n, TILE));
    tiled_kernel<<<grid, dim3(TILE, TILE), 0, stream>>>(g->m, g->n, g->k, g->alpha, g->a, g->lda,
                                                        g->b, g->ldb, g->beta, g->c, g->ldc);
    note_launch(tiled_kernel, "tiled_kernel", grid, dim3(TILE, TILE), 0);
    return cudaGetLastError();
}

SGEMM_REGISTER_KERNEL(level2_smem_tiling,
                      .name = "level2_smem_tiling",
                      .level = 2,
                      .technique = "shared-memory tiling, 32x32 tiles, cooperative loads",
                      .expected = {20, 40, "seed 000: shared-memory tiling reaches 20-40% of cuBLAS"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .launch = launch,
                      .main_kernel = (const void *)tiled_kernel);
