// ctatime.cu: each CTA's start and end (%globaltimer) and SM in level 6's tiled kernels
// (tuned_kernel, streamk_kernel: level6_tuned.cuh's test hooks), for "MxNxK" arguments, B
// and C of leading dimension N as the sweep has them. Level 6 runs each shape 5 times; the
// last run's CTAs are written to DIR/MxNxK.txt ("z y x sm start_ns end_ns", times from the
// kernel's first start) and summarised on stdout. Not a benchmark: a diagnostic for the
// 4-byte copies' slow mode (docs/PERF.md). From the repository root:
// nvcc -std=c++17 -I. -DSGEMM_MIN_ARCH_CC=80 -arch=sm_90 -o ctatime ctatime.cu
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include <algorithm>

enum { MAX_CTAS = 1 << 16 };
static __device__ unsigned long long cta_t[MAX_CTAS][2];
static __device__ unsigned cta_sm[MAX_CTAS];

static __device__ __forceinline__ unsigned long long gtime()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
    return t;
}
static __device__ __forceinline__ unsigned cta_id()
{
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}
static __device__ __forceinline__ void cta_begin()
{
    if (threadIdx.x == 0 && cta_id() < MAX_CTAS) {
        unsigned sm;
        asm volatile("mov.u32 %0, %smid;" : "=r"(sm));
        cta_sm[cta_id()] = sm;
        cta_t[cta_id()][0] = gtime();
    }
}
static __device__ __forceinline__ void cta_end()
{
    __syncthreads();
    if (threadIdx.x == 0 && cta_id() < MAX_CTAS)
        cta_t[cta_id()][1] = gtime();
}

#define L6_NS l6_ctatime
#define L6_TEST_KERNEL_BEGIN() cta_begin();
#define L6_TEST_KERNEL_END() cta_end();
#include "kernels/level6_launch.cuh"

static struct sgemm_launch_note note;
extern "C" void sgemm_note_launch(const void *f, const char *name, const unsigned g[3],
                                  const unsigned b[3], size_t smem)
{
    note.func = f;
    snprintf(note.name, sizeof note.name, "%s", name);
    memcpy(note.grid, g, sizeof note.grid);
    memcpy(note.block, b, sizeof note.block);
    note.dynamic_smem_bytes = smem;
}
extern "C" const struct sgemm_launch_note *sgemm_last_launch(void) { return &note; }

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    for (int i = 2; i < argc; ++i) {
        int m, n, k;
        if (sscanf(argv[i], "%dx%dx%d", &m, &n, &k) != 3)
            return 2;
        float *a, *b, *c;
        void *ws;
        const size_t wsb = L6_NS::workspace_of<L6_BM, L6_BN>(m, n, k);
        CK(cudaMalloc(&a, sizeof(float) * m * k));
        CK(cudaMalloc(&b, sizeof(float) * (size_t)k * n));
        CK(cudaMalloc(&c, sizeof(float) * (size_t)m * n));
        CK(cudaMalloc(&ws, wsb ? wsb : 16));
        CK(cudaMemset(a, 0, sizeof(float) * m * k));
        CK(cudaMemset(b, 0, sizeof(float) * (size_t)k * n));
        const struct sgemm_args g = {m, n, k, 1.0f, a, k, b, n, 0.0f, c, n, ws};
        cudaEvent_t e0, e1;
        CK(cudaEventCreate(&e0));
        CK(cudaEventCreate(&e1));
        float ms = 0;
        for (int r = 0; r < 5; ++r) {
            CK(cudaEventRecord(e0));
            CK(level6_launch(&g, 0));
            CK(cudaEventRecord(e1));
            CK(cudaEventSynchronize(e1));
            CK(cudaEventElapsedTime(&ms, e0, e1));
        }
        const unsigned ctas = note.grid[0] * note.grid[1] * note.grid[2];
        std::vector<unsigned long long> t(2 * (size_t)ctas);
        std::vector<unsigned> sm(ctas);
        CK(cudaMemcpyFromSymbol(t.data(), cta_t, sizeof(unsigned long long) * 2 * ctas));
        CK(cudaMemcpyFromSymbol(sm.data(), cta_sm, sizeof(unsigned) * ctas));
        unsigned long long t0 = ~0ull, t1 = 0;
        for (unsigned j = 0; j < ctas; ++j) {
            t0 = std::min(t0, t[2 * j]);
            t1 = std::max(t1, t[2 * j + 1]);
        }
        char path[512];
        snprintf(path, sizeof path, "%s/%s.txt", dir, argv[i]);
        FILE *f = fopen(path, "w");
        std::vector<double> dur(ctas);
        for (unsigned j = 0; j < ctas; ++j) {
            const unsigned x = j % note.grid[0], y = j / note.grid[0] % note.grid[1],
                           z = j / (note.grid[0] * note.grid[1]);
            fprintf(f, "%u %u %u %u %llu %llu\n", z, y, x, sm[j], t[2 * j] - t0, t[2 * j + 1] - t0);
            dur[j] = (t[2 * j + 1] - t[2 * j]) / 1e3;
        }
        fclose(f);
        std::sort(dur.begin(), dur.end());
        printf("%s %s grid %u,%u,%u: event %.1f us, CTAs first start to last end %.1f us, CTA us "
               "min %.1f p10 %.1f median %.1f p90 %.1f max %.1f\n",
               argv[i], note.name, note.grid[0], note.grid[1], note.grid[2], ms * 1e3,
               (t1 - t0) / 1e3, dur[0], dur[ctas / 10], dur[ctas / 2], dur[ctas * 9 / 10],
               dur[ctas - 1]);
        CK(cudaFree(a)); CK(cudaFree(b)); CK(cudaFree(c)); CK(cudaFree(ws));
    }
    return 0;
}
