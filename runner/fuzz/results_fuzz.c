/* results_fuzz.c: libFuzzer target for the results loader (and the verdict code that
 * consumes what it accepts). Built by run_fuzz.sh with clang, ASan and UBSan. */
#include <stddef.h>
#include <stdint.h>

#include "runner/compare.h"
#include "runner/results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct results r;
    struct comparison c;
    char err[512];
    if (results_parse((const char *)data, size, "fuzz-input", &r, err, sizeof err) != 0)
        return 0;
    if (compare_results(&r, &r, &(struct compare_options){0}, &c, err, sizeof err) == 0)
        compare_free(&c);
    results_free(&r);
    return 0;
}
