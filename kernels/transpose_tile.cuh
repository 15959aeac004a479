// transpose_tile.cuh: seed 001's shared-memory transpose, with the tile's padding as a
// parameter so the padded and unpadded kernels are the same code. A block of TILE x
// BLOCK_ROWS threads moves one TILE x TILE tile: it reads the tile's rows from `in`
// (coalesced), then writes the tile's columns as rows of `out` (coalesced), reading the
// tile by column from shared memory. Without padding that column read hits one bank 32
// times (a 32-way conflict); one extra column (PAD 1) staggers the rows across all banks.
#ifndef SGEMM_BENCH_KERNELS_TRANSPOSE_TILE_CUH
#define SGEMM_BENCH_KERNELS_TRANSPOSE_TILE_CUH

#include "kernels/memory.cuh"

enum { TRANSPOSE_TILE = 32, TRANSPOSE_BLOCK_ROWS = 8 };
static_assert(TRANSPOSE_TILE % TRANSPOSE_BLOCK_ROWS == 0, "each thread moves TILE/BLOCK_ROWS rows");

// out (cols x rows) = transpose of in (rows x cols), both row-major, any rows and cols.
template <int PAD>
__global__ void transpose_tile_kernel(const float *in, float *out, int rows, int cols)
{
    __shared__ float tile[TRANSPOSE_TILE][TRANSPOSE_TILE + PAD];
    const int tile_col = blockIdx.x * TRANSPOSE_TILE, tile_row = blockIdx.y * TRANSPOSE_TILE;
    int col = tile_col + threadIdx.x;
#pragma unroll
    for (int j = 0; j < TRANSPOSE_TILE; j += TRANSPOSE_BLOCK_ROWS) {
        const int row = tile_row + threadIdx.y + j;
        if (row < rows && col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(size_t)row * cols + col];
    }
    __syncthreads();
    // Output row r is input column tile_col + r; output column c is input row tile_row + c.
    const int out_col = tile_row + threadIdx.x;
#pragma unroll
    for (int j = 0; j < TRANSPOSE_TILE; j += TRANSPOSE_BLOCK_ROWS) {
        const int out_row = tile_col + threadIdx.y + j;
        if (out_row < cols && out_col < rows)
            out[(size_t)out_row * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
    }
}

template <int PAD>
static cudaError_t transpose_tile_launch(const struct memory_args *a, cudaStream_t stream)
{
    const dim3 block(TRANSPOSE_TILE, TRANSPOSE_BLOCK_ROWS);
    const dim3 grid(ceil_div(a->cols, TRANSPOSE_TILE), ceil_div(a->rows, TRANSPOSE_TILE));
    transpose_tile_kernel<PAD><<<grid, block, 0, stream>>>(a->in, a->out, a->rows, a->cols);
    note_launch(transpose_tile_kernel<PAD>, PAD ? "transpose_tile_kernel<1>" : "transpose_tile_kernel<0>",
                grid, block, 0);
    return cudaGetLastError();
}

#endif
