// tma.cuh: Hopper's copy machinery for level 7 (sm_90a): mbarriers, the tensor memory
// accelerator's 2-D tile copy (cp.async.bulk.tensor, UTMALDG in SASS), and the driver's
// tensor-map encoder reached through the runtime (no -lcuda). PTX ISA 8.0, "Asynchronous
// copy" and "mbarrier".
#ifndef SGEMM_BENCH_KERNELS_TMA_CUH
#define SGEMM_BENCH_KERNELS_TMA_CUH

#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

namespace tma {

__device__ __forceinline__ unsigned smem_u32(const void *p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}

// A barrier that completes a phase once `count` threads have arrived (and, where one of them
// expects bytes, once that many bytes of copies have landed).
__device__ __forceinline__ void mbar_init(unsigned long long *bar, unsigned count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_u32(bar)), "r"(count));
}

// Arrives, and adds `bytes` to the copies the phase waits for.
__device__ __forceinline__ void mbar_expect_tx(unsigned long long *bar, unsigned bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_u32(bar)),
                 "r"(bytes)
                 : "memory");
}

__device__ __forceinline__ void mbar_arrive(unsigned long long *bar)
{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_u32(bar)) : "memory");
}

// Returns once the phase of parity `parity` has completed (try_wait suspends the thread for a
// while in hardware before it polls again: SYNCS.PHASECHK in SASS).
__device__ __forceinline__ void mbar_wait(unsigned long long *bar, unsigned parity)
{
    unsigned done = 0;
    do {
        asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     " selp.u32 %0, 1, 0, p;\n}"
                     : "=r"(done)
                     : "r"(smem_u32(bar)), "r"(parity)
                     : "memory");
    } while (!done);
}

// The box at (c0, c1) (c0 the inner, contiguous coordinate) of `map` into smem at dst; its
// bytes count against `bar`'s phase. Outside the matrix, TMA writes zeros.
__device__ __forceinline__ void tma_load(void *dst, const CUtensorMap *map, int c0, int c1,
                                         unsigned long long *bar)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];" ::"r"(smem_u32(dst)),
                 "l"((unsigned long long)map), "r"(c0), "r"(c1), "r"(smem_u32(bar))
                 : "memory");
}

// cuTensorMapEncodeTiled, or nullptr where the driver has none (once per process).
static PFN_cuTensorMapEncodeTiled_v12000 encoder(void)
{
    static PFN_cuTensorMapEncodeTiled_v12000 f = nullptr;
    static bool asked = false;
    if (!asked) {
        cudaDriverEntryPointQueryResult q;
        if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", (void **)&f, 12000,
                                             cudaEnableDefault, &q) != cudaSuccess ||
            q != cudaDriverEntryPointSuccess)
            f = nullptr;
        asked = true;
    }
    return f;
}

// A rows x cols row-major FP32 matrix, ld floats a row (a multiple of 4: TMA's strides are
// whole 16 bytes), as boxes of box_rows x box_cols. False where the driver or the arguments
// refuse.
static bool tensor_map(CUtensorMap *map, const float *p, int rows, int cols, int ld, int box_rows,
                       int box_cols, CUtensorMapSwizzle swizzle)
{
    PFN_cuTensorMapEncodeTiled_v12000 encode = encoder();
    const cuuint64_t dims[2] = {(cuuint64_t)cols, (cuuint64_t)rows};
    const cuuint64_t strides[1] = {(cuuint64_t)ld * sizeof(float)};
    const cuuint32_t box[2] = {(cuuint32_t)box_cols, (cuuint32_t)box_rows};
    const cuuint32_t unit[2] = {1, 1};
    return encode && encode(map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, (void *)p, dims, strides, box,
                            unit, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
                            CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                            CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) == CUDA_SUCCESS;
}

} // namespace tma

#endif
