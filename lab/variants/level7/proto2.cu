// proto2.cu: level 7's second prototype (lab harness, not built by Bazel). TMA brings A and B
// tiles into shared memory under full/empty mbarriers, warp-specialized: warp 8 issues the
// copies, warps 9-11 turn each A tile k-major (TMA keeps A's rows k-contiguous; level 6's
// fragment loop reads it k-major, 4 LDS.128 over m a k step), and the 8 math warps run
// level 6's own inner loop (load_frag, fma_frag: kernels/level6_tuned.cuh) on a 128x256
// tile, 16x8 a thread. setmaxnreg gives the copy warps 40 registers and the math warps 232.
//
// The kernel is kernel.cuh's, the draft of the registered kernels/level7_tma.cu.
//
//   nvcc -std=c++17 -O3 -I. -DSGEMM_MIN_ARCH_CC=90 -gencode arch=compute_90a,code=sm_90a \
//        lab/variants/level7/proto2.cu kernels/level6_plan.c kernels/registry.c -lcublas \
//        -o proto2 && ./proto2 M N K   (-DL7_STAGES=2: two stages)
#include "lab/variants/level7/harness.cuh"
#include "lab/variants/level7/kernel.cuh"

using namespace l7;

static void l7_launch(int m, int n, int k, const float *a, int lda, const float *b, int ldb, float *c,
                      int ldc, cudaStream_t stream)
{
    CUtensorMap ta, tb;
    if (!tensor_map(&ta, a, m, k, lda, BM, BK, CU_TENSOR_MAP_SWIZZLE_128B) ||
        !tensor_map(&tb, b, k, n, ldb, BK, BN, CU_TENSOR_MAP_SWIZZLE_NONE)) {
        fprintf(stderr, "no tensor map\n");
        exit(4);
    }
    const size_t smem = SMEM_BYTES;
    static bool set = false;
    if (!set) {
        if (cudaFuncSetAttribute(tma_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem)) {
            fprintf(stderr, "no room for %zu bytes of shared memory\n", smem);
            exit(4);
        }
        set = true;
    }
    const dim3 grid((m + BM - 1) / BM, (n + BN - 1) / BN);
    tma_kernel<<<grid, THREADS, smem, stream>>>(ta, tb, c, m, n, k, ldc, 1.0f, 0.0f);
}

int main(int argc, char **argv)
{
    char label[32];
    snprintf(label, sizeof label, "stages %d", (int)STAGES);
    return harness_main(argc, argv, l7_launch, label);
}
