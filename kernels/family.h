/* family.h: the kernel families, in plain C: the kernels' interface (sgemm.h), the sweep's
 * command line (runner/cli.h) and the results files share one list of them and their
 * names. */
#ifndef SGEMM_BENCH_KERNELS_FAMILY_H
#define SGEMM_BENCH_KERNELS_FAMILY_H

#include <stddef.h>

enum kernel_family {
    FAMILY_SGEMM = 0, /* the default: a registration that names no family */
    FAMILY_MEMORY = 1,
};

/* "sgemm" or "memory" (the results files' name of a family), or NULL for an unknown one. */
static inline const char *kernel_family_name(enum kernel_family f)
{
    switch (f) {
    case FAMILY_SGEMM: return "sgemm";
    case FAMILY_MEMORY: return "memory";
    }
    return NULL;
}

#endif
