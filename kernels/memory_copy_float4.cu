// Memory group 0: a float4 copy, four elements per thread in one 128-bit access. Against
// the float copy it issues a quarter of the load and store instructions for the same bytes,
// so fewer requests are needed to keep the memory system busy. Expected SASS: LDG.E.128 and
// STG.E.128. The buffers are 16-byte aligned (cudaMalloc); the n % 4 tail elements are
// copied one by one by the first threads.
#include "kernels/memory.cuh"

static __global__ void copy_float4_kernel(const float *in, float *out, size_t n)
{
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t vectors = n / 4;
    if (i < vectors)
        reinterpret_cast<float4 *>(out)[i] = reinterpret_cast<const float4 *>(in)[i];
    const size_t tail = 4 * vectors + i;
    if (tail < n)
        out[tail] = in[tail];
}

static cudaError_t launch(const struct memory_args *a, cudaStream_t stream)
{
    const size_t n = memory_elements(a);
    const size_t vectors = n / 4 > 0 ? n / 4 : 1; // at least the 3 tail elements' threads
    copy_float4_kernel<<<memory_blocks(vectors), MEMORY_BLOCK, 0, stream>>>(a->in, a->out, n);
    note_launch(copy_float4_kernel, "copy_float4_kernel", memory_blocks(vectors), MEMORY_BLOCK, 0);
    return cudaGetLastError();
}

SGEMM_REGISTER_KERNEL(memory_copy_float4,
                      .name = "memory_copy_float4",
                      .family = FAMILY_MEMORY,
                      .level = 0,
                      .technique = "float4 copy: one 16-byte load and store per thread",
                      .expected = {90, 105, "a coalesced copy does the reference's own work"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .memory_op = MEMORY_COPY,
                      .launch_memory = launch,
                      .main_kernel = (const void *)copy_float4_kernel);
