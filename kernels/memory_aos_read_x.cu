// Memory group 1: seed 004's array-of-structures read of one field. Consecutive threads
// read x fields 16 bytes apart, so a warp's 32 loads touch four 128-byte lines (16 sectors)
// to use 128 bytes of them: 25% of the loaded bytes are used (seed 004). The stores stay
// coalesced. Expected SASS: the same LDG.E as the SoA read, at a stride of 16 bytes
// (IMAD.WIDE ..., 0x10). Any element count.
#include "kernels/memory.cuh"

static __global__ void aos_read_x_kernel(const struct particle *p, float *out, size_t n)
{
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = p[i].x;
}

static cudaError_t launch(const struct memory_args *a, cudaStream_t stream)
{
    const size_t n = memory_elements(a);
    aos_read_x_kernel<<<memory_blocks(n), MEMORY_BLOCK, 0, stream>>>(
        reinterpret_cast<const struct particle *>(a->in), a->out, n);
    note_launch(aos_read_x_kernel, "aos_read_x_kernel", memory_blocks(n), MEMORY_BLOCK, 0);
    return cudaGetLastError();
}

SGEMM_REGISTER_KERNEL(memory_aos_read_x,
                      .name = "memory_aos_read_x",
                      .family = FAMILY_MEMORY,
                      .level = 1,
                      .technique = "AoS read of one field: stride 16 bytes, 25% of each sector used",
                      .expected = {25, 40, "seed 004: 25% sector efficiency on the load; 3.4x "
                                           "slower than SoA on an RTX 3080 (28 against 95 GB/s)"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .memory_op = MEMORY_AOS_X,
                      .launch_memory = launch,
                      .main_kernel = (const void *)aos_read_x_kernel);
