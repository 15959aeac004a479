/* test_util.h: the one assert header the tests share. Each CHECK counts a pass or a
 * failure (and prints the failing expression with its line); test_report() prints
 * "N passed, N failed" and returns the exit status. */
#ifndef SGEMM_BENCH_RUNNER_TEST_UTIL_H
#define SGEMM_BENCH_RUNNER_TEST_UTIL_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_passed, test_failed;

#define CHECK(cond)                                                                            \
    do {                                                                                       \
        if (cond) {                                                                            \
            test_passed++;                                                                     \
        } else {                                                                               \
            test_failed++;                                                                     \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);           \
        }                                                                                      \
    } while (0)

#define CHECK_NEAR(a, b, tol) CHECK(fabs((double)(a) - (double)(b)) <= (tol))
#define CHECK_STR(a, b) CHECK(strcmp((a), (b)) == 0)
#define CHECK_CONTAINS(hay, needle) CHECK(strstr((hay), (needle)) != NULL)

static inline int test_report(void)
{
    printf("%d passed, %d failed\n", test_passed, test_failed);
    return test_failed ? 1 : 0;
}

/* What writer(f, s) writes, as a string the caller frees (open_memstream: build the test
 * with _GNU_SOURCE). */
static inline char *test_capture(void (*writer)(FILE *, const char *), const char *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    writer(f, s);
    fclose(f);
    return buf;
}

/* Path of a data file under the test's runfiles (TEST_SRCDIR/TEST_WORKSPACE/rel). */
static inline const char *test_data(const char *rel)
{
    static char buf[4096];
    const char *root = getenv("TEST_SRCDIR"), *ws = getenv("TEST_WORKSPACE");
    if (root && ws)
        snprintf(buf, sizeof buf, "%s/%s/%s", root, ws, rel);
    else
        snprintf(buf, sizeof buf, "%s", rel);
    return buf;
}

#endif
