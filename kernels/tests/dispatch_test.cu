// dispatch_test.cu: level 6's dispatch rules that read more than the shape, on the host
// (no GPU: they call no CUDA API). Which stream-K grids the fine tile takes
// (short_k_runs_streamk, kernels/level6_tuned.cuh) on an H100's 132 SMs, with level 6's
// own tiles (kernels/level6_config.h): where C's rows are unaligned and B is read in
// vectors (aligned, or re-laid where that pays), and the fine tile would take the grid's
// one launch (docs/PERF.md, "Stream-K's stores at short K").
#include <stdint.h>
#include <stdio.h>

#include "kernels/level6_tuned.cuh"

namespace {

enum { SMS = 132 };

// A product's arguments with 16-byte aligned matrices of leading dimension lda, ldb, ldc
// (no memory behind them: the rules read only the pointers' alignment), and a workspace or
// none.
struct sgemm_args args_of(int m, int n, int k, int ldb, int ldc, bool workspace)
{
    float *const at = (float *)(uintptr_t)0x10000;
    struct sgemm_args g = {m, n, k, 1.0f, at, k, at, ldb, 0.0f, at, ldc, workspace ? at : nullptr};
    return g;
}

int failures = 0;

void expect(bool ok, const char *what, int m, int n, int k)
{
    if (!ok) {
        fprintf(stderr, "FAIL: %dx%dx%d: %s\n", m, n, k, what);
        ++failures;
    }
}

// g's class on SMS SMs is stream-K, and the fine tile takes it (takes) or not.
void check(const struct sgemm_args &g, bool takes, const char *what)
{
    const enum shape_class c = l6::class_of<L6_BM, L6_BN, L6_WIDE_BM, L6_WIDE_BN>(g.m, g.n, g.k, SMS);
    expect(c == SHAPE_STREAM_K, "not of the stream-K class", g.m, g.n, g.k);
    const bool runs = l6::short_k_runs_streamk<L6_BM, L6_BN, L6_BK, L6_STAGES>(&g, SMS, c);
    expect(runs == takes, what, g.m, g.n, g.k);
}

} // namespace

extern "C" int level6_dispatch_failures(void)
{
    // C unaligned, B re-laid (M >= 400), K 180: the fine tile (H100: 66 -> 82% of cuBLAS)
    check(args_of(5517, 1854, 180, 1854, 1854, true), true, "C unaligned, B re-laid: fine tile");
    check(args_of(3399, 4175, 209, 4175, 4175, true), true, "C unaligned, B re-laid: fine tile");
    // the same grid with B's rows aligned (ldb a multiple of 4), C's not
    check(args_of(5517, 1854, 180, 1856, 1854, true), true, "C unaligned, B aligned: fine tile");
    // C aligned: stream-K stores it in vectors
    check(args_of(5517, 1856, 180, 1856, 1856, true), false, "C aligned: stream-K");
    // no workspace: B cannot be re-laid (and stream-K could not run; one launch then)
    check(args_of(5517, 1854, 180, 1854, 1854, false), false, "B neither aligned nor re-laid");
    // M under 400: B is not re-laid, stream-K shifts it (88 -> 91% kept as stream-K)
    check(args_of(310, 15639, 414, 15639, 15639, true), false, "B shifted by stream-K");
    // K past the fine tile's (512): its rule does not take the grid
    check(args_of(2693, 1138, 1200, 1138, 1138, true), false, "K past the fine tile's");
    // another class: the rule is stream-K's only
    const struct sgemm_args one = args_of(4096, 4095, 256, 4095, 4095, true);
    const enum shape_class c = l6::class_of<L6_BM, L6_BN, L6_WIDE_BM, L6_WIDE_BN>(4096, 4095, 256, SMS);
    expect(c != SHAPE_STREAM_K, "of the stream-K class", 4096, 4095, 256);
    expect(!l6::short_k_runs_streamk<L6_BM, L6_BN, L6_BK, L6_STAGES>(&one, SMS, c),
           "another class taken", 4096, 4095, 256);
    return failures;
}
