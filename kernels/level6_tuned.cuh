// level6_tuned.cuh: the level-6 kernel template, shared by level6_tuned.cu (the chosen
// configuration) and kernels/tuning (the autotuning grid). See level6_tuned.cu.
#ifndef SGEMM_BENCH_KERNELS_LEVEL6_TUNED_CUH
#define SGEMM_BENCH_KERNELS_LEVEL6_TUNED_CUH

#include "kernels/common.cuh"
#include "kernels/level6_config.h"
#include "kernels/level6_plan.h"
#include "kernels/shape_class.h"
#include "kernels/small_m.cuh"
#include "kernels/short_k.cuh"
#include "kernels/small_n.cuh"
#include "kernels/sliced_k.cuh"

// TEST ONLY hooks at the start and the end of the tiled kernel, for a build that slows it
// by a known share (kernels/testing/level6_slowed.cu). Empty in every real build: the PTX
// is the same with or without them.
#ifndef L6_TEST_KERNEL_BEGIN
#define L6_TEST_KERNEL_BEGIN()
#endif
#ifndef L6_TEST_KERNEL_END
#define L6_TEST_KERNEL_END()
#endif
// The tiled kernels' __launch_bounds__ minimum of CTAs an SM: 1 (up to 255 registers). A
// TEST ONLY build raises it to force spills (kernels/testing/level6_spills.cu).
#ifndef L6_MIN_CTAS
#define L6_MIN_CTAS 1
#endif

// The namespace of level 6's kernels: l6. A TEST ONLY build linked beside the real one
// names its own (kernels/testing/level6_spills.cu), so that each kernel's symbol is one
// function in the binary and cuobjdump finds the one that ran.
#ifndef L6_NS
#define L6_NS l6
#endif

namespace L6_NS {

// Fixed micro-architecture: a warp computes a 64x64 tile as a 4 (rows) x 8 (cols) grid
// of lanes; a lane owns 16 rows (4 groups of 4, 16 apart) x 8 columns (2 groups of 4,
// 32 apart). Per k step a lane reads 4 + 2 LDS.128 and issues 128 FFMA.
enum { WARP_M = 64, WARP_N = 64, LANES_M = 4, LANES_N = 8, TM = 16, TN = 8, PAD_A = 4 };

// VEC_B: B's rows are 16-byte aligned. Where they are not, a kernel that asks (SHIFT_OK:
// stream-K's, STREAMK_SHIFTS) with four stages or more shifts B (SHIFT_B, tile_product): a
// stage holds each row's BN / 4 + 1 aligned 16-byte vectors from the one that holds column n0,
// and two realigned tiles of B follow the stages (evidence P069, P079).
template <int BM, int BN, int BK, int STAGES, bool VEC_B = true, bool SHIFT_OK = false>
struct cfg {
    static constexpr int WARPS = (BM / WARP_M) * (BN / WARP_N);
    static constexpr int THREADS = 32 * WARPS;
    static constexpr int TILE_K = BK;
    static constexpr bool SHIFT_B = !VEC_B && SHIFT_OK && STAGES >= 4 && BK % 4 == 0;
    static constexpr int LDS_A = BM + PAD_A; // as[k][m], k-major, padded
    static constexpr int LDS_B = SHIFT_B ? BN + 4 : BN; // bs[k][n]
    static constexpr int A_FLOATS = BK * LDS_A; // a stage: A, then B
    static constexpr int STAGE_FLOATS = A_FLOATS + BK * LDS_B;
    static constexpr int ALIGNED_FLOATS = SHIFT_B ? 2 * BK * BN : 0;
    static constexpr size_t SMEM_BYTES = sizeof(float) * (STAGES * STAGE_FLOATS + ALIGNED_FLOATS);
    static constexpr int A_PER_THREAD = BM * BK / THREADS;       // 4-byte copies
    static constexpr int B_PER_THREAD = BK * BN / (4 * THREADS); // 16-byte copies
    static_assert(BM % WARP_M == 0 && BN % WARP_N == 0, "whole warp tiles");
    static_assert(THREADS == SHAPE_TILE_THREADS(BM, BN), "the shape rules count these threads");
    static_assert(LANES_M * 4 * 4 == WARP_M && LANES_N * 4 * 2 == WARP_N, "lane layout");
    static_assert(THREADS % BK == 0 && (BM * BK) % THREADS == 0, "A copy split");
    static_assert((BK * BN) % (4 * THREADS) == 0, "B copy split");
    static_assert(LDS_A % 4 == 0, "16-byte aligned rows of as");
    static_assert(STAGES >= 2, "a pipeline needs two stages");
    // Shared memory an unaligned C's store may stage through (store_tile): the tile's, for
    // a CTA of 8 warps or more (one an SM: registers to spare); 0 for the others.
    static constexpr size_t STAGE_ROOM = WARPS >= 8 ? SMEM_BYTES : 0;
};

// The k tiles: when BK does not divide k, the first tile is the partial one, k0 =
// k % BK - BK (its columns before 0 are zeros), so that every later tile is whole.

// A: 4-byte cp.async, transposing into as[k][m]. Thread t copies column k = t % BK of
// rows t / BK + i * (THREADS / BK): a warp reads whole 32-byte sectors of A, and the
// k-major writes land on distinct banks (LDS_A = 4 mod 32). Zeros outside the matrix.
template <typename C, int BK>
__device__ __forceinline__ void copy_a(float *as, const float *a, int lda, int m, int k, int m0,
                                       int k0, int tid)
{
    const int kk = tid % BK, r0 = tid / BK;
    const int gk = k0 + kk;
#pragma unroll
    for (int i = 0; i < C::A_PER_THREAD; ++i) {
        const int r = r0 + i * (C::THREADS / BK);
        const bool ok = m0 + r < m && gk >= 0 && gk < k;
        cp_async4(as + kk * C::LDS_A + r, ok ? a + (size_t)(m0 + r) * lda + gk : a, ok);
    }
}

// A shifted B (cfg::SHIFT_B): row gk's column n0 lies `shift` floats past the 16-byte
// boundary before it. Rows BK apart (BK % 4 == 0) have the same shift, so a row of every
// k tile has the shift of the first tile's row.
__device__ __forceinline__ int b_shift(const float *b, int ldb, int n0, int gk)
{
    return (int)(((uintptr_t)b / sizeof(float) + (long long)gk * ldb + n0) & 3);
}

// ... and its q-th vector of row gk starts at column b_vector_col of the row; a vector past
// the row's end, or a row outside B (bytes_in_row 0), is zero-filled, its source an aligned
// address no byte is read from (the row's first vector; b's granule in copy_b). The
// first vector of a row at n0 = 0 starts up to 3 floats before the row: the row before's
// last floats, or, for B's first row when b is not 16-byte aligned, the floats before b in
// b's 16-byte granule, inside b's allocation (allocations start 256-byte aligned). They
// reach no column of C.
__device__ __forceinline__ int b_vector_col(int shift, int n0, int q) { return n0 - shift + 4 * q; }

// B: 16-byte cp.async into bs[k][n] when rows are 16-byte aligned (partial vectors at the
// right edge are zero-filled); shifted (SHIFT_B), the BN / 4 + 1 aligned vectors of each
// row that hold columns n0 .. n0 + BN - 1, the last of them by threads 0 .. BK - 1; else
// 4-byte copies, a thread's four columns BN / 4 apart (whole_tiles::B_SPREAD_COL). Zeros
// outside the matrix.
template <typename C, int BN, bool VEC_B>
__device__ __forceinline__ void copy_b(float *bs, const float *b, int ldb, int n, int k, int n0,
                                       int k0, int tid)
{
#pragma unroll
    for (int i = 0; i < C::B_PER_THREAD + C::SHIFT_B; ++i) {
        const int idx = tid + i * C::THREADS;
        const bool last = i == C::B_PER_THREAD; // shifted: a row's last vector
        if (last && tid >= C::TILE_K)
            break;
        const int r = last ? tid : idx / (BN / 4), c = (last ? BN / 4 : idx % (BN / 4)) * 4;
        const int gk = k0 + r, gc = n0 + c;
        float *dst = bs + r * C::LDS_B + c;
        if (C::SHIFT_B) {
            const int col = b_vector_col(b_shift(b, ldb, n0, gk), n0, c / 4);
            const int bytes = gk >= 0 && gk < k ? bytes_in_row(col, n) : 0;
            const float *row0 = (const float *)((uintptr_t)b & ~(uintptr_t)15); // aligned
            cp_async16(dst, bytes ? b + (size_t)gk * ldb + col : row0, bytes);
        } else if (VEC_B) {
            const int bytes = gk >= 0 && gk < k ? bytes_in_row(gc, n) : 0;
            cp_async16(dst, bytes ? b + (size_t)gk * ldb + gc : b, bytes);
        } else { // lane-consecutive columns, BN / 4 apart (whole_tiles::B_SPREAD_COL)
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                const int col = c / 4 + j * (BN / 4);
                const bool ok = gk >= 0 && gk < k && n0 + col < n;
                cp_async4(bs + r * C::LDS_B + col, ok ? b + (size_t)gk * ldb + n0 + col : b, ok);
            }
        }
    }
}

// Where a 4-byte copy of a whole tile's B (whole_tiles, !VEC_B) past n reads instead: for
// column i from the tile's first, where `in` of the tile's are inside (1 or more) and B's row
// has `row` columns in all (n, so at least `in`), the column it reads, from the tile's first
// (below 0: the tile before's). Spread (SPREAD), the lanes past the edge read the row's last
// min(row, 32) columns backwards, one a lane in each run of 32 (a warp's copy), so that no
// column is read by more than two lanes of a copy: clamped to the last column, up to 32 lanes
// of a copy hit one address, and the CTAs of that tile set the grid's time (evidence P386,
// P388). A's rows past m stay clamped (min): a warp's copies of A put at most 4 lanes on an
// address, and spreading them to more sectors costs more.
constexpr bool L6_SPREAD_B = true;
template <bool SPREAD>
__host__ __device__ __forceinline__ int past_edge(int i, int in, int row)
{
    return i < in ? i : SPREAD ? in - 1 - (i - in) % (row < 32 ? row : 32) : in - 1;
}

// The copies of whole k tiles (every tile after the first): each thread's sources set once, a
// tile's copies an add each from them, no bounds tests. Rows of A past m and columns of B past
// n only reach rows and columns of C that are never stored, so they need no zeros: A's rows
// are clamped into the matrix and copied unconditionally. With B's rows 16-byte aligned
// (VEC_B), B's vectors keep their in-row byte count (zero-filled past n, never reading past a
// row); without, each of its vectors is four 4-byte copies whose columns are kept inside the
// row (past_edge). A tile's copies are issued in BK parts, one beside each k step's FFMAs: a
// burst of them fills the LSU's queue and stalls the next write of their address registers
// (long-scoreboard stalls; evidence P013). Shifted (SHIFT_B), each of a thread's vectors of B
// keeps its row's byte count, and the threads of a row's first vectors also copy its last, in
// a tile's last part.
template <typename C, int BK, int BN, bool VEC_B>
struct whole_tiles {
    static constexpr int A_ROWS = C::THREADS / BK;        // between a thread's rows of A
    static constexpr int B_ROWS = C::THREADS / (BN / 4);  // ... and of B
    static constexpr bool SHIFT = C::SHIFT_B;
    static constexpr int B_COPIES = VEC_B || SHIFT ? C::B_PER_THREAD : 4 * C::B_PER_THREAD;
    static constexpr int COPIES = C::A_PER_THREAD + B_COPIES;
    // B's 4-byte copies (!VEC_B): a thread's four columns BN / 4 apart, so that a warp's copy
    // reads consecutive columns (4-5 sectors of a row, not 16) and writes consecutive banks
    // (not four lanes a bank); else a vector's four (evidence P194).
    static constexpr int B_SPREAD_COL = VEC_B || SHIFT ? 4 : 1;
    static_assert(C::THREADS % (BN / 4) == 0, "a thread copies one column group of B");
    static_assert(!SHIFT || C::THREADS >= BK, "a thread a row's last vector");
    const float *a[C::A_PER_THREAD], *b[C::B_PER_THREAD];
    size_t b_tile; // floats between k tiles of B
    int b_bytes, a_dst, b_dst;
    int b_col[4];  // !VEC_B: the four columns' offsets from b[i], clamped into the row
    // SHIFT: the 4-byte words of b[i] (4 bits at 4i) and of its row's last vector (at
    // 4 (B_PER_THREAD + i)); one register, as registers are short
    unsigned words;
    static_assert(!SHIFT || C::B_PER_THREAD <= 4, "4 bits a vector's words");
    __device__ __forceinline__ int bytes_of(int i) const { return 4 * ((words >> (4 * i)) & 15); }

    // k1: the k of tile 1, the first whole tile.
    __device__ __forceinline__ whole_tiles(const float *pa, int lda, const float *pb, int ldb,
                                           int m, int n, int m0, int n0, int k1, int tid)
    {
        const int kk = tid % BK, r0 = tid / BK;
#pragma unroll
        for (int i = 0; i < C::A_PER_THREAD; ++i)
            a[i] = pa + (size_t)min(m0 + r0 + i * A_ROWS, m - 1) * lda + k1 + kk;
        const int c = n0 + (tid % (BN / 4)) * 4;
        if constexpr (SHIFT) {
            words = 0;
#pragma unroll
            for (int i = 0; i < C::B_PER_THREAD; ++i) {
                const int gk = k1 + tid / (BN / 4) + i * B_ROWS;
                const int shift = b_shift(pb, ldb, n0, gk);
                const int col = b_vector_col(shift, n0, tid % (BN / 4));
                const int bytes = bytes_in_row(col, n); // > 0 for the row's first (n0 < n)
                b[i] = pb + (size_t)gk * ldb + (bytes ? col : n0 - shift);
                words |= (unsigned)(bytes / 4) << (4 * i);
                words |= (unsigned)(bytes_in_row(col + BN, n) / 4) << (4 * (C::B_PER_THREAD + i));
            }
        } else {
            b_bytes = bytes_in_row(c, n);
            const int g = tid % (BN / 4); // !VEC_B: the thread's first column, from n0
            const int c0 = VEC_B ? (b_bytes ? c : 0) : n0 + past_edge<L6_SPREAD_B>(g, n - n0, n);
#pragma unroll
            for (int j = 0; j < 4; ++j)
                b_col[j] = n0 + past_edge<L6_SPREAD_B>(g + j * (BN / 4), n - n0, n) - c0;
#pragma unroll
            for (int i = 0; i < C::B_PER_THREAD; ++i)
                b[i] = pb + (size_t)(k1 + tid / (BN / 4) + i * B_ROWS) * ldb + c0;
        }
        b_tile = (size_t)BK * ldb;
        a_dst = kk * C::LDS_A + r0;
        b_dst = C::A_FLOATS + (tid / (BN / 4)) * C::LDS_B + (tid % (BN / 4)) * B_SPREAD_COL;
    }

    // Part `part` (of BK) of whole tile `tile`'s copies (tile >= 1) into stage st.
    __device__ __forceinline__ void copy(float *st, int tile, int part)
    {
#pragma unroll
        for (int i = part * COPIES / BK; i < (part + 1) * COPIES / BK; ++i) {
            if (i < C::A_PER_THREAD) {
                cp_async4(st + a_dst + i * A_ROWS, a[i] + (tile - 1) * BK, true);
            } else if (VEC_B || SHIFT) {
                const int v = i - C::A_PER_THREAD;
                cp_async16(st + b_dst + v * B_ROWS * C::LDS_B, b[v] + (tile - 1) * b_tile,
                           SHIFT ? bytes_of(v) : b_bytes);
            } else {
                const int v = (i - C::A_PER_THREAD) / 4, j = (i - C::A_PER_THREAD) % 4;
                cp_async4(st + b_dst + v * B_ROWS * C::LDS_B + j * (BN / 4),
                          b[v] + (tile - 1) * b_tile + b_col[j], true);
            }
        }
        if (SHIFT && part == BK - 1 && threadIdx.x % (BN / 4) == 0)
#pragma unroll
            for (int v = 0; v < C::B_PER_THREAD; ++v)
                cp_async16(st + b_dst + v * B_ROWS * C::LDS_B + BN,
                           b[v] + (tile - 1) * b_tile + BN, bytes_of(C::B_PER_THREAD + v));
    }
};

// A shifted B's realignment (cfg::SHIFT_B): a stage's rows of B, each `shift` floats into
// its vectors, copied to an aligned tile of BK x BN floats, rows BN apart, that the k steps
// read as if B were aligned. A thread moves BK * BN / THREADS floats a tile, a warp's lanes
// 32 consecutive columns of one row (no bank conflicts), BN / THREADS of them each k step.
// Its rows' shifts repeat every 4 rows (BK % 4 == 0): it keeps four, a byte each.
template <typename C, int BK, int BN>
struct realign_b {
    static constexpr int T = C::THREADS, FLOATS = BK * BN / T;
    static constexpr int PER_ROW = BN >= T ? BN / T : 1; // a thread's floats in a row
    static constexpr int ROW_STEP = BN >= T ? 1 : T / BN; // rows between its rows
    static_assert(BN % T == 0 || T % BN == 0, "whole rows a thread");
    int from, to;   // the thread's first float in a stage's rows and in the aligned tile
    unsigned shifts; // byte r % 4: the shift of the thread's row r0 + r (by rows)

    // k0: the k of the first tile's row 0 (b points at B's row 0).
    __device__ __forceinline__ realign_b(const float *b, int ldb, int n0, int k0, int tid)
    {
        const int r0 = BN >= T ? 0 : tid / BN, c0 = BN >= T ? tid : tid % BN;
        shifts = 0;
#pragma unroll
        for (int q = 0; q < 4; ++q)
            shifts |= (unsigned)b_shift(b, ldb, n0, k0 + r0 + q * ROW_STEP) << (8 * q);
        from = r0 * C::LDS_B + c0;
        to = r0 * BN + c0;
    }

    // Part `part` (of BK) of a tile's moves, in two halves: the loads from raw (a stage's
    // B) into v, and after the part's FFMAs, the stores to al (no wait on the loads).
    static constexpr int PART = (FLOATS + BK - 1) / BK;
    __device__ __forceinline__ void load(const float *raw, int part, float (&v)[PART]) const
    {
#pragma unroll
        for (int e = part * FLOATS / BK; e < (part + 1) * FLOATS / BK; ++e) {
            const int r = (e / PER_ROW) * ROW_STEP, c = (e % PER_ROW) * T;
            const int shift = (shifts >> (8 * ((e / PER_ROW) % 4))) & 3;
            v[e - part * FLOATS / BK] = raw[from + shift + r * C::LDS_B + c];
        }
    }
    __device__ __forceinline__ void store(float *al, int part, const float (&v)[PART]) const
    {
#pragma unroll
        for (int e = part * FLOATS / BK; e < (part + 1) * FLOATS / BK; ++e) {
            const int r = (e / PER_ROW) * ROW_STEP, c = (e % PER_ROW) * T;
            al[to + r * BN + c] = v[e - part * FLOATS / BK];
        }
    }
};

struct frag {
    float4 a[4], b[2];
};

__device__ __forceinline__ void load_frag(frag &f, const float *as_k, const float *bs_k)
{
#pragma unroll
    for (int i = 0; i < 4; ++i)
        f.a[i] = *reinterpret_cast<const float4 *>(as_k + i * 16);
#pragma unroll
    for (int i = 0; i < 2; ++i)
        f.b[i] = *reinterpret_cast<const float4 *>(bs_k + i * 32);
}

// BACK: the parity of the rows whose columns run backwards.
template <int BACK = 1>
__device__ __forceinline__ void fma_frag(float acc[TM][TN], const frag &f)
{
    const float av[TM] = {f.a[0].x, f.a[0].y, f.a[0].z, f.a[0].w, f.a[1].x, f.a[1].y,
                          f.a[1].z, f.a[1].w, f.a[2].x, f.a[2].y, f.a[2].z, f.a[2].w,
                          f.a[3].x, f.a[3].y, f.a[3].z, f.a[3].w};
    const float bv[TN] = {f.b[0].x, f.b[0].y, f.b[0].z, f.b[0].w,
                          f.b[1].x, f.b[1].y, f.b[1].z, f.b[1].w};
    // rows in turn, every other row's columns backwards (short_k::fma_frag says why)
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int jj = 0; jj < TN; ++jj) {
            const int j = i % 2 == BACK ? TN - 1 - jj : jj;
            acc[i][j] += av[i] * bv[j];
        }
}

// Stream-K's products run the even rows' columns backwards (fma_frag's BACK), the other
// kernels' the odd rows'. Stream-K's kernels sit at 253-255 registers, where ptxas's
// allocation of the same loop is a draw; this order halves the 128-row stream-K kernels' FFMA
// register-bank conflicts, while column by column the 64x128 kernels run slower (evidence
// P259, P264).
constexpr int SK_BACK_ROWS = 0;

// A lane's place in its CTA: its fragment origins inside a stage (and inside the tile).
struct lane_at {
    int tid, a_off, b_off;
    template <int BN>
    __device__ __forceinline__ static lane_at of(int tid)
    {
        const int lane = tid % 32, warp = tid / 32;
        const int wm = warp / (BN / WARP_N), wn = warp % (BN / WARP_N);
        return {tid, wm * WARP_M + (lane / LANES_N) * 4, wn * WARP_N + (lane % LANES_N) * 4};
    }
};

// acc += the product of the tile at (m0, n0) over k in [0, k) of a and b (a and b point
// at the range's first column and row). Leaves every copy complete but not the last
// stage's reads: a caller that reuses smem must __syncthreads() first.
template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool SHIFT_OK = false, int BACK = 1>
__device__ __forceinline__ void tile_product(float acc[TM][TN], const float *a, int lda,
                                             const float *b, int ldb, int m, int n, int k,
                                             int m0, int n0, float *smem, lane_at l)
{
    using C = cfg<BM, BN, BK, STAGES, VEC_B, SHIFT_OK>;
    constexpr bool SHIFT = C::SHIFT_B;
    constexpr int LDB = SHIFT ? BN : C::LDS_B; // the k steps' rows of B
    const int tid = l.tid, a_off = l.a_off, b_off = l.b_off;
    const int tiles = ceil_div(k, BK);
    // The first tile holds k's residue (see copy_a), so every later tile is whole:
    // whole_tiles copies tile t + STAGES - 1 beside tile t's FFMAs. The first tile takes
    // the bounds-tested copies.
    const int k_first = k % BK ? k % BK - BK : 0;
    whole_tiles<C, BK, BN, VEC_B> src(a, lda, b, ldb, m, n, m0, n0, k_first + BK, tid);
#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        float *st = smem + s * C::STAGE_FLOATS;
        if (s < tiles && s > 0) {
#pragma unroll
            for (int part = 0; part < BK; ++part)
                src.copy(st, s, part);
        } else if (s < tiles) {
            copy_a<C, BK>(st, a, lda, m, k, m0, k_first + s * BK, tid);
            copy_b<C, BN, VEC_B>(st + C::A_FLOATS, b, ldb, n, k, n0, k_first + s * BK, tid);
        }
        cp_async_commit();
    }
    // Shifted, tile t's B is realigned one tile ahead, beside tile t - 1's k steps, into
    // the aligned tile t % 2 (after the stages): a tile waits for one more stage's copies.
    float *const aligned = smem + STAGES * C::STAGE_FLOATS;
    const realign_b<C, BK, BN> shifted(b, ldb, n0, k_first, tid);
    if constexpr (SHIFT) {
        cp_async_wait<STAGES - 2>();
        __syncthreads();
#pragma unroll
        for (int part = 0; part < BK; ++part) {
            float v[realign_b<C, BK, BN>::PART];
            shifted.load(smem + C::A_FLOATS, part, v);
            shifted.store(aligned, part, v);
        }
    }
    for (int t = 0; t < tiles; ++t) {
        if constexpr (SHIFT)
            cp_async_wait<STAGES - 3>();
        else
            cp_async_wait<STAGES - 2>();
        __syncthreads();
        const int next = t + STAGES - 1;
        const bool copy_next = next < tiles;
        float *st = smem + (next % STAGES) * C::STAGE_FLOATS;
        const float *as = smem + (t % STAGES) * C::STAGE_FLOATS;
        const float *bs = SHIFT ? aligned + (t % 2) * BK * BN : as + C::A_FLOATS;
        const float *raw = smem + ((t + 1) % STAGES) * C::STAGE_FLOATS + C::A_FLOATS;
        float *const to = aligned + ((t + 1) % 2) * BK * BN;
        frag f[2];
        load_frag(f[0], as + a_off, bs + b_off);
#pragma unroll
        for (int kk = 0; kk < BK; ++kk) {
            if (kk + 1 < BK)
                load_frag(f[(kk + 1) % 2], as + (kk + 1) * C::LDS_A + a_off,
                          bs + (kk + 1) * LDB + b_off);
            if (copy_next)
                src.copy(st, next, kk);
            // shifted: tile t + 1's B realigned (after the last tile, stale rows to a
            // tile no k step reads: no branch)
            float moved[realign_b<C, BK, BN>::PART];
            if (SHIFT)
                shifted.load(raw, kk, moved);
            fma_frag<BACK>(acc, f[kk % 2]);
            if (SHIFT)
                shifted.store(to, kk, moved);
        }
        cp_async_commit();
    }
}

// An unaligned C's rows staged through shared memory: ROWS rows of the tile at a time
// (64, 32 or 16, what SMEM bytes hold), each LD floats apart (4 of padding: the four rows
// a warp's float4 writes touch land on different banks). FITS: SMEM holds 16 rows.
template <int BM, int BN, size_t SMEM>
struct staged_c {
    static constexpr int LD = BN + 4;
    static constexpr int ROWS = SMEM >= 64 * LD * sizeof(float)   ? 64
                                : SMEM >= 32 * LD * sizeof(float) ? 32
                                                                  : 16;
    static constexpr bool FITS = SMEM >= 16 * LD * sizeof(float);
    static constexpr size_t BYTES = sizeof(float) * ROWS * LD;
    static_assert(BM % ROWS == 0, "whole rounds of rows");
};

// A lane's own rows and columns of C = alpha * acc + beta * C, inside the matrix only: with
// C's rows 16-byte aligned (VEC_C) a 16-byte store for each four columns, else 4-byte ones.
template <bool VEC_C>
__device__ __forceinline__ void store_own(const float acc[TM][TN], float *c, int ldc, int m,
                                          int n, int m0, int n0, float alpha, float beta,
                                          lane_at l)
{
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = m0 + l.a_off + (i / 4) * 16 + i % 4;
        float *crow = c + (size_t)row * ldc;
#pragma unroll
        for (int j = 0; j < 2; ++j) {
            const float4 v = make_float4(acc[i][4 * j], acc[i][4 * j + 1], acc[i][4 * j + 2],
                                         acc[i][4 * j + 3]);
            store4<VEC_C>(crow, row < m, n0 + l.b_off + j * 32, n, v, alpha, beta);
        }
    }
}

// Shared memory store_columns takes in a CTA of BM x BN tiles: a 64 x 32 region a warp.
template <int BM, int BN>
struct columns_stage {
    static constexpr int WARP_FLOATS = WARP_M * 32;
    static constexpr size_t BYTES = sizeof(float) * (BM / WARP_M) * (BN / WARP_N) * WARP_FLOATS;
};

// An unaligned C by warp columns, where a CTA's stores are the tail of a launch
// (tuned_kernel's STAGE_COLUMNS): each warp writes its 64 x 64 accumulators, 32 columns at a
// time, to its own region of smem (columns_stage), then stores them a row at a time, lane L
// column L, with no barrier across the CTA. store_tile's lines take fewer L2 requests, but
// their rounds wait on the whole CTA, which a launch's tail cannot hide (evidence P051, P054).
// Every thread of the CTA must call it: the first barrier.
__device__ __forceinline__ void store_columns(const float acc[TM][TN], float *c, int ldc, int m,
                                              int n, int m0, int n0, float alpha, float beta,
                                              lane_at l, float *smem)
{
    const int lane = l.tid % 32, lr = (lane / LANES_N) * 4, lc = (lane % LANES_N) * 4;
    const int wm0 = m0 + l.a_off - lr, wn0 = n0 + l.b_off - lc; // the warp tile's origin
    float *own = smem + (l.tid / 32) * columns_stage<WARP_M, WARP_N>::WARP_FLOATS;
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 2; ++j) {
#pragma unroll
        for (int i = 0; i < TM; ++i)
            *reinterpret_cast<float4 *>(own + (lr + (i / 4) * 16 + i % 4) * 32 + lc) =
                scaled4(alpha, acc[i] + 4 * j);
        __syncwarp();
        const int col = wn0 + j * 32 + lane;
        const int rows = min(WARP_M, m - wm0);
#pragma unroll 4
        for (int r = 0; r < rows; ++r)
            if (col < n) {
                float *at = c + (size_t)(wm0 + r) * ldc + col;
                *at = axpby(1.0f, own[r * 32 + lane], beta, at); // alpha's in own
            }
        __syncwarp(); // the region's reads are done before the next half's writes
    }
}

// C's BM x BN tile at (m0, n0) = alpha * acc + beta * C, inside the matrix only. With C's rows
// 16-byte aligned (VEC_C), a lane's four columns are one 16-byte store (store_own). Without, a
// row of C starts anywhere in a 128-byte line. Where K is short the stores are most of a
// tile's time, and how they fall on lines matters: 4-byte stores of a lane's own columns are
// slowest; a warp storing 128 contiguous bytes a row crosses a line in each and costs two L2
// requests, and the sectors two warps share are read back from DRAM. So when the CTA's shared
// memory (SMEM bytes) has room, the tile goes through it staged_c::ROWS rows at a time, and a
// warp stores one whole 128-byte line of a row at a time, lane L its L-th float, the row's
// first and last lines partial: none read back (store_lines; evidence P051, P055). Rows of 64
// columns are stored as the 16-byte vectors that hold them instead, a lane a vector
// (store_vectors), faster there and slower at 128 and 256 columns (evidence P092). Every
// thread of the CTA must call it: its barriers end the product's reads of shared memory and
// order the rounds. The staging takes registers (at 128x128, two CTAs an SM, it would take the
// kernel to 255), so only kernels with registers to spare stage (cfg::STAGE_ROOM).
template <int BM, int BN, bool VEC_C, size_t SMEM>
__device__ __forceinline__ void store_tile(const float acc[TM][TN], float *c, int ldc, int m,
                                           int n, int m0, int n0, float alpha, float beta,
                                           lane_at l, float *smem)
{
    using S = staged_c<BM, BN, SMEM>;
    if (VEC_C || !S::FITS)
        return store_own<VEC_C>(acc, c, ldc, m, n, m0, n0, alpha, beta, l);
    constexpr int WARPS = SHAPE_TILE_THREADS(BM, BN) / 32;
    static_assert(S::ROWS % WARPS == 0, "whole rows a warp");
    const int rows = min(BM, m - m0);
    float *const corner = c + (size_t)m0 * ldc + n0;
    for (int r0 = 0; r0 < rows; r0 += S::ROWS) {
        __syncthreads(); // the product's (or the last round's) reads of smem are done
        // this round's rows: a lane's rows come in quarters of its warp tile, 16 apart
#pragma unroll
        for (int i = 0; i < TM; ++i) {
            const int r = l.a_off + (i / 4) * 16 + i % 4 - r0;
            if (r >= 0 && r < S::ROWS)
#pragma unroll
                for (int j = 0; j < 2; ++j)
                    *reinterpret_cast<float4 *>(smem + r * S::LD + l.b_off + 32 * j) =
                        scaled4(alpha, acc[i] + 4 * j);
        }
        __syncthreads(); // staged with alpha (scaled4)
        if constexpr (BN <= 64)
            store_vectors<BN, S::ROWS / WARPS, WARPS, S::LD>(corner + (size_t)r0 * ldc, ldc,
                                                             rows - r0, min(BN, n - n0), 1.0f,
                                                             beta, l.tid, smem);
        else
            store_lines<BN, S::ROWS / WARPS, WARPS, S::LD>(corner + (size_t)r0 * ldc, ldc,
                                                           rows - r0, min(BN, n - n0), 1.0f,
                                                           beta, l.tid, smem);
    }
}

// The streaming multiprocessors of the current device (read once per process).
static inline int sm_count()
{
    static int sms = 0;
    if (!sms) {
        int dev = 0;
        if (cudaGetDevice(&dev) != cudaSuccess ||
            cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess)
            sms = 1;
    }
    return sms;
}

// How tuned_kernel stores C: as store_tile does for the CTA (STAGE_ROOM), or, for an
// unaligned C whatever the CTA (the plan's store: short K), through shared memory by warp
// columns (store_columns) or in lines (store_tile with the stages' room).
enum stage_c { STAGE_ROOM_ONLY, STAGE_COLUMNS, STAGE_LINES };

// SHIFT_OK: B's rows unaligned are shifted (cfg::SHIFT_B; split-K's, run_split).
template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool VEC_C, int STAGE_C = STAGE_ROOM_ONLY,
          bool SHIFT_OK = false>
__global__ void __launch_bounds__(cfg<BM, BN, BK, STAGES>::THREADS, L6_MIN_CTAS)
tuned_kernel(int m, int n, int k, float alpha, const float *a, int lda, const float *b, int ldb,
             float beta, float *c, int ldc, int k_split, size_t c_split)
{
    L6_TEST_KERNEL_BEGIN()
    pdl_launch_dependents(); // split-K's reduction may launch and wait (run_reduce)
    pdl_wait();              // after a re-laid B's copy (the plan's early): it has ended
    // Split-K: slice z of the grid takes k in [z * k_split, (z + 1) * k_split) and writes
    // its partial product to c + z * c_split (a workspace; splitk_reduce sums the slices).
    // With one slice, k_split = k and c_split = 0: the plain product.
    {
        const int k0 = blockIdx.z * k_split;
        k = min(k - k0, k_split);
        a += k0;
        b += (size_t)k0 * ldb;
        c += blockIdx.z * c_split;
    }
    extern __shared__ __align__(16) float smem[];
    const lane_at l = lane_at::of<BN>(threadIdx.x);
    const int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
    float acc[TM][TN] = {};
    tile_product<BM, BN, BK, STAGES, VEC_B, SHIFT_OK>(acc, a, lda, b, ldb, m, n, k, m0, n0, smem,
                                                      l);
    using C = cfg<BM, BN, BK, STAGES, VEC_B>;
    static_assert(STAGE_C != STAGE_COLUMNS || C::SMEM_BYTES >= columns_stage<BM, BN>::BYTES,
                  "the stages' smem holds the warps' columns");
    if constexpr (STAGE_C == STAGE_COLUMNS)
        store_columns(acc, c, ldc, m, n, m0, n0, alpha, beta, l, smem);
    else
        store_tile<BM, BN, VEC_C, STAGE_C == STAGE_LINES ? C::SMEM_BYTES : C::STAGE_ROOM>(
            acc, c, ldc, m, n, m0, n0, alpha, beta, l, smem);
    L6_TEST_KERNEL_END()
}

// ---- stream-K: for grids that fill the GPU's CTA slots badly ---------------------------
//
// Stream-K (Osama et al., "Stream-K: Work-centric Parallel Decomposition for Dense
// Matrix-Matrix Multiplication on the GPU", PPoPP 2023), the hybrid form: the first dp_tiles
// tiles run one CTA each (whole waves), and the k iterations of the other sk_tiles tiles are
// shared evenly by sk_ctas CTAs, which cross tile boundaries. Each CTA runs its iterations
// from the last to the first, so that a tile shared by CTAs b0 < ... < b1 ends in b1 last: b0
// .. b1 - 1 each leave their share in the workspace (one slot a CTA: a CTA's only share is its
// last iterations' tile, run first) and raise their flag, and b1, which holds the tile's last
// k iterations, waits for those flags, adds the shares in CTA order (k order) to its own and
// stores the tile: the same bits every run, no atomics in the sums, no second launch. Every
// wait ends, in whatever order the GPU starts CTAs (CUDA promises none): a CTA waits only for
// stream-K CTAs of lower index, and never on a data-parallel one, so waiting CTAs hold at most
// sk_ctas - 1 CTA slots; the plan runs stream-K only where the GPU holds sk_ctas CTAs at once
// (it asks the occupancy API: streamk_resident_as), so a slot is always left for a CTA not yet
// started. (The sk_ctas of shape_streamk_of are at most the slots of shape_ctas_per_sm.) An
// atomic ticket per CTA would not need the room, but its registers spill the 64x128 kernel
// with B in vectors for sm_80, which is at 253 of 255 without.
struct sk_plan {
    int tiles_m;    // tiles down M; tile t is at (t % tiles_m, t / tiles_m)
    int dp_tiles;   // tiles [0, dp_tiles): one CTA each
    int sk_tiles;   // tiles [dp_tiles, dp_tiles + sk_tiles): shared
    int sk_ctas;    // the CTAs that share them
    int iters;      // k iterations (BK each) of a tile
    float one;      // 1.0f: the 64x128 tile's shares' scale (scaled4), a value ptxas cannot fold
    __device__ __forceinline__ long long work() const { return (long long)sk_tiles * iters; }
    // CTA b's iterations of the shared work: [begin(b), begin(b + 1)) (shape_class.h).
    __device__ __forceinline__ long long begin(int b) const
    {
        return shape_sk_begin(work(), sk_ctas, b);
    }
};

// The flags after the shares (a share slot a CTA, then a flag a CTA: l6_plan_of sizes them):
// the kernel's, and what its launch zeroes.
template <int BM, int BN>
__host__ __device__ __forceinline__ unsigned *sk_flags(float *ws, const sk_plan &p)
{
    return reinterpret_cast<unsigned *>(ws + (size_t)p.sk_ctas * BM * BN);
}

// A share's flag: raised (release, GPU scope) by thread 0 after the CTA's barrier, so
// that the whole CTA's share is visible first; awaited (acquire) by thread 0 of the CTA
// that adds it, before its own barrier.
__device__ __forceinline__ void raise_flag(unsigned *flag)
{
    asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(flag), "r"(1u) : "memory");
}

__device__ __forceinline__ void await_flag(const unsigned *flag)
{
    unsigned v;
    for (;;) {
        asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
        if (v)
            return;
        __nanosleep(64);
    }
}

// Stream-K shifts an unaligned B (cfg::SHIFT_B); the other kernels take B's 4-byte copies. The
// shift pays at stream-K grids and loses at one-launch and split-K grids, whose CTAs run fewer
// k tiles from a start that waits for two tiles' copies (evidence P069, P075). Not in tiles
// taller than wide either, whose copies of A hold the most pointers (128x64: 16; shifted,
// ptxas spills for sm_80).
template <int BM, int BN>
constexpr bool STREAMK_SHIFTS = BM <= BN;

// A stream-K tile's C. An unaligned C is staged by warp columns (store_columns: each warp its
// own 64 x 32 region of the stages' smem, no CTA-wide round) in the 128-row kernels, where it
// beats each lane storing its own columns 4 bytes at a time, short K most; in the 64x128
// kernels it loses (evidence P156). In lines (store_tile with the stages' room) it spills.
// Where the stages cannot hold the warps' columns (the gate's 256x128, 3-stage variant,
// kernels/testing), from registers; level6_tuned.cu asserts that level 6's own tiles can.
template <int BM, int BN, bool VEC_C, typename C>
__device__ __forceinline__ void streamk_store(const float acc[TM][TN], float *c, int ldc, int m,
                                              int n, int m0, int n0, float alpha, float beta,
                                              lane_at l, float *smem)
{
    if constexpr (!VEC_C && BM >= BN && C::SMEM_BYTES >= columns_stage<BM, BN>::BYTES) {
        store_columns(acc, c, ldc, m, n, m0, n0, alpha, beta, l, smem);
    } else {
        store_tile<BM, BN, VEC_C, C::STAGE_ROOM>(acc, c, ldc, m, n, m0, n0, alpha, beta, l, smem);
    }
}

template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool VEC_C>
__global__ void __launch_bounds__(cfg<BM, BN, BK, STAGES>::THREADS, L6_MIN_CTAS)
streamk_kernel(int m, int n, int k, float alpha, const float *a, int lda, const float *b,
               int ldb, float beta, float *c, int ldc, sk_plan p, float *ws)
{
    constexpr bool SHIFT_OK = STREAMK_SHIFTS<BM, BN>;
    using C = cfg<BM, BN, BK, STAGES, VEC_B, SHIFT_OK>;
    L6_TEST_KERNEL_BEGIN()
    extern __shared__ __align__(16) float smem[];
    const lane_at l = lane_at::of<BN>(threadIdx.x);
    float acc[TM][TN] = {};
    if ((int)blockIdx.x < p.dp_tiles) {
        const int t = blockIdx.x, m0 = (t % p.tiles_m) * BM, n0 = (t / p.tiles_m) * BN;
        tile_product<BM, BN, BK, STAGES, VEC_B, SHIFT_OK, SK_BACK_ROWS>(acc, a, lda, b, ldb, m, n,
                                                                       k, m0, n0, smem, l);
        streamk_store<BM, BN, VEC_C, C>(acc, c, ldc, m, n, m0, n0, alpha, beta, l, smem);
    } else {
        const int cta = blockIdx.x - p.dp_tiles;
        // Its tiles from the last to the first. Nothing of the loop stays in registers across
        // the product (the 64x128 kernel with B shifted is at 255 for sm_90; held there, the
        // segment's bounds spilled 8-16 bytes): its tile goes through shared memory, and the
        // rest is recomputed from it.
        __shared__ int seg_ts;
        for (int ts = shape_sk_last_tile(p.work(), p.sk_ctas, p.iters, cta);
             shape_sk_in_tile(p.work(), p.sk_ctas, p.iters, cta, ts); --ts) {
            {
                const struct shape_sk_span s =
                    shape_sk_span_of(p.work(), p.sk_ctas, p.iters, cta, ts);
                const int i0 = s.i0, i1 = s.i1, t = p.dp_tiles + ts;
                const int k_first = k % BK ? k % BK - BK : 0; // as in tile_product
                const int k_lo = i0 ? k_first + i0 * BK : 0, k_hi = k_first + i1 * BK;
                if (!shape_sk_walk_first(p.work(), p.sk_ctas, p.iters, cta, ts)) {
                    __syncthreads(); // the last segment's reads of smem are done
#pragma unroll
                    for (int i = 0; i < TM; ++i)
#pragma unroll
                        for (int j = 0; j < TN; ++j)
                            acc[i][j] = 0.0f;
                }
                if (l.tid == 0)
                    seg_ts = ts; // read after the product, whose barriers publish it
                tile_product<BM, BN, BK, STAGES, VEC_B, SHIFT_OK, SK_BACK_ROWS>(
                    acc, a + k_lo, lda, b + (size_t)k_lo * ldb, ldb, m, n, k_hi - k_lo,
                    (t % p.tiles_m) * BM, (t / p.tiles_m) * BN, smem, l);
            }
            ts = seg_ts;
            // a share (raw sums) of a tile a later CTA ends, or the tile's end. The share goes
            // out as scaled4's products (times p.one) in the 64x128 kernels (BM < BN), as the
            // accumulators themselves in the others, whose kernels sit at 253-255 registers:
            // chosen by measurement on each side (evidence P145, P150).
            if (shape_sk_shares(p.work(), p.sk_ctas, p.iters, cta, ts)) {
                float4 *const slot = reinterpret_cast<float4 *>(ws + (size_t)cta * BM * BN);
#pragma unroll
                for (int i = 0; i < TM; ++i)
#pragma unroll
                    for (int j = 0; j < 2; ++j)
                        __stcg(slot + (i * 2 + j) * C::THREADS + l.tid,
                               BM < BN ? scaled4(p.one, acc[i] + 4 * j)
                                       : make_float4(acc[i][4 * j], acc[i][4 * j + 1],
                                                     acc[i][4 * j + 2], acc[i][4 * j + 3]));
                __syncthreads();
                if (l.tid == 0)
                    raise_flag(sk_flags<BM, BN>(ws, p) + cta);
            } else { // after the shares of CTAs from .. cta - 1 (none: the tile is its alone)
                const int from = shape_sk_first_share(p.work(), p.sk_ctas, p.iters, cta, ts);
                for (int o = from; o < cta; ++o) { // the earlier CTAs' shares, in k order
                    if (p.begin(o) == p.begin(o + 1))
                        continue; // no iterations: it wrote nothing
                    if (l.tid == 0)
                        await_flag(sk_flags<BM, BN>(ws, p) + o);
                    __syncthreads();
                    const float4 *const other = reinterpret_cast<const float4 *>(ws + (size_t)o * BM * BN);
#pragma unroll
                    for (int i = 0; i < TM; ++i)
#pragma unroll
                        for (int j = 0; j < 2; ++j) {
                            const float4 v = __ldcg(other + (i * 2 + j) * C::THREADS + l.tid);
                            acc[i][4 * j] += v.x;
                            acc[i][4 * j + 1] += v.y;
                            acc[i][4 * j + 2] += v.z;
                            acc[i][4 * j + 3] += v.w;
                        }
                }
                const int t = p.dp_tiles + ts;
                streamk_store<BM, BN, VEC_C, C>(acc, c, ldc, m, n, (t % p.tiles_m) * BM,
                                                (t / p.tiles_m) * BN, alpha, beta, l, smem);
            }
        }
    }
    L6_TEST_KERNEL_END()
}

// Lets `kernel` use `bytes` of dynamic shared memory, once (`done`) per instance and process,
// outside any timed region.
template <typename F>
static cudaError_t allow_smem(F *kernel, size_t bytes, bool &done)
{
    if (done)
        return cudaSuccess;
    const cudaError_t e =
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
    done = e == cudaSuccess;
    return e;
}

// CTAs of `kernel` an SM holds, by the occupancy API at `threads` threads and `smem` bytes of
// dynamic shared memory, at most `most`: asked once per `cache` (-1 until then), so once per
// instance and process, outside any timed region.
template <typename F>
static cudaError_t resident_ctas(F *kernel, int threads, size_t smem, int most, int &cache)
{
    if (cache >= 0)
        return cudaSuccess;
    int r = 0;
    if (const cudaError_t e =
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&r, kernel, threads, smem))
        return e;
    cache = r < most ? r : most;
    return cudaSuccess;
}

// Launches kernel<<<grid, block, smem, stream>>>(args...), as a programmatic dependent of
// the kernel before it in the stream where `early` (its CTAs may start before that kernel
// ends; the kernel holds them at pdl_wait until it has).
template <typename... P, typename... A>
static cudaError_t launch_kernel(bool early, void (*kernel)(P...), dim3 grid, dim3 block,
                                 size_t smem, cudaStream_t stream, A... args)
{
    cudaLaunchAttribute attr;
    attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr.val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = grid;
    cfg.blockDim = block;
    cfg.dynamicSmemBytes = smem;
    cfg.stream = stream;
    cfg.attrs = &attr;
    cfg.numAttrs = early ? 1 : 0;
    return cudaLaunchKernelEx(&cfg, kernel, (P)args...);
}

enum { PAD_THREADS = 256, PAD_MAX_BLOCKS = 1 << 16 }; // pad_b_rows (level6_shared.cu)

// C's columns [col, col + V) of one row = alpha * sum + beta * C, inside the matrix only
// (col < n): store4's, one 16-byte store where V is 4 and C's rows are 16-byte aligned
// (VEC_C), else V 4-byte ones.
template <int V, bool VEC_C>
__device__ __forceinline__ void store_sums(float *crow, int col, int n, const float (&sum)[V],
                                           float alpha, float beta)
{
    static_assert(V == 1 || V == 4, "a float or a vector a thread");
    if constexpr (V == 4)
        store4<VEC_C>(crow, true, col, n, make_float4(sum[0], sum[1], sum[2], sum[3]), alpha, beta);
    else
        crow[col] = axpby(alpha, sum[0], beta, crow + col);
}

// A thread's V columns of one row of a slice, at `at`: one 16-byte load where V is 4 (the
// slices' rows 16-byte aligned and padded to whole vectors: run_split's), else one float.
template <int V>
struct slice_vals {
    float v[V];
};
template <int V>
__device__ __forceinline__ slice_vals<V> load_slice(const float *at)
{
    slice_vals<V> s;
    if constexpr (V == 4) {
        const float4 q = *reinterpret_cast<const float4 *>(at);
        s.v[0] = q.x, s.v[1] = q.y, s.v[2] = q.z, s.v[3] = q.w;
    } else {
        s.v[0] = *at;
    }
    return s;
}

// sum += a slice's V columns as load_slice loaded them ...
template <int V>
__device__ __forceinline__ void add_vals(float (&sum)[V], const slice_vals<V> &s)
{
#pragma unroll
    for (int e = 0; e < V; ++e)
        sum[e] += s.v[e];
}
// ... or as it loads them at `at`.
template <int V>
__device__ __forceinline__ void add_slice(float (&sum)[V], const float *at)
{
    add_vals<V>(sum, load_slice<V>(at));
}

// C = alpha * (the sum of the slices) + beta * C, deterministic: REDUCE_GROUPS threads per
// element each add every REDUCE_GROUPS-th slice in slice order, and one adds their sums in
// group order. The same order every run, whatever the timing; more threads, shorter chains of
// loads than one thread per element. A thread takes V adjacent columns: 4 where the slices'
// rows are 16-byte aligned (ldw % 4 == 0), in 16-byte loads, a quarter as many loads (evidence
// P103, P105). A group's REDUCE_COLS lanes take a row's vectors rounded up to a power of 2
// (`lanes`), so a narrow row shares them with others, as the few slices' reduction does
// (evidence P197).
enum { REDUCE_COLS = 32, REDUCE_GROUPS = 8 };
template <int V, bool VEC_C>
static __global__ void __launch_bounds__(REDUCE_COLS *REDUCE_GROUPS)
splitk_reduce(int m, int n, int slices, const float *ws, int ldw, float alpha, float beta, float *c,
              int ldc, int lanes)
{
    __shared__ float part[REDUCE_GROUPS][V][REDUCE_COLS];
    pdl_wait(); // the slices' kernel has ended (launched early: run_reduce_as)
    // `lanes` of a group's REDUCE_COLS threads a row (a power of 2), REDUCE_COLS / lanes rows
    const int col = (blockIdx.x * lanes + threadIdx.x % lanes) * V, g = threadIdx.y;
    const int row = blockIdx.y * (REDUCE_COLS / lanes) + threadIdx.x / lanes;
    const size_t at = (size_t)row * ldw + col, stride = (size_t)m * ldw;
    float sum[V] = {};
    if (col < n && row < m) {
#pragma unroll 4
        for (int z = g; z < slices; z += REDUCE_GROUPS)
            add_slice<V>(sum, ws + at + z * stride);
    }
#pragma unroll
    for (int e = 0; e < V; ++e)
        part[g][e][threadIdx.x] = sum[e];
    __syncthreads();
    if (g != 0 || col >= n || row >= m)
        return;
#pragma unroll
    for (int i = 1; i < REDUCE_GROUPS; ++i)
#pragma unroll
        for (int e = 0; e < V; ++e)
            sum[e] += part[i][e][threadIdx.x];
    store_sums<V, VEC_C>(c + (size_t)row * ldc, col, n, sum, alpha, beta);
}

// Few slices: one thread per V elements, the slices in order; a CTA of 256 threads takes as
// many rows as it covers (the plan's reduce_of), so narrow rows leave few of its threads idle. The
// first REDUCE_FEW_AHEAD slices are all loaded before any is added: one load at a time a
// thread leaves this pass latency-bound (evidence P306, P307). The sum is the same, in the
// same order.
enum { REDUCE_FEW_AHEAD = 4 };
template <int V, bool VEC_C>
static __global__ void splitk_reduce_few(int m, int n, int slices, const float *ws, int ldw,
                                         float alpha, float beta, float *c, int ldc)
{
    pdl_wait(); // the slices' kernel has ended (launched early: run_reduce_as)
    const int col = (blockIdx.x * blockDim.x + threadIdx.x) * V;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col >= n || row >= m)
        return;
    const size_t at = (size_t)row * ldw + col, stride = (size_t)m * ldw;
    slice_vals<V> ahead[REDUCE_FEW_AHEAD];
#pragma unroll
    for (int z = 0; z < REDUCE_FEW_AHEAD; ++z)
        if (z < slices)
            ahead[z] = load_slice<V>(ws + at + z * stride);
    float sum[V] = {};
#pragma unroll
    for (int z = 0; z < REDUCE_FEW_AHEAD; ++z)
        if (z < slices)
            add_vals<V>(sum, ahead[z]);
    for (int z = REDUCE_FEW_AHEAD; z < slices; ++z)
        add_slice<V>(sum, ws + at + z * stride);
    store_sums<V, VEC_C>(c + (size_t)row * ldc, col, n, sum, alpha, beta);
}

// ---- the launch: a switch on the plan (kernels/level6_plan.h) ---------------------------
//
// l6_plan_of decides; each runner below launches one kind of the plan's launches, its
// template instance picked by the launch's fields (alignment, store, depth, rows), and
// decides nothing. A launch noted for the runner (note_launch) carries the plan's name for it.

static inline dim3 grid_of(const struct l6_launch &l) { return dim3(l.grid[0], l.grid[1], l.grid[2]); }

template <typename F>
static inline void note_plan(F *kernel, const struct l6_launch &l, int threads, size_t smem)
{
    char name[SGEMM_LAUNCH_NAME];
    l6_launch_name(&l, name, sizeof name);
    note_launch(kernel, name, grid_of(l), threads, smem);
}

} // namespace L6_NS

// The slices' sum into C (l.reduce), and B re-laid with aligned rows into the workspace
// (pad_b_rows, h then reads it): one copy of each for every build (kernels/level6_shared.cu).
namespace l6_shared {
cudaError_t run_reduce(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t stream);
cudaError_t run_relay(const struct sgemm_args *g, const struct l6_part &part, struct sgemm_args *h,
                      cudaStream_t stream);
} // namespace l6_shared

namespace L6_NS {
using l6_shared::run_reduce;
using l6_shared::run_relay;

// What a launch that slices K writes: C itself (one slice, direct) or the workspace.
static inline bool direct(const struct l6_launch &l) { return l.ldw == 0; }

// The tiled kernel, one launch (STAGE_C: how it stores an unaligned C).
template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool VEC_C, int STAGE_C>
static cudaError_t run_one_as(const struct sgemm_args *g, const struct l6_launch &l,
                              cudaStream_t stream)
{
    using C = cfg<BM, BN, BK, STAGES, VEC_B>;
    auto kernel = tuned_kernel<BM, BN, BK, STAGES, VEC_B, VEC_C, STAGE_C>;
    static bool attribute_set = false; // once per process, outside any timed region
    if (const cudaError_t e = allow_smem(kernel, C::SMEM_BYTES, attribute_set))
        return e;
    if (const cudaError_t e = launch_kernel(l.early, kernel, grid_of(l), C::THREADS, C::SMEM_BYTES,
                                            stream, g->m, g->n, g->k, g->alpha, g->a, g->lda,
                                            g->b, g->ldb, g->beta, g->c, g->ldc, g->k, (size_t)0))
        return e;
    note_plan(kernel, l, C::THREADS, C::SMEM_BYTES);
    return cudaGetLastError();
}

// ... C staged by warp columns only where the stages' smem holds them, and in lines or
// columns only in tiles of no room of their own and two warps or more (the plan's rule).
template <int BM, int BN, int BK, int STAGES, bool VEC_B>
static cudaError_t run_one(const struct sgemm_args *g, const struct l6_launch &l,
                           cudaStream_t stream)
{
    using C = cfg<BM, BN, BK, STAGES, VEC_B>;
    if (l.vec_c)
        return run_one_as<BM, BN, BK, STAGES, VEC_B, true, STAGE_ROOM_ONLY>(g, l, stream);
    if constexpr (C::STAGE_ROOM == 0 && C::WARPS >= 2) {
        if constexpr (C::SMEM_BYTES >= columns_stage<BM, BN>::BYTES)
            if (l.store == L6_STORE_COLUMNS)
                return run_one_as<BM, BN, BK, STAGES, VEC_B, false, STAGE_COLUMNS>(g, l, stream);
        if (l.store == L6_STORE_LINES)
            return run_one_as<BM, BN, BK, STAGES, VEC_B, false, STAGE_LINES>(g, l, stream);
    }
    return run_one_as<BM, BN, BK, STAGES, VEC_B, false, STAGE_ROOM_ONLY>(g, l, stream);
}

// The tiled kernel over l.slices K slices into the workspace (rows l.ldw floats apart: 16-byte
// aligned, so every slice stores whole vectors), then their sum.
template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool SHIFT>
static cudaError_t run_split_as(const struct sgemm_args *g, const struct l6_launch &l,
                                cudaStream_t stream)
{
    using C = cfg<BM, BN, BK, STAGES, VEC_B, SHIFT>;
    auto kernel = tuned_kernel<BM, BN, BK, STAGES, VEC_B, true, STAGE_ROOM_ONLY, SHIFT>;
    static bool attribute_set = false;
    if (const cudaError_t e = allow_smem(kernel, C::SMEM_BYTES, attribute_set))
        return e;
    float *ws = (float *)g->workspace;
    if (const cudaError_t e = launch_kernel(l.early, kernel, grid_of(l), C::THREADS, C::SMEM_BYTES,
                                            stream, g->m, g->n, g->k, 1.0f, g->a, g->lda, g->b,
                                            g->ldb, 0.0f, ws, l.ldw, l.k_split, (size_t)g->m * l.ldw))
        return e;
    note_plan(kernel, l, C::THREADS, C::SMEM_BYTES);
    const cudaError_t e = cudaGetLastError();
    return e != cudaSuccess ? e : run_reduce(g, l, stream);
}

// Split-K with B shifted exists only for the 64x128 tile, where a tuning build's rule takes it
// (shape_split_shifts_b; level 6's split never shifts, so it builds no shifted instance).
template <int BM, int BN, int BK, int STAGES, bool VEC_B>
static cudaError_t run_split(const struct sgemm_args *g, const struct l6_launch &l,
                             cudaStream_t stream)
{
    if constexpr (SPLIT_SHIFT_MAX_TILES_N > 0 && BM == 64 && BN == 128 &&
                  cfg<BM, BN, BK, STAGES, VEC_B, true>::SHIFT_B)
        if (l.shift_b)
            return run_split_as<BM, BN, BK, STAGES, VEC_B, true>(g, l, stream);
    return run_split_as<BM, BN, BK, STAGES, VEC_B, false>(g, l, stream);
}

// Stream-K (streamk_kernel), its flags zeroed first.
template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool VEC_C>
static cudaError_t run_streamk_as(const struct sgemm_args *g, const struct l6_launch &l,
                                  cudaStream_t stream)
{
    using C = cfg<BM, BN, BK, STAGES, VEC_B, STREAMK_SHIFTS<BM, BN>>;
    auto kernel = streamk_kernel<BM, BN, BK, STAGES, VEC_B, VEC_C>;
    static bool attribute_set = false; // once per process, outside any timed region
    if (const cudaError_t e = allow_smem(kernel, C::SMEM_BYTES, attribute_set))
        return e;
    const sk_plan p = {l.sk.tiles_m, l.sk.dp_tiles, l.sk.sk_tiles, l.sk.sk_ctas, l.sk.iters, 1.0f};
    float *ws = (float *)g->workspace;
    if (const cudaError_t e =
            cudaMemsetAsync(sk_flags<BM, BN>(ws, p), 0, sizeof(unsigned) * p.sk_ctas, stream))
        return e;
    kernel<<<grid_of(l), C::THREADS, C::SMEM_BYTES, stream>>>(
        g->m, g->n, g->k, g->alpha, g->a, g->lda, g->b, g->ldb, g->beta, g->c, g->ldc, p, ws);
    note_plan(kernel, l, C::THREADS, C::SMEM_BYTES);
    return cudaGetLastError();
}

// CTAs of a stream-K instance an SM holds (the occupancy API, once per instance and process,
// outside any timed region): the plan's question before it counts on them.
template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool VEC_C>
static cudaError_t streamk_resident_as(int &out)
{
    using C = cfg<BM, BN, BK, STAGES, VEC_B, STREAMK_SHIFTS<BM, BN>>;
    auto kernel = streamk_kernel<BM, BN, BK, STAGES, VEC_B, VEC_C>;
    static bool attribute_set = false;
    static int resident = -1;
    if (const cudaError_t e = allow_smem(kernel, C::SMEM_BYTES, attribute_set))
        return e;
    if (const cudaError_t e = resident_ctas(kernel, C::THREADS, C::SMEM_BYTES, 1 << 30, resident))
        return e;
    out = resident;
    return cudaSuccess;
}

// The tiled kernels of one tile, by kind, for B's alignment. Stream-K with B's rows unaligned
// only where its kernel shifts B or the tile is no wider than tall (l6_plan_of plans no other).
template <int BM, int BN, int BK, int STAGES>
static cudaError_t run_tiles_one(const struct sgemm_args *g, const struct l6_launch &l,
                                 cudaStream_t stream)
{
    return l.vec_b ? run_one<BM, BN, BK, STAGES, true>(g, l, stream)
                   : run_one<BM, BN, BK, STAGES, false>(g, l, stream);
}

template <int BM, int BN, int BK, int STAGES>
static cudaError_t run_tiles_split(const struct sgemm_args *g, const struct l6_launch &l,
                                   cudaStream_t stream)
{
    return l.vec_b ? run_split<BM, BN, BK, STAGES, true>(g, l, stream)
                   : run_split<BM, BN, BK, STAGES, false>(g, l, stream);
}

template <int BM, int BN, int BK, int STAGES>
static cudaError_t run_tiles_streamk(const struct sgemm_args *g, const struct l6_launch &l,
                                     cudaStream_t stream)
{
    if (l.vec_b)
        return l.vec_c ? run_streamk_as<BM, BN, BK, STAGES, true, true>(g, l, stream)
                       : run_streamk_as<BM, BN, BK, STAGES, true, false>(g, l, stream);
    if constexpr (BM >= BN || cfg<BM, BN, BK, STAGES, false, STREAMK_SHIFTS<BM, BN>>::SHIFT_B)
        return l.vec_c ? run_streamk_as<BM, BN, BK, STAGES, false, true>(g, l, stream)
                       : run_streamk_as<BM, BN, BK, STAGES, false, false>(g, l, stream);
    return cudaErrorInvalidValue;
}

template <int BM, int BN, int BK, int STAGES>
static cudaError_t streamk_resident(const struct l6_launch &l, int &out)
{
    if (l.vec_b)
        return l.vec_c ? streamk_resident_as<BM, BN, BK, STAGES, true, true>(out)
                       : streamk_resident_as<BM, BN, BK, STAGES, true, false>(out);
    if constexpr (BM >= BN || cfg<BM, BN, BK, STAGES, false, STREAMK_SHIFTS<BM, BN>>::SHIFT_B)
        return l.vec_c ? streamk_resident_as<BM, BN, BK, STAGES, false, true>(out)
                       : streamk_resident_as<BM, BN, BK, STAGES, false, false>(out);
    return cudaErrorInvalidValue;
}

// The four-warp tile (short_k.cuh) at depth D, one launch, for B's and C's alignment, C staged
// or not.
template <typename D, bool VEC_B, bool VEC_C, bool STAGE_C>
static cudaError_t run_fine_as(const struct sgemm_args *g, const struct l6_launch &l,
                               cudaStream_t stream)
{
    static_assert(D::SMEM_BYTES <= 48 * 1024, "no opt-in for more shared memory");
    auto kernel = short_k::short_k_kernel<D, VEC_B, VEC_C, STAGE_C>;
    kernel<<<grid_of(l), short_k::THREADS, D::SMEM_BYTES, stream>>>(
        g->m, g->n, g->k, g->alpha, g->a, g->lda, g->b, g->ldb, g->beta, g->c, g->ldc);
    note_plan(kernel, l, short_k::THREADS, D::SMEM_BYTES);
    return cudaGetLastError();
}

template <typename D>
static cudaError_t run_fine_of(const struct sgemm_args *g, const struct l6_launch &l,
                               cudaStream_t stream)
{
    if (l.vec_c)
        return l.vec_b ? run_fine_as<D, true, true, false>(g, l, stream)
                       : run_fine_as<D, false, true, false>(g, l, stream);
    if (l.store)
        return l.vec_b ? run_fine_as<D, true, false, true>(g, l, stream)
                       : run_fine_as<D, false, false, true>(g, l, stream);
    return l.vec_b ? run_fine_as<D, true, false, false>(g, l, stream)
                   : run_fine_as<D, false, false, false>(g, l, stream);
}

// The four-warp tile at depth D over l.slices K slices into the workspace, then their sum.
template <typename D, bool VEC_B>
static cudaError_t run_fine_split_as(const struct sgemm_args *g, const struct l6_launch &l,
                                     cudaStream_t stream)
{
    static_assert(D::SMEM_BYTES <= 48 * 1024, "no opt-in for more shared memory");
    auto kernel = short_k::short_k_split_kernel<D, VEC_B>;
    float *ws = (float *)g->workspace;
    kernel<<<grid_of(l), short_k::THREADS, D::SMEM_BYTES, stream>>>(
        g->m, g->n, g->k, g->a, g->lda, g->b, g->ldb, ws, l.ldw, l.k_split);
    note_plan(kernel, l, short_k::THREADS, D::SMEM_BYTES);
    const cudaError_t e = cudaGetLastError();
    return e != cudaSuccess ? e : run_reduce(g, l, stream);
}

// The four-warp tile's forms (level6_config.h; l6_depth).
using fine_base = short_k::depth<L6_SHORT_K_BK, L6_SHORT_K_STAGES>;
using fine_deep = short_k::depth<L6_SHORT_K_DEEP_BK, L6_SHORT_K_DEEP_STAGES>;
using fine_wide = short_k::depth<L6_SHORT_K_WIDE_BK, L6_SHORT_K_WIDE_STAGES, 8>;
using fine_wide_even = short_k::depth<L6_SHORT_K_WIDE_EVEN_BK, L6_SHORT_K_WIDE_EVEN_STAGES, 8>;
using fine_tall_even = short_k::depth<L6_SHORT_K_WIDE_EVEN_BK, L6_SHORT_K_WIDE_EVEN_STAGES, 8,
                                      L6_SHORT_K_TALL_WARPS_M>;
using fine_flat = short_k::depth<L6_SHORT_K_BK, L6_SHORT_K_STAGES, 4, L6_SHORT_K_FLAT_WARPS_M>;

// FULL: level 6's build, every form; otherwise (an autotuning grid point) the flat shape alone,
// which its small-M class takes.
template <bool FULL>
static cudaError_t run_fine(const struct sgemm_args *g, const struct l6_launch &l,
                            cudaStream_t stream)
{
    if (l.kernel == L6_K_FINE_SPLIT) {
        if (l.depth != L6_FINE_FLAT)
            return cudaErrorInvalidValue; // no such plan (l6_plan_of)
        return l.vec_b ? run_fine_split_as<fine_flat, true>(g, l, stream)
                       : run_fine_split_as<fine_flat, false>(g, l, stream);
    }
    if constexpr (FULL) {
        switch (l.depth) {
        case L6_FINE_BASE:
            return run_fine_of<fine_base>(g, l, stream);
        case L6_FINE_DEEP:
            return run_fine_of<fine_deep>(g, l, stream);
        case L6_FINE_WIDE:
            return run_fine_of<fine_wide>(g, l, stream);
        case L6_FINE_WIDE_EVEN:
            return run_fine_of<fine_wide_even>(g, l, stream);
        case L6_FINE_TALL_EVEN:
            return run_fine_of<fine_tall_even>(g, l, stream);
        default:
            break;
        }
    }
    if (l.depth != L6_FINE_FLAT)
        return cudaErrorInvalidValue;
    return run_fine_of<fine_flat>(g, l, stream);
}

// The small-M kernel (small_m.cuh), MR accumulator rows, into C or its slices.
template <int MR, bool VB>
static cudaError_t run_small_m_as(const struct sgemm_args *g, const struct l6_launch &l,
                                  cudaStream_t stream)
{
    using namespace small_m;
    auto kernel = small_m_kernel<MR, VB>;
    float *out = direct(l) ? g->c : (float *)g->workspace;
    kernel<<<grid_of(l), THREADS, 0, stream>>>(g->m, g->n, g->k, g->a, g->lda, g->b, g->ldb,
                                              g->alpha, g->beta, out, direct(l) ? g->ldc : l.ldw,
                                              l.k_split, direct(l));
    note_plan(kernel, l, THREADS, 0);
    const cudaError_t e = cudaGetLastError();
    return e != cudaSuccess || direct(l) ? e : run_reduce(g, l, stream);
}

template <int MR>
static cudaError_t run_small_m_rows(const struct sgemm_args *g, const struct l6_launch &l,
                                    cudaStream_t stream)
{
    return l.vec_b ? run_small_m_as<MR, true>(g, l, stream) : run_small_m_as<MR, false>(g, l, stream);
}

// A template (of nothing) so that only a translation unit that calls it compiles its kernels.
template <int = 0>
static cudaError_t run_small_m(const struct sgemm_args *g, const struct l6_launch &l,
                               cudaStream_t stream)
{
    switch (l.rows) {
    case 8:
        return run_small_m_rows<8>(g, l, stream);
    case 16:
        return run_small_m_rows<16>(g, l, stream);
    case 24:
        return run_small_m_rows<24>(g, l, stream);
    default:
        return cudaErrorInvalidValue;
    }
}

// CTAs of a small-M instance an SM holds (3 at 24 rows, 4 at 16, 5 at 8: its launch bounds).
template <int MR, bool VB>
static cudaError_t small_m_resident_as(int &out)
{
    static int resident = -1;
    if (const cudaError_t e =
            resident_ctas(small_m::small_m_kernel<MR, VB>, small_m::THREADS, 0, 1 << 30, resident))
        return e;
    out = resident;
    return cudaSuccess;
}

// A template (of nothing) so that only a translation unit that calls it compiles its kernels.
template <int = 0>
static cudaError_t small_m_resident(const struct l6_launch &l, int &out)
{
    switch (l.rows) {
    case 8:
        return l.vec_b ? small_m_resident_as<8, true>(out) : small_m_resident_as<8, false>(out);
    case 16:
        return l.vec_b ? small_m_resident_as<16, true>(out) : small_m_resident_as<16, false>(out);
    case 24:
        return l.vec_b ? small_m_resident_as<24, true>(out) : small_m_resident_as<24, false>(out);
    default:
        return cudaErrorInvalidValue;
    }
}

// The small-N kernel (small_n.cuh), BN columns, into C or its slices.
template <int BN, bool VEC_A>
static cudaError_t run_small_n_as(const struct sgemm_args *g, const struct l6_launch &l,
                                  cudaStream_t stream)
{
    using T = small_n::tile<BN>;
    auto kernel = small_n::small_n_kernel<BN, VEC_A>;
    static bool attribute_set = false;
    if (const cudaError_t e = allow_smem(kernel, T::SMEM_BYTES, attribute_set))
        return e;
    float *out = direct(l) ? g->c : (float *)g->workspace;
    kernel<<<grid_of(l), small_n::THREADS, T::SMEM_BYTES, stream>>>(
        g->m, g->n, g->k, g->a, g->lda, g->b, g->ldb, g->alpha, g->beta, out,
        direct(l) ? g->ldc : l.ldw, l.k_split, direct(l));
    note_plan(kernel, l, small_n::THREADS, T::SMEM_BYTES);
    const cudaError_t e = cudaGetLastError();
    return e != cudaSuccess || direct(l) ? e : run_reduce(g, l, stream);
}

template <int BN>
static cudaError_t run_small_n_cols(const struct sgemm_args *g, const struct l6_launch &l,
                                    cudaStream_t stream)
{
    return l.vec_a ? run_small_n_as<BN, true>(g, l, stream) : run_small_n_as<BN, false>(g, l, stream);
}

// A template (of nothing) so that only a translation unit that calls it compiles its kernels.
template <int = 0>
static cudaError_t run_small_n(const struct sgemm_args *g, const struct l6_launch &l,
                               cudaStream_t stream)
{
    switch (l.rows) {
    case 8:
        return run_small_n_cols<8>(g, l, stream);
    case 16:
        return run_small_n_cols<16>(g, l, stream);
    case 24:
        return run_small_n_cols<24>(g, l, stream);
    case 32:
        return run_small_n_cols<32>(g, l, stream);
    case 40:
        return run_small_n_cols<40>(g, l, stream);
    default:
        return cudaErrorInvalidValue;
    }
}

// The sliced-K kernel (sliced_k.cuh): K sliced over the CTA's warps, one launch into C, or
// also over the grid into the workspace, then their sum.
template <bool VEC_A, bool VEC_B, bool VEC_C>
static cudaError_t run_sliced_k_as(const struct sgemm_args *g, const struct l6_launch &l,
                                   cudaStream_t stream)
{
    using T = sliced_k::cta<SLICED_K_WARPS>;
    auto kernel = sliced_k::sliced_k_kernel<SLICED_K_WARPS, VEC_A, VEC_B, VEC_C>;
    static bool attribute_set = false;
    if (const cudaError_t e = allow_smem(kernel, T::SMEM_BYTES, attribute_set))
        return e;
    float *out = direct(l) ? g->c : (float *)g->workspace;
    kernel<<<grid_of(l), T::THREADS, T::SMEM_BYTES, stream>>>(
        g->m, g->n, g->k, g->a, g->lda, g->b, g->ldb, g->alpha, g->beta, out,
        direct(l) ? g->ldc : l.ldw, l.k_split, direct(l));
    note_plan(kernel, l, T::THREADS, T::SMEM_BYTES);
    const cudaError_t e = cudaGetLastError();
    return e != cudaSuccess || direct(l) ? e : run_reduce(g, l, stream);
}

template <bool VEC_A, bool VEC_B>
static cudaError_t run_sliced_k_b(const struct sgemm_args *g, const struct l6_launch &l,
                                  cudaStream_t stream)
{
    return l.vec_c ? run_sliced_k_as<VEC_A, VEC_B, true>(g, l, stream)
                   : run_sliced_k_as<VEC_A, VEC_B, false>(g, l, stream);
}

template <bool VEC_A>
static cudaError_t run_sliced_k_a(const struct sgemm_args *g, const struct l6_launch &l,
                                  cudaStream_t stream)
{
    return l.vec_b ? run_sliced_k_b<VEC_A, true>(g, l, stream)
                   : run_sliced_k_b<VEC_A, false>(g, l, stream);
}

// The product as the plan sees it: shape, each operand's rows (ld, the pointer's offset past a
// 16-byte boundary), a workspace or none.
static inline struct l6_problem problem_of(const struct sgemm_args *g)
{
    struct l6_problem p;
    p.m = g->m, p.n = g->n, p.k = g->k;
    p.a = {g->lda, (int)((uintptr_t)g->a % 16)};
    p.b = {g->ldb, (int)((uintptr_t)g->b % 16)};
    p.c = {g->ldc, (int)((uintptr_t)g->c % 16)};
    p.workspace = g->workspace != nullptr;
    return p;
}

// A build's runners, one a kind of launch, each a switch on the launch's fields: its tiles
// the main tile (BM x BN x BK, STAGES), the small-tile class's 64x64 (SBK, SSTAGES), the deep
// class's wide tile; FULL: level 6's rules (half tiles, every four-warp form, sliced K), else
// an autotuning grid point's classes alone. Level 6's own build defines each kind in a
// translation unit of its own (kernels/level6_runners.h).
template <int BM, int BN, int BK, int STAGES, int SBK, int SSTAGES, int WBM, int WBN, int WBK,
          int WSTAGES, bool FULL>
struct runners {
    static struct l6_config config(const struct l6_config &rules)
    {
        struct l6_config c = rules;
        c.main = {BM, BN, BK, STAGES};
        c.small = {SMALL_TILE, SMALL_TILE, SBK, SSTAGES};
        c.wide = {WBM, WBN, WBK, WSTAGES};
        c.full_rules = FULL;
        return c;
    }
    // A tile's configuration as a type, for on_tile's callers.
    template <int TBM, int TBN, int TBK, int TSTAGES>
    struct tile_t {
        static constexpr int M = TBM, N = TBN, K = TBK, S = TSTAGES;
    };
    // f(tile_t of the launch's tile): every tile of the build (ALL), or the main tile and its
    // halves alone (stream-K's); the halves only in level 6's build (FULL).
    template <bool ALL, typename F>
    static cudaError_t on_tile(enum l6_tile_id id, F f)
    {
        switch (id) {
        case L6_TILE_MAIN:
            return f(tile_t<BM, BN, BK, STAGES>{});
        case L6_TILE_SMALL:
            if constexpr (ALL)
                return f(tile_t<SMALL_TILE, SMALL_TILE, SBK, SSTAGES>{});
            break;
        case L6_TILE_WIDE:
            if constexpr (ALL)
                return f(tile_t<WBM, WBN, WBK, WSTAGES>{});
            break;
        case L6_TILE_HALF_N:
            if constexpr (FULL)
                return f(tile_t<BM, BN / 2, BK, STAGES>{});
            break;
        case L6_TILE_HALF_M:
            if constexpr (FULL)
                return f(tile_t<BM / 2, BN, BK, STAGES>{});
            break;
        }
        return cudaErrorInvalidValue; // no such plan (l6_plan_of)
    }
    static cudaError_t one(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s)
    {
        return on_tile<true>(l.tile, [&](auto t) {
            using T = decltype(t);
            return run_tiles_one<T::M, T::N, T::K, T::S>(g, l, s);
        });
    }
    static cudaError_t split(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s)
    {
        return on_tile<true>(l.tile, [&](auto t) {
            using T = decltype(t);
            return run_tiles_split<T::M, T::N, T::K, T::S>(g, l, s);
        });
    }
    static cudaError_t streamk(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s)
    {
        return on_tile<false>(l.tile, [&](auto t) {
            using T = decltype(t);
            return run_tiles_streamk<T::M, T::N, T::K, T::S>(g, l, s);
        });
    }
    static cudaError_t streamk_room(const struct l6_launch &l, int &out)
    {
        return on_tile<false>(l.tile, [&](auto t) {
            using T = decltype(t);
            return streamk_resident<T::M, T::N, T::K, T::S>(l, out);
        });
    }
    static cudaError_t fine(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s)
    {
        return run_fine<FULL>(g, l, s);
    }
    static cudaError_t small_m(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s)
    {
        return run_small_m<>(g, l, s);
    }
    static cudaError_t small_m_room(const struct l6_launch &l, int &out)
    {
        return small_m_resident<>(l, out);
    }
    static cudaError_t small_n(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s)
    {
        return run_small_n<>(g, l, s);
    }
    static cudaError_t sliced_k(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t s)
    {
        if constexpr (FULL)
            return l.vec_a ? run_sliced_k_a<true>(g, l, s) : run_sliced_k_a<false>(g, l, s);
        return cudaErrorInvalidValue;
    }
};

// A plan run by the runners R: l6_plan_of decides, then a switch on each launch's kind.
template <typename R>
struct build {
    static cudaError_t run(const struct sgemm_args *g, const struct l6_launch &l, cudaStream_t stream)
    {
        switch (l.kernel) {
        case L6_K_TILES:
            return R::one(g, l, stream);
        case L6_K_SPLIT:
            return R::split(g, l, stream);
        case L6_K_STREAM_K:
            return R::streamk(g, l, stream);
        case L6_K_FINE:
        case L6_K_FINE_SPLIT:
            return R::fine(g, l, stream);
        case L6_K_SMALL_M:
            return R::small_m(g, l, stream);
        case L6_K_SMALL_N:
            return R::small_n(g, l, stream);
        case L6_K_SLICED_K:
            return R::sliced_k(g, l, stream);
        case L6_K_NONE:
            break;
        }
        return cudaErrorInvalidValue;
    }

    // The plan's question: CTAs of l's kernel an SM holds (the occupancy API). A failed query is
    // kept, and the launch returns it.
    struct asked {
        cudaError_t error;
    };
    static int resident(void *ctx, const struct l6_launch *l)
    {
        int out = 0;
        const cudaError_t e = l->kernel == L6_K_SMALL_M    ? R::small_m_room(*l, out)
                              : l->kernel == L6_K_STREAM_K ? R::streamk_room(*l, out)
                                                           : cudaErrorInvalidValue;
        asked *a = (asked *)ctx;
        if (e != cudaSuccess && a->error == cudaSuccess)
            a->error = e;
        return out;
    }

    // A part of the plan: B re-laid first where it says so, then its kernel.
    static cudaError_t run_part(const struct sgemm_args *g, const struct l6_part &part,
                                cudaStream_t stream)
    {
        if (!part.relay_b)
            return run(g, part.run, stream);
        struct sgemm_args h;
        if (const cudaError_t e = run_relay(g, part, &h, stream))
            return e;
        return run(&h, part.run, stream);
    }

    // g's plan, run: its whole tiles, then its strip where it has one (the launch noted is the
    // tiles' kernel, named with the strip's after a '+').
    static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream,
                              const struct l6_config &rules)
    {
        const struct l6_config c = R::config(rules);
        const struct l6_problem p = problem_of(g);
        asked a = {cudaSuccess};
        const struct l6_gpu gpu = {sm_count(), resident, &a};
        const struct l6_plan plan = l6_plan_of(&c, &p, &gpu);
        if (a.error != cudaSuccess)
            return a.error;
        if (plan.strip.run.kernel == L6_K_NONE)
            return run_part(g, plan.whole, stream);
        struct sgemm_args h = *g;
        h.m = plan.whole.m;
        h.n = plan.whole.n;
        if (const cudaError_t e = run_part(&h, plan.whole, stream))
            return e;
        const struct sgemm_launch_note tiles = *sgemm_last_launch();
        struct sgemm_args s = *g;
        if (plan.strip_rows) {
            const int m0 = g->m - plan.strip_rows;
            s.m = plan.strip_rows;
            s.a = g->a + (size_t)m0 * g->lda;
            s.c = g->c + (size_t)m0 * g->ldc;
        } else {
            const int n0 = g->n - plan.strip_cols;
            s.n = plan.strip_cols;
            s.b = g->b + n0;
            s.c = g->c + n0;
        }
        if (const cudaError_t e = run(&s, plan.strip.run, stream))
            return e;
        char name[SGEMM_LAUNCH_NAME];
        snprintf(name, sizeof name, "%.40s+%.22s", tiles.name, sgemm_last_launch()->name);
        sgemm_note_launch(tiles.func, name, tiles.grid, tiles.block, tiles.dynamic_smem_bytes);
        return cudaSuccess;
    }
};

// Level 6's launch at a build's tiles (the autotuning grid's points: their main tile alone).
template <int BM, int BN, int BK, int STAGES, int SBK = BK, int SSTAGES = STAGES, int WBM = BM,
          int WBN = BN, int WBK = BK, int WSTAGES = STAGES, bool FULL = false>
static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream,
                          const struct l6_config &rules = L6_LEVEL6)
{
    return build<runners<BM, BN, BK, STAGES, SBK, SSTAGES, WBM, WBN, WBK, WSTAGES, FULL>>::launch(
        g, stream, rules);
}

} // namespace L6_NS

#endif
