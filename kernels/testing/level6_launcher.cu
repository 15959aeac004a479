// level6_launcher.cu: TEST ONLY. Level 6 as built (kernels/level6_tuned.cu), behind a
// changed launcher: before each level-6 launch it puts a one-warp kernel on the stream that
// spins for SPIN_CYCLES (about 150 us at the H100's 1.98 GHz), so the timed call gets
// slower while the kernel that does the GEMM is the same code at the same launch. The
// same-binary rule's evidence: such a change reads INCONCLUSIVE ("same binary
// and launch as the base: not the kernel"), never REGRESSED. Registered under
// level6_tuned's name; only level 6's launcher differs from //runner:sweep.
#include "kernels/common.cuh"
#include "kernels/level6.h"

enum { SPIN_CYCLES = 300000 };

static __global__ void launcher_spin(long long cycles)
{
    const long long t0 = clock64();
    while (clock64() - t0 < cycles) {
    }
}

static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    launcher_spin<<<1, 32, 0, stream>>>(SPIN_CYCLES);
    const cudaError_t e = cudaGetLastError();
    return e != cudaSuccess ? e : level6_tuned.launch(g, stream); // it notes the GEMM's launch
}

SGEMM_REGISTER_KERNEL(level6_tuned_launcher, .name = "level6_tuned", .level = 6,
                      .technique = "TEST ONLY: level 6 behind a launcher that spins first",
                      .min_cc = SGEMM_MIN_CC(80), .workspace_bytes = level6_workspace,
                      .launch = launch, .main_kernel = level6_wide_kernel, .overrides = 1);
