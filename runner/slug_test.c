#include "runner/slug.h"

#include <stdlib.h>

#include "runner/test_util.h"

static void check_slug(const char *name, const char *want)
{
    char out[64];
    CHECK(slug_from_name(name, out, sizeof out) == 0);
    CHECK_STR(out, want);
    CHECK(slug_is_valid(out));
}

int main(void)
{
    char tiny[4];
    check_slug("NVIDIA H100 80GB HBM3", "nvidia-h100-80gb-hbm3");
    check_slug("NVIDIA H200", "nvidia-h200");
    check_slug("  NVIDIA  A100-SXM4-80GB ", "nvidia-a100-sxm4-80gb");
    check_slug("Tesla V100-PCIE-16GB (rev 2)", "tesla-v100-pcie-16gb-rev-2");
    check_slug("GPU <img src=x>", "gpu-img-src-x");
    check_slug("../../etc/passwd", "etc-passwd");
    check_slug("???", "gpu");
    check_slug("", "gpu");
    CHECK(slug_from_name("NVIDIA H100", tiny, sizeof tiny) == -1);
    CHECK_STR(tiny, "");
    CHECK(!slug_is_valid(""));
    CHECK(!slug_is_valid("-a"));
    CHECK(!slug_is_valid("a-"));
    CHECK(!slug_is_valid("a--b"));
    CHECK(!slug_is_valid("A100"));
    CHECK(!slug_is_valid("a/b"));
    CHECK(!slug_is_valid("a.b"));
    CHECK(!slug_is_valid("0123456789012345678901234567890123456789012345678901234567890123"));
    CHECK(slug_is_valid("nvidia-h100-80gb-hbm3"));
    return test_report();
}
