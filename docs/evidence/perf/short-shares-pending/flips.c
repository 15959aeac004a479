/* flips.c: each MxNxK of standard input with its level-6 class and tile on 132 SMs, by the
 * kernels/shape_class.h it is compiled against (HDR):
 *   cc -std=c11 -I. -DHDR='"kernels/shape_class.h"' flips.c -o flips
 * Compiled once before short.diff and once after, the lines that differ are the shapes
 * the change moves (flip.txt: the first 24 of them among coverage --random 3001 .. 3320). */
#include <stdio.h>
#include HDR

int main(void)
{
    const struct shape_tile main_tile = {128, 128, 128}, wide = {128, 256, 256};
    int m, n, k;
    while (scanf("%dx%dx%d", &m, &n, &k) == 3) {
        const enum shape_class c = shape_class_of(m, n, k, 132, main_tile, wide);
        const struct shape_tile t = shape_tile_for(m, n, 132, main_tile, c, 1);
        printf("%dx%dx%d %s %dx%d\n", m, n, k, shape_class_name(c), t.bm, t.bn);
    }
    return 0;
}
