/* exit_codes.h: the exit codes every sgemm-bench program uses (DESIGN.md). */
#ifndef SGEMM_BENCH_RUNNER_EXIT_CODES_H
#define SGEMM_BENCH_RUNNER_EXIT_CODES_H

#include <errno.h>

enum sb_exit {
    SB_EXIT_OK = 0,           /* all good */
    SB_EXIT_REGRESSION = 1,   /* a point regressed against the baseline */
    SB_EXIT_USAGE = 2,        /* bad usage or bad input file */
    SB_EXIT_WRONG = 3,        /* a kernel produced wrong results (or faulted) */
    SB_EXIT_ENV = 4,          /* no GPU, CUDA/cuBLAS error, out of memory */
    SB_EXIT_INCONCLUSIVE = 5, /* too noisy or throttled even after reruns */
    SB_EXIT_SIGINT = 130,     /* interrupted: no results file written */
    SB_EXIT_SIGTERM = 143,
};

/* The exit code for a failed file operation: a full disk, a quota, a read-only or failing
 * device, no memory are the environment's (4), anything else the user's input (2). */
static inline int sb_exit_for_errno(int e)
{
    return e == ENOSPC || e == EDQUOT || e == EROFS || e == EIO || e == ENOMEM ? SB_EXIT_ENV
                                                                                : SB_EXIT_USAGE;
}

#endif
