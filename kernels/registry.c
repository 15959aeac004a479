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

static int by_family_level_name(const void *a, const void *b)
{
    const struct sgemm_kernel *x = *(const struct sgemm_kernel *const *)a;
    const struct sgemm_kernel *y = *(const struct sgemm_kernel *const *)b;
    if (x->family != y->family)
        return (x->family > y->family) - (x->family < y->family);
    return x->level != y->level ? (x->level > y->level) - (x->level < y->level)
                                : strcmp(x->name, y->name);
}

double memory_op_bytes(enum memory_op op, int rows, int cols)
{
    const double n = (double)rows * cols;
    switch (op) {
    case MEMORY_COPY:
    case MEMORY_SOA_X:
    case MEMORY_AOS_X:
    case MEMORY_TRANSPOSE: return 8 * n;  /* 4 read, 4 written */
    case MEMORY_AOS_SUM: return 20 * n;   /* 16 read, 4 written */
    }
    return 0;
}

size_t memory_op_in_floats(enum memory_op op, int rows, int cols)
{
    const size_t n = (size_t)rows * (size_t)cols;
    return op == MEMORY_SOA_X || op == MEMORY_AOS_X || op == MEMORY_AOS_SUM ? 4 * n : n;
}

/* A registration the runner could not measure: a build mistake, caught at start. */
static const char *malformed(const struct sgemm_kernel *k)
{
    if (!kernel_family_name(k->family))
        return "an unknown family";
    if (k->family == FAMILY_SGEMM && !k->launch)
        return "an sgemm kernel without .launch";
    if (k->family == FAMILY_MEMORY && (!k->launch_memory || memory_op_bytes(k->memory_op, 1, 1) == 0))
        return "a memory kernel without .launch_memory or a known .memory_op";
    return NULL;
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
        const char *why = malformed(*k);
        if (why) {
            fprintf(stderr, "sgemm-bench: kernel '%s' is registered as %s\n", (*k)->name, why);
            exit(2);
        }
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
    qsort(list, n, sizeof list[0], by_family_level_name);
    list[n] = NULL;
    built = 1;
    return list;
}

static struct sgemm_launch_note last_launch;

void sgemm_note_launch(const void *func, const char *name, const unsigned grid[3],
                       const unsigned block[3], size_t dynamic_smem_bytes)
{
    last_launch.func = func;
    snprintf(last_launch.name, sizeof last_launch.name, "%s", name);
    memcpy(last_launch.grid, grid, sizeof last_launch.grid);
    memcpy(last_launch.block, block, sizeof last_launch.block);
    last_launch.dynamic_smem_bytes = dynamic_smem_bytes;
}

const struct sgemm_launch_note *sgemm_last_launch(void) { return &last_launch; }

void sgemm_forget_launch(void) { memset(&last_launch, 0, sizeof last_launch); }
