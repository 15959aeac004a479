#include "runner/verify.h"

#include <math.h>
#include <stdio.h>

struct verify_tolerance verify_tolerance_for_k(int k)
{
    const double u = ldexp(1.0, -24);
    const double root_k = sqrt(k < 1 ? 1.0 : (double)k);
    struct verify_tolerance t = {64 * u * root_k, 8 * u * root_k};
    return t;
}

struct verify_verdict verify_judge(const struct verify_sums *s, struct verify_tolerance tol)
{
    struct verify_verdict v = {false, s->max_scaled_err, 0, ""};
    if (s->count <= 0) {
        snprintf(v.why, sizeof v.why, "nothing compared");
        return v;
    }
    v.norm_rel_err = s->sum_sq_ref > 0 ? sqrt(s->sum_sq_diff / s->sum_sq_ref)
                                       : (s->sum_sq_diff > 0 ? INFINITY : 0);
    if (s->nonfinite_out > 0) {
        snprintf(v.why, sizeof v.why, "%lld of %lld elements are NaN or Inf (unwritten?)",
                 s->nonfinite_out, s->count);
        v.max_rel_err = INFINITY;
    } else if (!(v.max_rel_err <= tol.elem)) {
        snprintf(v.why, sizeof v.why, "max elementwise error %.3g exceeds %.3g",
                 v.max_rel_err, tol.elem);
    } else if (!(v.norm_rel_err <= tol.norm)) {
        snprintf(v.why, sizeof v.why, "normwise error %.3g exceeds %.3g", v.norm_rel_err,
                 tol.norm);
    } else {
        v.pass = true;
    }
    return v;
}
