#include <stdio.h>
#include "kernels/shape_class.h"
int main(void) {
  int m, n, k; const int sms = 132;
  struct shape_tile t = shape_tile_of(128, 128), w = shape_tile_of(128, 256);
  while (scanf("%d %d %d", &m, &n, &k) == 3) {
    enum shape_class c = shape_class_of(m, n, k, sms, t, w);
    int vb = n % 4 == 0;
    struct shape_tile h = shape_tile_for(m, n, sms, t, c, vb || c == SHAPE_STREAM_K);
    enum shape_class hc = shape_class_of(m, n, k, sms, h, h);
    struct shape_streamk s = shape_streamk_of(m, n, k, sms, h);
    printf("%d %d %d %s %dx%d %s %d %lld\n", m, n, k, shape_class_name(c), h.bm, h.bn, shape_class_name(hc), s.sk_ctas, (long long)shape_ctas_per_sm(h.threads)*sms);
  }
}
