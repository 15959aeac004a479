// Memory group 0: a float copy, one thread per element. Consecutive threads read and write
// consecutive floats, so each warp's load and store is one fully used 128-byte line: the
// pattern every other memory kernel is measured against, and the kernel the reference
// (cudaMemcpyAsync of the same bytes) should match. Expected SASS: one LDG.E and one STG.E
// per thread. Any element count.
#include "kernels/memory.cuh"

static __global__ void copy_float_kernel(const float *in, float *out, size_t n)
{
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}

static cudaError_t launch(const struct memory_args *a, cudaStream_t stream)
{
    const size_t n = memory_elements(a);
    copy_float_kernel<<<memory_blocks(n), MEMORY_BLOCK, 0, stream>>>(a->in, a->out, n);
    note_launch(copy_float_kernel, "copy_float_kernel", memory_blocks(n), MEMORY_BLOCK, 0);
    return cudaGetLastError();
}

SGEMM_REGISTER_KERNEL(memory_copy_float,
                      .name = "memory_copy_float",
                      .family = FAMILY_MEMORY,
                      .level = 0,
                      .technique = "float copy: one 4-byte load and store per thread, coalesced",
                      .expected = {85, 105, "a coalesced copy does the reference's own work"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .memory_op = MEMORY_COPY,
                      .launch_memory = launch,
                      .main_kernel = (const void *)copy_float_kernel);
