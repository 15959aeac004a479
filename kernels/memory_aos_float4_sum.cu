// Memory group 1: the array-of-structures read done right: each thread loads its whole
// 16-byte struct in one 128-bit access (seed 004's LDG.E.128) and uses every field, writing
// (x + y) + (z + w). A warp's load covers four full 128-byte lines and wastes none of them,
// so it should run at copy speed for its 20 bytes per element, where the one-field AoS read
// moved 16 bytes to use 4. Expected SASS: LDG.E.128, two FADDs and one FADD, STG.E. The
// order of the sums is fixed (no fast-math), so the result is exact.
#include "kernels/memory.cuh"

static __global__ void aos_float4_sum_kernel(const float4 *p, float *out, size_t n)
{
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const float4 s = p[i];
        out[i] = (s.x + s.y) + (s.z + s.w);
    }
}

static cudaError_t launch(const struct memory_args *a, cudaStream_t stream)
{
    const size_t n = memory_elements(a);
    aos_float4_sum_kernel<<<memory_blocks(n), MEMORY_BLOCK, 0, stream>>>(
        reinterpret_cast<const float4 *>(a->in), a->out, n);
    note_launch(aos_float4_sum_kernel, "aos_float4_sum_kernel", memory_blocks(n), MEMORY_BLOCK, 0);
    return cudaGetLastError();
}

SGEMM_REGISTER_KERNEL(memory_aos_float4_sum,
                      .name = "memory_aos_float4_sum",
                      .family = FAMILY_MEMORY,
                      .level = 1,
                      .technique = "AoS read of the whole struct: one 16-byte load, every field used",
                      .expected = {80, 105, "seed 004: one LDG.E.128 per struct uses every loaded "
                                            "byte (its wide-load remedy)"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .memory_op = MEMORY_AOS_SUM,
                      .launch_memory = launch,
                      .main_kernel = (const void *)aos_float4_sum_kernel);
