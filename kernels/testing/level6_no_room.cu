// level6_no_room.cu: TEST ONLY. Level 6 built from its own files, unchanged but for the CTAs
// an SM that stream-K's launch counts on: one (the occupancy API says 2 at 128x128 and 4
// at the halves on an H100). No stream-K grid then fits on the GPU at once, and each
// takes the fallback, its tiles without stream-K: valid results, never a launch whose
// waits could outlast the CTAs they wait for. Registered under level6_tuned's
// name; only level 6 differs from //runner:sweep.
#define L6_RESIDENT_MAX 1
#define L6_NS l6_no_room /* its own symbols beside the real level 6 (level6_tuned.cuh) */
#include "kernels/level6_launch.cuh"

LEVEL6_REGISTER_STAND_IN(level6_tuned_no_room, level6_launch,
                         "TEST ONLY: level 6 with stream-K's room capped at 1 CTA an SM");
