// fault.cu: kernels that misbehave on purpose, linked only into //kernels/testing's sweep,
// to prove that one bad level cannot take the run down:
//   testing_fault  writes far outside C: an illegal-address fault (a sticky CUDA error),
//   testing_hang   spins until the watchdog kills its process.
#include "kernels/common.cuh"

static __global__ void fault_kernel(float *c, size_t far)
{
    c[far + threadIdx.x] = 1.0f; // far past the allocation: cudaErrorIllegalAddress
}

static __global__ void hang_kernel(volatile int *flag)
{
    while (*flag != 0x5eed) { // C never holds this bit pattern: spin forever
    }
}

static cudaError_t launch_fault(const struct sgemm_args *g, cudaStream_t stream)
{
    fault_kernel<<<1, 32, 0, stream>>>(g->c, (size_t)1 << 40);
    return cudaGetLastError();
}

static cudaError_t launch_hang(const struct sgemm_args *g, cudaStream_t stream)
{
    hang_kernel<<<1, 1, 0, stream>>>((volatile int *)g->c);
    return cudaGetLastError();
}

extern "C" const struct sgemm_kernel testing_fault = {
    "testing_fault", 90, "TEST ONLY: illegal address", 0, NULL, launch_fault,
    (const void *)fault_kernel,
};

extern "C" const struct sgemm_kernel testing_hang = {
    "testing_hang", 91, "TEST ONLY: never returns", 0, NULL, launch_hang,
    (const void *)hang_kernel,
};
