/* past_edge_main.c: runs kernels/tests/past_edge_test.cu's checks. */
#include <stdio.h>

int level6_past_edge_failures(void);

int main(void)
{
    const int failures = level6_past_edge_failures();
    printf("past_edge_test: %d failed\n", failures);
    return failures != 0;
}
