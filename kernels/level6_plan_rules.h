/* level6_plan_rules.h: level 6's rules one by one, as l6_plan_of applies them (level6_plan.c),
 * for kernels/tests/dispatch_test.c: each for level 6's own build (L6_LEVEL6) on `sms` SMs.
 * c: the product's class as that step sees it (l6_class, or l6_whole_class: after the split
 * of stream-K's few tiles). Plain C. */
#ifndef SGEMM_BENCH_KERNELS_LEVEL6_PLAN_RULES_H
#define SGEMM_BENCH_KERNELS_LEVEL6_PLAN_RULES_H

#include "kernels/level6_plan.h"

int l6_class(const struct l6_problem *p, int sms);
int l6_whole_class(const struct l6_problem *p, int sms);
int l6_fine_tile_runs(const struct l6_problem *p, int sms, int c);
int l6_wide_tile_runs(const struct l6_problem *p, int sms, int c);
int l6_wide_share_runs(const struct l6_problem *p, int sms, int c);
int l6_split2_form(const struct l6_problem *p, int sms, int c);
int l6_one_round_form(const struct l6_problem *p, int sms, int c);
int l6_relays_b(const struct l6_problem *p, int sms);
int l6_shifts_not_relays(const struct l6_problem *p, int sms, int c);
void l6_strip_of(const struct l6_problem *p, int sms, int *rows, int *cols);
struct l6_problem l6_strip_rest(const struct l6_problem *p, int sms, int rows, int cols);
int l6_flat_slices(const struct l6_problem *p, int sms); /* the flat shape's: 0 none, 1 one launch */
int l6_small_m_slices(int mr, int blocks, int n, int k, int sms, int per_sm);
int l6_small_m_few_ctas(int m, int n, int k, int sms);
size_t l6_slices_bytes(int m, int n, int k); /* the slices' room in level 6's workspace */
enum { L6_SMALL_M_MAX_CTAS = 8 };

#endif
