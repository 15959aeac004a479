// kernel.cuh: level 7's draft kernel (lab/variants/level7/; evidence P431), run by its
// harness (proto2.cu); kernels/level7_tma.cu is what it became (P432): TMA into a ring of STAGES
// stages (L7_STAGES, default 3), a copy warp, three layout warps (A k-major), eight math warps
// on level 6's k step. Needs sm_90a (setmaxnreg).
#ifndef LAB_LEVEL7_KERNEL_CUH
#define LAB_LEVEL7_KERNEL_CUH

#include "kernels/level6_tuned.cuh"
#include "kernels/tma.cuh"

#ifndef L7_STAGES
#define L7_STAGES 3
#endif
// k steps unrolled in the math warps' loop: 8, 102-103% of cuBLAS at 4096^3 and 8192^3 where
// the whole stage's 32 gave 98-100% (instruction fetch; evidence P431)
#ifndef L7_UNROLL
#define L7_UNROLL 8
#endif

namespace l7 {

enum { BM = 128, BN = 256, BK = 32, STAGES = L7_STAGES, LDA_T = BM + 4 };
enum { MATH_THREADS = 256, THREADS = 384, COPY_WARP = 8, LAYOUT_THREADS = 96 };
constexpr int UNROLL = L7_UNROLL; // k steps unrolled (pragma unroll takes a constant, not a macro)
enum { MIN_K = 256 };

struct stage_mem {
    float a_raw[STAGES][BM * BK];  // TMA's: [m][k], 128-byte rows in the 128B swizzle
    float b[STAGES][BK * BN];      // TMA's: [k][n]
    float a_t[STAGES][BK * LDA_T]; // k-major, rows padded by 4 (level 6's as[k][m])
    unsigned long long raw[STAGES], full[STAGES], empty[STAGES];
};
constexpr size_t SMEM_BYTES = sizeof(stage_mem) + 1024; // + the 128B swizzle's 1024 alignment

using namespace tma;

// C = alpha A B + beta C for the 128x256 tile (blockIdx.x, blockIdx.y). Per stage: `raw`
// completes when TMA's bytes land, `full` when warps 9-11 have laid A out k-major, `empty`
// when the 8 math warps are done with it (the copy warp then refills it).
__global__ void __launch_bounds__(THREADS, 1)
tma_kernel(const __grid_constant__ CUtensorMap ta, const __grid_constant__ CUtensorMap tb,
           float *c, int m, int n, int k, int ldc, float alpha, float beta)
{
    extern __shared__ unsigned char smem_bytes[];
    stage_mem &s =
        *reinterpret_cast<stage_mem *>(((uintptr_t)smem_bytes + 1023) & ~(uintptr_t)1023);
    const int tid = threadIdx.x;
    const int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
    const int tiles = (k + BK - 1) / BK;
    if (tid == 0) {
        for (int i = 0; i < STAGES; ++i) {
            mbar_init(&s.raw[i], 1);
            mbar_init(&s.full[i], LAYOUT_THREADS);
            mbar_init(&s.empty[i], MATH_THREADS / 32);
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (tid >= MATH_THREADS) {
        asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
        const int p = tid - MATH_THREADS;
        if (p == 0) { // tile t into stage t % STAGES once its last readers are done with it
            for (int t = 0; t < tiles; ++t) {
                const int st = t % STAGES;
                if (t >= STAGES)
                    mbar_wait(&s.empty[st], (t / STAGES - 1) & 1);
                mbar_expect_tx(&s.raw[st], (BM * BK + BK * BN) * sizeof(float));
                tma_load(s.a_raw[st], &ta, t * BK, m0, &s.raw[st]);
                tma_load(s.b[st], &tb, n0, t * BK, &s.raw[st]);
            }
        } else if (p >= 32) { // A k-major: a thread a float4 of k (32 rows a warp), 4 stores
            const int q = p - 32;
            for (int t = 0; t < tiles; ++t) {
                const int st = t % STAGES;
                mbar_wait(&s.raw[st], (t / STAGES) & 1);
                const float *raw = s.a_raw[st];
                float *at = s.a_t[st];
                for (int e = q; e < BM * BK / 4; e += LAYOUT_THREADS) {
                    const int row = e % BM, chunk = e / BM;
                    const float4 v = *reinterpret_cast<const float4 *>(
                        raw + row * BK + ((chunk ^ (row & 7)) * 4)); // the 128B swizzle
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
    const l6::lane_at l = l6::lane_at::of<BN>(tid);
    float acc[l6::TM][l6::TN];
#pragma unroll
    for (int i = 0; i < l6::TM; ++i)
#pragma unroll
        for (int j = 0; j < l6::TN; ++j)
            acc[i][j] = 0.0f;
    for (int t = 0; t < tiles; ++t) {
        const int st = t % STAGES;
        mbar_wait(&s.full[st], (t / STAGES) & 1);
        const float *as = s.a_t[st];
        const float *bs = s.b[st];
        l6::frag f[2];
        l6::load_frag(f[0], as + l.a_off, bs + l.b_off);
#pragma unroll UNROLL
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
    // a lane's rows a_off + 16 (i / 4) + i % 4, columns b_off + 32 (j / 4) + j % 4
#pragma unroll
    for (int i = 0; i < l6::TM; ++i) {
        const int r = m0 + l.a_off + 16 * (i / 4) + i % 4;
        if (r >= m)
            continue;
        float *crow = c + (size_t)r * ldc;
#pragma unroll
        for (int j = 0; j < l6::TN; ++j) {
            const int col = n0 + l.b_off + 32 * (j / 4) + j % 4;
            if (col < n)
                crow[col] = axpby(alpha, acc[i][j], beta, crow + col);
        }
    }
}

} // namespace l7

#endif
