/* registry.c: the table of kernel levels, in the order the sweep runs and prints them. */
#include "kernels/registry.h"

const struct sgemm_kernel *const sgemm_registry[] = {SGEMM_LEVEL_ENTRIES, NULL};
