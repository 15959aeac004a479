// level6_spills.cu: TEST ONLY. Level 6 built from its own files with its tiled kernels'
// __launch_bounds__ asking for 2 CTAs an SM: the 128x128 tile (128 threads) keeps its
// registers, the wide 128x256 tile (256 threads, 1 CTA an SM in the real build) must fit
// in 128 registers and spills. A change whose cause only "inside the kernel" can name
// (issue 24): registers, local memory, occupancy. Registered under level6_tuned's name;
// only level 6 differs from //runner:sweep.
#define L6_MIN_CTAS 2
#define L6_NS l6_spills /* its own symbols: cuobjdump tells it from the real level 6 */
#include "kernels/level6_launch.cuh"

SGEMM_REGISTER_KERNEL(level6_tuned_spills,
                      .name = "level6_tuned",
                      .level = 6,
                      .technique = "TEST ONLY: level 6 with __launch_bounds__(threads, 2)",
                      .min_cc = SGEMM_MIN_CC(80),
                      .workspace_bytes = L6_NS::workspace_of<L6_BM, L6_BN>,
                      .launch = level6_launch,
                      .main_kernel = LEVEL6_MAIN_KERNEL,
                      .overrides = 1 /* stands in for level6_tuned */);
