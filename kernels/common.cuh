// common.cuh: device helpers shared by the kernel levels: bounds-checked scalar and
// 128-bit loads and stores, the beta rule, cp.async wrappers. Header-only, C-style.
#ifndef SGEMM_BENCH_KERNELS_COMMON_CUH
#define SGEMM_BENCH_KERNELS_COMMON_CUH

#include <stdint.h>
#include <stdio.h>
#include <cuda_runtime.h>

#include "kernels/sgemm.h"

/* The lowest compute capability a kernel of this build runs on: what it needs itself
 * (cp.async: 80), but never below the lowest architecture compiled, which the build passes
 * in (bazel/cuda.bzl: SGEMM_MIN_ARCH_CC, the least of CUDA_ARCHS). */
#ifndef SGEMM_MIN_ARCH_CC
#error "SGEMM_MIN_ARCH_CC comes from the build (bazel/cuda.bzl)"
#endif
#define SGEMM_MIN_CC(needs) ((needs) > SGEMM_MIN_ARCH_CC ? (needs) : SGEMM_MIN_ARCH_CC)

/* Registers a kernel: the one place a kernel is listed is its own file. `id` is its C
 * symbol; the rest are the named fields of struct sgemm_kernel (sgemm.h), in order:
 *
 *   SGEMM_REGISTER_KERNEL(level0_naive,
 *       .name = "level0_naive", .level = 0, .technique = "...",
 *       .expected = {1, 5, "seed 003: ..."}, .min_cc = SGEMM_MIN_CC(0),
 *       .launch = launch, .main_kernel = (const void *)naive_kernel);
 *
 * The registration is a pointer in the "sgemm_kernels" section, which kernels/registry.c
 * walks; a program has every kernel it links, and no list to keep. */
#define SGEMM_REGISTER_KERNEL(id, ...) SGEMM_REGISTER_KERNEL_(id, __VA_ARGS__) /* expands id */
#define SGEMM_REGISTER_KERNEL_(id, ...)                                                        \
    extern "C" const struct sgemm_kernel id = {__VA_ARGS__};                                   \
    extern "C" __attribute__((used, retain, section("sgemm_kernels")))                         \
    const struct sgemm_kernel *const id##_registration = &id

__host__ __device__ static inline int ceil_div(int a, int b) { return (a + b - 1) / b; }

// True when every row of a row-major matrix starts on a 16-byte boundary, so float4
// accesses at column offsets that are multiples of 4 are aligned.
static inline bool rows_aligned16(const void *p, int ld)
{
    return ((uintptr_t)p % 16 == 0) && (ld % 4 == 0);
}

static inline bool vector_ok(const struct sgemm_args *g)
{
    return rows_aligned16(g->a, g->lda) && rows_aligned16(g->b, g->ldb) &&
           rows_aligned16(g->c, g->ldc);
}

// Reports the launch of a kernel's main function to the runner (sgemm.h, sgemm_note_launch):
// `name` and its template arguments, e.g. note_launch(k, "tuned_kernel", {128, 128, 8}, ...).
template <typename F>
static inline void note_launch(F *func, const char *name, dim3 grid, dim3 block, size_t smem)
{
    const unsigned g[3] = {grid.x, grid.y, grid.z}, b[3] = {block.x, block.y, block.z};
    sgemm_note_launch((const void *)func, name, g, b, smem);
}

// Four accumulators v[0..3] times s, as one float4 for a 16-byte store (STS.128, STG.128),
// whose four registers must be consecutive, the first a multiple of 4. Stored as they are,
// the accumulators themselves take such quads for the whole kernel, and so share their
// banks (register r's bank: r % 2) with the B fragment's quad that every FFMA reads beside
// them: the main loop's FFMAs then read two operands from one bank. The product s * v is
// new registers, and leaves ptxas free to place the accumulators: fewer dispatch stalls in
// the main loop (evidence P145, P149). s is a value ptxas cannot fold: alpha, or a 1.0f the
// kernel takes as an argument (level 6's stream-K shares, where that pays: the 64x128
// tile's).
__device__ __forceinline__ float4 scaled4(float s, const float *v)
{
    return make_float4(s * v[0], s * v[1], s * v[2], s * v[3]);
}

// Programmatic dependent launch (sm_90 and later): a kernel launched with
// cudaLaunchAttributeProgrammaticStreamSerialization may start once every CTA of the kernel
// before it in the stream has called pdl_launch_dependents (or ended); pdl_wait holds its
// threads until that kernel has ended and its writes are visible. Both do nothing where no
// such launch follows or precedes, and before sm_90.
__device__ __forceinline__ void pdl_launch_dependents()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

__device__ __forceinline__ void pdl_wait()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// The BLAS beta rule: with beta == 0, C is never read (it may hold NaN).
__device__ __forceinline__ float axpby(float alpha, float acc, float beta, const float *c)
{
    return beta == 0.0f ? alpha * acc : alpha * acc + beta * *c;
}

// Elements [col, col+4) of one row, zero where col+i >= ncols or the row is out of range.
// VEC: one 128-bit load when the four are in range (the row must be 16-byte aligned).
template <bool VEC>
__device__ __forceinline__ float4 load4(const float *row, bool row_ok, int col, int ncols)
{
    if (VEC && row_ok && col + 3 < ncols)
        return *reinterpret_cast<const float4 *>(row + col);
    float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
    if (row_ok) {
        if (col + 0 < ncols) v.x = row[col + 0];
        if (col + 1 < ncols) v.y = row[col + 1];
        if (col + 2 < ncols) v.z = row[col + 2];
        if (col + 3 < ncols) v.w = row[col + 3];
    }
    return v;
}

// Writes alpha*acc + beta*C for columns [col, col+4) of one row of C, in bounds only.
template <bool VEC>
__device__ __forceinline__ void store4(float *row, bool row_ok, int col, int ncols, float4 acc,
                                       float alpha, float beta)
{
    if (!row_ok)
        return;
    if (VEC && col + 3 < ncols) {
        float4 *p = reinterpret_cast<float4 *>(row + col);
        float4 v = make_float4(alpha * acc.x, alpha * acc.y, alpha * acc.z, alpha * acc.w);
        if (beta != 0.0f) {
            float4 old = *p;
            v.x += beta * old.x; v.y += beta * old.y; v.z += beta * old.z; v.w += beta * old.w;
        }
        *p = v;
        return;
    }
    const float a[4] = {acc.x, acc.y, acc.z, acc.w};
#pragma unroll
    for (int i = 0; i < 4; ++i)
        if (col + i < ncols)
            row[col + i] = axpby(alpha, a[i], beta, row + col + i);
}

// A round of a staged tile's rows (level 6's store_tile, the fine tile's store_staged), from smem (rows LD floats apart) to C's rows at
// corner, ldc apart: a warp's rows are warp, warp + WARPS, ... (ROWS of them), of which
// the first `rows` are inside the matrix, each `cols` columns of the tile's BN.
// Lines: a warp stores a row's 128-byte lines one at a time, lane L the line's L-th float;
// line t of a row holds the tile's columns 32t - s .. 32t - s + 31, s the floats between
// the line's start and the row's first column. Unrolled: a loop of the lines' loads and
// stores waits on each load (ncu: 175 us against 129 unrolled).
template <int BN, int ROWS, int WARPS, int LD>
__device__ __forceinline__ void store_lines(float *corner, int ldc, int rows, int cols,
                                            float alpha, float beta, int tid, const float *smem)
{
    constexpr int LINES = BN / 32 + 1;
    const int lane = tid % 32, warp = tid / 32;
#pragma unroll
    for (int rr = 0; rr < ROWS; ++rr) {
        const int r = warp + rr * WARPS;
        if (r < rows) {
            float *crow = corner + (size_t)r * ldc;
            const int first = lane - (int)(((uintptr_t)crow / sizeof(float)) % 32);
#pragma unroll
            for (int t = 0; t < LINES; ++t) {
                const int col = first + 32 * t;
                if (col >= 0 && col < cols)
                    crow[col] = axpby(alpha, smem[r * LD + col], beta, crow + col);
            }
        }
    }
}

// Vectors: a warp stores its rows as the 16-byte vectors of C that hold them, a lane a
// vector, consecutive lanes consecutive vectors (BN / 4 + 1 a row, from the one holding
// the row's first column); vector q holds the tile's columns 4q - s .. 4q - s + 3, s the
// floats between the 16-byte boundary before the row and its first column (each row its
// own: ldc need not be a multiple of 4). The row's first and last vectors are partial.
template <int BN, int ROWS, int WARPS, int LD>
__device__ __forceinline__ void store_vectors(float *corner, int ldc, int rows, int cols,
                                              float alpha, float beta, int tid, const float *smem)
{
    constexpr int VECS = BN / 4 + 1, WARP_VECS = ROWS * VECS, LANE_VECS = (WARP_VECS + 31) / 32;
    const int lane = tid % 32, warp = tid / 32;
#pragma unroll
    for (int u = 0; u < LANE_VECS; ++u) {
        const int v = lane + 32 * u, r = warp + (v / VECS) * WARPS, q = v % VECS;
        if (v < WARP_VECS && r < rows) {
            float *const crow = corner + (size_t)r * ldc;
            const int s = (int)(((uintptr_t)crow / sizeof(float)) % 4);
            float *const base = crow - s; // 16-byte aligned
            const float *srow = smem + r * LD - s;
            float x[4];
#pragma unroll
            for (int e = 0; e < 4; ++e) {
                const int at = 4 * q + e;
                x[e] = at >= s && at < s + cols ? srow[at] : 0.0f;
            }
            if (4 * q >= s) {
                store4<true>(base, true, 4 * q, s + cols, make_float4(x[0], x[1], x[2], x[3]),
                             alpha, beta);
            } else {
#pragma unroll
                for (int e = 0; e < 4; ++e)
                    if (4 * q + e >= s && 4 * q + e < s + cols)
                        base[4 * q + e] = axpby(alpha, x[e], beta, base + 4 * q + e);
            }
        }
    }
}

// cp.async (sm_80+, LDGSTS in SASS): copy `bytes` (4, 8 or 16) from global to shared
// memory without a register round trip; only `src_bytes` are read, the rest zero-filled.
// .ca caches in L1 (needed for 4-byte copies), .cg bypasses L1 (16-byte only). PREFETCH:
// the copy also fetches the 256 bytes around src into L2 (.L2::256B), for a stream that
// reads the rest of them soon after.
template <bool PREFETCH = false>
__device__ __forceinline__ void cp_async4(float *dst, const float *src, bool valid)
{
#if __CUDA_ARCH__ >= 800
    unsigned s = (unsigned)__cvta_generic_to_shared(dst);
    if constexpr (PREFETCH)
        asm volatile("cp.async.ca.shared.global.L2::256B [%0], [%1], 4, %2;\n" ::"r"(s), "l"(src),
                     "r"(valid ? 4 : 0));
    else
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(s), "l"(src),
                     "r"(valid ? 4 : 0));
#endif
}

template <bool PREFETCH = false>
__device__ __forceinline__ void cp_async16(float *dst, const float *src, int src_bytes)
{
#if __CUDA_ARCH__ >= 800
    unsigned s = (unsigned)__cvta_generic_to_shared(dst);
    if constexpr (PREFETCH)
        asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16, %2;\n" ::"r"(s), "l"(src),
                     "r"(src_bytes));
    else
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(s), "l"(src),
                     "r"(src_bytes));
#endif
}

__device__ __forceinline__ void cp_async_commit(void)
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
}

// Waits until at most N committed groups are still in flight.
template <int N>
__device__ __forceinline__ void cp_async_wait(void)
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
#endif
}

// Bytes of [col, col+4) that lie inside a row of ncols floats: 0, 4, 8, 12 or 16.
__device__ __forceinline__ int bytes_in_row(int col, int ncols)
{
    int n = ncols - col;
    return n >= 4 ? 16 : (n > 0 ? 4 * n : 0);
}

#endif
