// proto3.cu: the registered level 7 (kernels/level7_tma.cu) in the lab harness, its stream-K
// tail on or off (L7_SK=0: every tile a CTA, as the prototypes ran): the A/B of the tail.
//
//   nvcc -std=c++17 -O3 -I. -DSGEMM_MIN_ARCH_CC=90 -gencode arch=compute_90a,code=sm_90a \
//        lab/variants/level7/proto3.cu kernels/level6_plan.c kernels/registry.c \
//        bazel-bin/kernels/level6_*.o -lcublas -o proto3 && L7_SK=1 ./proto3 M N K
#include "lab/variants/level7/harness.cuh"
#include "kernels/level7_tma.cu"

static void launch3(int m, int n, int k, const float *a, int lda, const float *b, int ldb,
                    float *c, int ldc, cudaStream_t stream)
{
    static void *ws = nullptr;
    if (!ws)
        CHECK(cudaMalloc(&ws, l7::level7_workspace(m, n, k)));
    const struct sgemm_args g = {m, n, k, 1.0f, a, lda, b, ldb, 0.0f, c, ldc, ws};
    l7::plan p = l7::plan_of(m, n, k, l6::sm_count(), true, true);
    if (!p.takes) {
        fprintf(stderr, "level 7 does not take %dx%dx%d: %s\n", m, n, k, p.why);
        exit(3);
    }
    const char *sk = getenv("L7_SK");
    if (sk && sk[0] == '0') { // every tile a CTA
        p.w.dp_tiles += p.w.sk_tiles;
        p.w.sk_tiles = p.w.sk_ctas = 0;
    }
    CHECK(l7::run(&g, p, stream));
}

int main(int argc, char **argv)
{
    const char *sk = getenv("L7_SK");
    return harness_main(argc, argv, launch3, sk && sk[0] == '0' ? "no stream-K" : "stream-K");
}
