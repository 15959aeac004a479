// Level 4: double buffering: the next tile's global loads overlap this tile's math.
//
// Change from level 3: two shared-memory buffers. At each step the thread first issues
// the global loads of tile t+1 into registers, then runs the 64-FFMA-per-k-step math on
// tile t from shared memory while those loads are in flight, then stores them into the
// other buffer. One barrier per tile instead of two. The load latency (hundreds of
// cycles) now hides behind ~512 FFMAs per thread. Costs 8 more registers and 2x shared
// memory. The seeds expect 70-85%. Same tile, edges and fallbacks as level 3.
//
// SGEMM_SLOW_NS > 0 (set only by kernels/testing) builds a deliberately slowed copy, in
// which thread 0 sleeps that many ns before the barrier of every SGEMM_SLOW_EVERY-th tile
// (default every tile), exported as
// level4_double_buffering_slowed under this level's name: the regression gate must catch
// it. The shipped build has no extra instruction.
#include "kernels/blocking.cuh"

#ifndef SGEMM_SLOW_NS
#define SGEMM_SLOW_NS 0
#endif
#ifndef SGEMM_SLOW_EVERY
#define SGEMM_SLOW_EVERY 1
#endif

template <bool VEC>
static __global__ void __launch_bounds__(blk::THREADS)
double_buffering_kernel(int m, int n, int k, float alpha, const float *a, int lda,
                        const float *b, int ldb, float beta, float *c, int ldc)
{
    using namespace blk;
    __shared__ __align__(16) float as[2][BK * LDS_A];
    __shared__ __align__(16) float bs[2][BK * LDS_B];
    const int tid = threadIdx.x, ty = tid / 16, tx = tid % 16;
    const int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
    const int tiles = ceil_div(k, BK);
    float acc[TM][TN] = {};

    store_tile(as[0], bs[0], load_tile<VEC>(a, lda, b, ldb, m, n, k, m0, n0, 0, tid), tid);
    __syncthreads();
    for (int t = 0; t < tiles; ++t) {
        const int cur = t & 1;
        const bool more = t + 1 < tiles;
        tile_regs next;
        if (more)
            next = load_tile<VEC>(a, lda, b, ldb, m, n, k, m0, n0, (t + 1) * BK, tid);
        mma_tile(as[cur], bs[cur], acc, ty, tx);
        if (more)
            store_tile(as[cur ^ 1], bs[cur ^ 1], next, tid);
        if (SGEMM_SLOW_NS > 0 && tid == 0 && t % SGEMM_SLOW_EVERY == 0)
            __nanosleep(SGEMM_SLOW_NS);
        __syncthreads();
    }
    store_c<VEC>(c, ldc, m, n, m0, n0, acc, alpha, beta, ty * TM, 1, tx);
}

static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    BLK_LAUNCH(double_buffering_kernel, g, stream);
    return cudaGetLastError();
}

#if SGEMM_SLOW_NS > 0
#define LEVEL4_ID level4_double_buffering_slowed /* a test build's stand-in for level 4 */
#else
#define LEVEL4_ID level4_double_buffering
#endif
SGEMM_REGISTER_KERNEL(LEVEL4_ID,
                      .name = "level4_double_buffering",
                      .level = 4,
                      .technique = "double buffering: next tile's loads overlap this tile's math",
                      .expected = {70, 85, "no seed gives a figure: this project's estimate between "
                                           "level 2 (20-40%) and level 5 (85-95%)"},
                      .min_cc = SGEMM_MIN_CC(0),
                      .launch = launch,
                      .main_kernel = (const void *)double_buffering_kernel<true>,
                      .overrides = SGEMM_SLOW_NS > 0);
