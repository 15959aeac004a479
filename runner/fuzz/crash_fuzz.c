/* TEST ONLY: a fuzz target that crashes on any input starting with '!' (its corpus holds
 * one), so keeps_crashes_test can check that run_fuzz.sh keeps what a fuzzer found. */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 0 && data[0] == '!')
        __builtin_trap();
    return 0;
}
