/* changepoint.c: circular binary segmentation with permutation tests (changepoint.h). */
#include "site/changepoint.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The two-sample t statistic of the run x[i..j) against the rest of x[0..n), from prefix
 * sums; -1 when a piece (before, inside, after) would be neither empty nor CP_MIN_SEGMENT
 * long, or the outside under CP_MIN_SEGMENT. */
static double run_t(const double *pre, const double *pre_sq, int n, int i, int j)
{
    const int after = n - j, in = j - i, out = n - in;
    if ((i > 0 && i < CP_MIN_SEGMENT) || in < CP_MIN_SEGMENT || (after > 0 && after < CP_MIN_SEGMENT) ||
        out < CP_MIN_SEGMENT)
        return -1;
    const double sum = pre[n], sq = pre_sq[n];
    const double s_in = pre[j] - pre[i], q_in = pre_sq[j] - pre_sq[i];
    const double s_out = sum - s_in, q_out = sq - q_in;
    const double m_in = s_in / in, m_out = s_out / out;
    const double ss = (q_in - s_in * m_in) + (q_out - s_out * m_out);
    const double var = ss > 0 ? ss / (n - 2) : 0;
    return var > 0 ? fabs(m_in - m_out) / sqrt(var * (1.0 / in + 1.0 / out))
                   : (m_in != m_out ? INFINITY : 0);
}

/* The grid the runs' ends are tried on: every index up to CP_GRID runs, else a stride that
 * keeps about CP_GRID points (n itself always among them). */
static int grid_stride(int n) { return n <= CP_GRID ? 1 : (n + CP_GRID - 1) / CP_GRID; }

/* The largest two-sample t statistic of a run x[i..j) against the rest of x[0..n), over
 * the runs whose ends lie on the grid (grid_stride) and leave every piece (before, inside,
 * after) empty or CP_MIN_SEGMENT long: circular binary segmentation (Olshen et al. 2004),
 * which also finds a step that is undone later (a bump), where one split of the whole
 * would not. O(n + CP_GRID^2) a call, whatever n. *i, *j: the run (j == n for a step that
 * stays), each end then moved to the best index within a stride of it when refine is set
 * (the observed series; a permutation needs only the statistic). pre[n + 1], pre_sq:
 * scratch. */
static double best_run(const double *x, int n, double *pre, double *pre_sq, int *bi, int *bj,
                       bool refine)
{
    pre[0] = pre_sq[0] = 0;
    for (int k = 0; k < n; ++k) {
        pre[k + 1] = pre[k] + x[k];
        pre_sq[k + 1] = pre_sq[k] + x[k] * x[k];
    }
    const int g = grid_stride(n);
    double best = -1;
    *bi = *bj = -1;
    for (int i = 0; i < n; i = i + g < n ? i + g : n) {
        for (int j = i + g; ; j += g) {
            if (j > n)
                j = n;
            const double t = run_t(pre, pre_sq, n, i, j);
            if (t > best)
                best = t, *bi = i, *bj = j;
            if (j == n)
                break;
        }
    }
    if (refine && g > 1 && *bi >= 0) {
        const int i0 = *bi, j0 = *bj;
        for (int i = i0 - g + 1; i < i0 + g; ++i) {
            const double t = i >= 0 && i < *bj ? run_t(pre, pre_sq, n, i, *bj) : -1;
            if (t > best)
                best = t, *bi = i;
        }
        for (int j = j0 - g + 1; j0 < n && j < j0 + g && j <= n; ++j) {
            const double t = j > *bi ? run_t(pre, pre_sq, n, *bi, j) : -1;
            if (t > best)
                best = t, *bj = j;
        }
    }
    return best;
}

static double mean(const double *x, int n)
{
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += x[i];
    return s / n;
}

/* The run of x[lo..hi) that differs most from the rest, and its permutation p-value;
 * false when there is none to test. The permutations stop early once the p-value cannot
 * reach CP_ALPHA (Besag and Clifford 1991), so a segment without a step costs little. */
static bool test_segment(const double *x, int lo, int hi, uint64_t *rng, double *work,
                         double *pre, double *pre_sq, int *i, int *j, double *p)
{
    const int n = hi - lo, enough = (int)(CP_ALPHA * (CP_PERMUTATIONS + 1));
    if (n < 2 * CP_MIN_SEGMENT)
        return false;
    int gi, gj;
    const double t = best_run(x + lo, n, pre, pre_sq, &gi, &gj, false); /* the test's statistic */
    if (gi < 0)
        return false;
    best_run(x + lo, n, pre, pre_sq, i, j, true); /* where the step lies, to the run */
    int as_large = 0, k;
    memcpy(work, x + lo, (size_t)n * sizeof *work);
    for (k = 0; k < CP_PERMUTATIONS && as_large < enough; ++k) {
        for (int a = n - 1; a > 0; --a) { /* Fisher-Yates */
            const int b = (int)(next(rng) % (uint64_t)(a + 1));
            const double v = work[a];
            work[a] = work[b];
            work[b] = v;
        }
        int ignored_i, ignored_j;
        as_large += best_run(work, n, pre, pre_sq, &ignored_i, &ignored_j, false) >= t;
    }
    *p = as_large >= enough ? 1.0 : (1.0 + as_large) / (1.0 + CP_PERMUTATIONS);
    *i += lo;
    *j += lo;
    return true;
}

/* Inserts a boundary at `at` after segment b (bounds[b] < at < bounds[b + 1]). */
static void split(int *bounds, double *p_at, bool *settled, int *nb, int b, int at, double p)
{
    memmove(&bounds[b + 2], &bounds[b + 1], (size_t)(*nb - b - 1) * sizeof *bounds);
    memmove(&p_at[b + 2], &p_at[b + 1], (size_t)(*nb - b - 1) * sizeof *p_at);
    memmove(&settled[b + 2], &settled[b + 1], (size_t)(*nb - b - 2) * sizeof *settled);
    bounds[b + 1] = at;
    p_at[b + 1] = p;
    settled[b] = settled[b + 1] = false;
    (*nb)++;
}

int cp_detect(const double *x, int n, uint64_t seed, struct cp_step *out, int cap)
{
    /* Segment b is x[bounds[b] .. bounds[b + 1]); p_at[b] is the p-value of the step at
     * bounds[b]; settled[b]: segment b was tested and has no step. */
    int bounds[CP_MAX_STEPS + 3] = {0, n}, nb = 2, found = 0;
    double p_at[CP_MAX_STEPS + 3] = {0};
    bool settled[CP_MAX_STEPS + 3] = {false};
    double *work = malloc(3 * (size_t)(n + 1) * sizeof *work);
    if (!work)
        return 0;
    double *pre = work + n + 1, *pre_sq = pre + n + 1;
    uint64_t rng = seed;
    if (cap > CP_MAX_STEPS)
        cap = CP_MAX_STEPS;
    for (int b = 0; b + 1 < nb && found < cap;) {
        double p = 1;
        int i = -1, j = -1;
        if (settled[b] || !test_segment(x, bounds[b], bounds[b + 1], &rng, work, pre, pre_sq,
                                        &i, &j, &p) || p > CP_ALPHA) {
            settled[b] = true;
            ++b;
            continue;
        }
        /* A run [i, j) inside segment b: a step at i, at j, or both. */
        if (j < bounds[b + 1] && found < cap)
            split(bounds, p_at, settled, &nb, b, j, p), found++;
        if (i > bounds[b] && found < cap)
            split(bounds, p_at, settled, &nb, b, i, p), found++;
    }
    for (int b = 1; b + 1 < nb; ++b) {
        struct cp_step *s = &out[b - 1];
        s->at = bounds[b];
        s->before = mean(x + bounds[b - 1], bounds[b] - bounds[b - 1]);
        s->after = mean(x + bounds[b], bounds[b + 1] - bounds[b]);
        s->p = p_at[b];
    }
    free(work);
    return found;
}
