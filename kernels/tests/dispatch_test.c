/* dispatch_test.c: runs kernels/tests/dispatch_test.cu's checks of level 6's dispatch. */
#include <stdio.h>

int level6_dispatch_failures(void);

int main(void)
{
    const int failures = level6_dispatch_failures();
    printf("dispatch_test: %d failed\n", failures);
    return failures != 0;
}
