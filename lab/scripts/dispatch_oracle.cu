// dispatch_oracle.cu: level 6's launch as it stands, run on the host with no GPU, printing
// every kernel launch it makes for each product read from stdin: the oracle that a plan
// function's decisions are checked against (lab/notebook/2026-12-02-level6-build.md).
// The CUDA runtime is not linked (-cudart none): this file answers each call the launch
// makes. The launches are recorded, not run; the SM count is ORACLE_SMS; the occupancy
// query is answered from the registers and static shared memory ptxas reported for the
// kernel (ORACLE_PTXAS, the -Xptxas=-v output of this same compile) by sm_90's limits.
//
//   nvcc -std=c++17 -O3 --expt-relaxed-constexpr -I. -DSGEMM_MIN_ARCH_CC=80 -arch=sm_90 \
//        -cudart none -Xptxas=-v lab/scripts/dispatch_oracle.cu \
//        lab/scripts/dispatch_oracle_rt.cpp kernels/registry.c kernels/level6_*.cu \
//        [kernels/level6_plan.c] -o oracle 2>ptxas.txt
// (level6_plan.c where the tree has it: the launch's plan; plan_equivalence.sh builds it.)
//   printf '4310 347 525 0\n' | ORACLE_SMS=132 ORACLE_PTXAS=ptxas.txt ./oracle
//
// Input lines: M N K UNALIGNED (0: lda = K, ldb = ldc = N rounded up to 4, 16-byte aligned;
// 1: ldb = ldc = N, so rows are unaligned where N % 4 != 0; plus 2: no workspace). Output, one line a product:
// "MxNxK u ws BYTES: kernel grid block smem [pdl] | memset BYTES | ... | note NAME" in launch
// order: the registered workspace, every launch (pdl: a programmatic dependent), every memset,
// and the launch the runner is told of.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/common.cuh"

extern "C" const struct sgemm_kernel level6_tuned; // kernels/level6_tuned.cu

// The runtime's answers live in dispatch_oracle_rt.cpp (compiled by the host compiler: the
// CUDA headers declare its call-configuration entry points __host__ __device__ here).
extern "C" void oracle_start(const char *ptxas, int sms);
extern "C" const char *oracle_launches(void);
extern "C" void oracle_reset(void);

// The launch notes (sgemm_note_launch) are kernels/registry.c's, linked in.

int main()
{
    oracle_start(getenv("ORACLE_PTXAS"), getenv("ORACLE_SMS") ? atoi(getenv("ORACLE_SMS")) : 132);
    // Pointers with no memory behind them: the launch reads only their alignment.
    float *const at = (float *)(uintptr_t)0x10000;
    int m, n, k, unaligned;
    while (scanf("%d %d %d %d", &m, &n, &k, &unaligned) == 4) {
        const int ld = unaligned & 1 ? n : (n + 3) / 4 * 4;
        struct sgemm_args g = {};
        g.m = m, g.n = n, g.k = k, g.alpha = 1.0f, g.a = at, g.lda = k, g.b = at, g.ldb = ld;
        g.beta = 0.0f, g.c = at, g.ldc = ld, g.workspace = unaligned & 2 ? NULL : at;
        oracle_reset();
        const cudaError_t e = level6_tuned.launch(&g, 0);
        printf("%dx%dx%d %d ws %zu: %s | note %s%s\n", m, n, k, unaligned,
               level6_tuned.workspace_bytes(m, n, k), oracle_launches(), sgemm_last_launch()->name,
               e ? " (error)" : "");
    }
    return 0;
}
