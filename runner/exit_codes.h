/* exit_codes.h: the exit codes every sgemm-bench program uses (DESIGN.md), and the one
 * error convention of runner/ and site/:
 *
 * - A library function (results, compare, measure, history, analysis, pages, ...) returns
 *   0 on success. On failure it returns -1 and writes one line into the caller's
 *   err[errlen] (naming the file or field where there is one); it prints nothing. Where
 *   its failure has one meaning for the user, it returns that exit code instead (cli_parse,
 *   compare_results, history_publish: SB_EXIT_USAGE) and the caller passes it on. A 1 that
 *   means "nothing to do" (a chart with no data, a kernel that failed its cases) is stated
 *   in the function's header. Loaders that skip a bad entry name it on stderr and count it:
 *   a skip is not an error.
 * - A program (each main and its step functions) decides the exit code below, and prints
 *   the message once, as "<tool>: <message>", every value from outside through
 *   esc_report/esc_say (runner/escape.h). A failed file operation maps through
 *   sb_exit_for_errno.
 */
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
    SB_EXIT_MISSING = 6,      /* a kernel the reference measured is absent from the results */
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
