/* fine.c: each MxNxK of standard input that level 6 would run on the fine tile on 132 SMs
 * (shape_short_k_pays on a one-launch class's tile, B's rows read as vectors). */
#include <stdio.h>
#include "kernels/shape_class.h"

int main(void)
{
    const struct shape_tile main_tile = {128, 128, 128}, wide = {128, 256, 256};
    int m, n, k;
    while (scanf("%dx%dx%d", &m, &n, &k) == 3) {
        const enum shape_class c = shape_class_of(m, n, k, 132, main_tile, wide);
        const struct shape_tile t = shape_tile_for(m, n, 132, main_tile, c, 1);
        if (c == SHAPE_ONE_LAUNCH && shape_short_k_pays(m, n, k, 132, t))
            printf("%dx%dx%d\n", m, n, k);
    }
    return 0;
}
