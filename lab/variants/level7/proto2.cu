// proto2.cu: level 7's second prototype (lab harness, not built by Bazel). TMA brings A and B
// tiles into shared memory under full/empty mbarriers, warp-specialized: warp 8 issues the
// copies, warps 9-11 turn each A tile k-major (TMA keeps A's rows k-contiguous; level 6's
// fragment loop reads it k-major, 4 LDS.128 over m a k step), and the 8 math warps run
// level 6's own inner loop (load_frag, fma_frag: kernels/level6_tuned.cuh) on a 128x256
// tile, 16x8 a thread. setmaxnreg gives the copy warps 40 registers and the math warps 232.
//
//   nvcc -std=c++17 -O3 -I. -gencode arch=compute_90a,code=sm_90a -Xptxas=-v \
//        lab/variants/level7/proto2.cu -lcublas -o proto2 && ./proto2 M N K
#include <cublas_v2.h>
#include <cuda.h>
#include <cudaTypedefs.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "kernels/level6_tuned.cuh"

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
        if (cudaFuncSetAttribute(l7_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem)) {
            fprintf(stderr, "no room for %zu bytes of shared memory\n", smem);
            exit(4);
        }
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
        fprintf(stderr, "usage: proto2 M N K\n");
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
    printf("%dx%dx%d stages %d: level7 %.2f TFLOP/s, cuBLAS %.2f, %.1f%% of cuBLAS, max err %.2e of %.2e%s\n",
           m, n, k, (int)STAGES, flop / t_mine / 1e9, flop / t_ref / 1e9, 100 * t_ref / t_mine, err,
           big, err <= 1e-5 * big * std::max(1.0, sqrt(k / 64.0)) ? "" : "  WRONG");
    return 0;
}
