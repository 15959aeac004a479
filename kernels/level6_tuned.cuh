// level6_tuned.cuh: the level-6 kernel template, shared by level6_tuned.cu (the chosen
// configuration) and kernels/tuning (the autotuning grid). See level6_tuned.cu.
#ifndef SGEMM_BENCH_KERNELS_LEVEL6_TUNED_CUH
#define SGEMM_BENCH_KERNELS_LEVEL6_TUNED_CUH

#include "kernels/common.cuh"
#include "kernels/level6_config.h"
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
// address, and spreading them to more sectors costs more. A tuning build may clamp B
// (L6_SPREAD_B 0).
#ifndef L6_SPREAD_B
#define L6_SPREAD_B 1
#endif
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
// unaligned C whatever the CTA (launch_one: short K), through shared memory by warp
// columns (store_columns) or in lines (store_tile with the stages' room).
enum stage_c { STAGE_ROOM_ONLY, STAGE_COLUMNS, STAGE_LINES };

// SHIFT_OK: B's rows unaligned are shifted (cfg::SHIFT_B; split-K's, launch_split).
template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool VEC_C, int STAGE_C = STAGE_ROOM_ONLY,
          bool SHIFT_OK = false>
__global__ void __launch_bounds__(cfg<BM, BN, BK, STAGES>::THREADS, L6_MIN_CTAS)
tuned_kernel(int m, int n, int k, float alpha, const float *a, int lda, const float *b, int ldb,
             float beta, float *c, int ldc, int k_split, size_t c_split)
{
    L6_TEST_KERNEL_BEGIN()
    pdl_launch_dependents(); // split-K's reduction may launch and wait (reduce_slices)
    pdl_wait();              // after a re-laid B's copy (after_relay): it has ended
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
// sk_ctas - 1 CTA slots; the launch runs stream-K only where the GPU holds sk_ctas CTAs at
// once (launch_streamk_as asks the occupancy API), so a slot is always left for a CTA not yet
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

// The stream-K workspace for sk_ctas CTAs of bm x bn tiles, in floats: a share slot a CTA,
// then a flag a CTA (zeroed before each launch).
static inline size_t streamk_floats(long long sk_ctas, int bm, int bn)
{
    return (size_t)sk_ctas * bm * bn + (size_t)sk_ctas;
}

// The flags after the shares (streamk_floats): the kernel's, and what its launch zeroes.
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

// B re-laid by pad_b_rows (relay_b), the launch just before: the tiled product's launch that
// follows takes it (after_relay), and starts as that copy's programmatic dependent, its CTAs
// placed and waiting when the copy ends, which pays most at short products (evidence P195,
// P196). Not stream-K's, whose flags' memset comes between: a chain through a kernel that
// zeroed them costs more. Per host thread: a launch's calls run on the thread that enqueues
// it.
static thread_local bool relay_pending = false;
static inline bool after_relay()
{
    const bool was = relay_pending;
    relay_pending = false;
    return was;
}

// "what<BM,BN,BK,STAGES,VEC_B,VEC_C>", and ",1" (columns) or ",2" (lines) before the ">"
// for a staged C: an instance's name for note_launch.
template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool VEC_C, int STAGE_C = STAGE_ROOM_ONLY>
struct instance_name {
    char s[SGEMM_LAUNCH_NAME];
    explicit instance_name(const char *what)
    {
        snprintf(s, sizeof s, "%s<%d,%d,%d,%d,%d,%d%s>", what, BM, BN, BK, STAGES, VEC_B, VEC_C,
                 STAGE_C == STAGE_COLUMNS ? ",1" : STAGE_C == STAGE_LINES ? ",2" : "");
    }
};

// An unaligned C's element stores weigh most where K is short: each thread's 128 stores touch
// 16 sectors an instruction, against a main loop of K / BK steps. Up to this K, the kernels
// that do not stage C (cfg::STAGE_ROOM) stage it all the same, and pay the staging's registers
// in a short main loop (evidence P038, P040).
#ifndef L6_STAGE_C_MAX_K
#define L6_STAGE_C_MAX_K 256
#endif
// ... and with B's rows aligned (or re-laid), whose 16-byte copies leave the main loop the
// registers: up to K = 1024; with B's 4-byte copies the staging's registers cost more than it
// saves (evidence P051, P055).
#ifndef L6_STAGE_C_MAX_K_VEC_B
#define L6_STAGE_C_MAX_K_VEC_B 1024
#endif

template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool VEC_C, int STAGE_C>
static cudaError_t launch_one_as(const struct sgemm_args *g, cudaStream_t stream)
{
    using C = cfg<BM, BN, BK, STAGES, VEC_B>;
    auto kernel = tuned_kernel<BM, BN, BK, STAGES, VEC_B, VEC_C, STAGE_C>;
    static bool attribute_set = false; // once per process, outside any timed region
    if (const cudaError_t e = allow_smem(kernel, C::SMEM_BYTES, attribute_set))
        return e;
    const dim3 grid(ceil_div(g->m, BM), ceil_div(g->n, BN));
    if (const cudaError_t e = launch_kernel(after_relay(), kernel, grid, C::THREADS, C::SMEM_BYTES,
                                            stream, g->m, g->n, g->k, g->alpha, g->a, g->lda,
                                            g->b, g->ldb, g->beta, g->c, g->ldc, g->k, (size_t)0))
        return e;
    note_launch(kernel, instance_name<BM, BN, BK, STAGES, VEC_B, VEC_C, STAGE_C>("tuned_kernel").s,
                grid, C::THREADS, C::SMEM_BYTES);
    return cudaGetLastError();
}

template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool VEC_C>
static cudaError_t launch_one(const struct sgemm_args *g, cudaStream_t stream)
{
    using C = cfg<BM, BN, BK, STAGES, VEC_B>;
    // Not the one-warp tile: staging spills it (sm_80, B's rows unaligned). Lines where the
    // grid takes more than a wave of CTA slots; in one wave or less, where a CTA's stores are
    // the tail of the launch, a warp's columns, since the lines' CTA-wide rounds cost several
    // microseconds there (evidence P051, P054).
    if constexpr (!VEC_C && C::STAGE_ROOM == 0 && C::WARPS >= 2)
        if (g->k <= (VEC_B ? L6_STAGE_C_MAX_K_VEC_B : L6_STAGE_C_MAX_K)) {
            // columns only where the stages' smem holds them (level 6's tiles; not every
            // point of the autotuning grid: 128x128 at 3 stages of BK 8 has 25 KB of 32)
            if constexpr (C::SMEM_BYTES >= columns_stage<BM, BN>::BYTES) {
                const long long slots = (long long)shape_ctas_per_sm(C::THREADS) * sm_count();
                if (shape_waves(shape_tiles(g->m, g->n, BM, BN), slots) <= 1)
                    return launch_one_as<BM, BN, BK, STAGES, VEC_B, false, STAGE_COLUMNS>(g, stream);
            }
            return launch_one_as<BM, BN, BK, STAGES, VEC_B, false, STAGE_LINES>(g, stream);
        }
    return launch_one_as<BM, BN, BK, STAGES, VEC_B, VEC_C, STAGE_ROOM_ONLY>(g, stream);
}

// ---- split-K: for grids that leave SMs idle --------------------------------------------

// MAX_SMS bounds the workspace where the SM count is not known (the sweep's parent sizes it
// without touching CUDA: a forked child could not initialise CUDA after).
enum { MAX_SMS = 256 };

// The SMs launch plans a product for: the GPU's, at most MAX_SMS, so that it never takes more
// slices than splitk_workspace made room for.
static inline int launch_sms() { return sm_count() < MAX_SMS ? sm_count() : MAX_SMS; }

static inline int round4(int n) { return (n + 3) / 4 * 4; }

// The small-M kernel's accumulator rows (MR) for m rows, and its row blocks: one block of 8,
// 16 or 24 rows (SMALL_M_MAX); over that, up to SMALL_M_BLOCKS_MAX, blocks of 16 rows side by
// side in the grid, which read each column block's B once from memory and again from L2
// (evidence P173, P174).
static_assert(SMALL_M_MAX == 24, "small_m_rows' largest single block is the class's bound");
struct small_m_rows {
    int mr, blocks;
};
static inline struct small_m_rows small_m_rows_of(int m)
{
    if (m > SMALL_M_MAX)
        return {16, ceil_div(m, 16)};
    return {m <= 8 ? 8 : m <= 16 ? 16 : 24, 1};
}

// The class of g's shape for this build's main tile BM x BN and wide tile WBM x WBN
// (kernels/shape_class.h).
template <int BM, int BN, int WBM, int WBN>
static inline enum shape_class class_of(int m, int n, int k, int sms)
{
    return shape_class_of(m, n, k, sms, shape_tile_of(BM, BN), shape_tile_of(WBM, WBN));
}

// Workspace for the slices' partial products on any GPU of up to MAX_SMS SMs: slices x
// m x n floats, for the small-M path or split-K (0: never split), or stream-K's shares.
// Touches no CUDA API.
template <int BM, int BN>
static inline size_t splitk_workspace(int m, int n, int k)
{
    /* the sliced-K path's split (shape_sliced_k), any class: the most of any GPU, at
     * MAX_SMS (more SMs only admit a grid sooner and give it more slices) */
    const int sliced = shape_sliced_k(m, n, k, MAX_SMS);
    size_t floats = sliced > 1 ? (size_t)sliced * m * round4(n) : 0;
    if (class_of<BM, BN, BM, BN>(m, n, k, MAX_SMS) == SHAPE_SMALL_M) { /* any wide tile */
        /* the most of any GPU: at most MAX_CTAS_PER_SM (launch_small_m holds it there) */
        const struct small_m_rows r = small_m_rows_of(m);
        const int s = small_m::slices(r.mr, r.blocks, n, k, MAX_SMS, small_m::MAX_CTAS_PER_SM);
        const size_t rows = s > 1 ? (size_t)s * m * n : 0;
        floats = floats > rows ? floats : rows;
        /* or the flat shape's split (launch_small_m_rows), rows 16-byte aligned: its slices
         * grow with the SM count */
        const int sf = shape_small_m_flat(m, n, k, MAX_SMS);
        const size_t flat = sf > 1 ? (size_t)sf * m * round4(n) : 0;
        floats = floats > flat ? floats : flat;
        /* or that split for a grid of few CTAs (launch_class): the most at MAX_SMS */
        const int sw = shape_small_m_few_slices(m, n, k, MAX_SMS);
        const size_t few = sw > 1 ? (size_t)sw * m * round4(n) : 0;
        floats = floats > few ? floats : few;
    } else if (shape_is_small_n(m, n)) {
        /* the slice count is not monotonic in the SM count: the most of any */
        int s = 1;
        for (int sms = 1; sms <= MAX_SMS; ++sms) {
            const int at = shape_small_n_slices(m, k, sms);
            s = s > at ? s : at;
        }
        const size_t cols = s > 1 ? (size_t)s * m * n : 0;
        floats = floats > cols ? floats : cols;
    } else {
        /* any tile the dispatch may take: which one depends on the SM count (the halves
         * exist only for a main tile of two warp tiles a side, shape_tile_for) */
        const struct shape_tile tiles[] = {shape_tile_of(BM, BN), shape_tile_of(SMALL_TILE, SMALL_TILE),
                                           shape_tile_of(BM, BN / 2), shape_tile_of(BM / 2, BN)};
        const int count = BM >= 128 && BN >= 128 ? 4 : 2;
        for (int i = 0; i < count; ++i) {
            const struct shape_tile t = tiles[i];
            const int s = shape_launch_slices_most(m, n, k, MAX_SMS, t);
            const size_t split = s > 1 ? (size_t)s * m * round4(n) : 0; /* rows 16-byte aligned */
            /* stream-K (not the small tile's): a share and a flag a CTA, for its CTAs on
             * any GPU of up to MAX_SMS SMs: at most the slots, and at most one a
             * SK_MIN_SHARE_K of the tiles' k (shape_streamk_of; not monotonic in the SM
             * count, so not its count at MAX_SMS) */
            const long long sk_slots = (long long)shape_ctas_per_sm(t.threads) * MAX_SMS;
            const long long sk_work = shape_tiles(m, n, t.bm, t.bn) * k / SK_MIN_SHARE_K;
            const size_t sk = i != 1 && m > NARROW_M_MAX
                                  ? streamk_floats(sk_slots < sk_work ? sk_slots : sk_work, t.bm, t.bn)
                                  : 0;
            floats = floats > split ? floats : split;
            floats = floats > sk ? floats : sk;
        }
    }
    return sizeof(float) * floats;
}

// B with rows that are not 16-byte aligned (N % 4 != 0) takes 4-byte copies, which cost the
// tiled kernels 12-20% of their rate against the same shape at N rounded up to 4 (evidence
// P183). When that is worth more than copying B, B is first copied into the workspace with
// rows of N rounded up to 4 floats (zeros past N), and the product reads that. The copy moves
// 8 bytes an element of B; the product does 2M flops an element of B; at FP32's 15 flops per
// byte of DRAM bandwidth (H100: 51.5 TFLOP/s, 3.35 TB/s) the copy costs 60 / M of the
// product's time. Under a 15% gain: M >= 400. A TEST ONLY build may set its own bound.
#ifndef L6_PAD_B_MIN_M
#define L6_PAD_B_MIN_M 400
#endif

// The re-laid B's bytes for a k x n B of rows n floats apart (0: B is used as it is). The copy
// is also a launch of its own, a few microseconds before the product can start, which costs a
// short product more than it saves. So only from PAD_B_MIN_FLOP of work (about 25 us at
// cuBLAS's rate) (evidence P183).
#define L6_PAD_B_MIN_FLOP 1e9
static inline size_t pad_b_bytes(int m, int n, int k)
{
    const bool pays = m >= L6_PAD_B_MIN_M && m > NARROW_M_MAX && !shape_is_small_n(m, n) &&
                      2.0 * m * n * k >= L6_PAD_B_MIN_FLOP;
    return n % 4 != 0 && pays ? sizeof(float) * k * round4(n) : 0;
}

// dst (k rows of n4 floats, 16-byte aligned) = src (k rows of n floats, ld apart), zeros in
// columns n..n4. The k x n4 / 4 vectors of dst counted across rows, a thread one (then the
// grid's stride on): every thread works whatever N, where a block a row's vectors leaves most
// threads idle at narrow N (evidence P103, P104).
enum { PAD_THREADS = 256, PAD_MAX_BLOCKS = 1 << 16 };
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
// slices' rows 16-byte aligned and padded to whole vectors: launch_split's), else one float.
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
    pdl_wait(); // the slices' kernel has ended (launched early: reduce_slices_as)
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
// many rows as it covers (reduce_slices_as), so narrow rows leave few of its threads idle. The
// first REDUCE_FEW_AHEAD slices are all loaded before any is added: one load at a time a
// thread leaves this pass latency-bound (evidence P306, P307). The sum is the same, in the
// same order.
enum { REDUCE_FEW_AHEAD = 4 };
template <int V, bool VEC_C>
static __global__ void splitk_reduce_few(int m, int n, int slices, const float *ws, int ldw,
                                         float alpha, float beta, float *c, int ldc)
{
    pdl_wait(); // the slices' kernel has ended (launched early: reduce_slices_as)
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

// The grouped reduction pays for its threads when each group has a few slices to add.
// ws: the slices, m rows of ldw floats each.
// Launched as a programmatic dependent of the slices' kernel (pdl_wait): its CTAs start
// while that kernel's last wave runs, instead of after it ends and its launch is processed.
template <int V, bool VEC_C>
static cudaError_t reduce_slices_as(const struct sgemm_args *g, int slices, const float *ws,
                                    int ldw, cudaStream_t stream)
{
    if (slices < 2 * REDUCE_GROUPS) {
        // a row's threads rounded up to a warp, as many rows a CTA of 256 as fit
        const int tx = min(256, ceil_div(ceil_div(g->n, V), 32) * 32), ty = 256 / tx;
        return launch_kernel(true, splitk_reduce_few<V, VEC_C>,
                             dim3(ceil_div(g->n, tx * V), ceil_div(g->m, ty)), dim3(tx, ty), 0,
                             stream, g->m, g->n, slices, ws, ldw, g->alpha, g->beta, g->c, g->ldc);
    }
    // a group's lanes a row: its vectors rounded up to a power of 2, at most REDUCE_COLS
    int lanes = 1;
    while (lanes < REDUCE_COLS && lanes < ceil_div(g->n, V))
        lanes *= 2;
    return launch_kernel(true, splitk_reduce<V, VEC_C>,
                         dim3(ceil_div(g->n, lanes * V), ceil_div(g->m, REDUCE_COLS / lanes)),
                         dim3(REDUCE_COLS, REDUCE_GROUPS), 0, stream, g->m, g->n, slices, ws, ldw,
                         g->alpha, g->beta, g->c, g->ldc, lanes);
}

// Rows of under REDUCE_NARROW columns, few slices: a float a thread, faster at small N's
// slices (evidence P103).
enum { REDUCE_NARROW = 128 };
static cudaError_t reduce_slices(const struct sgemm_args *g, int slices, const float *ws, int ldw,
                                 cudaStream_t stream)
{
    if (!rows_aligned16(ws, ldw) || (slices < 2 * REDUCE_GROUPS && g->n < REDUCE_NARROW))
        return reduce_slices_as<1, false>(g, slices, ws, ldw, stream);
    if (rows_aligned16(g->c, g->ldc))
        return reduce_slices_as<4, true>(g, slices, ws, ldw, stream);
    return reduce_slices_as<4, false>(g, slices, ws, ldw, stream);
}

// K cut into *slices slices of whole BK-deep k tiles (only the last may end inside a
// tile): returns the k a slice, and sets *slices to the slices that makes (fewer where the
// tiles run out).
static inline int slice_k(int k, int *slices, int bk)
{
    const int k_split = ceil_div(ceil_div(k, *slices), bk) * bk;
    *slices = ceil_div(k, k_split);
    return k_split;
}

// Where a launch over `slices` K slices (slice_k) writes: C itself where one slice is left
// (`direct`), else g->workspace, rows `ldw` floats apart, for reduce_slices.
struct slice_out {
    int k_split, slices;
    bool direct;
    float *out;
    int ldo;
};
static inline struct slice_out slice_out_of(const struct sgemm_args *g, int slices, int bk, int ldw)
{
    const int k_split = slice_k(g->k, &slices, bk);
    const bool direct = slices == 1;
    return {k_split, slices, direct, direct ? g->c : (float *)g->workspace, direct ? g->ldc : ldw};
}

// The product through `slices` K slices into g->workspace, then the reduction into C. The
// workspace's rows are N rounded up to 4 floats: 16-byte aligned, so every slice stores whole
// vectors whatever N (an unaligned N's element stores cost split-K shapes).
template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool SHIFT>
static cudaError_t launch_split_as(const struct sgemm_args *g, int slices, cudaStream_t stream)
{
    using C = cfg<BM, BN, BK, STAGES, VEC_B, SHIFT>;
    auto kernel = tuned_kernel<BM, BN, BK, STAGES, VEC_B, true, STAGE_ROOM_ONLY, SHIFT>;
    static bool attribute_set = false;
    if (const cudaError_t e = allow_smem(kernel, C::SMEM_BYTES, attribute_set))
        return e;
    const int k_split = slice_k(g->k, &slices, BK);
    float *ws = (float *)g->workspace;
    const int ldw = round4(g->n);
    const dim3 grid(ceil_div(g->m, BM), ceil_div(g->n, BN), slices);
    if (const cudaError_t e = launch_kernel(after_relay(), kernel, grid, C::THREADS, C::SMEM_BYTES,
                                            stream, g->m, g->n, g->k, 1.0f, g->a, g->lda, g->b,
                                            g->ldb, 0.0f, ws, ldw, k_split, (size_t)g->m * ldw))
        return e;
    const char *const what = C::SHIFT_B ? "tuned_shifted" : "tuned_kernel";
    note_launch(kernel, instance_name<BM, BN, BK, STAGES, VEC_B, true>(what).s, grid, C::THREADS,
                C::SMEM_BYTES);
    const cudaError_t e = cudaGetLastError();
    return e != cudaSuccess ? e : reduce_slices(g, slices, ws, ldw, stream);
}

// Split-K, B's rows unaligned shifted where a tuning build says so (shape_split_shifts_b;
// level 6's split never shifts, so it builds no shifted instance). Only the 64x128 tile
// has one: the rule takes no other.
template <int BM, int BN, int BK, int STAGES, bool VEC_B>
static cudaError_t launch_split(const struct sgemm_args *g, int slices, cudaStream_t stream)
{
    if constexpr (SPLIT_SHIFT_MAX_TILES_N > 0 && BM == 64 && BN == 128 &&
                  cfg<BM, BN, BK, STAGES, VEC_B, true>::SHIFT_B)
        if (shape_split_shifts_b(g->n, shape_tile_of(BM, BN)))
            return launch_split_as<BM, BN, BK, STAGES, VEC_B, true>(g, slices, stream);
    return launch_split_as<BM, BN, BK, STAGES, VEC_B, false>(g, slices, stream);
}

// The small-M path (small_m.cuh) with MR accumulator rows in `blocks` row blocks for g's
// rows (at most MR x blocks), sliced over K when that fills the GPU; the slices' partial
// sums reduced in order into C.
template <int MR>
static cudaError_t launch_small_m(const struct sgemm_args *g, int sms, int blocks,
                                  cudaStream_t stream)
{
    using namespace small_m;
    const bool vb = rows_aligned16(g->b, g->ldb);
    // CTAs an SM holds: 3 at 24 rows, 4 at 16, 5 at 8 (small_m::ctas_an_sm holds them there)
    static int resident[2] = {-1, -1};
    if (const cudaError_t e =
            resident_ctas(vb ? small_m_kernel<MR, true> : small_m_kernel<MR, false>, THREADS, 0,
                          MAX_CTAS_PER_SM, resident[vb]))
        return e;
    const int slices = g->workspace ? small_m::slices(MR, blocks, g->n, g->k, sms, resident[vb]) : 1;
    const struct slice_out s = slice_out_of(g, slices, 1, g->n);
    const dim3 grid(blocks, ceil_div(g->n, COLS), s.slices);
    char name[SGEMM_LAUNCH_NAME];
    snprintf(name, sizeof name, "small_m_kernel<%d,%d>", MR, vb);
    if (vb) {
        small_m_kernel<MR, true><<<grid, THREADS, 0, stream>>>(
            g->m, g->n, g->k, g->a, g->lda, g->b, g->ldb, g->alpha, g->beta, s.out, s.ldo, s.k_split,
            s.direct);
        note_launch(small_m_kernel<MR, true>, name, grid, THREADS, 0);
    } else {
        small_m_kernel<MR, false><<<grid, THREADS, 0, stream>>>(
            g->m, g->n, g->k, g->a, g->lda, g->b, g->ldb, g->alpha, g->beta, s.out, s.ldo, s.k_split,
            s.direct);
        note_launch(small_m_kernel<MR, false>, name, grid, THREADS, 0);
    }
    const cudaError_t e = cudaGetLastError();
    return e != cudaSuccess || s.direct ? e : reduce_slices(g, s.slices, s.out, s.ldo, stream);
}

// The small-N path (small_n.cuh), BN columns for g's (at most BN), sliced over K when that
// fills the GPU; the slices' partial sums reduced in order into C.
template <int BN, bool VEC_A>
static cudaError_t launch_small_n_as(const struct sgemm_args *g, int slices, cudaStream_t stream)
{
    using T = small_n::tile<BN>;
    auto kernel = small_n::small_n_kernel<BN, VEC_A>;
    static bool attribute_set = false;
    if (const cudaError_t e = allow_smem(kernel, T::SMEM_BYTES, attribute_set))
        return e;
    const struct slice_out s = slice_out_of(g, slices, small_n::BK, g->n);
    const dim3 grid(ceil_div(g->m, small_n::BM), s.slices);
    kernel<<<grid, small_n::THREADS, T::SMEM_BYTES, stream>>>(g->m, g->n, g->k, g->a, g->lda, g->b,
                                                              g->ldb, g->alpha, g->beta, s.out, s.ldo,
                                                              s.k_split, s.direct);
    char name[SGEMM_LAUNCH_NAME];
    snprintf(name, sizeof name, "small_n_kernel<%d,%d>", BN, VEC_A);
    note_launch(kernel, name, grid, small_n::THREADS, T::SMEM_BYTES);
    const cudaError_t e = cudaGetLastError();
    return e != cudaSuccess || s.direct ? e : reduce_slices(g, s.slices, s.out, s.ldo, stream);
}

template <int BN>
static cudaError_t launch_small_n(const struct sgemm_args *g, int sms, cudaStream_t stream)
{
    const int slices = g->workspace ? shape_small_n_slices(g->m, g->k, sms) : 1;
    return rows_aligned16(g->a, g->lda) ? launch_small_n_as<BN, true>(g, slices, stream)
                                        : launch_small_n_as<BN, false>(g, slices, stream);
}

// The sliced-K path (sliced_k.cuh): 32x32 tiles of C, K sliced over the CTA's warps, one
// launch with no workspace, for A's, B's and the output's alignment; or, `slices` 2 or
// more, the grid also sliced over K into the workspace (rows N rounded up to 4 floats), then
// the slices' reduction into C.
template <bool VEC_A, bool VEC_B, bool VEC_C>
static cudaError_t launch_sliced_k_as(const struct sgemm_args *g, int slices, cudaStream_t stream)
{
    using T = sliced_k::cta<SLICED_K_WARPS>;
    auto kernel = sliced_k::sliced_k_kernel<SLICED_K_WARPS, VEC_A, VEC_B, VEC_C>;
    static bool attribute_set = false;
    if (const cudaError_t e = allow_smem(kernel, T::SMEM_BYTES, attribute_set))
        return e;
    const struct slice_out s = slice_out_of(g, slices, sliced_k::BK, round4(g->n));
    const dim3 grid(ceil_div(g->n, sliced_k::BN), ceil_div(g->m, sliced_k::BM), s.slices);
    kernel<<<grid, T::THREADS, T::SMEM_BYTES, stream>>>(g->m, g->n, g->k, g->a, g->lda, g->b, g->ldb,
                                                        g->alpha, g->beta, s.out, s.ldo, s.k_split,
                                                        s.direct);
    char name[SGEMM_LAUNCH_NAME];
    snprintf(name, sizeof name, "sliced_k_kernel<%d,%d,%d,%d>", SLICED_K_WARPS, VEC_A, VEC_B, VEC_C);
    note_launch(kernel, name, grid, T::THREADS, T::SMEM_BYTES);
    const cudaError_t e = cudaGetLastError();
    return e != cudaSuccess || s.direct ? e : reduce_slices(g, s.slices, s.out, s.ldo, stream);
}

template <bool VEC_A, bool VEC_B>
static cudaError_t launch_sliced_k_c(const struct sgemm_args *g, int slices, cudaStream_t stream)
{
    /* the workspace's rows are aligned */
    return slices > 1 || rows_aligned16(g->c, g->ldc) ? launch_sliced_k_as<VEC_A, VEC_B, true>(g, slices, stream)
                                                      : launch_sliced_k_as<VEC_A, VEC_B, false>(g, slices, stream);
}

template <bool VEC_A>
static cudaError_t launch_sliced_k_b(const struct sgemm_args *g, int slices, cudaStream_t stream)
{
    return rows_aligned16(g->b, g->ldb) ? launch_sliced_k_c<VEC_A, true>(g, slices, stream)
                                        : launch_sliced_k_c<VEC_A, false>(g, slices, stream);
}

static cudaError_t launch_sliced_k(const struct sgemm_args *g, int slices, cudaStream_t stream)
{
    return rows_aligned16(g->a, g->lda) ? launch_sliced_k_b<true>(g, slices, stream)
                                        : launch_sliced_k_b<false>(g, slices, stream);
}

// The fine tile (short_k.cuh), k depth D, one launch, for B's and C's alignment, C staged
// or not.
template <typename D, bool VEC_B, bool VEC_C, bool STAGE_C = false>
static cudaError_t launch_short_k_as(const struct sgemm_args *g, cudaStream_t stream)
{
    static_assert(D::SMEM_BYTES <= 48 * 1024, "no opt-in for more shared memory");
    auto kernel = short_k::short_k_kernel<D, VEC_B, VEC_C, STAGE_C>;
    const dim3 grid(ceil_div(g->m, D::BM), ceil_div(g->n, D::BN));
    kernel<<<grid, short_k::THREADS, D::SMEM_BYTES, stream>>>(
        g->m, g->n, g->k, g->alpha, g->a, g->lda, g->b, g->ldb, g->beta, g->c, g->ldc);
    char name[SGEMM_LAUNCH_NAME], tile[16] = "";
    if (D::BM != SHORT_K_TILE) /* the four warps not in two rows: the tile's own size */
        snprintf(tile, sizeof tile, ",%dx%d", D::BM, D::BN);
    snprintf(name, sizeof name, "short_k_kernel<%d,%d,%d,%d%s%s%s>", D::BK, D::STAGES, VEC_B,
             VEC_C, STAGE_C ? ",1" : "", D::TN == 4 ? "" : ",wide", tile);
    note_launch(kernel, name, grid, short_k::THREADS, D::SMEM_BYTES);
    return cudaGetLastError();
}

// An unaligned C is staged at K under SHORT_K_STAGED_MIN_K (STAGE -1), never (0) or always (1:
// the autotuning grid's forced points).
template <typename D, int STAGE = -1>
static inline cudaError_t launch_short_k_of(const struct sgemm_args *g, cudaStream_t stream)
{
    const bool vb = rows_aligned16(g->b, g->ldb);
    if (rows_aligned16(g->c, g->ldc))
        return vb ? launch_short_k_as<D, true, true>(g, stream)
                  : launch_short_k_as<D, false, true>(g, stream);
    if (STAGE == 1 || (STAGE == -1 && g->k < SHORT_K_STAGED_MIN_K))
        return vb ? launch_short_k_as<D, true, false, true>(g, stream)
                  : launch_short_k_as<D, false, false, true>(g, stream);
    return vb ? launch_short_k_as<D, true, false>(g, stream)
              : launch_short_k_as<D, false, false>(g, stream);
}

// The fine tile's wide form (launch_short_k_of), level 6's depth.
static inline cudaError_t launch_short_k_wide(const struct sgemm_args *g, cudaStream_t stream)
{
    return launch_short_k_of<short_k::depth<L6_SHORT_K_WIDE_BK, L6_SHORT_K_WIDE_STAGES, 8>>(g, stream);
}

// The wide form at k tiles of 16 (L6_SHORT_K_WIDE_EVEN_BK): the fine tile's even grids at K
// 160-700 (shape_short_k_wide_even), split grids of 2 slices (shape_short_k_wide_split2) and
// stream-K grids of one wide round (shape_short_k_wide_share).
static inline cudaError_t launch_short_k_wide_even(const struct sgemm_args *g, cudaStream_t stream)
{
    return launch_short_k_of<short_k::depth<L6_SHORT_K_WIDE_EVEN_BK, L6_SHORT_K_WIDE_EVEN_STAGES, 8>>(
        g, stream);
}

// The wide form's tall shape (128x64: the four warps in one column) at the same depth, where
// its grid is the even one (shape_short_k_even_form, shape_one_round_form).
static inline cudaError_t launch_short_k_tall_even(const struct sgemm_args *g, cudaStream_t stream)
{
    return launch_short_k_of<
        short_k::depth<L6_SHORT_K_WIDE_EVEN_BK, L6_SHORT_K_WIDE_EVEN_STAGES, 8, L6_SHORT_K_TALL_WARPS_M>>(
        g, stream);
}

// The fine tile's flat shape (32x128: the four warps in one row) at its own depth, where a
// grid of few rows pays for it (shape_short_k_flat_pays, flat_slices).
static inline cudaError_t launch_short_k_flat(const struct sgemm_args *g, cudaStream_t stream)
{
    return launch_short_k_of<
        short_k::depth<L6_SHORT_K_BK, L6_SHORT_K_STAGES, 4, L6_SHORT_K_FLAT_WARPS_M>>(g, stream);
}

// The fine tile's four warps at depth D in `slices` K slices (whole k tiles a slice; the
// last the rest) into g's workspace, rows N rounded up to 4 floats, then the slices'
// reduction into C, as launch_split_as does for the tiles.
template <typename D, bool VEC_B>
static cudaError_t launch_short_k_split_as(const struct sgemm_args *g, int slices, cudaStream_t stream)
{
    static_assert(D::SMEM_BYTES <= 48 * 1024, "no opt-in for more shared memory");
    auto kernel = short_k::short_k_split_kernel<D, VEC_B>;
    const int k_split = slice_k(g->k, &slices, D::BK);
    float *ws = (float *)g->workspace;
    const int ldw = round4(g->n);
    const dim3 grid(ceil_div(g->m, D::BM), ceil_div(g->n, D::BN), slices);
    kernel<<<grid, short_k::THREADS, D::SMEM_BYTES, stream>>>(g->m, g->n, g->k, g->a, g->lda, g->b,
                                                             g->ldb, ws, ldw, k_split);
    char name[SGEMM_LAUNCH_NAME];
    snprintf(name, sizeof name, "short_k_split_kernel<%d,%d,%d,%dx%d>", D::BK, D::STAGES, VEC_B,
             D::BM, D::BN);
    note_launch(kernel, name, grid, short_k::THREADS, D::SMEM_BYTES);
    const cudaError_t e = cudaGetLastError();
    return e != cudaSuccess ? e : reduce_slices(g, slices, ws, ldw, stream);
}
template <typename D>
static inline cudaError_t launch_short_k_split_of(const struct sgemm_args *g, int slices,
                                                  cudaStream_t stream)
{
    return rows_aligned16(g->b, g->ldb) ? launch_short_k_split_as<D, true>(g, slices, stream)
                                        : launch_short_k_split_as<D, false>(g, slices, stream);
}

// The flat shape's split (launch_short_k_split_of) at its own depth.
static inline cudaError_t launch_short_k_flat_split(const struct sgemm_args *g, int slices,
                                                   cudaStream_t stream)
{
    return launch_short_k_split_of<
        short_k::depth<L6_SHORT_K_BK, L6_SHORT_K_STAGES, 4, L6_SHORT_K_FLAT_WARPS_M>>(g, slices, stream);
}

// The fine tile's form f, not none: the wide form or its tall shape at k tiles of 16.
static inline cudaError_t launch_short_k_form(const struct sgemm_args *g, enum short_k_form f,
                                              cudaStream_t stream)
{
    return f == SHORT_K_FORM_TALL ? launch_short_k_tall_even(g, stream)
                                  : launch_short_k_wide_even(g, stream);
}

// Level 6's fine tile (launch_short_k_of), in its wide form where that pays
// (shape_short_k_wide; B and C unaligned, shape_short_k_wide_runs), in the wide form or its
// tall shape at k tiles of 16 where that grid's busiest SM has no more to compute
// (shape_short_k_even_form), in k tiles of 32 at long K (shape_short_k_deep).
static inline cudaError_t launch_short_k(const struct sgemm_args *g, int sms, cudaStream_t stream)
{
    const bool vb = rows_aligned16(g->b, g->ldb), vc = rows_aligned16(g->c, g->ldc);
    if (shape_short_k_wide(g->m, g->n, g->k, sms) ||
        shape_short_k_wide_runs(g->m, g->n, g->k, sms, vb, vc))
        return launch_short_k_wide(g, stream);
    if (const enum short_k_form f = shape_short_k_even_form(g->m, g->n, g->k, sms, vb, vc))
        return launch_short_k_form(g, f, stream);
    if (shape_short_k_deep(g->k))
        return launch_short_k_of<short_k::depth<L6_SHORT_K_DEEP_BK, L6_SHORT_K_DEEP_STAGES>>(g, stream);
    return launch_short_k_of<short_k::depth<L6_SHORT_K_BK, L6_SHORT_K_STAGES>>(g, stream);
}

// One tile configuration: K sliced when its grid is under a wave of CTA slots (in the
// launch's own count, shape_launch_slices), then the instantiation for the operands' alignment.
template <int BM, int BN, int BK, int STAGES, bool VEC_B>
static cudaError_t launch_tiles_b(const struct sgemm_args *g, int sms, cudaStream_t stream)
{
    const int slices = shape_launch_slices(g->m, g->n, g->k, sms, shape_tile_of(BM, BN), BK);
    if (slices > 1 && g->workspace)
        return launch_split<BM, BN, BK, STAGES, VEC_B>(g, slices, stream);
    return rows_aligned16(g->c, g->ldc) ? launch_one<BM, BN, BK, STAGES, VEC_B, true>(g, stream)
                                        : launch_one<BM, BN, BK, STAGES, VEC_B, false>(g, stream);
}

template <int BM, int BN, int BK, int STAGES>
static cudaError_t launch_tiles(const struct sgemm_args *g, int sms, cudaStream_t stream)
{
    return rows_aligned16(g->b, g->ldb) ? launch_tiles_b<BM, BN, BK, STAGES, true>(g, sms, stream)
                                        : launch_tiles_b<BM, BN, BK, STAGES, false>(g, sms, stream);
}

// A TEST ONLY build (kernels/testing/level6_no_room.cu) caps the CTAs an SM holds, as a GPU
// shared with other work or one of fewer slots would, to take stream-K's fallback.
#ifndef L6_RESIDENT_MAX
#define L6_RESIDENT_MAX 1024
#endif

// Stream-K over the main tile (streamk_kernel), its flags zeroed first; where the GPU
// cannot hold all of its stream-K CTAs at once (by the occupancy API, asked once per
// instance and process), the tiles without stream-K instead (launch_tiles_b).
template <int BM, int BN, int BK, int STAGES, bool VEC_B, bool VEC_C>
static cudaError_t launch_streamk_as(const struct sgemm_args *g, const sk_plan &p, int sms,
                                     cudaStream_t stream)
{
    using C = cfg<BM, BN, BK, STAGES, VEC_B, STREAMK_SHIFTS<BM, BN>>;
    auto kernel = streamk_kernel<BM, BN, BK, STAGES, VEC_B, VEC_C>;
    static bool attribute_set = false; // once per process, outside any timed region
    if (const cudaError_t e = allow_smem(kernel, C::SMEM_BYTES, attribute_set))
        return e;
    static int resident = -1; // CTAs an SM holds
    if (const cudaError_t e =
            resident_ctas(kernel, C::THREADS, C::SMEM_BYTES, L6_RESIDENT_MAX, resident))
        return e;
    if ((long long)resident * sms < p.sk_ctas)
        return launch_tiles_b<BM, BN, BK, STAGES, VEC_B>(g, sms, stream);
    float *ws = (float *)g->workspace;
    if (const cudaError_t e =
            cudaMemsetAsync(sk_flags<BM, BN>(ws, p), 0, sizeof(unsigned) * p.sk_ctas, stream))
        return e;
    kernel<<<p.dp_tiles + p.sk_ctas, C::THREADS, C::SMEM_BYTES, stream>>>(
        g->m, g->n, g->k, g->alpha, g->a, g->lda, g->b, g->ldb, g->beta, g->c, g->ldc, p, ws);
    note_launch(kernel, instance_name<BM, BN, BK, STAGES, VEC_B, VEC_C>("streamk_kernel").s,
                p.dp_tiles + p.sk_ctas, C::THREADS, C::SMEM_BYTES);
    return cudaGetLastError();
}

// Stream-K for B's alignment VEC_B (C's read here).
template <int BM, int BN, int BK, int STAGES, bool VEC_B>
static cudaError_t launch_streamk_b(const struct sgemm_args *g, int sms, cudaStream_t stream)
{
    const struct shape_streamk q = shape_streamk_of(g->m, g->n, g->k, sms, shape_tile_of(BM, BN));
    const sk_plan p = {ceil_div(g->m, BM), q.dp_tiles, q.sk_tiles, q.sk_ctas, ceil_div(g->k, BK),
                       1.0f};
    return rows_aligned16(g->c, g->ldc)
               ? launch_streamk_as<BM, BN, BK, STAGES, VEC_B, true>(g, p, sms, stream)
               : launch_streamk_as<BM, BN, BK, STAGES, VEC_B, false>(g, p, sms, stream);
}

template <int BM, int BN, int BK, int STAGES>
static cudaError_t launch_streamk(const struct sgemm_args *g, int sms, cudaStream_t stream)
{
    return rows_aligned16(g->b, g->ldb) ? launch_streamk_b<BM, BN, BK, STAGES, true>(g, sms, stream)
                                        : launch_streamk_b<BM, BN, BK, STAGES, false>(g, sms, stream);
}

// A half tile's grid (launch_shape), B's rows aligned or not (VEC_B): stream-K when its
// class says so, else its split-K or one launch.
// The half-height tile with B's rows unaligned takes stream-K where that kernel shifts B;
// with 4-byte copies it spilled (ptxas: 76 bytes), so split-K then.
template <int BM, int BN, int BK, int STAGES, bool VEC_B>
static cudaError_t launch_half(const struct sgemm_args *g, int sms, cudaStream_t stream)
{
    using SK = cfg<BM, BN, BK, STAGES, VEC_B, STREAMK_SHIFTS<BM, BN>>; // stream-K's
    if constexpr (VEC_B || BM >= BN || SK::SHIFT_B)
        if (g->workspace && class_of<BM, BN, BM, BN>(g->m, g->n, g->k, sms) == SHAPE_STREAM_K)
            return launch_streamk_b<BM, BN, BK, STAGES, VEC_B>(g, sms, stream);
    return launch_tiles_b<BM, BN, BK, STAGES, VEC_B>(g, sms, stream);
}


// Whether the small-M kernel's grid for an m x n x k product of the small-M class would hold
// fewer CTAs than the GPU has SMs (its column blocks x row blocks x slices, at its most CTAs
// an SM): launch_class then runs the flat shape's split (shape_small_m_few_slices; evidence
// P412). Not the edge strips' rows, which were not measured so.
static inline bool small_m_few_ctas(int m, int n, int k, int sms)
{
    const struct small_m_rows r = small_m_rows_of(m);
    const int s = small_m::slices(r.mr, r.blocks, n, k, sms, small_m::MAX_CTAS_PER_SM);
    return (long long)ceil_div(n, small_m::COLS) * r.blocks * s < sms;
}

// The small-M path for g's rows (up to SMALL_M_BLOCKS_MAX), the small-N path for its columns
// (up to SMALL_N_MAX): the instance of the fewest accumulators that holds them. Two row
// blocks' rows from K = SMALL_M_FLAT_MIN_K as the flat shape's split (shape_small_m_flat).
static cudaError_t launch_small_m_rows(const struct sgemm_args *g, int sms, cudaStream_t stream)
{
    if (const int s = g->workspace ? shape_small_m_flat(g->m, g->n, g->k, sms) : 0)
        return s > 1 ? launch_short_k_flat_split(g, s, stream) : launch_short_k_flat(g, stream);
    const struct small_m_rows r = small_m_rows_of(g->m);
    return r.mr == 8    ? launch_small_m<8>(g, sms, r.blocks, stream)
           : r.mr == 16 ? launch_small_m<16>(g, sms, r.blocks, stream)
                        : launch_small_m<24>(g, sms, r.blocks, stream);
}

static cudaError_t launch_small_n_cols(const struct sgemm_args *g, int sms, cudaStream_t stream)
{
    return g->n <= 8    ? launch_small_n<8>(g, sms, stream)
           : g->n <= 16 ? launch_small_n<16>(g, sms, stream)
           : g->n <= 24 ? launch_small_n<24>(g, sms, stream)
           : g->n <= 32 ? launch_small_n<32>(g, sms, stream)
                        : launch_small_n<40>(g, sms, stream);
}

// Dispatch by shape class (docs/kernels/level6.md): M <= 24 with N of a CTA's width or more
// streams B (small_m.cuh); N <= 40 over 256 rows or more streams A (small_n.cuh, 8, 16, 24, 32
// or 40 columns); M <= 64 or a tiny grid takes 64x64 tiles (with their own k depth and stages,
// SBK and SSTAGES); a grid of main tiles under one wave of CTA slots slices K; a long K over a
// full wave of wide tiles (WBM x WBN x WBK, WSTAGES) is one launch of those; any other shape
// one launch of the main tile. The configurations are the autotuner's winners per class
// (kernels/level6_config.h). c: g's class on `sms` SMs (launch_shape).
template <int BM, int BN, int BK, int STAGES, int SBK, int SSTAGES, int WBM, int WBN, int WBK,
          int WSTAGES>
static cudaError_t launch_class(const struct sgemm_args *g, int sms, enum shape_class c,
                                cudaStream_t stream)
{
    switch (c) {
    case SHAPE_SMALL_M:
        if (g->workspace && small_m_few_ctas(g->m, g->n, g->k, sms)) {
            const int s = shape_small_m_few_slices(g->m, g->n, g->k, sms);
            return s > 1 ? launch_short_k_flat_split(g, s, stream) : launch_short_k_flat(g, stream);
        }
        return launch_small_m_rows(g, sms, stream);
    case SHAPE_SMALL_N:
        return launch_small_n_cols(g, sms, stream);
    case SHAPE_SMALL_TILE:
        return launch_tiles<SMALL_TILE, SMALL_TILE, SBK, SSTAGES>(g, sms, stream);
    case SHAPE_DEEP: /* a full wave of wide tiles: launch_tiles never slices it */
        return launch_tiles<WBM, WBN, WBK, WSTAGES>(g, sms, stream);
    case SHAPE_STREAM_K: /* the workspace always has room for it (splitk_workspace) */
        if (g->workspace)
            return launch_streamk<BM, BN, BK, STAGES>(g, sms, stream);
        return launch_tiles<BM, BN, BK, STAGES>(g, sms, stream);
    default: /* split-K or one launch: launch_tiles slices K when its grid is under a wave */
        return launch_tiles<BM, BN, BK, STAGES>(g, sms, stream);
    }
}

// An edge strip (strip_of, below; kernels/shape_class.h has its bounds).
struct edge_strip {
    int rows, cols; /* rows off the bottom, or columns off the right edge; none: both 0 */
};

// The strips an m x n product has to weigh: its rows' and its columns' (either none).
struct edge_strips {
    struct edge_strip cut[2];
};
static inline struct edge_strips strips_of(int m, int n)
{
    return {{{shape_strip_rows(m, n), 0}, {0, shape_strip_cols(m, n)}}};
}

// Level 6's workspace: the slices' (splitk_workspace), then the re-laid B's (pad_b_bytes)
// at a 256-byte boundary. Touches no CUDA API.
template <int BM, int BN>
static inline size_t pad_b_offset(int m, int n, int k)
{
    size_t slices = splitk_workspace<BM, BN>(m, n, k);
    if (const int c = shape_strip_cols(m, n)) { /* launch's column strip: its tiles read this B */
        const size_t tiles = splitk_workspace<BM, BN>(m, n - c, k);
        slices = slices > tiles ? slices : tiles;
    }
    return (slices + 255) / 256 * 256;
}

template <int BM, int BN>
static inline size_t workspace_whole(int m, int n, int k)
{
    const size_t pad = pad_b_bytes(m, n, k);
    return pad ? pad_b_offset<BM, BN>(m, n, k) + pad : splitk_workspace<BM, BN>(m, n, k);
}

// ... and where launch may cut off an edge strip (strip_of, on some SM count), the most of
// the product, its whole tiles' and its strip's, which run one after the other.
template <int BM, int BN>
static inline size_t workspace_of(int m, int n, int k)
{
    size_t w = workspace_whole<BM, BN>(m, n, k);
    for (const struct edge_strip &s : strips_of(m, n).cut) {
        if (!s.rows && !s.cols)
            continue;
        const size_t tiles = workspace_whole<BM, BN>(m - s.rows, n - s.cols, k);
        const size_t strip = workspace_whole<BM, BN>(s.rows ? s.rows : m, s.cols ? s.cols : n, k);
        w = w > tiles ? w : tiles;
        w = w > strip ? w : strip;
    }
    return w;
}

// The tile for a shape's class c on `sms` SMs (shape_tile_for), B's rows read in vectors
// (vb: aligned or re-laid) or, where the main tile's stream-K shifts an unaligned B, as if.
template <int BM, int BN, int BK, int STAGES>
static inline struct shape_tile tile_for(const struct sgemm_args *g, int sms, enum shape_class c,
                                         bool vb)
{
    using SK = cfg<BM, BN, BK, STAGES, false, STREAMK_SHIFTS<BM, BN>>;
    const bool as_vb = vb || (c == SHAPE_STREAM_K && SK::SHIFT_B);
    return shape_tile_for(g->m, g->n, g->k, sms, shape_tile_of(BM, BN), c, as_vb);
}

// Under M = L6_RELAY_ALL_MIN_M the split-K and one-launch classes read an unaligned B as it
// is, by their 128-row tiles' 4-byte copies, not re-laid: the copy costs the product 69 / M of
// its time on an H100 (48 / M on an H200), more than those copies cost these classes. Not
// stream-K (its grids under M 800 shift B instead: shifts_not_relays, with the class's rules
// read for a re-laid B), nor the deep and small-tile classes, whose 4-byte copies cost more;
// nor the grids that go to the 64x128 half's split, which keep B re-laid (evidence P374, P375,
// P376). A tuning build may set its own bound.
#ifndef L6_RELAY_ALL_MIN_M
#define L6_RELAY_ALL_MIN_M 800
#endif

// Whether launch re-lays g's B with aligned rows (pad_b_bytes) on `sms` SMs: unaligned,
// where that pays (for the split-K and one-launch classes of level 6's tiles, from
// L6_RELAY_ALL_MIN_M) and the workspace has room.
static inline bool relays_b(const struct sgemm_args *g, int sms)
{
    if (!g->workspace || rows_aligned16(g->b, g->ldb) || pad_b_bytes(g->m, g->n, g->k) == 0)
        return false;
    if (g->m >= L6_RELAY_ALL_MIN_M)
        return true;
    const enum shape_class c = class_of<L6_BM, L6_BN, L6_WIDE_BM, L6_WIDE_BN>(g->m, g->n, g->k, sms);
    if (c != SHAPE_SPLIT_K && c != SHAPE_ONE_LAUNCH)
        return true;
    /* re-laid where B as it is would go to the 64x128 half, which shifts it or copies twice
     * 128x64's 4-byte copies a thread */
    const struct shape_tile t = shape_tile_for(g->m, g->n, g->k, sms, shape_tile_of(L6_BM, L6_BN), c, 0);
    return t.bm < L6_BM;
}

// Stream-K's grids of a tile that shifts an unaligned B (STREAMK_SHIFTS) under M =
// L6_SK_SHIFT_MAX_M: B shifted, not re-laid (shifts_not_relays). Copying B costs the product
// about 8 bytes an element of B at memory's rate against 2M flops, 69 / M of its time on an
// H100 (3.35 TB/s), 48 / M on an H200 (4.8); the shift 7-10% of stream-K's rate. The shift
// wins under M 600 on both models and loses from M 2000; the bound sits where the two models
// part (evidence P366, P371). A tuning build may set its own bound. The 64x128 tile realigns
// each row of B for half the rows of C that 128x128 does: its bound is L6_SK_SHIFT_HALF_MAX_M
// (evidence P366, P371).
#ifndef L6_SK_SHIFT_MAX_M
#define L6_SK_SHIFT_MAX_M 800
#endif
#ifndef L6_SK_SHIFT_HALF_MAX_M
#define L6_SK_SHIFT_HALF_MAX_M 600
#endif

// Whether the tiled kernels read g's B in 16-byte vectors: aligned, or re-laid (relays_b).
static inline bool reads_b_in_vectors(const struct sgemm_args *g, int sms)
{
    return relays_b(g, sms) || rows_aligned16(g->b, g->ldb);
}

// Class c of g, but split-K where c is stream-K over few tiles and B is read in vectors
// (aligned, or re-laid): shape_few_tiles_split. Not with B's 4-byte copies, which stream-K
// shifts and split-K cannot (evidence P108). launch_whole's; not plan_time's (the strips weigh
// the stream-K grid).
template <int BM, int BN>
static inline enum shape_class few_tiles_split(const struct sgemm_args *g, int sms,
                                               enum shape_class c)
{
    const bool vb = reads_b_in_vectors(g, sms);
    return c == SHAPE_STREAM_K && vb &&
                   shape_few_tiles_split(g->m, g->n, g->k, sms, shape_tile_of(BM, BN))
               ? SHAPE_SPLIT_K
               : c;
}

// Whether the fine tile runs a shape, against the tile that shape_tile_for picks: a
// one-launch grid whose waves it runs faster at short K (shape_short_k_pays), or a split-K
// grid whose busiest SM computes as much C x k as its one launch (shape_short_k_splits).
static inline bool short_k_runs(const struct sgemm_args *g, int sms, enum shape_class c,
                                struct shape_tile t)
{
    if (c == SHAPE_SPLIT_K)
        return shape_short_k_splits(g->m, g->n, g->k, sms, t);
    return c == SHAPE_ONE_LAUNCH &&
           shape_short_k_pays(g->m, g->n, g->k, sms, t, rows_aligned16(g->c, g->ldc));
}

// ... and a stream-K grid with C unaligned where the fine tile would run its one launch. The
// 128-row stream-K kernels stage such a C by warp columns (streamk_store): against them the
// fine tile keeps its lead only under K = SHORT_K_STREAMK_COLUMNS_MIN_K (evidence P152, P167).
// The 64x128 stream-K tile still stores lane by lane. vb: B as the one launch would read it,
// aligned or re-laid where that pays; st: the stream-K grid's tile for it.
template <int BM, int BN, int BK, int STAGES>
static inline bool short_k_runs_streamk(const struct sgemm_args *g, int sms, enum shape_class c,
                                        bool vb, struct shape_tile st)
{
    if (c != SHAPE_STREAM_K || rows_aligned16(g->c, g->ldc))
        return false;
    if (!vb) // stream-K shifts B; the fine tile would copy it 4 bytes at a time
        return false;
    if (st.bm >= st.bn && g->k >= SHORT_K_STREAMK_COLUMNS_MIN_K)
        return false;
    const enum shape_class one = SHAPE_ONE_LAUNCH;
    return short_k_runs(g, sms, one, tile_for<BM, BN, BK, STAGES>(g, sms, one, vb));
}

// The class a half tile t runs g as where g's class c is stream-K: its own class
// (launch_half: its stream-K, or its split-K or one launch); SHAPE_CLASSES where c is not
// stream-K or t is the main tile.
template <int BM, int BN>
static inline enum shape_class half_own_class(const struct sgemm_args *g, int sms,
                                              enum shape_class c, struct shape_tile t)
{
    return c == SHAPE_STREAM_K && (t.bm < BM || t.bn < BN)
               ? shape_class_of(g->m, g->n, g->k, sms, t, t)
               : SHAPE_CLASSES;
}

// Whether the fine tile's waves send g (of class c on `sms` SMs) to it: short_k_runs against
// the tile for B as the launch would read it (aligned, or re-laid: relays_b), or
// short_k_runs_streamk; or, where that tile is a half tile that runs a stream-K class as its
// own class (half_own_class), short_k_runs against that: against its one launch (evidence
// P269), or against its split-K where the split keeps under SHORT_K_SPLIT_BUSY_PCT of its
// slots busy (shape_split_idles; evidence P288). Against a half tile's split that fills its
// slots the fine tile does not win. What plan_time reckons the fine tile for.
template <int BM, int BN, int BK, int STAGES>
static inline bool fine_tile_pays(const struct sgemm_args *g, int sms, enum shape_class c)
{
    const bool vb = reads_b_in_vectors(g, sms);
    const struct shape_tile t = tile_for<BM, BN, BK, STAGES>(g, sms, c, vb);
    const enum shape_class own = half_own_class<BM, BN>(g, sms, c, t);
    return short_k_runs(g, sms, c, t) ||
           short_k_runs_streamk<BM, BN, BK, STAGES>(g, sms, c, vb, t) ||
           (own == SHAPE_ONE_LAUNCH && short_k_runs(g, sms, own, t)) ||
           (own == SHAPE_SPLIT_K && shape_split_idles(g->m, g->n, g->k, sms, t) &&
            short_k_runs(g, sms, own, t));
}

// Whether launch sends g to the fine tile: where its waves pay (fine_tile_pays), and a
// one-launch grid of B and C unaligned that the wide form runs faster
// (shape_short_k_wide_unaligned).
template <int BM, int BN, int BK, int STAGES>
static inline bool fine_tile_runs(const struct sgemm_args *g, int sms, enum shape_class c)
{
    return fine_tile_pays<BM, BN, BK, STAGES>(g, sms, c) ||
           (c == SHAPE_ONE_LAUNCH &&
            shape_short_k_wide_unaligned(g->m, g->n, g->k, sms, rows_aligned16(g->b, g->ldb),
                                         rows_aligned16(g->c, g->ldc)));
}

// Whether launch sends g (of class c) to the fine tile's wide form where the fine tile does
// not take it: shape_short_k_main_wide, a stream-K grid only on the main tile, not where a
// half tile takes it (launch_shape); or, at K 97-399, a grid of the main tile that ends in a
// partial round (evidence P292): its stream-K grid of C unaligned where the wide form's
// busiest SM beats its rounds (shape_short_k_wide_streamk), its one launch of C aligned by the
// same test (shape_short_k_wide_rounds), and its one launch of B and C unaligned within a wave
// (shape_short_k_wide_one_wave).
template <int BM, int BN, int BK, int STAGES>
static inline bool wide_tile_runs(const struct sgemm_args *g, int sms, enum shape_class c)
{
    if (fine_tile_runs<BM, BN, BK, STAGES>(g, sms, c))
        return false;
    const struct shape_tile t = tile_for<BM, BN, BK, STAGES>(g, sms, c, reads_b_in_vectors(g, sms));
    const bool main = t.bm == BM && t.bn == BN;
    if (shape_short_k_main_wide(g->m, g->n, g->k, sms, c))
        return c != SHAPE_STREAM_K || main;
    if (!main)
        return false;
    const int m = g->m, n = g->n, k = g->k, vc = rows_aligned16(g->c, g->ldc);
    if (c == SHAPE_STREAM_K)
        return shape_short_k_wide_streamk(m, n, k, sms, t, vc);
    if (c != SHAPE_ONE_LAUNCH)
        return false;
    return shape_short_k_wide_rounds(m, n, k, sms, t, vc) ||
           shape_short_k_wide_one_wave(m, n, k, sms, t, rows_aligned16(g->b, g->ldb), vc);
}

// The tile t of the tiles' grid that launch_shape would run g (of class c) on, K sliced when
// it is under a wave (launch_tiles_b): the main tile in the split-K class, or a half tile
// whose own class is not stream-K; false where it runs another grid, or has no workspace
// for slices.
template <int BM, int BN, int BK, int STAGES>
static inline bool split_tile_of(const struct sgemm_args *g, int sms, enum shape_class c,
                                 struct shape_tile *tile)
{
    if (!g->workspace)
        return false;
    const int m = g->m, n = g->n, k = g->k;
    const struct shape_tile t = tile_for<BM, BN, BK, STAGES>(g, sms, c, reads_b_in_vectors(g, sms));
    *tile = t;
    if (t.bm == BM && t.bn == BN)
        return c == SHAPE_SPLIT_K;
    if (t.bm == BM && t.bn == BN / 2)
        return class_of<BM, BN / 2, BM, BN / 2>(m, n, k, sms) != SHAPE_STREAM_K;
    if (t.bm == BM / 2 && t.bn == BN)
        return class_of<BM / 2, BN, BM / 2, BN>(m, n, k, sms) != SHAPE_STREAM_K;
    return false;
}

// The fine tile's form that launch sends g (of class c, as launch_shape takes it: after
// few_tiles_split) to instead of a split grid of 2 slices (shape_short_k_split2_form): the
// wide form, or its tall shape; none where launch_shape runs another grid.
template <int BM, int BN, int BK, int STAGES>
static inline enum short_k_form split2_form(const struct sgemm_args *g, int sms, enum shape_class c)
{
    struct shape_tile t;
    return split_tile_of<BM, BN, BK, STAGES>(g, sms, c, &t)
               ? shape_short_k_split2_form(g->m, g->n, g->k, sms, t)
               : SHORT_K_FORM_NONE;
}

// The tile of the tiles' grid that launch_shape would run g (of class c) on, for the flat
// shape's split: split_tile_of's, or the small-tile class's 64x64 tiles where launch_class
// runs them (the tile for the class is the main one, not a half).
template <int BM, int BN, int BK, int STAGES>
static inline bool flat_split_tile_of(const struct sgemm_args *g, int sms, enum shape_class c,
                                      struct shape_tile *tile)
{
    if (!g->workspace)
        return false;
    if (split_tile_of<BM, BN, BK, STAGES>(g, sms, c, tile))
        return true;
    if (c != SHAPE_SMALL_TILE || tile->bm != BM || tile->bn != BN)
        return false;
    *tile = shape_tile_of(SMALL_TILE, SMALL_TILE);
    return true;
}

// The K slices of the flat shape's split (launch_short_k_flat_split) for g where launch_shape
// would run g (of class c) as a split grid of tile t (flat_split_tile_of) in 2 or more
// slices: shape_flat_split_slices of those; 0 where it would not split.
template <int BM, int BN, int BK, int STAGES>
static inline int flat_split_slices(const struct sgemm_args *g, int sms, enum shape_class c)
{
    struct shape_tile t;
    if (!flat_split_tile_of<BM, BN, BK, STAGES>(g, sms, c, &t))
        return 0;
    const int s = shape_splitk_slices(g->m, g->n, g->k, sms, t.bm, t.bn, t.threads);
    return s > 1 ? shape_flat_split_slices(g->m, g->n, sms, s) : 0;
}

// Whether launch sends g (of class c, as for split2_form) to the wide form's one launch
// instead of the main tile's stream-K grid at K 400-700 (shape_short_k_wide_share).
static inline bool wide_share_runs(const struct sgemm_args *g, int sms, enum shape_class c)
{
    return c == SHAPE_STREAM_K &&
           shape_short_k_wide_share(g->m, g->n, g->k, sms, rows_aligned16(g->b, g->ldb),
                                    rows_aligned16(g->c, g->ldc));
}

// The fine tile's form that launch sends g (of class c, as for split2_form) to instead of
// the main tile's one launch over one round of its slots (shape_one_round_form); none where
// launch_shape would take a half tile or another class.
template <int BM, int BN, int BK, int STAGES>
static inline enum short_k_form one_round_form(const struct sgemm_args *g, int sms, enum shape_class c)
{
    if (c != SHAPE_ONE_LAUNCH)
        return SHORT_K_FORM_NONE;
    const struct shape_tile t = tile_for<BM, BN, BK, STAGES>(g, sms, c, reads_b_in_vectors(g, sms));
    if (t.bm != BM || t.bn != BN)
        return SHORT_K_FORM_NONE;
    return shape_one_round_form(g->m, g->n, g->k, sms, t);
}

// Edge strips. A grid whose last row of tiles holds a few rows of C (M % 64 of 1 to
// SMALL_M_MAX), or whose last column a few columns (N % 64 of 1 to STRIP_COLS_MAX), computes
// whole tiles for them: 260x10283x493's fine tiles cover 320 rows for 260 and take two waves
// where 256 rows take one. Such a strip can be cut off and run by the kernel of its own class,
// small-M (streams B once) or small-N (streams A once), after the whole tiles' grid. Whether
// that pays is reckoned from the grid's time with and without the strip, as the dispatch would
// run each (plan_time), against the strip's reads (evidence P180, P181).

// A grid of tiles t over m x n x k on `sms` SMs, as launch_tiles_b (sliced when under a
// wave) or launch_streamk (streamk) runs it: the C x k that its busiest SM computes, in one
// FFMA a unit. Stream-K shares its tiles' cover evenly, at SK_BUSY_PCT of the rate (the
// class takes it where whole tiles would keep fewer slots busy than that).
static inline double grid_time(int m, int n, int k, int sms, struct shape_tile t, bool streamk)
{
    if (streamk)
        return (double)shape_cover(m, n, t) * k / sms * 100 / SK_BUSY_PCT;
    return (double)shape_split_sm_work(m, n, k, t.bm, t.bn,
                                       shape_splitk_slices(m, n, k, sms, t.bm, t.bn, t.threads), sms);
}

// g's time on `sms` SMs as launch runs it without strips (grid_time of the grid it takes);
// -1 for the small-M and small-N classes, which have no tiles. The fine tile's FFMAs at
// SHORT_K_RATE_PCT of the main tile's rate.
template <int BM, int BN, int BK, int STAGES, int WBM, int WBN>
static inline double plan_time(const struct sgemm_args *g, int sms)
{
    const int m = g->m, n = g->n, k = g->k;
    // The class before few_tiles_split: weighing a few tiles' split grid instead turns strips
    // on where they lose, and the stream-K grid's time keeps them off as measured (evidence
    // P197).
    const enum shape_class c = class_of<BM, BN, WBM, WBN>(m, n, k, sms);
    if (c == SHAPE_SMALL_M || c == SHAPE_SMALL_N)
        return -1;
    // the wide form's grids of B and C unaligned (shape_short_k_wide_unaligned) as the
    // main tile's: its rule was fitted to whole grids, and the strips' to the main tile's
    if (fine_tile_pays<BM, BN, BK, STAGES>(g, sms, c))
        return SHORT_K_RATE_PCT / 100.0 * shape_sm_area(m, n, SHORT_K_TILE, SHORT_K_TILE, sms) * k;
    const bool vb = reads_b_in_vectors(g, sms);
    const struct shape_tile t = tile_for<BM, BN, BK, STAGES>(g, sms, c, vb);
    if (t.bm < BM || t.bn < BN) /* launch_half */
        return grid_time(m, n, k, sms, t,
                         shape_class_of(m, n, k, sms, t, t) == SHAPE_STREAM_K);
    switch (c) {
    case SHAPE_SMALL_TILE:
        return grid_time(m, n, k, sms, shape_tile_of(SMALL_TILE, SMALL_TILE), false);
    case SHAPE_DEEP:
        return grid_time(m, n, k, sms, shape_tile_of(WBM, WBN), false);
    default:
        return grid_time(m, n, k, sms, t, c == SHAPE_STREAM_K);
    }
}

// The four-warp tile's launch that launch_whole picks for g (level 6's build), its rules in
// order: the fine tile (fine_tile_runs), its wide form (wide_tile_runs), a form at k tiles
// of 16 (EVEN: the wide form where split2_form or wide_share_runs takes g, the wide or
// tall one over the main tile's one round, one_round_form), the flat shape (FLAT: `slices`
// 1, its one launch, where that pays against g's own grid's plan_time,
// shape_short_k_flat_pays; else its split in place of a split grid, shape_flat_split, for
// the split-K, stream-K and one-launch classes, and for the small-tile class's 64x64 split
// grids the split alone); NONE: the tiles' grids (launch_shape). c0: g's class; c: after
// few_tiles_split.
enum four_warp { FOUR_WARP_NONE, FOUR_WARP_FINE, FOUR_WARP_WIDE, FOUR_WARP_EVEN, FOUR_WARP_FLAT };
struct four_warp_launch {
    enum four_warp kind;
    enum short_k_form form; /* EVEN's */
    int slices;             /* FLAT's */
};
template <int BM, int BN, int BK, int STAGES, int WBM, int WBN>
static inline struct four_warp_launch four_warp_of(const struct sgemm_args *g, int sms,
                                                   enum shape_class c0, enum shape_class c)
{
    if (fine_tile_runs<BM, BN, BK, STAGES>(g, sms, c0))
        return {FOUR_WARP_FINE, SHORT_K_FORM_NONE, 0};
    if (wide_tile_runs<BM, BN, BK, STAGES>(g, sms, c0))
        return {FOUR_WARP_WIDE, SHORT_K_FORM_NONE, 0};
    if (wide_share_runs(g, sms, c))
        return {FOUR_WARP_EVEN, SHORT_K_FORM_WIDE, 0};
    if (const enum short_k_form f = split2_form<BM, BN, BK, STAGES>(g, sms, c))
        return {FOUR_WARP_EVEN, f, 0};
    if (const enum short_k_form f = one_round_form<BM, BN, BK, STAGES>(g, sms, c))
        return {FOUR_WARP_EVEN, f, 0};
    struct shape_tile t;
    int s = 0;
    if (c == SHAPE_SMALL_TILE) {
        if (flat_split_tile_of<BM, BN, BK, STAGES>(g, sms, c, &t) && t.bm == SMALL_TILE &&
            t.bn == SMALL_TILE)
            s = shape_flat_split(g->m, g->n, g->k, sms, t);
    } else if (c == SHAPE_SPLIT_K || c == SHAPE_STREAM_K || c == SHAPE_ONE_LAUNCH) {
        if (shape_short_k_flat_pays(g->m, g->n, g->k, sms, plan_time<BM, BN, BK, STAGES, WBM, WBN>(g, sms)))
            s = 1;
        else if (split_tile_of<BM, BN, BK, STAGES>(g, sms, c, &t))
            s = shape_flat_split(g->m, g->n, g->k, sms, t);
    }
    return {s ? FOUR_WARP_FLAT : FOUR_WARP_NONE, SHORT_K_FORM_NONE, s};
}

// The K slices launch runs g in as the fine tile's flat shape (four_warp_of's FLAT), 0 where
// it does not. The one launch's grids keep their edges (strip_of); the split's do not.
template <int BM, int BN, int BK, int STAGES, int WBM, int WBN>
static inline int flat_slices(const struct sgemm_args *g, int sms)
{
    const enum shape_class c0 = class_of<BM, BN, WBM, WBN>(g->m, g->n, g->k, sms);
    const struct four_warp_launch w =
        four_warp_of<BM, BN, BK, STAGES, WBM, WBN>(g, sms, c0, few_tiles_split<BM, BN>(g, sms, c0));
    return w.kind == FOUR_WARP_FLAT ? w.slices : 0;
}

// plan_time's units a microsecond: fitted (least squares through 0) to the time 70 grids saved
// between a shape and the shape less its strip, against plan_time's units: 91% of the FFMAs an
// H100 SM issues a microsecond at cuBLAS's FP32 51.5 TFLOP/s (evidence P180).
constexpr double STRIP_FFMA_US = 177000;

// A strip's time in microseconds: its CTAs run in one wave, so the longer of reading its
// streamed operand (B for small-M, A for small-N) at a rate of its own and one CTA's slice of
// k at a time per k of its own, plus its launch and its slices' reduction. Fitted to 70 strips
// timed alone (mean error 11% for small-M, 17% for small-N): small-M 10 + max(B at 1.8 TB/s,
// slice k x 0.01 x its accumulator rows), small-N 8 + max(A at 1.6 TB/s, slice k x 0.02 x
// sqrt(its columns / 8)). Neither streams at the memory's rate: a strip is a few CTAs an SM
// with a batch of loads in flight each, and a CTA's slice of k is a chain of such batches
// (evidence P180).
static inline double strip_us(int m, int n, int k, struct edge_strip s, int sms)
{
    if (s.rows) {
        const int mr = small_m_rows_of(s.rows).mr;
        const int kps = ceil_div(k, small_m::slices(mr, 1, n, k, sms, small_m::ctas_an_sm(mr)));
        return 10 + fmax(4.0 * n * k / 1.8e6, 0.01 * kps * mr); /* B at 1.8 TB/s */
    }
    const int bn = ceil_div(s.cols, 8) * 8; /* launch_small_n_cols' instance */
    const int kps = ceil_div(k, shape_small_n_slices(m, k, sms));
    return 8 + fmax(4.0 * m * k / 1.6e6, 0.02 * kps * sqrt(bn / 8.0)); /* A at 1.6 TB/s */
}

// g less its strip s: its whole tiles, with B as g's launch would read it (a column strip
// leaves B's rows as they are, so B is re-laid for all of g when g's launch would re-lay it:
// launch does so; here an aligned stand-in, the workspace, tells plan_time).
static inline struct sgemm_args strip_rest(const struct sgemm_args *g, struct edge_strip s,
                                           int sms)
{
    struct sgemm_args h = *g;
    h.m -= s.rows;
    h.n -= s.cols;
    if (s.cols && relays_b(g, sms)) {
        h.b = (const float *)g->workspace;
        h.ldb = round4(g->n);
    }
    return h;
}

// Under K = L6_STRIP_SPLIT_MAX_K, a column strip is not cut off a grid whose whole tiles run
// the main tile's split (split-K after few_tiles_split, no four-warp launch, not the fine
// tile) over more than one 64-column width: strip_us misses what the strip's launch costs such
// grids, and without it the fine tile takes the whole grid. Where the rest is one 64-column
// width the fine tile would pad 65 columns to 128, so the strip stays (evidence P423, P427,
// P428). 0: strips as before.
#ifndef L6_STRIP_SPLIT_MAX_K
#define L6_STRIP_SPLIT_MAX_K 700
#endif
template <int BM, int BN, int BK, int STAGES, int WBM, int WBN>
static inline bool short_split_keeps_columns(const struct sgemm_args *rest, int sms)
{
    if (rest->k >= L6_STRIP_SPLIT_MAX_K || rest->n <= STRIP_EDGE)
        return false;
    const enum shape_class c = class_of<BM, BN, WBM, WBN>(rest->m, rest->n, rest->k, sms);
    const enum shape_class cs = few_tiles_split<BM, BN>(rest, sms, c);
    return cs == SHAPE_SPLIT_K && !fine_tile_runs<BM, BN, BK, STAGES>(rest, sms, c) &&
           four_warp_of<BM, BN, BK, STAGES, WBM, WBN>(rest, sms, c, cs).kind == FOUR_WARP_NONE;
}

// The strip that launch cuts off g on `sms` SMs: rows off the bottom or columns off the
// right edge (none: both 0), where the time the whole tiles' grid saves (plan_time, at
// STRIP_FFMA_US) is more than the strip's (strip_us); of two such, the one that saves more.
// Only with a workspace (the grids' slices), and from K = SHORT_K_STAGED_MIN_K.
template <int BM, int BN, int BK, int STAGES, int WBM, int WBN>
static inline struct edge_strip strip_of(const struct sgemm_args *g, int sms)
{
    struct edge_strip best = {0, 0};
    const struct edge_strips cuts = strips_of(g->m, g->n);
    /* under K = SHORT_K_STAGED_MIN_K, C's stores, not the FFMAs plan_time counts, are most of
     * a grid's time */
    if (!g->workspace || g->k < SHORT_K_STAGED_MIN_K || (!cuts.cut[0].rows && !cuts.cut[1].cols))
        return best;
    /* the wide form's grids keep their edges: its rule was fitted with them; and the flat
     * shape's one launch, fitted whole (its split, not: the strip and the rest's split lose to
     * it; evidence P339) */
    const enum shape_class c0 = class_of<BM, BN, WBM, WBN>(g->m, g->n, g->k, sms);
    const struct four_warp_launch w =
        four_warp_of<BM, BN, BK, STAGES, WBM, WBN>(g, sms, c0, few_tiles_split<BM, BN>(g, sms, c0));
    if (w.kind == FOUR_WARP_WIDE || (w.kind == FOUR_WARP_FLAT && w.slices == 1))
        return best;
    const double whole = plan_time<BM, BN, BK, STAGES, WBM, WBN>(g, sms);
    if (whole < 0)
        return best;
    double most = 0; /* the most time saved, us */
    for (const struct edge_strip &s : cuts.cut) {
        if (!s.rows && !s.cols)
            continue;
        const struct sgemm_args h = strip_rest(g, s, sms);
        if (s.cols && short_split_keeps_columns<BM, BN, BK, STAGES, WBM, WBN>(&h, sms))
            continue;
        const double rest = plan_time<BM, BN, BK, STAGES, WBM, WBN>(&h, sms);
        if (rest < 0)
            continue;
        const double saved = (whole - rest) / STRIP_FFMA_US - strip_us(g->m, g->n, g->k, s, sms);
        if (saved > most) {
            most = saved;
            best = s;
        }
    }
    return best;
}

// The class's launch (launch_class), its class reckoned once; with HALVES (level 6's build;
// the autotuning grid's points measure their main tile alone), a half tile where one suits
// the grid (shape_tile_for), with that tile's own class on this GPU: stream-K, split-K or
// one launch. (launch has already sent the fine tile's shapes to it.)
template <int BM, int BN, int BK, int STAGES, int SBK, int SSTAGES, int WBM, int WBN, int WBK,
          int WSTAGES, bool HALVES>
static cudaError_t launch_shape(const struct sgemm_args *g, int sms, enum shape_class c,
                                cudaStream_t stream)
{
    if constexpr (HALVES) {
        const bool vb = rows_aligned16(g->b, g->ldb);
        const struct shape_tile t = tile_for<BM, BN, BK, STAGES>(g, sms, c, vb);
        if (t.bn < BN)
            return vb ? launch_half<BM, BN / 2, BK, STAGES, true>(g, sms, stream)
                      : launch_half<BM, BN / 2, BK, STAGES, false>(g, sms, stream);
        if (t.bm < BM)
            return vb ? launch_half<BM / 2, BN, BK, STAGES, true>(g, sms, stream)
                      : launch_half<BM / 2, BN, BK, STAGES, false>(g, sms, stream);
    }
    return launch_class<BM, BN, BK, STAGES, SBK, SSTAGES, WBM, WBN, WBK, WSTAGES>(g, sms, c, stream);
}

// g's B re-laid with aligned rows into the workspace (pad_b_offset): h reads it.
template <int BM, int BN>
static cudaError_t relay_b(const struct sgemm_args *g, struct sgemm_args *h, cudaStream_t stream)
{
    const int n4 = round4(g->n);
    float *pb = (float *)((char *)g->workspace + pad_b_offset<BM, BN>(g->m, g->n, g->k));
    const size_t blocks = ((size_t)g->k * (n4 / 4) + PAD_THREADS - 1) / PAD_THREADS;
    pad_b_rows<<<(unsigned)(blocks < PAD_MAX_BLOCKS ? blocks : PAD_MAX_BLOCKS), PAD_THREADS, 0,
                 stream>>>(g->k, g->n, n4, g->b, g->ldb, pb);
    h->b = pb;
    h->ldb = n4;
    const cudaError_t e = cudaGetLastError();
    relay_pending = e == cudaSuccess;
    return e;
}

// Whether launch_whole shifts g's B in place of re-laying it (L6_SK_SHIFT_MAX_M): its class
// c (few_tiles_split's, of the re-laid B) is stream-K for the tile it takes, and that tile
// shifts B (not 128x64). A half tile's class is its own (launch_half).
template <int BM, int BN, int BK, int STAGES>
static inline bool shifts_not_relays(const struct sgemm_args *g, int sms, enum shape_class c)
{
    if (g->m >= L6_SK_SHIFT_MAX_M || !relays_b(g, sms) || c != SHAPE_STREAM_K)
        return false;
    const struct shape_tile t = tile_for<BM, BN, BK, STAGES>(g, sms, c, true);
    if (t.bm > t.bn || (t.bm < BM && g->m >= L6_SK_SHIFT_HALF_MAX_M))
        return false;
    return (t.bm == BM && t.bn == BN) || shape_class_of(g->m, g->n, g->k, sms, t, t) == SHAPE_STREAM_K;
}

// The fine tile where it runs (fine_tile_runs), or its wide form where one of its rules takes
// the grid (wide_tile_runs; at k tiles of 16, split2_form and wide_share_runs, and with its
// tall shape one_round_form; its flat shape and its split, flat_slices), else B re-laid with
// aligned rows when that pays (relays_b), then the shape's launch. Not re-laid for the fine
// tile nor its wide form, which read B as it is: the fine tile's rule was fitted that way, and
// the copy's own launch costs a short product more than the 4-byte copies it saves (evidence
// P130). The class and tile are those of the re-laid B; a stream-K grid of few tiles is split
// instead (few_tiles_split).
template <int BM, int BN, int BK, int STAGES, int SBK, int SSTAGES, int WBM, int WBN, int WBK,
          int WSTAGES, bool HALVES>
static cudaError_t launch_whole(const struct sgemm_args *g, int sms, cudaStream_t stream)
{
    const enum shape_class c0 = class_of<BM, BN, WBM, WBN>(g->m, g->n, g->k, sms);
    const enum shape_class c = few_tiles_split<BM, BN>(g, sms, c0);
    if constexpr (HALVES) {
        const struct four_warp_launch w = four_warp_of<BM, BN, BK, STAGES, WBM, WBN>(g, sms, c0, c);
        switch (w.kind) {
        case FOUR_WARP_FINE:
            return launch_short_k(g, sms, stream);
        case FOUR_WARP_WIDE:
            return launch_short_k_wide(g, stream);
        case FOUR_WARP_EVEN:
            return launch_short_k_form(g, w.form, stream);
        case FOUR_WARP_FLAT:
            return w.slices == 1 ? launch_short_k_flat(g, stream)
                                 : launch_short_k_flat_split(g, w.slices, stream);
        case FOUR_WARP_NONE:
            break;
        }
    }
    if (!relays_b(g, sms) || shifts_not_relays<BM, BN, BK, STAGES>(g, sms, c))
        return launch_shape<BM, BN, BK, STAGES, SBK, SSTAGES, WBM, WBN, WBK, WSTAGES, HALVES>(g, sms, c, stream);
    struct sgemm_args h = *g;
    if (const cudaError_t e = relay_b<BM, BN>(g, &h, stream))
        return e;
    const cudaError_t e =
        launch_shape<BM, BN, BK, STAGES, SBK, SSTAGES, WBM, WBN, WBK, WSTAGES, HALVES>(&h, sms, c, stream);
    relay_pending = false; // taken by the product's launch, or by none
    return e;
}

// Strip s of g (strip_of) by the kernel of its class: rows by small-M, columns by small-N.
static cudaError_t launch_strip(const struct sgemm_args *g, struct edge_strip s, int sms,
                                cudaStream_t stream)
{
    struct sgemm_args h = *g;
    if (s.rows) {
        const int m0 = g->m - s.rows;
        h.m = s.rows;
        h.a = g->a + (size_t)m0 * g->lda;
        h.c = g->c + (size_t)m0 * g->ldc;
        return launch_small_m_rows(&h, sms, stream);
    }
    const int n0 = g->n - s.cols;
    h.n = s.cols;
    h.b = g->b + n0;
    h.c = g->c + n0;
    return launch_small_n_cols(&h, sms, stream);
}

// g's launch (launch_whole), with HALVES (level 6's build) its whole tiles (strip_rest) and
// then its edge strip where one pays (strip_of), one after the other on the stream; the
// launch noted is the tiles' kernel, named with the strip's after a '+'.
template <int BM, int BN, int BK, int STAGES, int SBK = BK, int SSTAGES = STAGES, int WBM = BM,
          int WBN = BN, int WBK = BK, int WSTAGES = STAGES, bool HALVES = false>
static cudaError_t launch(const struct sgemm_args *g, cudaStream_t stream)
{
    const int sms = launch_sms();
    if constexpr (HALVES) {
        if (const int s = shape_sliced_k(g->m, g->n, g->k, sms))
            if (s == 1 || g->workspace)
                return launch_sliced_k(g, s, stream);
        const struct edge_strip s = strip_of<BM, BN, BK, STAGES, WBM, WBN>(g, sms);
        if (s.rows || s.cols) {
            struct sgemm_args h = strip_rest(g, s, sms);
            if (s.cols && relays_b(g, sms)) /* all of B, as strip_rest has it */
                if (const cudaError_t e = relay_b<BM, BN>(g, &h, stream))
                    return e;
            const cudaError_t e =
                launch_whole<BM, BN, BK, STAGES, SBK, SSTAGES, WBM, WBN, WBK, WSTAGES, HALVES>(
                    &h, sms, stream);
            relay_pending = false; // taken by the tiles' launch, or by none
            if (e != cudaSuccess)
                return e;
            const struct sgemm_launch_note tiles = *sgemm_last_launch();
            if (const cudaError_t e = launch_strip(g, s, sms, stream))
                return e;
            char name[SGEMM_LAUNCH_NAME];
            snprintf(name, sizeof name, "%.40s+%.22s", tiles.name, sgemm_last_launch()->name);
            sgemm_note_launch(tiles.func, name, tiles.grid, tiles.block, tiles.dynamic_smem_bytes);
            return cudaSuccess;
        }
    }
    return launch_whole<BM, BN, BK, STAGES, SBK, SSTAGES, WBM, WBN, WBK, WSTAGES, HALVES>(g, sms,
                                                                                       stream);
}

} // namespace L6_NS

#endif
