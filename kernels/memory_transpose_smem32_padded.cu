// Memory group 2: seed 001's transpose: a 32x33 tile (one column of padding) and
// BLOCK_ROWS 8, each thread moving four elements. The padding shifts each tile row by one
// bank, so the column read that conflicted 32 ways in the unpadded kernel touches 32
// different banks. With coalesced global reads and writes it should run near copy speed.
// Any rows and cols (transpose_tile.cuh).
#include "kernels/transpose_tile.cuh"

static cudaError_t launch(const struct memory_args *a, cudaStream_t stream)
{
    return transpose_tile_launch<1>(a, stream);
}

SGEMM_REGISTER_KERNEL(memory_transpose_smem32_padded,
                      .name = "memory_transpose_smem32_padded",
                      .family = FAMILY_MEMORY,
                      .level = 2,
                      .technique = "shared-memory transpose, 32x33 padded tile, BLOCK_ROWS 8",
                      .expected = {80, 105, "seed 001: coalesced reads and writes, and no bank "
                                            "conflicts with the padded tile"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .memory_op = MEMORY_TRANSPOSE,
                      .launch_memory = launch,
                      .main_kernel = (const void *)transpose_tile_kernel<1>);
