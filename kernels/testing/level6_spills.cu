// level6_spills.cu: TEST ONLY. Level 6 built from its own files with its tiled kernels'
// __launch_bounds__ asking for 2 CTAs an SM: the 128x128 tile (128 threads) keeps its
// registers, the wide 128x256 tile (256 threads, 1 CTA an SM in the real build) must fit
// in 128 registers and spills. A change whose cause only "inside the kernel" can name: registers, local memory, occupancy. Registered under level6_tuned's name;
// only level 6 differs from //runner:sweep.
#define L6_MIN_CTAS 2
#define L6_NS l6_spills /* its own symbols: cuobjdump tells it from the real level 6 */
#include "kernels/level6_launch.cuh"

LEVEL6_REGISTER_STAND_IN(level6_tuned_spills, level6_launch,
                         "TEST ONLY: level 6 with __launch_bounds__(threads, 2)");
