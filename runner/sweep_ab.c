/* sweep_ab.c: the sweep's A/B mode (--against BASE_SWEEP): for each unit (a GEMM level, or
 * the memory family) rounds of a base process then a head process on this GPU, the rounds
 * merged point by point for compare_ab, and the sequential looks that re-measure only the
 * undecided points (sweep_internal.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/child.h"
#include "runner/escape.h"
#include "runner/exit_codes.h"
#include "runner/sweep_internal.h"

/* The points an A/B check re-measures: (kernel, shape) pairs, with the union of their
 * shapes and their kernels' names as the base build's --levels. */
struct flagged {
    const char *kernel[CLI_MAX_KERNELS * CLI_MAX_SHAPES];
    struct shape shape[CLI_MAX_KERNELS * CLI_MAX_SHAPES];
    int n;
    struct shape shapes[CLI_MAX_SHAPES];
    int n_shapes;
    char names[512];
    bool names_overflow; /* too many names for names[]: the base measures every level */
};

static bool flagged_has(const struct flagged *f, const struct result_point *p)
{
    const struct shape sh = {p->m, p->n, p->k,
                             point_is_memory(p) ? FAMILY_MEMORY : FAMILY_SGEMM};
    for (int i = 0; i < f->n; ++i)
        if (strcmp(f->kernel[i], p->kernel) == 0 && same_shape(f->shape[i], sh))
            return true;
    return false;
}

static void flagged_add(struct flagged *f, const struct point_verdict *v,
                        enum kernel_family family)
{
    const struct shape sh = {v->m, v->n, v->k, family};
    bool known_name = false, known_shape = false;
    if (f->n == (int)(sizeof f->kernel / sizeof f->kernel[0]))
        return;
    for (int i = 0; i < f->n; ++i)
        known_name |= strcmp(f->kernel[i], v->kernel) == 0;
    for (int i = 0; i < f->n_shapes; ++i)
        known_shape |= same_shape(f->shapes[i], sh);
    if (!known_shape && f->n_shapes == CLI_MAX_SHAPES)
        return; /* cannot happen: the flagged shapes are among the sweep's */
    if (!known_shape)
        f->shapes[f->n_shapes++] = sh;
    f->kernel[f->n] = v->kernel;
    f->shape[f->n++] = sh;
    const size_t used = strlen(f->names);
    if (!known_name && snprintf(f->names + used, sizeof f->names - used, "%s%s",
                                used ? "," : "", v->kernel) >= (int)(sizeof f->names - used))
        f->names_overflow = true;
}

/* Runs the base build's sweep in its own process, with --levels levels at the given shapes,
 * writing into dir; reads the points it measured into *into: all of them, or only those in
 * keep when keep is not NULL. Only flags every version of the sweep knows are passed, so an
 * older base build runs too. */
static int run_base(struct sweep *s, const char *levels, const struct shape *sh, int n_shapes,
                    int round, const struct flagged *keep, struct results *into)
{
    char out[PATH_CAP], seed[32], wd[16], shapes[CLI_MAX_SHAPES][48], err[512];
    const char *argv[16 + 2 * CLI_MAX_SHAPES];
    int argc = 0;
    snprintf(out, sizeof out, "%s/base-%d.json", s->ab_dir, s->ab_calls++);
    snprintf(seed, sizeof seed, "%llu", s->opt.seed);
    snprintf(wd, sizeof wd, "%d", s->opt.watchdog_s);
    argv[argc++] = s->opt.against;
    if (levels)
        argv[argc++] = "--levels", argv[argc++] = levels;
    else /* every memory kernel the base has */
        argv[argc++] = "--family", argv[argc++] = "memory";
    argv[argc++] = "--seed", argv[argc++] = seed;
    argv[argc++] = "--watchdog", argv[argc++] = wd;
    argv[argc++] = "--baseline", argv[argc++] = "none";
    argv[argc++] = "--out", argv[argc++] = out;
    for (int i = 0; i < n_shapes; ++i) {
        results_shape_text(sh[i].family == FAMILY_MEMORY, sh[i].m, sh[i].n, sh[i].k, shapes[i],
                           sizeof shapes[i]);
        argv[argc++] = "--shape", argv[argc++] = shapes[i];
    }
    argv[argc] = NULL;
    /* From the second round on, the base's kernels have passed the conformance cases in
     * this very binary: AB_ROUND_ENV lets a build that knows it skip them (an older one
     * ignores it). They cost a context's worth of time per kernel and round. */
    char rv[16];
    snprintf(rv, sizeof rv, "%d", round);
    setenv(AB_ROUND_ENV, rv, 1);
    char *device = results_device_text(&s->res.device);
    if (device)
        setenv(AB_DEVICE_ENV, device, 1);
    free(device);
    int code = child_exec(argv, "/dev/null", 0);
    unsetenv(AB_ROUND_ENV);
    unsetenv(AB_DEVICE_ENV);
    if (code < 0 || child_interrupt_signal)
        return child_interrupt_signal ? interrupted_code() : SB_EXIT_ENV;
    if (code == SB_EXIT_USAGE && !levels) {
        esc_say(stderr, "sweep: the base build (", s->opt.against,
                ") has no memory family: its memory points are NEW\n");
        return SB_EXIT_OK;
    }
    if (code != SB_EXIT_OK && code != SB_EXIT_WRONG) {
        esc_say(stderr, "sweep: the base build (", s->opt.against, ") failed at --levels ");
        fprintf(stderr, "%s with exit %d\n", levels ? levels : "(memory)", code);
        return code == SB_EXIT_USAGE ? SB_EXIT_USAGE : SB_EXIT_ENV;
    }
    struct results got;
    if (results_read(out, &got, err, sizeof err) != 0) {
        esc_report(stderr, "sweep: the base build's results", err);
        return SB_EXIT_ENV;
    }
    if (into->n_points == 0)
        into->device = got.device;
    for (size_t i = 0; i < got.n_points; ++i)
        if (!keep || flagged_has(keep, &got.points[i]))
            results_add(into, &got.points[i]);
    results_free(&got);
    unlink(out);
    return SB_EXIT_OK;
}

static int cmp_time(const void *a, const void *b)
{
    double x = ((const struct result_point *)a)->time_ms.median;
    double y = ((const struct result_point *)b)->time_ms.median;
    return (x > y) - (x < y);
}

/* One point per key: the round with the median own time, carrying every round's own and
 * reference times at their round's index (0 where a round did not measure the point), so
 * that compare_ab pairs base and head round by round. A point invalid in some round is
 * that round's point. rounds[0] defines the keys. */
static void merge_rounds(struct results *rounds, int n, struct results *into)
{
    for (size_t i = 0; i < rounds[0].n_points; ++i) {
        const struct result_point *p = &rounds[0].points[i];
        const struct result_point *at[AB_MAX_ROUNDS] = {NULL}, *invalid = NULL;
        struct result_point got[AB_MAX_ROUNDS];
        int g = 0;
        for (int r = 0; r < n && !invalid; ++r) {
            at[r] = results_find(&rounds[r], p->kernel, p->m, p->n, p->k);
            if (at[r] && !at[r]->valid)
                invalid = at[r];
            else if (at[r])
                got[g++] = *at[r];
        }
        if (invalid) {
            results_add(into, invalid);
            continue;
        }
        qsort(got, (size_t)g, sizeof got[0], cmp_time);
        struct result_point med = got[g / 2];
        med.n_rounds = n;
        for (int r = 0; r < n; ++r) {
            med.round_ms[r] = at[r] ? at[r]->time_ms.median : 0;
            med.round_ref_ms[r] = at[r] ? at[r]->ref_time_ms.median : 0;
            med.round_noise[r] = at[r] ? at[r]->time_ms.rel_noise : 0;
            med.round_ref_noise[r] = at[r] ? at[r]->ref_time_ms.rel_noise : 0;
        }
        results_add(into, &med);
    }
}

/* One round of one unit at every shape of its family: the base's process, then the
 * head's. A unit is a GEMM level, asked of the base by number, or the whole memory family,
 * asked by --family: either way a kernel the base lacks is simply NEW. */
static int ab_round(struct sweep *s, const struct sgemm_kernel *unit, int r)
{
    char lv[16];
    struct shape shapes[CLI_MAX_SHAPES];
    const bool memory = unit->family == FAMILY_MEMORY;
    const int n = shapes_for(s, unit, shapes);
    snprintf(lv, sizeof lv, "%d", unit->level);
    fprintf(stderr, "sweep: A/B %s%s round %d: base, then head\n", memory ? "memory family" : "level ",
            memory ? "" : lv, r + 1);
    int rc = run_base(s, memory ? NULL : lv, shapes, n, r, NULL, &s->ab_base[r]);
    struct level_job jobs[CLI_MAX_KERNELS];
    int n_jobs = 0;
    for (int j = 0; j < s->n_kernels; ++j) {
        const struct sgemm_kernel *k = s->kernels[j];
        if (s->opt.selected[j] && k->family == unit->family && (memory || k->level == unit->level))
            jobs[n_jobs++] = (struct level_job){k, shapes, n, &s->cfg, r > 0};
    }
    /* The first round: a process per kernel, each behind its conformance cases. Later
     * rounds: the unit's kernels share one (run_jobs), as the base's do (AB_ROUND_ENV). */
    if (r > 0 && rc == SB_EXIT_OK)
        return run_jobs(s, jobs, n_jobs, &s->ab_head[r]);
    for (int j = 0; j < n_jobs && rc == SB_EXIT_OK; ++j)
        rc = run_level(s, &jobs[j], &s->ab_head[r]);
    return rc;
}

/* s->res and s->base from every round so far. */
static void ab_merge(struct sweep *s)
{
    results_clear_points(&s->res);
    results_clear_points(&s->base);
    merge_rounds(s->ab_head, s->ab_rounds, &s->res);
    merge_rounds(s->ab_base, s->ab_rounds, &s->base);
    s->base.run = s->res.run;
    snprintf(s->base.run.commit, sizeof s->base.run.commit, "base");
    s->base.device = s->ab_base[0].device;
    s->have_base = true;
}

/* The base build's kernels that this build does not register and the selection would
 * have picked, from the base's --list (family, level, name a line, after a header), into
 * s->base_only: the comparison names each a missing kernel. A base whose list cannot be
 * read names none (its points still compare). */
static void base_only_kernels(struct sweep *s)
{
    char out[PATH_CAP], line[512];
    snprintf(out, sizeof out, "%s/base-list.txt", s->ab_dir);
    const char *argv[] = {s->opt.against, "--list", NULL};
    if (child_exec(argv, out, 60) != SB_EXIT_OK)
        return;
    FILE *f = fopen(out, "r");
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        char family[16], name[RS_SHORT];
        int level;
        if (sscanf(line, "%15s %d %63s", family, &level, name) != 3 || kernel_named(s, name))
            continue;
        const enum kernel_family fam = strcmp(family, "memory") == 0 ? FAMILY_MEMORY : FAMILY_SGEMM;
        if (cli_selects(&s->opt, fam, level, name) && s->n_base_only < CMP_MAX_MISSING)
            snprintf(s->base_only[s->n_base_only++], RS_SHORT, "%s", name);
    }
    fclose(f);
    unlink(out);
}

/* Head (this build) and base, level by level: base, head, base, head, ... */
int measure_ab(struct sweep *s)
{
    int rc = SB_EXIT_OK, done_unit[101] = {0};
    snprintf(s->ab_dir, sizeof s->ab_dir, "/tmp/sgemm-ab.XXXXXX");
    if (!mkdtemp(s->ab_dir)) {
        fprintf(stderr, "sweep: cannot make a temporary directory: %s\n", strerror(errno));
        return SB_EXIT_ENV;
    }
    for (int r = 0; r < AB_MAX_ROUNDS; ++r) {
        results_init(&s->ab_base[r]);
        results_init(&s->ab_head[r]);
    }
    s->ab_rounds = s->opt.rounds;
    base_only_kernels(s);
    s->total = 0;
    for (int i = 0; i < s->n_kernels; ++i)
        s->total += s->opt.selected[i] ? points_of(s, s->kernels[i]) * s->opt.rounds : 0;
    for (int i = 0; i < s->n_kernels && rc == SB_EXIT_OK; ++i) {
        const struct sgemm_kernel *k = s->kernels[i];
        /* units: GEMM levels 0..99, then the memory family as one */
        const int unit = k->family == FAMILY_MEMORY ? 100 : k->level;
        if (!s->opt.selected[i] || unit < 0 || unit > 100 || done_unit[unit]++ ||
            points_of(s, k) == 0)
            continue;
        for (int r = 0; r < s->opt.rounds && rc == SB_EXIT_OK; ++r)
            rc = ab_round(s, k, r);
    }
    if (rc == SB_EXIT_OK)
        ab_merge(s);
    return rc;
}

void ab_close(struct sweep *s)
{
    if (!s->opt.against)
        return;
    for (int r = 0; r < AB_MAX_ROUNDS; ++r) {
        results_free(&s->ab_base[r]);
        results_free(&s->ab_head[r]);
    }
    if (s->ab_dir[0])
        rmdir(s->ab_dir);
}

/* A/B, one more look: the points compare_ab left INCONCLUSIVE get COMPARE_LOOK_ROUNDS more
 * rounds (as many as fit under AB_MAX_ROUNDS), base process then head process, and only
 * they: the extra time goes to the undecided points. *did: whether it measured. */
static int ab_remeasure(struct sweep *s, const struct comparison *c, bool *did)
{
    const int extra = s->ab_rounds + COMPARE_LOOK_ROUNDS > AB_MAX_ROUNDS
                          ? AB_MAX_ROUNDS - s->ab_rounds
                          : COMPARE_LOOK_ROUNDS;
    struct flagged fl = {0};
    int rc = SB_EXIT_OK;
    *did = false;
    for (size_t i = 0; i < c->n_rows && extra > 0; ++i)
        if (c->rows[i].verdict == V_INCONCLUSIVE)
            flagged_add(&fl, &c->rows[i], family_of(s, c->rows[i].kernel));
    if (fl.n == 0)
        return SB_EXIT_OK;
    /* One base process per round for every undecided point, whatever its level: a process
     * costs a CUDA context (~0.3 s), more than most points. */
    const char *levels = fl.names_overflow ? "all" : fl.names;
    fprintf(stderr, "sweep: A/B: %d undecided points (%s), %d more rounds\n", fl.n, levels, extra);
    s->total += fl.n * extra;
    for (int r = s->ab_rounds; r < s->ab_rounds + extra && rc == SB_EXIT_OK; ++r) {
        fprintf(stderr, "sweep: A/B re-measurement round %d: base, then head\n", r + 1);
        rc = run_base(s, levels, fl.shapes, fl.n_shapes, r, &fl, &s->ab_base[r]);
        /* The head's undecided points, every kernel's, in one process (run_jobs). */
        struct shape sh[CLI_MAX_KERNELS][CLI_MAX_SHAPES];
        struct level_job jobs[CLI_MAX_KERNELS];
        int n_jobs = 0;
        for (int j = 0; j < s->n_kernels; ++j) {
            struct level_job job = {s->kernels[j], sh[n_jobs], 0, &s->cfg, true};
            for (int q = 0; q < fl.n; ++q)
                if (strcmp(fl.kernel[q], s->kernels[j]->name) == 0)
                    sh[n_jobs][job.n_shapes++] = fl.shape[q];
            if (job.n_shapes > 0 && s->opt.selected[j])
                jobs[n_jobs++] = job;
        }
        if (rc == SB_EXIT_OK)
            rc = run_jobs(s, jobs, n_jobs, &s->ab_head[r]);
    }
    *did = true;
    if (rc == SB_EXIT_OK) {
        s->ab_rounds += extra;
        ab_merge(s);
    }
    return rc;
}

/* A/B's sequential looks: up to --reruns more looks at the undecided points, each judged
 * again over every round so far; *c is the last look's verdict. */
int ab_looks(struct sweep *s, const struct compare_options *copt, struct comparison *c)
{
    char err[512];
    for (int look = 0; look < s->opt.reruns; ++look) {
        bool did = false;
        int rc = ab_remeasure(s, c, &did);
        if (rc != SB_EXIT_OK || !did)
            return rc;
        struct comparison next;
        if ((rc = compare_results(&s->base, &s->res, copt, &next, err, sizeof err)) != 0) {
            esc_report(stderr, "sweep", err);
            return rc;
        }
        compare_free(c);
        *c = next;
    }
    return SB_EXIT_OK;
}
