#include "runner/verify.h"

#include <stdlib.h>

#include "runner/test_util.h"

static struct verify_sums sums(double max_scaled, double diff_sq, double ref_sq, long long nonfinite)
{
    struct verify_sums s = {1000, nonfinite, ref_sq, diff_sq, max_scaled};
    return s;
}

int main(void)
{
    const double u = ldexp(1.0, -24);
    struct verify_tolerance t1 = verify_tolerance_for_k(1), t8k = verify_tolerance_for_k(8192);
    CHECK_NEAR(t1.elem, 64 * u, 1e-15);
    CHECK_NEAR(t1.norm, 8 * u, 1e-15);
    CHECK_NEAR(t8k.elem, 64 * u * sqrt(8192.0), 1e-12);
    CHECK(t8k.elem > 3e-4 && t8k.elem < 4e-4);
    CHECK(verify_tolerance_for_k(0).elem == t1.elem);

    /* Typical FP32 reordering error at k = 4096 passes. */
    struct verify_verdict v = verify_judge(&(struct verify_sums){1000, 0, 1e6, 1e6 * 1e-12, 2e-5},
                                           verify_tolerance_for_k(4096));
    CHECK(v.pass);
    CHECK_STR(v.why, "");
    CHECK_NEAR(v.norm_rel_err, 1e-6, 1e-12);

    /* A wrong element (O(1) error) fails on the elementwise bound. */
    struct verify_sums bad = sums(0.5, 1e-3, 1e6, 0);
    v = verify_judge(&bad, verify_tolerance_for_k(4096));
    CHECK(!v.pass);
    CHECK_CONTAINS(v.why, "elementwise");

    /* Many tiny errors adding up fail on the normwise bound. */
    struct verify_sums spread = sums(1e-5, 1e6 * 1e-8, 1e6, 0);
    v = verify_judge(&spread, verify_tolerance_for_k(4096));
    CHECK(!v.pass);
    CHECK_CONTAINS(v.why, "normwise");

    /* One NaN (an unwritten element) fails even with perfect norms. */
    struct verify_sums nan_one = sums(0, 0, 1e6, 1);
    v = verify_judge(&nan_one, verify_tolerance_for_k(64));
    CHECK(!v.pass);
    CHECK_CONTAINS(v.why, "NaN");

    /* A NaN max (propagated) is not <= anything: fails. */
    struct verify_sums nan_max = sums(NAN, 0, 1e6, 0);
    CHECK(!verify_judge(&nan_max, verify_tolerance_for_k(64)).pass);

    /* Exact equality passes at k = 1; nothing compared fails. */
    CHECK(verify_judge(&(struct verify_sums){1, 0, 1, 0, 0}, t1).pass);
    CHECK(!verify_judge(&(struct verify_sums){0, 0, 0, 0, 0}, t1).pass);
    return test_report();
}
