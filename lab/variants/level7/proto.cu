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
#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_runtime.h>
#include <cudaTypedefs.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

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

__device__ __forceinline__ unsigned smem_u32(const void *p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}

__device__ __forceinline__ void mbar_init(unsigned long long *bar, unsigned count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_u32(bar)), "r"(count));
}

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

__device__ __forceinline__ void tma_load(void *dst, const CUtensorMap *map, int c0, int c1,
                                         unsigned long long *bar)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];" ::"r"(smem_u32(dst)),
                 "l"((unsigned long long)map), "r"(c0), "r"(c1), "r"(smem_u32(bar))
                 : "memory");
}

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

static PFN_cuTensorMapEncodeTiled_v12000 encoder()
{
    static PFN_cuTensorMapEncodeTiled_v12000 f = nullptr;
    if (!f) {
        cudaDriverEntryPointQueryResult q;
        if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", (void **)&f, 12000,
                                             cudaEnableDefault, &q) != cudaSuccess ||
            q != cudaDriverEntryPointSuccess) {
            fprintf(stderr, "no cuTensorMapEncodeTiled\n");
            exit(4);
        }
    }
    return f;
}

// A rows x cols row-major matrix of leading dimension ld, boxes of box_rows x box_cols.
static CUtensorMap tensor_map(const float *p, int rows, int cols, int ld, int box_rows,
                              int box_cols, CUtensorMapSwizzle swizzle)
{
    CUtensorMap map;
    const cuuint64_t dims[2] = {(cuuint64_t)cols, (cuuint64_t)rows};
    const cuuint64_t strides[1] = {(cuuint64_t)ld * sizeof(float)};
    const cuuint32_t box[2] = {(cuuint32_t)box_cols, (cuuint32_t)box_rows};
    const cuuint32_t estr[2] = {1, 1};
    const CUresult r = encoder()(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, (void *)p, dims, strides,
                                 box, estr, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
                                 CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
        fprintf(stderr, "cuTensorMapEncodeTiled: %d\n", (int)r);
        exit(4);
    }
    return map;
}

static void l7_launch(int m, int n, int k, const float *a, int lda, const float *b, int ldb, float *c,
                      int ldc, cudaStream_t stream)
{
    const CUtensorMap ta = tensor_map(a, m, k, lda, BM, BK, CU_TENSOR_MAP_SWIZZLE_128B);
    const CUtensorMap tb = tensor_map(b, k, n, ldb, BK, BN, CU_TENSOR_MAP_SWIZZLE_NONE);
    const size_t smem = sizeof(stage_mem) + 1024;
    static bool set = false;
    if (!set) {
        cudaFuncSetAttribute(l7_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        set = true;
    }
    const dim3 grid((m + BM - 1) / BM, (n + BN - 1) / BN);
    l7_kernel<<<grid, THREADS, smem, stream>>>(ta, tb, c, m, n, k, ldc, 1.0f, 0.0f);
}

#define CHECK(x)                                                                               \
    do {                                                                                       \
        cudaError_t e_ = (x);                                                                  \
        if (e_ != cudaSuccess) {                                                               \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                           \
            exit(4);                                                                           \
        }                                                                                      \
    } while (0)

template <typename F>
static double median_ms(F run, int reps)
{
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    for (int i = 0; i < 3; ++i)
        run();
    std::vector<float> t;
    for (int i = 0; i < reps; ++i) {
        cudaEventRecord(e0);
        run();
        cudaEventRecord(e1);
        cudaEventSynchronize(e1);
        float ms;
        cudaEventElapsedTime(&ms, e0, e1);
        t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: proto M N K\n");
        return 2;
    }
    const int m = atoi(argv[1]), n = atoi(argv[2]), k = atoi(argv[3]);
    const int lda = (k + 3) / 4 * 4, ldb = (n + 3) / 4 * 4, ldc = ldb;
    std::vector<float> ha((size_t)m * lda), hb((size_t)k * ldb);
    srand(1);
    for (auto &x : ha)
        x = (float)rand() / RAND_MAX * 2 - 1;
    for (auto &x : hb)
        x = (float)rand() / RAND_MAX * 2 - 1;
    float *a, *b, *c, *r;
    CHECK(cudaMalloc(&a, ha.size() * 4));
    CHECK(cudaMalloc(&b, hb.size() * 4));
    CHECK(cudaMalloc(&c, (size_t)m * ldc * 4));
    CHECK(cudaMalloc(&r, (size_t)m * ldc * 4));
    CHECK(cudaMemcpy(a, ha.data(), ha.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, hb.data(), hb.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(c, 0, (size_t)m * ldc * 4));
    cublasHandle_t h;
    cublasCreate(&h);
    const float one = 1, zero = 0;
    auto ref = [&] { cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &one, b, ldb, a, lda, &zero, r, ldc); };
    auto mine = [&] { l7_launch(m, n, k, a, lda, b, ldb, c, ldc, 0); };
    ref();
    mine();
    CHECK(cudaDeviceSynchronize());
    std::vector<float> hc((size_t)m * ldc), hr((size_t)m * ldc);
    CHECK(cudaMemcpy(hc.data(), c, hc.size() * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hr.data(), r, hr.size() * 4, cudaMemcpyDeviceToHost));
    double err = 0, big = 0;
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            err = std::max(err, (double)fabsf(hc[(size_t)i * ldc + j] - hr[(size_t)i * ldc + j]));
            big = std::max(big, (double)fabsf(hr[(size_t)i * ldc + j]));
        }
    const double t_ref = median_ms(ref, 20), t_mine = median_ms(mine, 20);
    const double flop = 2.0 * m * n * k;
    printf("%dx%dx%d BN %d WS %d ALOAD %d: level7 %.2f TFLOP/s, cuBLAS %.2f, %.1f%% of cuBLAS, max err %.2e of %.2e%s\n",
           m, n, k, (int)BN, (int)WS, (int)ALOAD, flop / t_mine / 1e9, flop / t_ref / 1e9, 100 * t_ref / t_mine, err, big,
           err <= 1e-5 * big * std::max(1.0, sqrt(k / 64.0)) ? "" : "  WRONG");
    return 0;
}
