/* level6_plan.h: level 6's plan, plain C. l6_plan_of reads a product (its shape, the alignment
 * of its operands, whether it has a workspace) and a GPU (its SM count, how many CTAs of a
 * kernel an SM holds) and returns the launches that run it: which kernel, tile, depth, K
 * slices, stream-K shares, edge strip, re-laid B, workspace, and the rule that chose each.
 * It calls no CUDA: the launch (kernels/level6_tuned.cuh) is a switch on the plan, and
 * `sweep --explain-plan MxNxK` prints one with no GPU (docs/kernels/level6.md).
 *
 * The rules are kernels/level6_plan.c's table, tried in order; their shape predicates and
 * fitted coefficients are kernels/shape_class.h's. */
#ifndef SGEMM_BENCH_KERNELS_LEVEL6_PLAN_H
#define SGEMM_BENCH_KERNELS_LEVEL6_PLAN_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A tiled kernel's configuration: a bm x bn tile of C (whole 64x64 warp tiles), bk-deep k
 * tiles in `stages` stages. */
struct l6_tile {
    int bm, bn, bk, stages;
};

/* A build of level 6: its tiles and the bounds of its launch rules. The knobs a tuning or
 * test build sets (kernels/tuning, kernels/testing); L6_LEVEL6 is level 6's own. */
struct l6_config {
    struct l6_tile main;  /* the one-launch, split-K and stream-K classes' tile */
    struct l6_tile small; /* the small-tile class's 64x64 tile: its bk and stages */
    struct l6_tile wide;  /* the deep class's tile */
    int full_rules;       /* 1: level 6's rules (half tiles, four-warp tiles, strips, sliced K);
                             0: the classes' tiles alone (an autotuning grid point) */
    int stage_c_max_k;       /* an unaligned C staged by tiles that have no room, up to this K */
    int stage_c_max_k_vec_b; /* ... with B's rows read in vectors */
    int pad_b_min_m;         /* B's rows re-laid aligned from this M (pad_b_bytes) */
    int relay_all_min_m;     /* ... for every class from this M (relays_b) */
    int sk_shift_max_m;      /* stream-K shifts B rather than re-laying it under this M */
    int sk_shift_half_max_m; /* ... the 64x128 tile, under this M */
    int strip_split_max_k;   /* no column strip off a main-tile split under this K */
    int resident_max;        /* the CTAs an SM the launch counts on, at most (stream-K) */
};
extern const struct l6_config L6_LEVEL6;

/* An operand's rows: `ld` floats apart from a pointer `offset` bytes past a 16-byte
 * boundary. Its rows are 16-byte aligned when both are multiples of 16 bytes. */
struct l6_operand {
    int ld, offset;
};

struct l6_problem {
    int m, n, k;
    struct l6_operand a, b, c;
    int workspace; /* 1: a workspace of l6_workspace_of(m, n, k) bytes, 256-byte aligned */
};

/* The GPU: its SMs (the plan counts at most L6_MAX_SMS of them), and how many CTAs of a
 * launch's kernel an SM holds (the occupancy API, or a stand-in). */
struct l6_launch;
struct l6_gpu {
    int sm_count;
    int (*resident)(void *ctx, const struct l6_launch *l);
    void *ctx;
};
enum { L6_MAX_SMS = 256 };

/* The kernels a plan launches. */
enum l6_kernel {
    L6_K_NONE,
    L6_K_TILES,      /* tuned_kernel, one launch */
    L6_K_SPLIT,      /* tuned_kernel over K slices into the workspace, then their sum */
    L6_K_STREAM_K,   /* streamk_kernel, its flags zeroed first */
    L6_K_FINE,       /* short_k_kernel: a four-warp tile (`depth`) */
    L6_K_FINE_SPLIT, /* short_k_split_kernel, then the slices' sum */
    L6_K_SMALL_M,    /* small_m_kernel: `rows` accumulator rows in `blocks` row blocks */
    L6_K_SMALL_N,    /* small_n_kernel: `rows` columns */
    L6_K_SLICED_K    /* sliced_k_kernel */
};
/* Which of the build's tiles (struct l6_config) a tiled launch runs. */
enum l6_tile_id { L6_TILE_MAIN, L6_TILE_HALF_N, L6_TILE_HALF_M, L6_TILE_SMALL, L6_TILE_WIDE };
/* The four-warp tile's forms (kernels/short_k.cuh): depth and shape. */
enum l6_depth {
    L6_FINE_BASE,      /* 64x64, k tiles of 16 in 4 stages */
    L6_FINE_DEEP,      /* 64x64, 32 in 2 */
    L6_FINE_WIDE,      /* 64x128, 8 in 4 */
    L6_FINE_WIDE_EVEN, /* 64x128, 16 in 3 */
    L6_FINE_TALL_EVEN, /* 128x64, 16 in 3 */
    L6_FINE_FLAT,      /* 32x128, 16 in 4 */
    L6_DEPTHS
};
/* How a tiled kernel stores an unaligned C (tuned_kernel's STAGE_C). */
enum l6_store { L6_STORE_ROOM, L6_STORE_COLUMNS, L6_STORE_LINES };

/* The slices' sum (splitk_reduce, or splitk_reduce_few under 2 x 8 slices): v floats a
 * thread, C's rows stored in vectors or not. */
struct l6_reduce {
    int v, vec_c, few;
    unsigned grid[3], block[3];
    int lanes; /* splitk_reduce's lanes a row */
};

/* One product's kernel. */
struct l6_launch {
    enum l6_kernel kernel;
    enum l6_tile_id tile;  /* TILES, SPLIT, STREAM_K */
    struct l6_tile dims;   /* ... its size; FINE: the four-warp tile's */
    enum l6_depth depth;   /* FINE, FINE_SPLIT */
    int vec_a, vec_b, vec_c;
    int store;             /* TILES: enum l6_store; FINE: 1 where C is staged */
    int shift_b;           /* SPLIT: B's rows shifted */
    int rows, blocks;      /* SMALL_M: accumulator rows, row blocks; SMALL_N: columns */
    int slices, k_split;   /* K slices (1: none) and the k of each */
    int ldw;               /* the slices' rows in the workspace, floats apart */
    struct {
        int tiles_m, dp_tiles, sk_tiles, sk_ctas, iters;
    } sk;                  /* STREAM_K */
    int early;             /* launched as the re-laid B's copy's dependent (PDL) */
    unsigned grid[3];
    int threads;
    struct l6_reduce reduce; /* where slices > 1 */
    int rule;                /* the rule that chose it (l6_rule_of) */
};

/* A product of the plan: the whole grid, or the strip cut off its edge. */
struct l6_part {
    int m, n;            /* its extent: the product's, less the strip (or the strip's own) */
    int relay_b;         /* B re-laid aligned into the workspace before its launch */
    int relay_n;         /* ... its relay_n columns (the product's: a strip's grid reads all) */
    size_t relay_at;     /* ... at this byte offset */
    struct l6_launch run;
};

struct l6_plan {
    struct l6_part whole, strip;  /* strip.run.kernel NONE: no strip */
    int strip_rows, strip_cols;   /* the strip cut off (rows off the bottom, columns off the right) */
    int shape_class;              /* the product's class (enum shape_class, shape_class.h) */
    int rules[16], n_rules;       /* every rule that applied, in order */
};

/* One row of the rule table: a rule's name, what it sends a product to, why, and the
 * evidence (lab/evidence, docs/PERF.md) that measured it. */
struct l6_rule {
    const char *name, *path, *reason, *evidence;
};
const struct l6_rule *l6_rule_of(int id);
int l6_rule_count(void);

/* The plan for p on gpu by the build cfg. Pure: no CUDA, no state. */
struct l6_plan l6_plan_of(const struct l6_config *cfg, const struct l6_problem *p,
                          const struct l6_gpu *gpu);

/* The workspace, in bytes, that any plan of an m x n x k product takes on any GPU of up to
 * L6_MAX_SMS SMs (the sweep sizes it before CUDA starts). */
size_t l6_workspace_of(const struct l6_config *cfg, int m, int n, int k);

/* The kernel's name with its configuration, as the launch notes it ("tuned_kernel<...>"). */
void l6_launch_name(const struct l6_launch *l, char *out, size_t size);

/* The plan, for a reader: each launch, its grid, the workspace (`workspace` bytes: the
 * launch's l6_workspace_of, which the plan itself does not compute on the launch's path), and
 * the rules that chose it. */
void l6_plan_print(FILE *f, const struct l6_plan *plan, const struct l6_problem *p, int sms,
                   size_t workspace);

/* Level 6's plan for an m x n x k product on `sms` SMs, A's rows k floats apart and B's and C's
 * n rounded up to 4 (aligned) or n, with a workspace: l6_plan_print's (sweep --explain-plan). */
void l6_explain(FILE *out, int m, int n, int k, int sms, int aligned);

#ifdef __cplusplus
}
#endif

#endif
