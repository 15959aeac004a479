/* baseline_main.c: `bazel run //runner:baseline -- BASELINE.json RESULTS.json...`: adds runs
 * already measured to a baseline, as `sweep --update-baseline` adds the run it measures,
 * so a set can be renewed from results files on record (several GPUs' full runs) without
 * measuring again. With --levels, only those kernels' points go in: those kernels are
 * renewed, and the others keep their runs (baseline.h). */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/baseline.h"
#include "runner/compare.h"
#include "runner/escape.h"
#include "runner/exit_codes.h"
#include "runner/results.h"
#include "runner/run_info.h"

static const char usage[] =
    "usage: baseline [--levels 6,KERNEL,...] BASELINE.json RESULTS.json...\n"
    "  Adds each results file's run to BASELINE.json, in the order given (oldest first),\n"
    "  as sweep --update-baseline adds the run it measures: each kernel keeps its newest\n"
    "  8 runs. BASELINE.json is created when absent. Every file must be of one GPU model.\n"
    "  --levels  only these GEMM levels' (or kernels') points: those kernels are renewed\n"
    "            and the others keep their runs\n"
    "  A run already in the set (the same commit, time and GPU) is refused.\n"
    "exit: 0 written, 2 bad usage/input (nothing written), 3 an INVALID point among those\n"
    "      added (nothing written), 4 the file could not be written (full disk, read-only)\n";

enum { MAX_PICKS = 64 };

struct args {
    const char *baseline;
    const char **runs;
    int n_runs;
    char picks[MAX_PICKS][RS_SHORT]; /* --levels: level numbers or kernel names */
    int n_picks;
};

static int parse_levels(const char *list, struct args *a)
{
    const char *s = list;
    while (*s) {
        size_t len = strcspn(s, ",");
        if (len == 0 || len >= RS_SHORT || a->n_picks == MAX_PICKS) {
            esc_say(stderr, "baseline: --levels: '", list, "' is not a list of levels or kernels\n");
            return SB_EXIT_USAGE;
        }
        memcpy(a->picks[a->n_picks], s, len);
        a->picks[a->n_picks][len] = '\0';
        if (!results_is_symbol(a->picks[a->n_picks])) {
            esc_say(stderr, "baseline: --levels: '", a->picks[a->n_picks],
                    "' is neither a level nor a kernel name\n");
            return SB_EXIT_USAGE;
        }
        a->n_picks++;
        s += len + (s[len] == ',');
    }
    if (a->n_picks == 0) {
        fprintf(stderr, "baseline: --levels: an empty list\n");
        return SB_EXIT_USAGE;
    }
    return SB_EXIT_OK;
}

static int parse(int argc, char **argv, struct args *a)
{
    int n = 0;
    a->runs = calloc((size_t)argc, sizeof *a->runs);
    if (!a->runs)
        return SB_EXIT_ENV;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            exit(SB_EXIT_OK);
        } else if (strcmp(argv[i], "--levels") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "baseline: --levels needs a list of levels or kernels\n%s", usage);
                return SB_EXIT_USAGE;
            }
            if (parse_levels(argv[++i], a))
                return SB_EXIT_USAGE;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            esc_say(stderr, "baseline: unknown flag '", argv[i], "'\n");
            fputs(usage, stderr);
            return SB_EXIT_USAGE;
        } else if (n++ == 0) {
            a->baseline = argv[i];
        } else {
            a->runs[a->n_runs++] = argv[i];
        }
    }
    if (!a->baseline || a->n_runs == 0) {
        fputs(usage, stderr);
        return SB_EXIT_USAGE;
    }
    return SB_EXIT_OK;
}

static bool all_digits(const char *s)
{
    for (; *s; ++s)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

/* No --levels: every point. Else a GEMM point of a listed level, or a listed kernel's. */
static bool picked(const struct args *a, const struct result_point *p)
{
    if (a->n_picks == 0)
        return true;
    for (int i = 0; i < a->n_picks; ++i) {
        if (all_digits(a->picks[i]) ? !point_is_memory(p) && p->level == atoi(a->picks[i])
                                    : strcmp(a->picks[i], p->kernel) == 0)
            return true;
    }
    return false;
}

/* The run of results file `path` as one to add (its picked points) in *run. */
static int read_run(const struct args *a, const char *path, const char *slug, struct results *run)
{
    struct results r;
    char err[1024];
    int rc = SB_EXIT_USAGE;
    results_init(run);
    if (results_read(path, &r, err, sizeof err)) {
        esc_report(stderr, "baseline", err);
        return SB_EXIT_USAGE;
    }
    if (r.n_runs > 0) {
        esc_say(stderr, "baseline: ", path, " is a baseline (it holds a run set); give results files\n");
    } else if (slug[0] && strcmp(slug, r.device.slug) != 0) {
        esc_say(stderr, "baseline: ", path, " is from another GPU model ('");
        esc_term(stderr, r.device.slug);
        esc_say(stderr, "', not '", slug, "')\n");
    } else {
        run->run = r.run;
        run->device = r.device;
        run->conditions = r.conditions;
        rc = SB_EXIT_OK;
        for (size_t i = 0; i < r.n_points && rc == SB_EXIT_OK; ++i) {
            const struct result_point *p = &r.points[i];
            if (!picked(a, p))
                continue;
            if (!p->valid) {
                esc_say(stderr, "baseline: ", path, ": ");
                esc_term(stderr, p->kernel);
                fprintf(stderr, " %dx%dx%d is INVALID; a baseline holds valid points only\n",
                        p->m, p->n, p->k);
                rc = SB_EXIT_WRONG;
            } else if (results_add(run, p)) {
                fprintf(stderr, "baseline: out of memory\n");
                rc = SB_EXIT_ENV;
            }
        }
        if (rc == SB_EXIT_OK && run->n_points == 0) {
            esc_say(stderr, "baseline: ", path, " has no point of --levels\n");
            rc = SB_EXIT_USAGE;
        }
    }
    results_free(&r);
    return rc;
}

/* Whether base already holds run's run: the same commit, time and GPU (a file given twice,
 * or a run added before); counting it twice would fake runs and GPUs and evict real runs. */
static bool already_in_set(const struct results *base, const struct results *run)
{
    for (size_t i = 0; i < base->n_runs; ++i) {
        const struct baseline_run *b = &base->runs[i];
        if (strcmp(b->commit, run->run.commit) == 0 && strcmp(b->utc, run->run.utc) == 0 &&
            strcmp(b->gpu_id, run->device.gpu_id) == 0)
            return true;
    }
    return false;
}

int main(int argc, char **argv)
{
    struct args a = {0};
    struct results base, run, next;
    char err[1024], path[4096], run_path[4096], slug[RS_SHORT] = "";
    bool have_base = false;
    int rc;

    results_init(&base);
    if ((rc = parse(argc, argv, &a)))
        goto out;
    run_user_path(a.baseline, path, sizeof path);
    if (access(path, F_OK) == 0) {
        if (results_read(path, &base, err, sizeof err)) {
            esc_report(stderr, "baseline", err);
            rc = SB_EXIT_USAGE;
            goto out;
        }
        snprintf(slug, sizeof slug, "%s", base.device.slug);
        have_base = true;
    }
    for (int i = 0; i < a.n_runs; ++i) {
        run_user_path(a.runs[i], run_path, sizeof run_path);
        if ((rc = read_run(&a, run_path, slug, &run)))
            goto out;
        snprintf(slug, sizeof slug, "%s", run.device.slug);
        if (have_base && already_in_set(&base, &run)) {
            esc_say(stderr, "baseline: ", run_path, " is a run already in the set (commit ");
            esc_term(stderr, run.run.commit);
            esc_say(stderr, ", ", run.run.utc, ", GPU ");
            esc_term(stderr, run.device.gpu_id);
            fputs("): refusing to count it twice; nothing written\n", stderr);
            results_free(&run);
            rc = SB_EXIT_USAGE;
            goto out;
        }
        rc = baseline_merge(have_base ? &base : NULL, &run, BASELINE_KEEP, &next);
        results_free(&run);
        results_free(&base);
        base = next;
        have_base = true;
        if (rc) {
            fprintf(stderr, "baseline: out of memory\n");
            rc = SB_EXIT_ENV;
            goto out;
        }
    }
    if (results_write(&base, path, err, sizeof err)) {
        rc = sb_exit_for_errno(errno); /* a full disk or a read-only store: 4 */
        esc_report(stderr, "baseline", err);
        goto out;
    }
    esc_say(stderr, "baseline: wrote ", path, ": ");
    fprintf(stderr, "%zu runs from %d GPUs (tolerances need >= %d runs from >= %d GPUs); review "
                    "it in a PR like code\n",
            base.n_runs, compare_distinct_gpus(&base), COMPARE_MIN_RUNS, COMPARE_MIN_GPUS);
out:
    free(a.runs);
    results_free(&base);
    return rc;
}
