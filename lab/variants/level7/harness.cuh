// harness.cuh: the level-7 drafts' check and timing beside cuBLAS (lab/variants/level7/):
// median of 20 launches after 3, each side in the same process; the check against cuBLAS's
// product, max |difference| against 1e-5 x max |C| x max(1, sqrt(K / 64)).
#ifndef LAB_LEVEL7_HARNESS_CUH
#define LAB_LEVEL7_HARNESS_CUH

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                                               \
    do {                                                                                       \
        cudaError_t e_ = (x);                                                                  \
        if (e_ != cudaSuccess) {                                                               \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                           \
            exit(4);                                                                           \
        }                                                                                      \
    } while (0)

template <typename F>
static double median_ms(F run, int reps)
{
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    for (int i = 0; i < 3; ++i)
        run();
    std::vector<float> t;
    for (int i = 0; i < reps; ++i) {
        cudaEventRecord(e0);
        run();
        cudaEventRecord(e1);
        cudaEventSynchronize(e1);
        float ms;
        cudaEventElapsedTime(&ms, e0, e1);
        t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

// M N K from argv: C = A B (rows 16-byte aligned, ld rounded up to 4) by `launch` and by
// cuBLAS, checked and timed; `label` names the build in the line printed.
typedef void (*harness_launch)(int m, int n, int k, const float *a, int lda, const float *b,
                               int ldb, float *c, int ldc, cudaStream_t stream);
static int harness_main(int argc, char **argv, harness_launch launch, const char *label)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s M N K\n", argv[0]);
        return 2;
    }
    const int m = atoi(argv[1]), n = atoi(argv[2]), k = atoi(argv[3]);
    const int lda = (k + 3) / 4 * 4, ldb = (n + 3) / 4 * 4, ldc = ldb;
    std::vector<float> ha((size_t)m * lda), hb((size_t)k * ldb);
    srand(1);
    for (auto &x : ha)
        x = (float)rand() / RAND_MAX * 2 - 1;
    for (auto &x : hb)
        x = (float)rand() / RAND_MAX * 2 - 1;
    float *a, *b, *c, *r;
    CHECK(cudaMalloc(&a, ha.size() * 4));
    CHECK(cudaMalloc(&b, hb.size() * 4));
    CHECK(cudaMalloc(&c, (size_t)m * ldc * 4));
    CHECK(cudaMalloc(&r, (size_t)m * ldc * 4));
    CHECK(cudaMemcpy(a, ha.data(), ha.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, hb.data(), hb.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(c, 0, (size_t)m * ldc * 4));
    cublasHandle_t h;
    cublasCreate(&h);
    const float one = 1, zero = 0;
    auto ref = [&] { cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &one, b, ldb, a, lda, &zero, r, ldc); };
    auto mine = [&] { launch(m, n, k, a, lda, b, ldb, c, ldc, 0); };
    ref();
    mine();
    CHECK(cudaDeviceSynchronize());
    std::vector<float> hc((size_t)m * ldc), hr((size_t)m * ldc);
    CHECK(cudaMemcpy(hc.data(), c, hc.size() * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hr.data(), r, hr.size() * 4, cudaMemcpyDeviceToHost));
    double err = 0, big = 0;
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            err = std::max(err, (double)fabsf(hc[(size_t)i * ldc + j] - hr[(size_t)i * ldc + j]));
            big = std::max(big, (double)fabsf(hr[(size_t)i * ldc + j]));
        }
    const double t_ref = median_ms(ref, 20), t_mine = median_ms(mine, 20);
    const double flop = 2.0 * m * n * k;
    printf("%dx%dx%d %s: level7 %.2f TFLOP/s, cuBLAS %.2f, %.1f%% of cuBLAS, max err %.2e of %.2e%s\n",
           m, n, k, label, flop / t_mine / 1e9, flop / t_ref / 1e9, 100 * t_ref / t_mine, err, big,
           err <= 1e-5 * big * std::max(1.0, sqrt(k / 64.0)) ? "" : "  WRONG");
    return 0;
}

#endif
