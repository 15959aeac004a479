// proto2.cu: level 7's second prototype (lab harness, not built by Bazel). TMA brings A and B
// tiles into shared memory under full/empty mbarriers, warp-specialized: warp 8 issues the
// copies, warps 9-11 turn each A tile k-major (TMA keeps A's rows k-contiguous; level 6's
// fragment loop reads it k-major, 4 LDS.128 over m a k step), and the 8 math warps run
// level 6's own inner loop (load_frag, fma_frag: kernels/level6_tuned.cuh) on a 128x256
// tile, 16x8 a thread. setmaxnreg gives the copy warps 40 registers and the math warps 232.
//
//   nvcc -std=c++17 -O3 -I. -gencode arch=compute_90a,code=sm_90a -Xptxas=-v \
//        lab/variants/level7/proto2.cu -lcublas -o proto2 && ./proto2 M N K
#include "kernels/level6_tuned.cuh"
#include "lab/variants/level7/harness.cuh"
#include "lab/variants/level7/tma.cuh"

using l6::frag;
using l6::lane_at;
using l6::TM;
using l6::TN;

#ifndef L7_STAGES
#define L7_STAGES 3
#endif
enum { BM = 128, BN = 256, BK = 32, STAGES = L7_STAGES, LDA_T = BM + 4 };
enum { MATH_THREADS = 256, THREADS = 384, TRANSPOSERS = 96 };

struct stage_mem {
    float a_raw[STAGES][BM * BK];  // TMA's: [m][k], 128-byte rows, 128B swizzle
    float b[STAGES][BK * BN];      // TMA's: [k][n]
    float a_t[STAGES][BK * LDA_T]; // k-major, rows padded by 4 (level 6's layout)
    unsigned long long raw[STAGES], full[STAGES], empty[STAGES];
};

using namespace tma;

__global__ void __launch_bounds__(THREADS, 1)
l7_kernel(const __grid_constant__ CUtensorMap ta, const __grid_constant__ CUtensorMap tb, float *c,
          int m, int n, int k, int ldc, float alpha, float beta)
{
    extern __shared__ unsigned char smem_raw[];
    stage_mem &s = *reinterpret_cast<stage_mem *>(((uintptr_t)smem_raw + 1023) & ~(uintptr_t)1023);
    const int tid = threadIdx.x;
    const int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
    const int tiles = (k + BK - 1) / BK;
    if (tid == 0) {
        for (int i = 0; i < STAGES; ++i) {
            mbar_init(&s.raw[i], 1);
            mbar_init(&s.full[i], TRANSPOSERS);
            mbar_init(&s.empty[i], MATH_THREADS / 32);
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (tid >= MATH_THREADS) {
        asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
        const int p = tid - MATH_THREADS;
        if (p == 0) { // the copies: tile t into stage t % STAGES once its last reader is done
            for (int t = 0; t < tiles; ++t) {
                const int st = t % STAGES;
                if (t >= STAGES)
                    mbar_wait(&s.empty[st], (t / STAGES - 1) & 1);
                mbar_expect_tx(&s.raw[st], (BM * BK + BK * BN) * sizeof(float));
                tma_load(s.a_raw[st], &ta, t * BK, m0, &s.raw[st]);
                tma_load(s.b[st], &tb, n0, t * BK, &s.raw[st]);
            }
        } else if (p >= 32) { // A k-major: a float4 of k a thread, 4 stores down its column
            const int q = p - 32;
            for (int t = 0; t < tiles; ++t) {
                const int st = t % STAGES;
                mbar_wait(&s.raw[st], (t / STAGES) & 1);
                const float *raw = s.a_raw[st];
                float *at = s.a_t[st];
                for (int e = q; e < BM * BK / 4; e += TRANSPOSERS) {
                    const int row = e % BM, chunk = e / BM; // 32 lanes: 32 rows, one chunk
                    const float4 v = *reinterpret_cast<const float4 *>(
                        raw + row * BK + ((chunk ^ (row & 7)) * 4));
                    at[(chunk * 4 + 0) * LDA_T + row] = v.x;
                    at[(chunk * 4 + 1) * LDA_T + row] = v.y;
                    at[(chunk * 4 + 2) * LDA_T + row] = v.z;
                    at[(chunk * 4 + 3) * LDA_T + row] = v.w;
                }
                mbar_arrive(&s.full[st]);
            }
        }
        return;
    }
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
    const lane_at l = lane_at::of<BN>(tid);
    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
            acc[i][j] = 0.0f;
    for (int t = 0; t < tiles; ++t) {
        const int st = t % STAGES;
        mbar_wait(&s.full[st], (t / STAGES) & 1);
        const float *as = s.a_t[st];
        const float *bs = s.b[st];
        frag f[2];
        l6::load_frag(f[0], as + l.a_off, bs + l.b_off);
#pragma unroll
        for (int kk = 0; kk < BK; ++kk) {
            if (kk + 1 < BK)
                l6::load_frag(f[(kk + 1) % 2], as + (kk + 1) * LDA_T + l.a_off,
                              bs + (kk + 1) * BN + l.b_off);
            l6::fma_frag<1>(acc, f[kk % 2]);
        }
        __syncwarp();
        if (tid % 32 == 0)
            mbar_arrive(&s.empty[st]);
    }
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int r = m0 + l.a_off + 16 * (i / 4) + i % 4;
        if (r >= m)
            continue;
        float *crow = c + (size_t)r * ldc;
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            const int col = n0 + l.b_off + 32 * (j / 4) + j % 4;
            if (col < n)
                crow[col] = alpha * acc[i][j] + (beta != 0.0f ? beta * crow[col] : 0.0f);
        }
    }
}

static void l7_launch(int m, int n, int k, const float *a, int lda, const float *b, int ldb, float *c,
                      int ldc, cudaStream_t stream)
{
    CUtensorMap ta, tb;
    if (!tensor_map(&ta, a, m, k, lda, BM, BK, CU_TENSOR_MAP_SWIZZLE_128B) ||
        !tensor_map(&tb, b, k, n, ldb, BK, BN, CU_TENSOR_MAP_SWIZZLE_NONE)) {
        fprintf(stderr, "no tensor map\n");
        exit(4);
    }
    const size_t smem = sizeof(stage_mem) + 1024;
    static bool set = false;
    if (!set) {
        if (cudaFuncSetAttribute(l7_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem)) {
            fprintf(stderr, "no room for %zu bytes of shared memory\n", smem);
            exit(4);
        }
        set = true;
    }
    const dim3 grid((m + BM - 1) / BM, (n + BN - 1) / BN);
    l7_kernel<<<grid, THREADS, smem, stream>>>(ta, tb, c, m, n, k, ldc, 1.0f, 0.0f);
}

int main(int argc, char **argv)
{
    char label[32];
    snprintf(label, sizeof label, "stages %d", (int)STAGES);
    return harness_main(argc, argv, l7_launch, label);
}
