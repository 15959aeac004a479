// plan_host.cuh: what the host programs over level 6's dispatch share
// (lab/evidence/P269/plan.cu, session55-prep/split.cu). Each reads "MxNxK"
// lines on stdin and asks kernels/level6_tuned.cuh itself, on the host (no GPU, no CUDA
// call), what launch does with that product on PLAN_SMS SMs: B and C of leading dimension
// N (16-byte aligned rows where N % 4 is 0) and a workspace. From the repository root:
// nvcc -std=c++17 -I. -DSGEMM_MIN_ARCH_CC=80 -arch=sm_90 -o PROGRAM PROGRAM.cu
#ifndef SGEMM_BENCH_TOOLS_EVIDENCE_PLAN_HOST_CUH
#define SGEMM_BENCH_TOOLS_EVIDENCE_PLAN_HOST_CUH

#include <stdint.h>
#include <stdio.h>

#include "kernels/level6_tuned.cuh"

enum { PLAN_SMS = 132 }; // an H100's and an H200's

// One product as launch plans it: the edge strip it cuts, and its whole tiles' class and
// whether the fine tile takes them.
struct plan {
    struct sgemm_args g;         // the product (no memory behind its pointers: the rules
                                 // read only their alignment)
    struct l6::edge_strip strip; // none: 0 rows, 0 columns
    struct sgemm_args h;         // its whole tiles: g less the strip
    enum shape_class c;          // h's class
    enum shape_class cs;         // ... a stream-K grid of few tiles split (few_tiles_split):
                                 // the class launch_whole hands the wide form's rules
    bool fine;                   // launch sends h to the fine tile
};

// The next line's product into p; false at the end of the input or a line that is not MxNxK.
static inline bool plan_next(struct plan *p)
{
    int m, n, k;
    if (scanf("%dx%dx%d", &m, &n, &k) != 3)
        return false;
    float *const at = (float *)(uintptr_t)0x10000;
    p->g = {m, n, k, 1.0f, at, k, at, n, 0.0f, at, n, at};
    p->strip = l6::strip_of<L6_BM, L6_BN, L6_BK, L6_STAGES, L6_WIDE_BM, L6_WIDE_BN>(&p->g, PLAN_SMS);
    p->h = (p->strip.rows || p->strip.cols) ? l6::strip_rest(&p->g, p->strip, PLAN_SMS) : p->g;
    p->c = l6::class_of<L6_BM, L6_BN, L6_WIDE_BM, L6_WIDE_BN>(p->h.m, p->h.n, p->h.k, PLAN_SMS);
    p->cs = l6::few_tiles_split<L6_BM, L6_BN>(&p->h, PLAN_SMS, p->c);
    p->fine = l6::fine_tile_runs<L6_BM, L6_BN, L6_BK, L6_STAGES>(&p->h, PLAN_SMS, p->c);
    return true;
}

// f(p) for each product on stdin, as plan_next reads it; 0 (main's exit status).
template <typename F>
static inline int each_plan(F f)
{
    struct plan p;
    while (plan_next(&p))
        f(p);
    return 0;
}

// Level 6's launch notes, which no host program takes.
extern "C" void sgemm_note_launch(const void *, const char *, const unsigned[3], const unsigned[3], size_t) {}
extern "C" const struct sgemm_launch_note *sgemm_last_launch(void) { return 0; }

#endif
