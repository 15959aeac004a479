// Level 0: naive SGEMM, one thread per element of C, no data reuse.
//
// Each thread walks a full row of A and a full column of B from global memory. Threads
// that are adjacent in a warp own adjacent ROWS of C, so at each step a warp reads 32
// different rows of A (32 separate sectors) and writes C with a stride of ldc: nothing is
// coalesced, and only the caches rescue it. This is the floor the later levels beat;
// the seeds expect 1-5% of cuBLAS. The compiler emits scalar LDG.E loads and one FFMA
// per pair of loads. Any m, n, k, lda, ldb, ldc: every access is bounds-checked.
#include "kernels/common.cuh"

static __global__ void naive_kernel(int m, int n, int k, float alpha, const float *a, int lda,
                                    const float *b, int ldb, float beta, float *c, int ldc)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    const int col = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= m || col >= n)
        return;
    const float *arow = a + (size_t)row * lda;
    float acc = 0.0f;
    for (int p = 0; p < k; ++p)
        acc += arow[p] * b[(size_t)p * ldb + col];
    float *out = c + (size_t)row * ldc + col;
    *out = axpby(alpha, acc, beta, out);
}

static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    const dim3 block(32, 32);
    const dim3 grid(ceil_div(g->m, 32), ceil_div(g->n, 32));
    naive_kernel<<<grid, block, 0, stream>>>(g->m, g->n, g->k, g->alpha, g->a, g->lda, g->b,
                                             g->ldb, g->beta, g->c, g->ldc);
    note_launch(naive_kernel, "naive_kernel", grid, block, 0);
    return cudaGetLastError();
}

SGEMM_REGISTER_KERNEL(level0_naive,
                      .name = "level0_naive",
                      .level = 0,
                      .technique = "naive: one thread per C element, no reuse, uncoalesced",
                      .expected = {1, 5, "seed 003: the naive kernel reaches 1-5% of cuBLAS"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .launch = launch,
                      .main_kernel = (const void *)naive_kernel);
