// level6_no_room.cu: TEST ONLY. Level 6 as built (kernels/level6_tuned.cu), unchanged but
// for the CTAs an SM that stream-K's launch counts on: one (the occupancy API says 2 at
// 128x128 and 4 at the halves on an H100). No stream-K grid then fits on the GPU at once, and
// each takes the fallback, its tiles without stream-K: valid results, never a launch whose
// waits could outlast the CTAs they wait for. Registered under level6_tuned's name; only
// level 6's rules differ from //runner:sweep.
#include "kernels/common.cuh"
#include "kernels/level6.h"

static struct l6_config no_room(void)
{
    struct l6_config c = L6_LEVEL6;
    c.resident_max = 1;
    return c;
}

static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    static const struct l6_config rules = no_room();
    return level6_launch_rules(&rules, g, stream);
}

SGEMM_REGISTER_KERNEL(level6_tuned_no_room, .name = "level6_tuned", .level = 6,
                      .technique = "TEST ONLY: level 6 with stream-K's room capped at 1 CTA an SM",
                      .min_cc = SGEMM_MIN_CC(80), .workspace_bytes = level6_workspace,
                      .launch = launch, .main_kernel = level6_wide_kernel, .overrides = 1);
