/* registry.c: every kernel linked into the program. Each kernel's file registers it
 * (SGEMM_REGISTER_KERNEL in common.cuh puts a pointer to it in the "sgemm_kernels"
 * section); the linker brackets that section with __start_ and __stop_ symbols. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/sgemm.h"

/* Weak: a program that links no kernel at all still links (and lists none). */
extern const struct sgemm_kernel *const __start_sgemm_kernels[] __attribute__((weak));
extern const struct sgemm_kernel *const __stop_sgemm_kernels[] __attribute__((weak));

enum { MAX_KERNELS = 512 };

static int by_level_then_name(const void *a, const void *b)
{
    const struct sgemm_kernel *x = *(const struct sgemm_kernel *const *)a;
    const struct sgemm_kernel *y = *(const struct sgemm_kernel *const *)b;
    return x->level != y->level ? (x->level > y->level) - (x->level < y->level)
                                : strcmp(x->name, y->name);
}

/* True when another registration of k's name overrides it (a test build's stand-in). */
static int overridden(const struct sgemm_kernel *k)
{
    for (const struct sgemm_kernel *const *o = __start_sgemm_kernels; o < __stop_sgemm_kernels; ++o)
        if (*o != k && (*o)->overrides && !k->overrides && strcmp((*o)->name, k->name) == 0)
            return 1;
    return 0;
}

const struct sgemm_kernel *const *sgemm_registry(void)
{
    static const struct sgemm_kernel *list[MAX_KERNELS + 1];
    static int built;
    if (built)
        return list;
    size_t n = 0;
    for (const struct sgemm_kernel *const *k = __start_sgemm_kernels; k < __stop_sgemm_kernels; ++k) {
        if (overridden(*k))
            continue;
        for (size_t i = 0; i < n; ++i)
            if (strcmp(list[i]->name, (*k)->name) == 0) {
                fprintf(stderr, "sgemm-bench: two kernels register the name '%s'\n", (*k)->name);
                exit(2); /* a build mistake: the program could not say which one it measured */
            }
        if (n == MAX_KERNELS) {
            fprintf(stderr, "sgemm-bench: more than %d kernels registered\n", MAX_KERNELS);
            exit(2);
        }
        list[n++] = *k;
    }
    qsort(list, n, sizeof list[0], by_level_then_name);
    list[n] = NULL;
    built = 1;
    return list;
}
