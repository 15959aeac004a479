// level6_slowed.cu: TEST ONLY. Level 6 built from its own files (level6_tuned.cuh with the
// configuration of kernels/level6_config.h), made slower by a known amount, for the gate's
// operating characteristic (docs/GATE.md): SGEMM_TEST_SLOWDOWN_PCT=d makes its rate d%
// lower. Each CTA of the tiled kernel, once its tile of C is stored, keeps its SM slot for
// a share s = d / (100 - d) of the cycles it has run (clock64 on its own SM), so every
// wave, and the kernel, lasts 1 + s times as long. The small-M kernel and the split-K
// reduction are not slowed: at shapes that use them the slowdown is a little less than d.
// Registered under level6_tuned's name; only level 6 differs from //runner:sweep.
#include <stdlib.h>

static __constant__ float slow_share; // s: the extra share of each CTA's cycles

static __device__ __forceinline__ void slow_hold(long long t0)
{
    __syncthreads(); // the whole CTA has stored its tile
    if (threadIdx.x == 0) {
        const long long now = clock64();
        const long long until = now + (long long)(slow_share * (double)(now - t0));
        while (clock64() < until) {
        }
    }
}

#define L6_NS l6_slowed /* its own symbols beside the real level 6 (level6_tuned.cuh) */
#define L6_TEST_KERNEL_BEGIN() const long long slow_t0 = clock64();
#define L6_TEST_KERNEL_END() slow_hold(slow_t0);
#include "kernels/level6_launch.cuh"

// The share from SGEMM_TEST_SLOWDOWN_PCT (0 when unset; refused outside [0, 90)).
static cudaError_t set_share(void)
{
    const char *v = getenv("SGEMM_TEST_SLOWDOWN_PCT");
    char *end = NULL;
    const double d = v ? strtod(v, &end) : 0;
    if (v && (end == v || *end || !(d >= 0 && d < 90)))
        return cudaErrorInvalidValue;
    const float share = (float)(d / (100 - d));
    return cudaMemcpyToSymbol(slow_share, &share, sizeof share);
}

static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    static bool share_set = false; // once per process, outside any timed region
    if (!share_set) {
        const cudaError_t e = set_share();
        if (e != cudaSuccess)
            return e;
        share_set = true;
    }
    return level6_launch(g, stream);
}

LEVEL6_REGISTER_STAND_IN(level6_tuned_slowed, launch,
                         "TEST ONLY: level 6 slowed by SGEMM_TEST_SLOWDOWN_PCT");
