// LAB DRAFT (evidence P431): level 7 in its registered form, not built. To build it: move it
// to kernels/, give it a cuda_library of archs ["90a"] in kernels/BUILD (a dependency of
// //kernels:kernels) and let bazel/cuda.bzl read "90a" as 90 (`int(a.rstrip("a"))`). In the
// sweep it trailed level 6 where it runs (98.1% of cuBLAS against 100.8% at 4096^3), built
// with the kernel's whole-stage unroll; -DL7_UNROLL=8 gave 102-103% in the harness (P431).
// Level 7: a Hopper-native FP32 GEMM (sm_90a), beyond the seeds.
//
// Change from level 6: no thread copies a tile. The tensor memory accelerator (TMA,
// cp.async.bulk.tensor, UTMALDG in SASS) brings each 128x32 tile of A and 32x256 tile of B
// into a 3-stage ring of shared memory, and mbarriers hand the stages between warps that do
// one job each (warp specialization): warp 8 issues the copies; warps 9-11 lay each A tile out
// k-major (TMA keeps A's rows k-contiguous, and the math reads 4 rows a float4); the 8 math
// warps run level 6's own k step (load_frag, fma_frag: 16x8 accumulators a thread, 6 LDS.128
// for 128 FFMA) and never wait on a copy they issued. setmaxnreg gives the copy warps 40
// registers and the math warps 232. FP32 FFMA math throughout: no tensor cores, no TF32.
//
// Where it applies (level7_takes): A's and B's rows 16-byte aligned (TMA's global strides are
// whole 16 bytes), a grid of at least a wave of 128x256 tiles, K of 256 or more (a full
// pipeline). Everything else, and everything on a GPU below 9.0 (the registry does not run
// level 7 there), runs level 6. Outside the matrices TMA fills zeros: any M, N, K it takes.
// Evidence P431 (docs/PERF.md, "Level 7").
#include "kernels/level6.h"

#include "lab/variants/level7/kernel.cuh" // kernels/level7_tma.cuh once registered

namespace l7 {

// Whether level 7 runs an m x n x k product on `sms` SMs, A's and B's rows 16-byte aligned
// (a_ok, b_ok): TMA reads them, a wave of tiles or more, K of a full pipeline. Host only.
static bool takes(int m, int n, int k, int sms, bool a_ok, bool b_ok)
{
    const long long tiles = (long long)((m + BM - 1) / BM) * ((n + BN - 1) / BN);
    return a_ok && b_ok && tiles >= sms && k >= MIN_K;
}

// A rows x cols row-major matrix, ld floats a row, as boxes of box_rows x box_cols. The last
// map made is kept: a sweep launches one product many times.
struct map_key {
    const float *p;
    int rows, cols, ld, box_rows, box_cols, swizzle;
    bool operator==(const map_key &o) const
    {
        return p == o.p && rows == o.rows && cols == o.cols && ld == o.ld &&
               box_rows == o.box_rows && box_cols == o.box_cols && swizzle == o.swizzle;
    }
};
static cudaError_t tensor_map(const map_key &key, map_key &last, CUtensorMap &map)
{
    if (key == last)
        return cudaSuccess;
    if (!tma::tensor_map(&map, key.p, key.rows, key.cols, key.ld, key.box_rows, key.box_cols,
                         (CUtensorMapSwizzle)key.swizzle))
        return cudaErrorInvalidValue;
    last = key;
    return cudaSuccess;
}

static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    if (!takes(g->m, g->n, g->k, l6::sm_count(), rows_aligned16(g->a, g->lda),
               rows_aligned16(g->b, g->ldb)))
        return level6_tuned.launch(g, stream);
    static map_key last_a = {}, last_b = {};
    static CUtensorMap ta, tb;
    if (const cudaError_t e = tensor_map({g->a, g->m, g->k, g->lda, BM, BK,
                                          CU_TENSOR_MAP_SWIZZLE_128B}, last_a, ta))
        return e;
    if (const cudaError_t e = tensor_map({g->b, g->k, g->n, g->ldb, BK, BN,
                                          CU_TENSOR_MAP_SWIZZLE_NONE}, last_b, tb))
        return e;
    static bool attribute_set = false; // once per process, outside any timed region
    if (const cudaError_t e = l6::allow_smem(tma_kernel, SMEM_BYTES, attribute_set))
        return e;
    const dim3 grid((g->m + BM - 1) / BM, (g->n + BN - 1) / BN);
    tma_kernel<<<grid, THREADS, SMEM_BYTES, stream>>>(ta, tb, g->c, g->m, g->n, g->k, g->ldc,
                                                      g->alpha, g->beta);
    char name[SGEMM_LAUNCH_NAME];
    snprintf(name, sizeof name, "tma_kernel<%d,%d,%d,%d>", BM, BN, BK, STAGES);
    note_launch(tma_kernel, name, grid, THREADS, SMEM_BYTES);
    return cudaGetLastError();
}

// sweep --explain-plan: level 7's tile where it takes the product, else level 6's plan.
static void explain(FILE *out, int m, int n, int k, int sms, int aligned)
{
    const bool a_ok = k % 4 == 0, b_ok = aligned || n % 4 == 0;
    if (takes(m, n, k, sms, a_ok, b_ok)) {
        fprintf(out, "level7_tma %dx%dx%d on %d SMs: tma_kernel<%d,%d,%d,%d>, grid %dx%d, %d threads "
                     "a CTA (a copy warp, 3 layout warps, 8 math warps)\n",
                m, n, k, sms, BM, BN, BK, STAGES, (m + BM - 1) / BM, (n + BN - 1) / BN, THREADS);
        return;
    }
    fprintf(out, "level7_tma %dx%dx%d on %d SMs: runs level 6 (%s)\n", m, n, k, sms,
            !a_ok || !b_ok ? "A's or B's rows not 16-byte aligned: TMA cannot read them"
            : k < MIN_K     ? "K under 256: too few k tiles to fill the pipeline"
                            : "under a wave of 128x256 tiles");
    l6_explain(out, m, n, k, sms, aligned);
}

} // namespace l7

SGEMM_REGISTER_KERNEL(level7_tma,
                      .name = "level7_tma",
                      .level = 7,
                      .technique = "Hopper: TMA + mbarrier ring, warp-specialized (setmaxnreg), "
                                   "level 6's FFMA k step; level 6 where it does not apply",
                      .min_cc = SGEMM_MIN_CC(90),
                      .workspace_bytes = level6_workspace, /* its fallback's */
                      .launch = l7::launch,
                      .main_kernel = (const void *)l7::tma_kernel,
                      .explain_plan = l7::explain);
