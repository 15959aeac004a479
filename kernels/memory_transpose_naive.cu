// Memory group 2: the naive transpose, one thread per element. A warp reads 32 consecutive
// floats of a row (coalesced) and writes them down a column of the output, 4 * rows bytes
// apart: 32 sectors of 32 bytes for 128 useful bytes, the 12.5% efficiency seed 001 gives
// for a strided access. The L2 cache merges part of those partial writes before they reach
// memory. Expected SASS: LDG.E, STG.E. Any rows and cols.
#include "kernels/memory.cuh"

enum { NAIVE_BLOCK_X = 32, NAIVE_BLOCK_Y = 8 };

static __global__ void transpose_naive_kernel(const float *in, float *out, int rows, int cols)
{
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        out[(size_t)col * rows + row] = in[(size_t)row * cols + col];
}

static cudaError_t launch(const struct memory_args *a, cudaStream_t stream)
{
    const dim3 block(NAIVE_BLOCK_X, NAIVE_BLOCK_Y);
    const dim3 grid(ceil_div(a->cols, NAIVE_BLOCK_X), ceil_div(a->rows, NAIVE_BLOCK_Y));
    transpose_naive_kernel<<<grid, block, 0, stream>>>(a->in, a->out, a->rows, a->cols);
    note_launch(transpose_naive_kernel, "transpose_naive_kernel", grid, block, 0);
    return cudaGetLastError();
}

SGEMM_REGISTER_KERNEL(memory_transpose_naive,
                      .name = "memory_transpose_naive",
                      .family = FAMILY_MEMORY,
                      .level = 2,
                      .technique = "naive transpose: coalesced reads, writes strided by a column",
                      .expected = {12.5, 50, "seed 001: a strided warp access loads 1024 bytes "
                                             "for 128 used (12.5%), here on the writes only"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .memory_op = MEMORY_TRANSPOSE,
                      .launch_memory = launch,
                      .main_kernel = (const void *)transpose_naive_kernel);
