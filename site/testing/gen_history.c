/* gen_history.c: TEST ONLY. Writes N synthetic runs (clearly labelled as generated) into a
 * history store, derived from one real results file, to time the site build at scale,
 * and (with STEP_AT) to give the step detector a known step: from run STEP_AT on, KERNEL's
 * rate and % of cuBLAS are STEP_PCT % higher (lower when negative), and where the template
 * recorded its SASS, its code has half the FFMAs; with LEN, for LEN runs only (a blip).
 * usage: gen_history TEMPLATE.json HISTORY_DIR N [STEP_AT STEP_PCT KERNEL [LEN]] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/results.h"
#include "site/history.h"

int main(int argc, char **argv)
{
    struct results r;
    char err[512], id[96], path[4352];
    if ((argc != 4 && argc != 7 && argc != 8) || atoi(argv[3]) < 1) {
        fprintf(stderr, "usage: gen_history TEMPLATE.json HISTORY_DIR N [STEP_AT STEP_PCT KERNEL [LEN]]\n");
        return 2;
    }
    const int step_at = argc >= 7 ? atoi(argv[4]) : -1;
    const int step_end = argc == 8 ? step_at + atoi(argv[7]) : -1; /* back from this run */
    const double step = argc >= 7 ? 1 + atof(argv[5]) / 100 : 1;
    if (results_read(argv[1], &r, err, sizeof err)) {
        fprintf(stderr, "gen_history: %s\n", err);
        return 2;
    }
    const int n = atoi(argv[3]);
    snprintf(r.run.branch, sizeof r.run.branch, "synthetic-load-test");
    snprintf(r.run.subject, sizeof r.run.subject, "GENERATED for the %d-run site build test", n);
    for (int i = 0; i < n; ++i) {
        snprintf(r.run.commit, sizeof r.run.commit, "%012lx%028d", 0xabc000000ul + (unsigned long)i, 0);
        snprintf(r.run.utc, sizeof r.run.utc, "2027-%02d-%02dT%02d:%02d:00Z", 1 + i / 600 % 12,
                 1 + i / 24 % 25, i % 24, i % 60);
        for (size_t j = 0; j < r.n_points; ++j) /* a gentle drift, so the charts move */
            r.points[j].pct_ref *= 1.0 + 0.002 * ((i * 7 + (int)j) % 5 - 2);
        for (size_t j = 0; i == step_end && j < r.n_points; ++j)
            if (strcmp(r.points[j].kernel, argv[6]) == 0)
                r.points[j].pct_ref /= step, r.points[j].rate /= step;
        for (size_t j = 0; i == step_at && j < r.n_points; ++j)
            if (strcmp(r.points[j].kernel, argv[6]) == 0) {
                struct result_point *p = &r.points[j];
                p->pct_ref *= step, p->rate *= step;
                if (p->sass_total > 0) { /* recorded SASS (sweep --sass): other code */
                    const int less = p->sass_count[0] / 2; /* FFMA, results.h's first class */
                    p->sass_count[0] -= less, p->sass_total -= less, p->sass_hash ^= 1;
                }
            }
        if (history_store_name(&r, r.run.commit, id, sizeof id, err, sizeof err) != 0) {
            fprintf(stderr, "gen_history: %s\n", err);
            return 2;
        }
        snprintf(path, sizeof path, "%s/%s", argv[2], id);
        if (results_write(&r, path, err, sizeof err)) {
            fprintf(stderr, "gen_history: %s\n", err);
            return 2;
        }
    }
    results_free(&r);
    return 0;
}
