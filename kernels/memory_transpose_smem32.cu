// Memory group 2: the shared-memory transpose with an unpadded 32x32 tile (seed 001's
// kernel before its padding). Global reads and writes are both coalesced, as in the padded
// kernel; only the shared-memory column read differs: 32 threads read 32 floats 128 bytes
// apart, all in one bank, a 32-way conflict replayed 32 times. The padded kernel beside it
// isolates that cost. Any rows and cols (transpose_tile.cuh).
#include "kernels/transpose_tile.cuh"

static cudaError_t launch(const struct memory_args *a, cudaStream_t stream)
{
    return transpose_tile_launch<0>(a, stream);
}

SGEMM_REGISTER_KERNEL(memory_transpose_smem32,
                      .name = "memory_transpose_smem32",
                      .family = FAMILY_MEMORY,
                      .level = 2,
                      .technique = "shared-memory transpose, 32x32 tile: coalesced, bank conflicts",
                      .expected = {0, 0, "seed 001 names the bank conflicts its padding removes, "
                                         "with no figure"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .memory_op = MEMORY_TRANSPOSE,
                      .launch_memory = launch,
                      .main_kernel = (const void *)transpose_tile_kernel<0>);
