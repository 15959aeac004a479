// level6_shared.cu: level 6's kernels that every build of it shares (kernels/level6_tuned.cuh):
// the slices' sum into C (splitk_reduce, splitk_reduce_few), and B re-laid with aligned rows
// into the workspace (pad_b_rows).
#include "kernels/level6_tuned.cuh"

namespace l6 {

// dst (k rows of n4 floats, 16-byte aligned) = src (k rows of n floats, ld apart), zeros in
// columns n..n4. The k x n4 / 4 vectors of dst counted across rows, a thread one (then the
// grid's stride on): every thread works whatever N, where a block a row's vectors leaves most
// threads idle at narrow N (evidence P103, P104).
static __global__ void __launch_bounds__(PAD_THREADS)
pad_b_rows(int k, int n, int n4, const float *src, int ld, float *dst)
{
    pdl_launch_dependents(); // the product may launch: it waits for this copy's end
    const int q = n4 / 4; // vectors a row
    const size_t vectors = (size_t)k * q, step = (size_t)gridDim.x * PAD_THREADS;
    for (size_t i = (size_t)blockIdx.x * PAD_THREADS + threadIdx.x; i < vectors; i += step) {
        const int r = (int)(i / q), c = 4 * (int)(i % q);
        const float *s = src + (size_t)r * ld;
        float4 v;
        v.x = c < n ? s[c] : 0.0f;
        v.y = c + 1 < n ? s[c + 1] : 0.0f;
        v.z = c + 2 < n ? s[c + 2] : 0.0f;
        v.w = c + 3 < n ? s[c + 3] : 0.0f;
        *reinterpret_cast<float4 *>(dst + i * 4) = v;
    }
}

} // namespace l6

namespace l6_shared {

using namespace l6;

// The slices' sum into C (l.reduce), launched as the slices' kernel's programmatic dependent
// (pdl_wait): its CTAs start while that kernel's last wave runs.
template <int V, bool VEC_C>
static cudaError_t run_reduce_as(const struct sgemm_args *g, const struct l6_launch &l,
                                 cudaStream_t stream)
{
    const struct l6_reduce &r = l.reduce;
    const float *ws = (const float *)g->workspace;
    const dim3 grid(r.grid[0], r.grid[1]), block(r.block[0], r.block[1]);
    if (r.few)
        return launch_kernel(true, splitk_reduce_few<V, VEC_C>, grid, block, 0, stream, g->m,
                             g->n, l.slices, ws, l.ldw, g->alpha, g->beta, g->c, g->ldc);
    return launch_kernel(true, splitk_reduce<V, VEC_C>, grid, block, 0, stream, g->m, g->n,
                         l.slices, ws, l.ldw, g->alpha, g->beta, g->c, g->ldc, r.lanes);
}

cudaError_t run_reduce(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t stream)
{
    if (l.reduce.v == 1)
        return run_reduce_as<1, false>(g, l, stream);
    return l.reduce.vec_c ? run_reduce_as<4, true>(g, l, stream)
                          : run_reduce_as<4, false>(g, l, stream);
}

// h: g reading B re-laid into the workspace at part.relay_at, rows of part.relay_n rounded up to
// 4 floats (zeros past them). The launch after it starts as its programmatic dependent.
cudaError_t run_relay(const struct sgemm_args *g, const struct l6_part &part, struct sgemm_args *h,
                      cudaStream_t stream)
{
    *h = *g;
    const int n4 = (part.relay_n + 3) / 4 * 4;
    float *pb = (float *)((char *)g->workspace + part.relay_at);
    const size_t blocks = ((size_t)g->k * (n4 / 4) + PAD_THREADS - 1) / PAD_THREADS;
    pad_b_rows<<<(unsigned)(blocks < PAD_MAX_BLOCKS ? blocks : PAD_MAX_BLOCKS), PAD_THREADS, 0,
                 stream>>>(g->k, part.relay_n, n4, g->b, g->ldb, pb);
    h->b = pb;
    h->ldb = n4;
    return cudaGetLastError();
}

} // namespace l6_shared
