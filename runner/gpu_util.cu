// gpu_util.cu: seeded fills, NaN poison and the verification reduction (see gpu_util.h).
#include "runner/gpu_util.h"

#include <math.h>
#include <stdint.h>

enum { THREADS = 256, MAX_BLOCKS = 1024 };

__device__ __forceinline__ uint64_t splitmix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static __global__ void fill_uniform_kernel(float *p, int rows, int cols, int ld, uint64_t seed,
                                           unsigned tag)
{
    const size_t total = (size_t)rows * cols;
    const uint64_t key = splitmix64(seed ^ ((uint64_t)tag << 56));
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < total;
         i += (size_t)gridDim.x * blockDim.x) {
        const size_t r = i / cols, c = i % cols;
        const uint64_t h = splitmix64(key ^ i);
        p[r * ld + c] = (float)(h >> 40) * (2.0f / 16777216.0f) - 1.0f;
    }
}

static __global__ void poison_kernel(float *p, size_t count)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < count;
         i += (size_t)gridDim.x * blockDim.x)
        p[i] = __int_as_float(0x7fc00000);
}

static int blocks_for(size_t n)
{
    size_t b = (n + THREADS - 1) / THREADS;
    return b > MAX_BLOCKS ? MAX_BLOCKS : (b < 1 ? 1 : (int)b);
}

extern "C" cudaError_t gpu_fill_uniform(float *p, int rows, int cols, int ld,
                                        unsigned long long seed, unsigned tag, cudaStream_t stream)
{
    fill_uniform_kernel<<<blocks_for((size_t)rows * cols), THREADS, 0, stream>>>(p, rows, cols, ld,
                                                                                 seed, tag);
    return cudaGetLastError();
}

extern "C" cudaError_t gpu_poison(float *p, size_t count, cudaStream_t stream)
{
    poison_kernel<<<blocks_for(count), THREADS, 0, stream>>>(p, count);
    return cudaGetLastError();
}

static __device__ __forceinline__ unsigned long long global_ns(void)
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

static __global__ void hold_kernel(const volatile int *release, volatile int *timed_out,
                                   unsigned long long timeout_ns)
{
    const unsigned long long t0 = global_ns();
    while (*release == 0)
        if (global_ns() - t0 > timeout_ns) {
            *timed_out = 1;
            break;
        }
    __threadfence_system();
}

extern "C" cudaError_t gpu_hold_stream(const volatile int *release, volatile int *timed_out,
                                       unsigned long long timeout_ns, cudaStream_t stream)
{
    hold_kernel<<<1, 1, 0, stream>>>(release, timed_out, timeout_ns);
    return cudaGetLastError();
}

struct partial {
    double sum_sq_ref, sum_sq_diff, max_scaled;
    long long nonfinite;
};

// Pass 1 (rms < 0): sum of ref^2. Pass 2: errors scaled by |ref| + rms.
static __global__ void verify_kernel(const float *out, const float *ref, int rows, int cols, int ld,
                                     double rms, struct partial *partials)
{
    __shared__ struct partial sh[THREADS];
    struct partial acc = {0, 0, 0, 0};
    const size_t total = (size_t)rows * cols;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < total;
         i += (size_t)gridDim.x * blockDim.x) {
        const size_t at = (i / cols) * ld + i % cols;
        const double r = ref[at];
        if (rms < 0) {
            acc.sum_sq_ref += r * r;
            continue;
        }
        const double o = out[at];
        if (!isfinite(o)) {
            acc.nonfinite++;
            continue;
        }
        const double d = fabs(o - r);
        acc.sum_sq_diff += d * d;
        acc.max_scaled = fmax(acc.max_scaled, d / (fabs(r) + rms));
    }
    sh[threadIdx.x] = acc;
    __syncthreads();
    for (int s = THREADS / 2; s > 0; s /= 2) {
        if (threadIdx.x < s) {
            struct partial *a = &sh[threadIdx.x], *b = &sh[threadIdx.x + s];
            a->sum_sq_ref += b->sum_sq_ref;
            a->sum_sq_diff += b->sum_sq_diff;
            a->max_scaled = fmax(a->max_scaled, b->max_scaled);
            a->nonfinite += b->nonfinite;
        }
        __syncthreads();
    }
    if (threadIdx.x == 0)
        partials[blockIdx.x] = sh[0];
}

static cudaError_t reduce_pass(const float *out, const float *ref, int rows, int cols, int ld,
                               double rms, struct partial *d_partials, struct partial *total,
                               cudaStream_t stream)
{
    static struct partial host[MAX_BLOCKS];
    const int blocks = blocks_for((size_t)rows * cols);
    verify_kernel<<<blocks, THREADS, 0, stream>>>(out, ref, rows, cols, ld, rms, d_partials);
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess)
        e = cudaMemcpyAsync(host, d_partials, blocks * sizeof *host, cudaMemcpyDeviceToHost, stream);
    if (e == cudaSuccess)
        e = cudaStreamSynchronize(stream);
    if (e != cudaSuccess)
        return e;
    *total = (struct partial){0, 0, 0, 0};
    for (int b = 0; b < blocks; ++b) {
        total->sum_sq_ref += host[b].sum_sq_ref;
        total->sum_sq_diff += host[b].sum_sq_diff;
        total->max_scaled = fmax(total->max_scaled, host[b].max_scaled);
        total->nonfinite += host[b].nonfinite;
    }
    return cudaSuccess;
}

extern "C" cudaError_t gpu_verify(const float *out, const float *ref, int rows, int cols, int ld,
                                  struct verify_sums *sums, cudaStream_t stream)
{
    struct partial *d_partials = NULL, p1, p2;
    const long long count = (long long)rows * cols;
    cudaError_t e = cudaMalloc(&d_partials, MAX_BLOCKS * sizeof *d_partials);
    if (e != cudaSuccess)
        return e;
    e = reduce_pass(out, ref, rows, cols, ld, -1.0, d_partials, &p1, stream);
    if (e == cudaSuccess) {
        const double rms = sqrt(p1.sum_sq_ref / (double)count);
        // An all-zero reference makes every nonzero output an infinite relative error.
        e = reduce_pass(out, ref, rows, cols, ld, rms > 0 ? rms : 1e-30, d_partials, &p2, stream);
    }
    cudaFree(d_partials);
    if (e != cudaSuccess)
        return e;
    sums->count = count;
    sums->nonfinite_out = p2.nonfinite;
    sums->sum_sq_ref = p1.sum_sq_ref;
    sums->sum_sq_diff = p2.sum_sq_diff;
    sums->max_scaled_err = p2.max_scaled;
    return cudaSuccess;
}

// ---- exact checks of the memory family ---------------------------------------------------

// The value out[i] must hold for memory operation op (kernels/sgemm.h) at rows x cols.
__device__ __forceinline__ float memory_expected(int op, int rows, int cols, const float *in,
                                                 size_t i)
{
    switch (op) {
    case MEMORY_AOS_X: return in[4 * i];
    case MEMORY_AOS_SUM:
        return __fadd_rn(__fadd_rn(in[4 * i], in[4 * i + 1]), __fadd_rn(in[4 * i + 2], in[4 * i + 3]));
    case MEMORY_TRANSPOSE: {
        // out is cols x rows: out row i / rows is input column, out column i % rows input row
        const size_t in_col = i / rows, in_row = i % rows;
        return in[in_row * cols + in_col];
    }
    default: return in[i]; // MEMORY_COPY, MEMORY_SOA_X (x is the first n floats)
    }
}

struct memory_tally {
    unsigned long long wrong, first;
};

static __global__ void memory_check_kernel(int op, int rows, int cols, const float *in,
                                           const float *out, struct memory_tally *t)
{
    const size_t n = (size_t)rows * cols;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        if (__float_as_uint(out[i]) != __float_as_uint(memory_expected(op, rows, cols, in, i))) {
            atomicAdd(&t->wrong, 1ull);
            atomicMin(&t->first, (unsigned long long)i);
        }
    }
}

extern "C" cudaError_t gpu_memory_check(int op, int rows, int cols, const float *in,
                                        const float *out, struct memory_check *result,
                                        cudaStream_t stream)
{
    struct memory_tally *d = NULL, h = {0, ~0ull};
    cudaError_t e = cudaMalloc((void **)&d, sizeof *d);
    if (e == cudaSuccess)
        e = cudaMemcpyAsync(d, &h, sizeof h, cudaMemcpyHostToDevice, stream);
    if (e == cudaSuccess) {
        memory_check_kernel<<<blocks_for((size_t)rows * cols), THREADS, 0, stream>>>(op, rows, cols,
                                                                                   in, out, d);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess)
        e = cudaMemcpyAsync(&h, d, sizeof h, cudaMemcpyDeviceToHost, stream);
    if (e == cudaSuccess)
        e = cudaStreamSynchronize(stream);
    if (d)
        cudaFree(d);
    result->wrong = e == cudaSuccess ? h.wrong : 0;
    result->first_wrong = h.wrong ? h.first : 0;
    result->got = 0;
    if (e == cudaSuccess && h.wrong)
        e = cudaMemcpy(&result->got, out + h.first, sizeof result->got, cudaMemcpyDeviceToHost);
    return e;
}
