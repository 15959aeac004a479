/* measure.c: device probe, verification against cuBLAS and timing (see measure.h). */
#include "runner/measure.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <nvtx3/nvToolsExt.h>

#include "runner/check.h"
#include "runner/child.h"
#include "runner/gpu_util.h"
#include "runner/nvml.h"
#include "runner/slug.h"
#include "runner/stats.h"
#include "runner/verify.h"

/* How long the hold kernel waits for the host to enqueue a sample pair: far longer than
 * the tens of microseconds the enqueueing takes, short enough that a host stalled in the
 * middle costs one discarded pair, not the point. */
enum { HOLD_TIMEOUT_NS = 200 * 1000 * 1000 };

struct measure_ctx {
    cudaStream_t stream;
    cudaEvent_t ev[4]; /* kernel start, kernel stop, reference start, reference stop */
    cublasHandle_t blas;
    void *flush;
    size_t flush_bytes;
    int *hold; /* mapped host memory: [0] the release flag, [1] the hold kernel's timeout */
    int *hold_dev;
};

const char *check_cublas_string(cublasStatus_t s)
{
    switch (s) {
    case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
    case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
    case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
    case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
    default: return "cuBLAS error";
    }
}

static void version_string(int v, char *out, size_t cap)
{
    snprintf(out, cap, "%d.%d", v / 1000, (v % 1000) / 10);
}

int measure_probe(struct device_info *d, char *err, size_t errlen)
{
    struct cudaDeviceProp prop;
    int count = 0, v = 0, khz = 0, mem_khz = 0, major = 0, minor = 0, patch = 0;
    char pci[32];
    memset(d, 0, sizeof *d);
    CUDA_CHECK(cudaGetDeviceCount(&count));
    if (count < 1) {
        snprintf(err, errlen, "no CUDA device");
        return -1;
    }
    CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
    snprintf(d->name, sizeof d->name, "%s", prop.name);
    slug_from_name(d->name, d->slug, sizeof d->slug);
    slug_hash_id(prop.uuid.bytes, sizeof prop.uuid.bytes, d->gpu_id);
    snprintf(d->cc, sizeof d->cc, "%d.%d", prop.major, prop.minor);
    d->sms = prop.multiProcessorCount;
    d->l2_bytes = prop.l2CacheSize;
    d->mem_bytes = (long long)prop.totalGlobalMem;
    CUDA_CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0));
    CUDA_CHECK(cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, 0));
    d->sm_clock_max_mhz = khz / 1000;
    /* Double data rate: two transfers per memory clock. */
    d->mem_bandwidth_gbs = 2.0 * mem_khz * 1e3 * (prop.memoryBusWidth / 8.0) / 1e9;
    CUDA_CHECK(cudaRuntimeGetVersion(&v));
    version_string(v, d->cuda_runtime, sizeof d->cuda_runtime);
    CUDA_CHECK(cudaDriverGetVersion(&v));
    version_string(v, d->driver, sizeof d->driver);
    CUBLAS_CHECK(cublasGetProperty(MAJOR_VERSION, &major));
    CUBLAS_CHECK(cublasGetProperty(MINOR_VERSION, &minor));
    CUBLAS_CHECK(cublasGetProperty(PATCH_LEVEL, &patch));
    snprintf(d->cublas, sizeof d->cublas, "%d.%d.%d", major, minor, patch);
    CUDA_CHECK(cudaDeviceGetPCIBusId(pci, sizeof pci, 0));
    if (nvml_open(pci)) {
        char drv[RS_SHORT];
        int max_clock = nvml_max_sm_clock();
        if (max_clock > 0)
            d->sm_clock_max_mhz = max_clock;
        if (nvml_driver_version(drv, sizeof drv))
            snprintf(d->driver, sizeof d->driver, "%s", drv);
    }
    return 0;
}

static int ctx_init(struct measure_ctx *c, bool with_blas, char *err, size_t errlen)
{
    int l2 = 0;
    CUDA_CHECK(cudaSetDevice(0));
    CUDA_CHECK(cudaStreamCreateWithFlags(&c->stream, cudaStreamNonBlocking));
    for (int i = 0; i < 4; ++i)
        CUDA_CHECK(cudaEventCreate(&c->ev[i]));
    CUDA_CHECK(cudaHostAlloc((void **)&c->hold, 2 * sizeof(int), cudaHostAllocMapped));
    CUDA_CHECK(cudaHostGetDevicePointer((void **)&c->hold_dev, c->hold, 0));
    if (with_blas) {
        CUBLAS_CHECK(cublasCreate(&c->blas));
        CUBLAS_CHECK(cublasSetStream(c->blas, c->stream));
        /* The FP32 reference: no TF32, no reduced-precision shortcuts. */
        CUBLAS_CHECK(cublasSetMathMode(c->blas, CUBLAS_DEFAULT_MATH |
                                                    CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION));
    }
    CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
    /* Writing twice the L2 evicts everything a previous sample left there. */
    c->flush_bytes = (size_t)(l2 > 0 ? l2 : 64 << 20) * 2;
    CUDA_CHECK(cudaMalloc(&c->flush, c->flush_bytes));
    char pci[32];
    CUDA_CHECK(cudaDeviceGetPCIBusId(pci, sizeof pci, 0));
    nvml_open(pci);
    return 0;
}

struct measure_ctx *measure_open(bool with_blas, char *err, size_t errlen)
{
    /* The reference must be real FP32: forbid the environment from turning on TF32. */
    setenv("NVIDIA_TF32_OVERRIDE", "0", 1);
    struct measure_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "out of host memory");
        return NULL;
    }
    if (ctx_init(c, with_blas, err, errlen) != 0) {
        measure_close(c);
        return NULL;
    }
    return c;
}

void measure_close(struct measure_ctx *c)
{
    if (!c)
        return;
    if (c->flush)
        cudaFree(c->flush);
    if (c->blas)
        cublasDestroy(c->blas);
    for (int i = 0; i < 4; ++i)
        if (c->ev[i])
            cudaEventDestroy(c->ev[i]);
    if (c->hold)
        cudaFreeHost(c->hold);
    if (c->stream)
        cudaStreamDestroy(c->stream);
    free(c);
}

/* ---- one product, with its buffers ----------------------------------------------- */

struct gemm_case {
    int m, n, k, lda, ldb, ldc;
    int off_a, off_b, off_c; /* element offsets into the buffers: misalignment */
    float alpha, beta;
};

struct buffers {
    float *a, *b, *c, *ref;
    void *work;
};

static size_t elems(int rows, int ld) { return (size_t)rows * ld + 4; }

static size_t work_bytes(const struct sgemm_kernel *k, int m, int n, int kk)
{
    return k->workspace_bytes ? k->workspace_bytes(m, n, kk) : 0;
}

static size_t memory_bytes_needed(const struct sgemm_kernel *k, int rows, int cols);

size_t measure_bytes_needed(const struct sgemm_kernel *k, struct shape s)
{
    if (k->family == FAMILY_MEMORY)
        return memory_bytes_needed(k, s.m, s.n);
    return sizeof(float) * (elems(s.m, s.k) + elems(s.k, s.n) + 2 * elems(s.m, s.n)) +
           work_bytes(k, s.m, s.n, s.k);
}

static void free_buffers(struct buffers *b)
{
    cudaFree(b->a);
    cudaFree(b->b);
    cudaFree(b->c);
    cudaFree(b->ref);
    cudaFree(b->work);
    memset(b, 0, sizeof *b);
}

static int alloc_buffers(const struct sgemm_kernel *k, const struct gemm_case *g, struct buffers *b,
                         char *err, size_t errlen)
{
    size_t wb = work_bytes(k, g->m, g->n, g->k);
    memset(b, 0, sizeof *b);
    CUDA_CHECK(cudaMalloc((void **)&b->a, sizeof(float) * elems(g->m, g->lda)));
    CUDA_CHECK(cudaMalloc((void **)&b->b, sizeof(float) * elems(g->k, g->ldb)));
    CUDA_CHECK(cudaMalloc((void **)&b->c, sizeof(float) * elems(g->m, g->ldc)));
    CUDA_CHECK(cudaMalloc((void **)&b->ref, sizeof(float) * elems(g->m, g->ldc)));
    if (wb)
        CUDA_CHECK(cudaMalloc(&b->work, wb));
    return 0;
}

static struct sgemm_args args_for(const struct gemm_case *g, const struct buffers *b, float *c)
{
    struct sgemm_args a = {g->m, g->n, g->k, g->alpha, b->a + g->off_a, g->lda,
                           b->b + g->off_b, g->ldb, g->beta, c + g->off_c, g->ldc, b->work};
    return a;
}

static int run_cublas(struct measure_ctx *ctx, const struct sgemm_args *a, char *err, size_t errlen)
{
    /* Row-major C = A B is column-major C^T = B^T A^T: swap the operands. */
    CUBLAS_CHECK(cublasSgemm(ctx->blas, CUBLAS_OP_N, CUBLAS_OP_N, a->n, a->m, a->k, &a->alpha, a->b,
                             a->ldb, a->a, a->lda, &a->beta, a->c, a->ldc));
    return 0;
}

static int run_kernel(struct measure_ctx *ctx, const struct sgemm_kernel *k,
                      const struct sgemm_args *a, char *err, size_t errlen)
{
    CUDA_CHECK(k->launch(a, ctx->stream));
    return 0;
}

/* Inputs for case g; C and ref both poisoned (beta == 0) or both the same random C. */
static int prepare(struct measure_ctx *ctx, const struct gemm_case *g, const struct buffers *b,
                   unsigned long long seed, char *err, size_t errlen)
{
    CUDA_CHECK(gpu_fill_uniform(b->a + g->off_a, g->m, g->k, g->lda, seed, 1, ctx->stream));
    CUDA_CHECK(gpu_fill_uniform(b->b + g->off_b, g->k, g->n, g->ldb, seed, 2, ctx->stream));
    if (g->beta == 0.0f) {
        CUDA_CHECK(gpu_poison(b->c, elems(g->m, g->ldc), ctx->stream));
        CUDA_CHECK(gpu_poison(b->ref, elems(g->m, g->ldc), ctx->stream));
    } else {
        CUDA_CHECK(gpu_fill_uniform(b->c + g->off_c, g->m, g->n, g->ldc, seed, 3, ctx->stream));
        CUDA_CHECK(gpu_fill_uniform(b->ref + g->off_c, g->m, g->n, g->ldc, seed, 3, ctx->stream));
    }
    return 0;
}

/* Runs cuBLAS and the kernel on case g and judges the kernel's C. */
static int check_case(struct measure_ctx *ctx, const struct sgemm_kernel *k,
                      const struct gemm_case *g, const struct buffers *b, unsigned long long seed,
                      struct verify_verdict *v, char *err, size_t errlen)
{
    struct verify_sums sums;
    struct sgemm_args kernel_args = args_for(g, b, b->c), ref_args = args_for(g, b, b->ref);
    if (prepare(ctx, g, b, seed, err, errlen) || run_cublas(ctx, &ref_args, err, errlen) ||
        run_kernel(ctx, k, &kernel_args, err, errlen))
        return -1;
    CUDA_CHECK(cudaStreamSynchronize(ctx->stream));
    CUDA_CHECK(gpu_verify(b->c + g->off_c, b->ref + g->off_c, g->m, g->n, g->ldc, &sums,
                          ctx->stream));
    *v = verify_judge(&sums, verify_tolerance_for_k(g->k));
    return 0;
}

static void describe_case(const struct gemm_case *g, char *out, size_t cap)
{
    snprintf(out, cap, "%dx%dx%d lda=%d ldb=%d ldc=%d offsets=%d/%d/%d alpha=%g beta=%g", g->m,
             g->n, g->k, g->lda, g->ldb, g->ldc, g->off_a, g->off_b, g->off_c, g->alpha, g->beta);
}

static int memory_conformance(struct measure_ctx *ctx, const struct sgemm_kernel *k,
                              unsigned long long seed, char *why, size_t whylen);

int measure_conformance(struct measure_ctx *ctx, const struct sgemm_kernel *k,
                        unsigned long long seed, char *why, size_t whylen)
{
    if (k->family == FAMILY_MEMORY)
        return memory_conformance(ctx, k, seed, why, whylen);
    static const struct gemm_case cases[] = {
        {1, 1, 1, 1, 1, 1, 0, 0, 0, 1.0f, 0.0f},
        {127, 129, 131, 131, 129, 129, 0, 0, 0, 1.0f, 0.0f},
        {127, 129, 131, 131, 129, 129, 0, 0, 0, -0.75f, 0.5f},
        {33, 65, 17, 20, 70, 72, 1, 2, 3, 1.0f, 0.0f},   /* misaligned, odd lds */
        {33, 65, 17, 20, 70, 72, 1, 2, 3, 1.5f, -1.0f},
        {130, 260, 9, 16, 264, 268, 0, 0, 0, 1.0f, 0.0f}, /* aligned padded lds, k % 4 != 0 */
        {257, 3, 300, 300, 3, 3, 0, 0, 0, 0.5f, 2.0f},
        /* small M x N with a long K: level 6 slices K (small-M path, then split-K) */
        {20, 40, 2000, 2001, 41, 43, 1, 1, 1, 1.0f, 0.0f},
        {100, 70, 1500, 1500, 72, 70, 0, 0, 0, -0.5f, 1.5f},
        /* few rows, many columns: level 6's small-M path, unaligned B, then 32 + 8 rows */
        {5, 515, 700, 701, 517, 519, 1, 1, 1, 1.0f, 0.5f},
        {40, 600, 300, 300, 600, 600, 0, 0, 0, 1.0f, 0.0f},
        /* few columns, many rows: level 6's small-N path, A unaligned and K sliced (24
         * columns), then A aligned with k % 32 != 0 and a partial last CTA (32 columns) */
        {600, 21, 3000, 3001, 23, 25, 1, 2, 3, 1.0f, 0.5f},
        {1000, 32, 1037, 1040, 32, 36, 0, 0, 0, -0.75f, 1.0f},
        /* and its 40-column CTAs (39 columns), A unaligned, K sliced */
        {700, 39, 2000, 2003, 43, 45, 1, 2, 3, 1.0f, 0.5f},
        /* level 6's main tile in one launch: the residue of k (37 = 4 x 8 + 5) first, then
         * whole tiles with A's last rows clamped and B's last vector partial */
        {1100, 1030, 37, 40, 1032, 1036, 0, 0, 0, 1.0f, 0.0f},
        /* stream-K on level 6's 64x128 half (192 rows cover 129, not 256; on 132 SMs):
         * B shifted, C unaligned, each shared tile's last CTA adding beta C */
        {129, 6117, 960, 961, 6119, 6121, 1, 2, 3, 1.0f, 0.5f},
        /* split-K on level 6's 64x128 half, 8 tiles across: B in 4-byte copies (105
         * columns in the last tile, the lanes past n spread), each slice's k a multiple of 8
         * but the last's, the slices' reduction adding beta C */
        {45, 1001, 3001, 3003, 1003, 1005, 1, 2, 3, 1.0f, 0.5f},
        /* level 6's fine tile at K from 32, B and C unaligned: B's columns interleaved in
         * shared memory, C's rows stored as 8 consecutive floats a warp row; its 64x64
         * form, then its wide one (64x128), each with partial last row and column blocks */
        {700, 2001, 41, 43, 2003, 2005, 1, 2, 3, -0.75f, 1.0f},
        {2000, 5001, 121, 123, 5003, 5005, 1, 2, 3, 1.0f, 0.5f},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const struct gemm_case *g = &cases[i];
        struct buffers b;
        struct verify_verdict v;
        char err[512], what[160];
        const size_t errlen = sizeof err;
        int rc = alloc_buffers(k, g, &b, err, errlen) ? -1
                                                       : check_case(ctx, k, g, &b, seed, &v, err, errlen);
        free_buffers(&b);
        describe_case(g, what, sizeof what);
        if (rc) {
            snprintf(why, whylen, "conformance %s: %s", what, err);
            return -1;
        }
        if (!v.pass) {
            snprintf(why, whylen, "conformance %s: %s", what, v.why);
            return 1;
        }
    }
    return 0;
}

/* ---- timing ---------------------------------------------------------------------- */

struct sampler {
    double *kernel, *blas;
    int n;
    struct point_report *rep;
};

static void note_condition(struct point_report *rep, struct nvml_sample s)
{
    if (s.sm_clock_mhz >= 0) {
        if (rep->clock_min_mhz < 0 || s.sm_clock_mhz < rep->clock_min_mhz)
            rep->clock_min_mhz = s.sm_clock_mhz;
        if (s.sm_clock_mhz > rep->clock_max_mhz)
            rep->clock_max_mhz = s.sm_clock_mhz;
    }
    if (s.temp_c > rep->temp_max_c)
        rep->temp_max_c = s.temp_c;
    rep->throttle_bits |= s.throttle & ~0x1ull; /* "idle" is not a reason while we run */
}

/* What is timed: the kernel and its family's reference on the same operands. */
struct timed {
    const struct sgemm_kernel *k;
    const struct sgemm_args *gemm;  /* sgemm: the product (cuBLAS is the reference) */
    const struct memory_args *mem;  /* memory: the operation; the reference copies */
    const void *copy_src;           /* ... copy_bytes from copy_src to copy_dst */
    void *copy_dst;
    size_t copy_bytes;
    double work;                    /* FLOPs or bytes moved, for the rates */
};

/* Enqueues the kernel (which == 0) or the reference (which == 1). */
static int run_side(struct measure_ctx *ctx, const struct timed *w, int which, char *err,
                    size_t errlen)
{
    if (w->mem && which == 0)
        CUDA_CHECK(w->k->launch_memory(w->mem, ctx->stream));
    else if (w->mem)
        CUDA_CHECK(cudaMemcpyAsync(w->copy_dst, w->copy_src, w->copy_bytes,
                                   cudaMemcpyDeviceToDevice, ctx->stream));
    else
        return which == 0 ? run_kernel(ctx, w->k, w->gemm, err, errlen)
                          : run_cublas(ctx, w->gemm, err, errlen);
    return 0;
}

/* One timed run of the kernel and one of the reference, each after an L2 flush. The hold
 * kernel keeps the stream waiting until all of it is enqueued, so the GPU runs flush,
 * start, launch, stop, flush, start, launch, stop back to back: the host's launch latency
 * (and a busy CPU) never lands inside a timed region. A pair whose hold timed out (the host
 * stalled while enqueueing) is not a sample: *held is false. */
static int time_pair(struct measure_ctx *ctx, const struct timed *w, int round, double *kernel_ms,
                     double *ref_ms, bool *held, char *err, size_t errlen)
{
    float t[2];
    volatile int *hold = ctx->hold;
    hold[0] = hold[1] = 0;
    CUDA_CHECK(gpu_hold_stream(ctx->hold_dev, ctx->hold_dev + 1, HOLD_TIMEOUT_NS, ctx->stream));
    for (int which = 0; which < 2; ++which) {
        CUDA_CHECK(cudaMemsetAsync(ctx->flush, (round + which) & 0xff, ctx->flush_bytes,
                                   ctx->stream));
        CUDA_CHECK(cudaEventRecord(ctx->ev[2 * which], ctx->stream));
        if (run_side(ctx, w, which, err, errlen) != 0) {
            hold[0] = 1; /* never leave the stream held */
            return -1;
        }
        CUDA_CHECK(cudaEventRecord(ctx->ev[2 * which + 1], ctx->stream));
    }
    __atomic_store_n(&ctx->hold[0], 1, __ATOMIC_SEQ_CST);
    CUDA_CHECK(cudaEventSynchronize(ctx->ev[3]));
    CUDA_CHECK(cudaEventElapsedTime(&t[0], ctx->ev[0], ctx->ev[1]));
    CUDA_CHECK(cudaEventElapsedTime(&t[1], ctx->ev[2], ctx->ev[3]));
    *kernel_ms = t[0];
    *ref_ms = t[1];
    *held = hold[1] == 0;
    return 0;
}

/* Runs the kernel and cuBLAS alternately for at least WARM_UP_MS of wall time (and at
 * least once each): module loading, cuBLAS's first-call set-up and the clock ramp from
 * idle (a fresh process finds the GPU at its idle clock) all stay out of the samples. */
enum { WARM_UP_MS = 30 };

static int warm_up(struct measure_ctx *ctx, const struct timed *w, char *err, size_t errlen)
{
    const double t0 = child_now_s();
    double tk, tb;
    bool held;
    do {
        if (time_pair(ctx, w, 0, &tk, &tb, &held, err, errlen))
            return -1;
    } while (child_now_s() - t0 < WARM_UP_MS / 1000.0);
    return 0;
}

static bool settled(const struct sampler *s, const struct measure_config *cfg)
{
    struct time_stats tk, tb;
    if (s->n < 10)
        return false;
    stats_summarize(s->kernel, s->n, &tk);
    stats_summarize(s->blas, s->n, &tb);
    return tk.rel_noise <= cfg->noise_target && tb.rel_noise <= cfg->noise_target;
}

/* Alternates kernel and reference samples so both see the same clocks and temperature. */
static int sample_interleaved(struct measure_ctx *ctx, const struct timed *w,
                              const struct measure_config *cfg, struct sampler *s, char *err,
                              size_t errlen)
{
    const double t0 = child_now_s();
    int round = 0;
    while (s->n < cfg->max_samples) {
        double tk, tb;
        bool held;
        if (time_pair(ctx, w, round, &tk, &tb, &held, err, errlen))
            return -1;
        round += 2;
        struct nvml_sample ns = nvml_sample_now();
        note_condition(s->rep, ns);
        if ((!held || nvml_is_slowdown(ns.throttle)) && round < 4 * cfg->max_samples) {
            s->rep->discarded_samples++;
            continue;
        }
        s->kernel[s->n] = tk;
        s->blas[s->n] = tb;
        s->n++;
        const bool enough = s->n >= cfg->min_samples;
        if (enough && (child_now_s() - t0 >= cfg->time_cap_s || settled(s, cfg)))
            break;
    }
    return 0;
}

/* p's registers, static shared memory and local memory (spills), from func's attributes.
 * Returns false, leaving p alone, when CUDA cannot say. */
static bool take_attributes(const void *func, struct result_point *p)
{
    struct cudaFuncAttributes attr;
    if (cudaFuncGetAttributes(&attr, func) != cudaSuccess)
        return false;
    p->regs = attr.numRegs;
    p->smem_static_bytes = (int)attr.sharedSizeBytes;
    p->local_bytes = (int)attr.localSizeBytes;
    return true;
}

static void fill_resources(const struct sgemm_kernel *k, struct result_point *p)
{
    p->regs = p->smem_static_bytes = p->local_bytes = -1;
    p->ctas_per_sm = -1;
    p->workspace_bytes = k->family == FAMILY_SGEMM ? (long long)work_bytes(k, p->m, p->n, p->k) : 0;
    take_attributes(k->main_kernel, p);
}

/* The kernel that ran at this point, when its launcher noted it: its own registers,
 * shared memory, spills and occupancy replace main_kernel's. */
static void fill_launch(struct result_point *p)
{
    const struct sgemm_launch_note *n = sgemm_last_launch();
    if (!n->func || !take_attributes(n->func, p))
        return;
    snprintf(p->launch_kernel, sizeof p->launch_kernel, "%s", n->name);
    const char *symbol = NULL;
    if (cudaFuncGetName(&symbol, n->func) == cudaSuccess && symbol &&
        strlen(symbol) < sizeof p->launch_symbol)
        snprintf(p->launch_symbol, sizeof p->launch_symbol, "%s", symbol);
    for (int i = 0; i < 3; ++i) {
        p->grid[i] = (int)n->grid[i];
        p->block[i] = (int)n->block[i];
    }
    p->dynamic_smem_bytes = (long long)n->dynamic_smem_bytes;
    int ctas = -1;
    const int threads = (int)(n->block[0] * n->block[1] * n->block[2]);
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&ctas, n->func, threads,
                                                      n->dynamic_smem_bytes) != cudaSuccess)
        ctas = -1;
    p->ctas_per_sm = ctas;
}

/* The summary of the samples; rates are work per time (GFLOP/s or GB/s, work / ms / 1e6). */
static void finish_point(struct point_report *rep, const struct sampler *s, double work)
{
    struct result_point *p = &rep->point;
    stats_summarize(s->kernel, s->n, &p->time_ms);
    stats_summarize(s->blas, s->n, &p->ref_time_ms);
    p->rate = p->time_ms.median > 0 ? work / (p->time_ms.median * 1e6) : 0;
    p->ref_rate = p->ref_time_ms.median > 0 ? work / (p->ref_time_ms.median * 1e6) : 0;
    p->pct_ref = p->time_ms.median > 0 ? 100.0 * p->ref_time_ms.median / p->time_ms.median : 0;
}

/* Warm-up, then interleaved samples of w's kernel and reference, into rep. */
static int time_point(struct measure_ctx *ctx, const struct timed *w,
                      const struct measure_config *cfg, struct point_report *rep, char *err,
                      size_t errlen)
{
    double *samples = malloc(2 * sizeof(double) * (size_t)cfg->max_samples);
    if (!samples) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    struct sampler s = {samples, samples + cfg->max_samples, 0, rep};
    /* The timed launches, named for profilers: `sweep --explain` has ncu profile a launch
     * of this range, never a verification case's (measure.h, MEASURE_NVTX_RANGE). */
    nvtxRangePushA(MEASURE_NVTX_RANGE);
    int rc = warm_up(ctx, w, err, errlen) || sample_interleaved(ctx, w, cfg, &s, err, errlen);
    nvtxRangePop();
    if (rc == 0)
        finish_point(rep, &s, w->work);
    free(samples);
    return rc ? -1 : 0;
}

/* Verification (beta == 0 on poisoned C, then beta != 0) and timing on allocated buffers. */
static int verify_and_time(struct measure_ctx *ctx, const struct sgemm_kernel *k,
                           struct gemm_case g, const struct buffers *b,
                           const struct measure_config *cfg, struct point_report *rep, char *err,
                           size_t errlen)
{
    struct verify_verdict v;
    struct result_point *p = &rep->point;
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1) {
            g.alpha = -0.75f;
            g.beta = 0.5f;
        }
        if (check_case(ctx, k, &g, b, cfg->seed, &v, err, errlen))
            return -1;
        if (p->max_rel_err < v.max_rel_err)
            p->max_rel_err = isfinite(v.max_rel_err) ? v.max_rel_err : 1e30;
        if (!v.pass) {
            p->valid = false;
            snprintf(rep->error, sizeof rep->error, "wrong result (alpha=%g beta=%g): %s",
                     g.alpha, g.beta, v.why);
            return 0;
        }
    }
    g.alpha = 1.0f;
    g.beta = 0.0f;
    struct sgemm_args a = args_for(&g, b, b->c);
    const struct timed w = {.k = k, .gemm = &a, .work = 2.0 * g.m * (double)g.n * g.k};
    return time_point(ctx, &w, cfg, rep, err, errlen);
}

/* ---- the memory family: exact checks, the copy as the reference ------------------- */

struct mem_buffers {
    float *in, *out;
    void *copy_dst; /* the reference's destination */
};

/* The reference copies half the bytes the operation must move: cudaMemcpyAsync reads and
 * writes each byte, so both move the same total. */
static size_t copy_bytes(const struct sgemm_kernel *k, int rows, int cols)
{
    return (size_t)(memory_op_bytes(k->memory_op, rows, cols) / 2);
}

static size_t memory_bytes_needed(const struct sgemm_kernel *k, int rows, int cols)
{
    return sizeof(float) * (memory_op_in_floats(k->memory_op, rows, cols) + (size_t)rows * cols) +
           copy_bytes(k, rows, cols);
}

static void free_mem(struct mem_buffers *b)
{
    cudaFree(b->in);
    cudaFree(b->out);
    cudaFree(b->copy_dst);
    memset(b, 0, sizeof *b);
}

static int alloc_mem(const struct sgemm_kernel *k, int rows, int cols, struct mem_buffers *b,
                     char *err, size_t errlen)
{
    memset(b, 0, sizeof *b);
    CUDA_CHECK(cudaMalloc((void **)&b->in,
                          sizeof(float) * memory_op_in_floats(k->memory_op, rows, cols)));
    CUDA_CHECK(cudaMalloc((void **)&b->out, sizeof(float) * (size_t)rows * cols));
    CUDA_CHECK(cudaMalloc(&b->copy_dst, copy_bytes(k, rows, cols)));
    return 0;
}

/* Runs k once on fresh inputs into a poisoned output and compares every output bit. 0 when
 * exact; 1 with what differs in why; -1 on a CUDA error (in err). */
static int check_memory(struct measure_ctx *ctx, const struct sgemm_kernel *k, int rows, int cols,
                        const struct mem_buffers *b, unsigned long long seed, char *why,
                        size_t whylen, char *err, size_t errlen)
{
    const size_t n = (size_t)rows * cols;
    const int in_rows = (int)(memory_op_in_floats(k->memory_op, rows, cols) / (size_t)cols);
    const struct memory_args a = {rows, cols, b->in, b->out};
    struct memory_check mc;
    CUDA_CHECK(gpu_fill_uniform(b->in, in_rows, cols, cols, seed, 4, ctx->stream));
    CUDA_CHECK(gpu_poison(b->out, n, ctx->stream));
    CUDA_CHECK(k->launch_memory(&a, ctx->stream));
    CUDA_CHECK(gpu_memory_check(k->memory_op, rows, cols, b->in, b->out, &mc, ctx->stream));
    if (mc.wrong == 0)
        return 0;
    snprintf(why, whylen, "%llu of %zu elements differ from the exact result; the first, at %llu, "
                          "holds %.9g",
             mc.wrong, n, mc.first_wrong, mc.got);
    return 1;
}

static int memory_conformance(struct measure_ctx *ctx, const struct sgemm_kernel *k,
                              unsigned long long seed, char *why, size_t whylen)
{
    /* Sides that are not multiples of 32 (the transposes' tile), counts that are not
     * multiples of 4 (the float4 kernels' tail), single rows and columns. */
    static const int cases[][2] = {{1, 1}, {1, 3}, {3, 1}, {7, 5}, {33, 31}, {31, 33},
                                   {1, 1025}, {1025, 1}, {65, 4099}, {4099, 65}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        struct mem_buffers b;
        char err[512], what[RS_TEXT] = "";
        const size_t errlen = sizeof err;
        const int rows = cases[i][0], cols = cases[i][1];
        int rc = alloc_mem(k, rows, cols, &b, err, errlen);
        if (rc == 0)
            rc = check_memory(ctx, k, rows, cols, &b, seed, what, sizeof what, err, errlen);
        free_mem(&b);
        if (rc) {
            snprintf(why, whylen, "conformance %dx%d: %s", rows, cols, rc < 0 ? err : what);
            return rc;
        }
    }
    return 0;
}

/* Checks and times a memory kernel at rows x cols against the copy of the same bytes. */
static int memory_point(struct measure_ctx *ctx, const struct sgemm_kernel *k, int rows, int cols,
                        const struct measure_config *cfg, struct point_report *rep, char *err,
                        size_t errlen)
{
    struct mem_buffers b;
    int rc = alloc_mem(k, rows, cols, &b, err, errlen);
    if (rc == 0)
        rc = check_memory(ctx, k, rows, cols, &b, cfg->seed, rep->error, sizeof rep->error, err,
                          errlen);
    if (rc == 1) {
        rep->point.valid = false;
        rc = 0;
    } else if (rc == 0) {
        const struct memory_args a = {rows, cols, b.in, b.out};
        const struct timed w = {.k = k, .mem = &a, .copy_src = b.in, .copy_dst = b.copy_dst,
                                .copy_bytes = copy_bytes(k, rows, cols),
                                .work = memory_op_bytes(k->memory_op, rows, cols)};
        rc = time_point(ctx, &w, cfg, rep, err, errlen);
    }
    free_mem(&b);
    return rc;
}

/* ---- one point, either family --------------------------------------------------------- */

static int gemm_point(struct measure_ctx *ctx, const struct sgemm_kernel *k, struct shape sh,
                      const struct measure_config *cfg, struct point_report *rep, char *err,
                      size_t errlen)
{
    struct gemm_case g = {sh.m, sh.n, sh.k, sh.k, sh.n, sh.n, 0, 0, 0, 1.0f, 0.0f};
    struct buffers b;
    int rc = alloc_buffers(k, &g, &b, err, errlen);
    if (rc == 0)
        rc = verify_and_time(ctx, k, g, &b, cfg, rep, err, errlen);
    free_buffers(&b);
    return rc;
}

int measure_point(struct measure_ctx *ctx, const struct sgemm_kernel *k, struct shape sh,
                  const struct measure_config *cfg, struct point_report *rep)
{
    struct result_point *p = &rep->point;
    char err[RS_TEXT];
    const size_t errlen = sizeof err;
    memset(rep, 0, sizeof *rep);
    rep->clock_min_mhz = rep->clock_max_mhz = rep->temp_max_c = -1;
    snprintf(p->kernel, sizeof p->kernel, "%s", k->name);
    snprintf(p->family, sizeof p->family, "%s", kernel_family_name(k->family));
    p->level = k->level;
    p->m = sh.m;
    p->n = sh.n;
    p->k = sh.k;
    p->valid = true;
    fill_resources(k, p);
    sgemm_forget_launch();
    int rc = k->family == FAMILY_MEMORY ? memory_point(ctx, k, sh.m, sh.n, cfg, rep, err, errlen)
                                        : gemm_point(ctx, k, sh, cfg, rep, err, errlen);
    if (rc == 0)
        fill_launch(p);
    if (rc) {
        p->valid = false;
        snprintf(rep->error, sizeof rep->error, "CUDA error: %s", err);
        return -1;
    }
    return 0;
}
