// proto.cu (evidence P431): a first Hopper-native FP32 GEMM for level 7, as a lab harness (not built by Bazel):
// TMA (cp.async.bulk.tensor) fills a 4-stage ring of A and B tiles, full/empty mbarriers hand
// the stages between one producer warpgroup and two consumer warpgroups, setmaxnreg moves the
// producer's registers to the consumers; the math is FP32 FFMA, 16x8 accumulators a thread as
// in level 6. Checked against cuBLAS and timed beside it (median of 20 after 3 warm-ups).
//
//   nvcc -std=c++17 -O3 -arch=sm_90a -Xptxas=-v lab/variants/level7/proto.cu -lcublas -o proto
//   ./proto M N K
//
// Row-major C (M x N) = A (M x K) B (K x N), A's and B's rows 16-byte aligned (TMA's global
// strides are multiples of 16 bytes); any M, N, K (TMA fills outside the matrix with zeros).
#include <cstdint>

#include "lab/variants/level7/harness.cuh"
#include "kernels/tma.cuh"

#ifndef BN_
#define BN_ 256
#endif
enum { BM = 128, BN = BN_, BK = 32, STAGES = 4 };
// WS 1: a producer warpgroup (setmaxnreg: 40 registers) and two consumer warpgroups (232);
// WS 0: the 8 math warps alone, lane 0 of warp 0 refilling the stage the CTA left last.
#ifndef WS
#define WS 1
#endif
enum { CONSUMER_WARPS = 8, THREADS = WS ? 384 : 256 };
static_assert(BN == 256 || BN == 128, "a warp 64 columns, 4 or 2 across");
enum { WARPS_N = BN / 64, WARPS_M = CONSUMER_WARPS / WARPS_N, TILE_M = WARPS_M * 64 };
static_assert((int)TILE_M == (int)BM || BN == 128, "8 warps cover the tile");

struct stage_mem {
    float a[STAGES][BM * BK]; // [m][k], 128-byte rows, TMA's 128B swizzle
    float b[STAGES][BK * BN]; // [k][n]
    unsigned long long full[STAGES], empty[STAGES];
};

using namespace tma;

#ifndef ALOAD
#define ALOAD 4
#endif

__device__ __forceinline__ void fma8(float (&acc)[8], float a, float4 b0, float4 b1)
{
    acc[0] = fmaf(a, b0.x, acc[0]);
    acc[1] = fmaf(a, b0.y, acc[1]);
    acc[2] = fmaf(a, b0.z, acc[2]);
    acc[3] = fmaf(a, b0.w, acc[3]);
    acc[4] = fmaf(a, b1.x, acc[4]);
    acc[5] = fmaf(a, b1.y, acc[5]);
    acc[6] = fmaf(a, b1.z, acc[6]);
    acc[7] = fmaf(a, b1.w, acc[7]);
}

__global__ void __launch_bounds__(THREADS, 1)
l7_kernel(const __grid_constant__ CUtensorMap ta, const __grid_constant__ CUtensorMap tb, float *c,
          int m, int n, int k, int ldc, float alpha, float beta)
{
    extern __shared__ unsigned char raw[];
    stage_mem &s = *reinterpret_cast<stage_mem *>(((uintptr_t)raw + 1023) & ~(uintptr_t)1023);
    const int tid = threadIdx.x;
    const int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
    const int ktiles = (k + BK - 1) / BK;
    if (tid == 0) {
        for (int i = 0; i < STAGES; ++i) {
            mbar_init(&s.full[i], 1);
            mbar_init(&s.empty[i], CONSUMER_WARPS);
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
#if WS
    if (tid >= 256) { // the producer warpgroup: one thread issues every copy
        asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
        if (tid == 256) {
            for (int kt = 0; kt < ktiles; ++kt) {
                const int st = kt % STAGES, round = kt / STAGES;
                if (round > 0)
                    mbar_wait(&s.empty[st], (round - 1) & 1);
                mbar_expect_tx(&s.full[st], (BM * BK + BK * BN) * sizeof(float));
                tma_load(s.a[st], &ta, kt * BK, m0, &s.full[st]);
                tma_load(s.b[st], &tb, n0, kt * BK, &s.full[st]);
            }
        }
        return;
    }
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
#else
    if (tid == 0)
        for (int kt = 0; kt < STAGES && kt < ktiles; ++kt) {
            mbar_expect_tx(&s.full[kt], (BM * BK + BK * BN) * sizeof(float));
            tma_load(s.a[kt], &ta, kt * BK, m0, &s.full[kt]);
            tma_load(s.b[kt], &tb, n0, kt * BK, &s.full[kt]);
        }
#endif
    const int warp = tid / 32, lane = tid % 32;
    const int wm = warp / WARPS_N, wn = warp % WARPS_N;
    const int lm = lane / 8, ln = lane % 8;
    const int row0 = wm * 64 + lm;       // rows row0 + 4i, i < 16
    const int col0 = wn * 64 + ln * 4;   // columns col0 + 32j + 0..3, j < 2
    float acc[16][8];
#pragma unroll
    for (int i = 0; i < 16; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
            acc[i][j] = 0.0f;
    for (int kt = 0; kt < ktiles; ++kt) {
        const int st = kt % STAGES;
#if !WS
        // refill the stage the CTA left at kt - 1 with k tile kt - 1 + STAGES
        if (tid == 0 && kt > 0 && kt - 1 + STAGES < ktiles) {
            const int ps = (kt - 1) % STAGES;
            mbar_wait(&s.empty[ps], ((kt - 1) / STAGES) & 1);
            mbar_expect_tx(&s.full[ps], (BM * BK + BK * BN) * sizeof(float));
            tma_load(s.a[ps], &ta, (kt - 1 + STAGES) * BK, m0, &s.full[ps]);
            tma_load(s.b[ps], &tb, n0, (kt - 1 + STAGES) * BK, &s.full[ps]);
        }
#endif
        mbar_wait(&s.full[st], (kt / STAGES) & 1);
        const float *as = s.a[st];
        const float *bs = s.b[st];
#if ALOAD == 4
#pragma unroll
        for (int kk = 0; kk < BK; kk += 4) {
            float4 av[16];
#pragma unroll
            for (int i = 0; i < 16; ++i) {
                const int r = row0 + 4 * i;
                const int chunk = (kk / 4) ^ (r & 7); // TMA's 128B swizzle
                av[i] = *reinterpret_cast<const float4 *>(as + r * BK + chunk * 4);
            }
#pragma unroll
            for (int q = 0; q < 4; ++q) {
                const float4 b0 = *reinterpret_cast<const float4 *>(bs + (kk + q) * BN + col0);
                const float4 b1 = *reinterpret_cast<const float4 *>(bs + (kk + q) * BN + col0 + 32);
#pragma unroll
                for (int i = 0; i < 16; ++i) {
                    const float a = q == 0 ? av[i].x : q == 1 ? av[i].y : q == 2 ? av[i].z : av[i].w;
                    fma8(acc[i], a, b0, b1);
                }
            }
        }
#else
        // A a float at a time (LDS.32): each k step's 16 values in registers of any bank
#pragma unroll
        for (int kk = 0; kk < BK; ++kk) {
            float a[16];
#pragma unroll
            for (int i = 0; i < 16; ++i) {
                const int r = row0 + 4 * i;
                const int chunk = (kk / 4) ^ (r & 7);
                a[i] = as[r * BK + chunk * 4 + kk % 4];
            }
            const float4 b0 = *reinterpret_cast<const float4 *>(bs + kk * BN + col0);
            const float4 b1 = *reinterpret_cast<const float4 *>(bs + kk * BN + col0 + 32);
#pragma unroll
            for (int i = 0; i < 16; ++i)
                fma8(acc[i], a[i], b0, b1);
        }
#endif
        __syncwarp();
        if (lane == 0)
            mbar_arrive(&s.empty[st]);
    }
#pragma unroll
    for (int i = 0; i < 16; ++i) {
        const int r = m0 + row0 + 4 * i;
        if (r >= m)
            continue;
        float *crow = c + (size_t)r * ldc;
#pragma unroll
        for (int j = 0; j < 2; ++j) {
            const int col = n0 + col0 + 32 * j;
#pragma unroll
            for (int e = 0; e < 4; ++e)
                if (col + e < n)
                    crow[col + e] = alpha * acc[i][4 * j + e] + (beta != 0.0f ? beta * crow[col + e] : 0.0f);
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
        cudaFuncSetAttribute(l7_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        set = true;
    }
    const dim3 grid((m + BM - 1) / BM, (n + BN - 1) / BN);
    l7_kernel<<<grid, THREADS, smem, stream>>>(ta, tb, c, m, n, k, ldc, 1.0f, 0.0f);
}

int main(int argc, char **argv)
{
    char label[48];
    snprintf(label, sizeof label, "BN %d WS %d ALOAD %d", (int)BN, (int)WS, (int)ALOAD);
    return harness_main(argc, argv, l7_launch, label);
}
