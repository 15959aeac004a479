// Memory group 1: seed 004's structure-of-arrays read of one field. The particles' x
// fields are one array, so a warp reading x[i..i+31] touches one 128-byte line and uses all
// of it: one transaction per warp load (seed 004), four sectors per request. Against the
// AoS read of the same field it moves a quarter of the bytes. Expected SASS: LDG.E with a
// stride of 4 bytes (IMAD.WIDE ..., 0x4), STG.E. Any element count.
#include "kernels/memory.cuh"

struct particles_soa {
    const float *x, *y, *z, *w; // n floats each; only x is read
};

static __global__ void soa_read_x_kernel(struct particles_soa p, float *out, size_t n)
{
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = p.x[i];
}

static cudaError_t launch(const struct memory_args *a, cudaStream_t stream)
{
    const size_t n = memory_elements(a);
    const struct particles_soa p = {a->in, a->in + n, a->in + 2 * n, a->in + 3 * n};
    soa_read_x_kernel<<<memory_blocks(n), MEMORY_BLOCK, 0, stream>>>(p, a->out, n);
    note_launch(soa_read_x_kernel, "soa_read_x_kernel", memory_blocks(n), MEMORY_BLOCK, 0);
    return cudaGetLastError();
}

SGEMM_REGISTER_KERNEL(memory_soa_read_x,
                      .name = "memory_soa_read_x",
                      .family = FAMILY_MEMORY,
                      .level = 1,
                      .technique = "SoA read of one field: stride 4 bytes, every sector used",
                      .expected = {85, 105, "seed 004: SoA reads 100% of each sector; 3.4x the "
                                            "AoS read on an RTX 3080 (95 against 28 GB/s)"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .memory_op = MEMORY_SOA_X,
                      .launch_memory = launch,
                      .main_kernel = (const void *)soa_read_x_kernel);
