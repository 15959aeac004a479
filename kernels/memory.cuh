// memory.cuh: what the memory kernels share: the block size of the 1-D kernels, their grid,
// the element count, and the particle struct of seed 004. Header-only, C-style.
#ifndef SGEMM_BENCH_KERNELS_MEMORY_CUH
#define SGEMM_BENCH_KERNELS_MEMORY_CUH

#include "kernels/common.cuh"

// Threads per block of the 1-D kernels: 8 warps, enough to keep loads in flight.
enum { MEMORY_BLOCK = 256 };

// Seed 004's particle: four float fields, 16 bytes, so consecutive structs' x fields sit
// 16 bytes apart.
struct particle {
    float x, y, z, w;
};
static_assert(sizeof(struct particle) == 16, "a particle is one 16-byte float4");

static inline size_t memory_elements(const struct memory_args *a)
{
    return (size_t)a->rows * (size_t)a->cols;
}

// Blocks of MEMORY_BLOCK threads for one thread per item (at most 2^28 items: under the
// 2^31 - 1 blocks a 1-D grid allows).
static inline unsigned memory_blocks(size_t items)
{
    return (unsigned)((items + MEMORY_BLOCK - 1) / MEMORY_BLOCK);
}

#endif
