/* verify.h: when a kernel's C counts as equal to cuBLAS's.
 *
 * The GPU reduces out and ref (the cuBLAS result on the same inputs) to a verify_sums;
 * the decision is made here, on the host, so it can be tested without a GPU.
 *
 * Tolerance (FP32, inputs uniform in [-1, 1)): with u = 2^-24 and rms = the root mean
 * square of ref,
 *   elementwise:  |out - ref| / (|ref| + rms)   <= 64 * u * sqrt(k)      (rms is the floor)
 *   normwise:     ||out - ref||_F / ||ref||_F    <= 8 * u * sqrt(k)
 * Rounding errors of a length-k FP32 dot product grow like u * sqrt(k) when the order
 * of summation differs, so these bounds leave a margin of about 6 sigma on the largest
 * element at k = 8192 while a wrong index, a missed tile or a lost beta is O(1).
 * Any NaN or Inf in out fails, whatever the norms say. */
#ifndef SGEMM_BENCH_RUNNER_VERIFY_H
#define SGEMM_BENCH_RUNNER_VERIFY_H

#include <stdbool.h>
#include <stddef.h>

struct verify_sums {
    long long count;          /* elements compared */
    long long nonfinite_out;  /* NaN or Inf in out (unwritten elements stay NaN) */
    double sum_sq_ref;        /* sum ref^2 */
    double sum_sq_diff;       /* sum (out - ref)^2 over finite elements */
    double max_scaled_err;    /* max |out - ref| / (|ref| + rms(ref)) */
};

struct verify_tolerance {
    double elem, norm;
};

struct verify_verdict {
    bool pass;
    double max_rel_err, norm_rel_err;
    char why[160]; /* "" when pass */
};

struct verify_tolerance verify_tolerance_for_k(int k);

struct verify_verdict verify_judge(const struct verify_sums *s, struct verify_tolerance tol);

#endif
