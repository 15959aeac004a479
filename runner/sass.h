/* sass.h: a kernel's machine code as the CUDA toolkit's cuobjdump prints it, reduced to
 * what a regression's row can say: instructions per opcode class, and the code's identity
 * (a hash of every instruction's text, addresses left out), so that two builds whose
 * kernel is the same code can be told apart from two that differ. */
#ifndef SGEMM_BENCH_RUNNER_SASS_H
#define SGEMM_BENCH_RUNNER_SASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "runner/results.h"

enum sass_class { SASS_FFMA, SASS_LDS, SASS_LDG, SASS_STS, SASS_STG, SASS_LOCAL, SASS_BAR,
                  SASS_BRANCH, SASS_OTHER, SASS_CLASSES }; /* LOCAL: LDL, STL (spills) */

struct sass_mix {
    int count[SASS_CLASSES];
    int total;
    unsigned long long hash; /* FNV-1a of the instructions' text, in order */
};

/* Reads `cuobjdump -sass` output from f: the function `symbol` (mangled) in the section
 * for `arch` ("sm_90"). Returns 0 when found once, 1 when not there, 2 when there more
 * than once (two cubins of one binary with a function of that name: which one ran is not
 * known, so nothing is counted as its). */
int sass_parse(FILE *f, const char *arch, const char *symbol, struct sass_mix *out);

/* True when symbol may go on a command line: a mangled name (C identifier characters),
 * not empty; else false with the reason in err. */
bool sass_symbol_ok(const char *symbol, char *err, size_t errlen);

/* Runs cuobjdump (from PATH) on `binary` for `symbol` and `arch` and parses it. Returns 0;
 * or -1 with the reason in err (no cuobjdump, the function not in the binary). The symbol
 * must be a C identifier's characters (a mangled name), or it is refused. */
int sass_of(const char *binary, const char *arch, const char *symbol, struct sass_mix *out,
            char *err, size_t errlen);

/* sass_of for n symbols of one binary with one cuobjdump: rc[i] 0 with out[i] filled; 1
 * not in the binary, 2 in it twice (sass_parse), -1 not a mangled name. Returns 0; or -1
 * with the reason in err when cuobjdump could not run (every rc[i] then says nothing). */
int sass_of_each(const char *binary, const char *arch, const char *const *symbols, int n,
                 struct sass_mix *out, int *rc, char *err, size_t errlen);

/* rc[i] of sass_of_each as a reason ("" for 0). */
void sass_why(int rc, const char *arch, char *out, size_t cap);

/* True when a and b are the same code (same instructions, in order). */
int sass_same(const struct sass_mix *a, const struct sass_mix *b);

/* "FFMA 4096 -> 2048, LDS 768 -> 768, ..." for base and head (only the classes that
 * differ, then the total), or "same SASS (N instructions: FFMA n, LDS n, ...)". */
void sass_diff_text(const struct sass_mix *base, const struct sass_mix *head, char *out,
                    size_t cap);

/* A point's recorded SASS (results.h, sweep --sass) into and out of a sass_mix. from:
 * false when the point holds none. */
void sass_to_point(const struct sass_mix *m, struct result_point *p);
bool sass_from_point(const struct result_point *p, struct sass_mix *out);

/* "sm_90" from a compute capability "9.0"; false when cc is not that. */
int sass_arch_of(const char *cc, char *out, size_t cap);

#endif
