/* compare_main.c: `bazel run //runner:compare -- BASELINE.json RESULTS.json`: the verdict
 * alone, with the sweep's exit codes. */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/atomic_file.h"
#include "runner/compare.h"
#include "runner/escape.h"
#include "runner/exit_codes.h"
#include "runner/results.h"
#include "runner/run_info.h"

static const char usage[] =
    "usage: compare [--threshold PCT] [--summary FILE] BASELINE.json RESULTS.json\n"
    "  --threshold PCT  overrides the baseline's thresholds (0 < PCT <= 100; default: the\n"
    "                   baseline's, else 3)\n"
    "exit: 0 pass, 1 regression, 2 bad usage/input (an output that is an input too),\n"
    "      3 invalid point, 5 inconclusive, 6 a kernel of BASELINE missing from RESULTS\n";

struct args {
    const char *files[2];
    const char *summary;
    double threshold;
};

static int parse(int argc, char **argv, struct args *a)
{
    int n = 0;
    a->threshold = 0; /* not given: the baseline's, else the default */
    for (int i = 1; i < argc; ++i) {
        char *end;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            exit(SB_EXIT_OK);
        } else if (strcmp(argv[i], "--threshold") == 0 && i + 1 < argc) {
            a->threshold = strtod(argv[++i], &end);
            if (!argv[i][0] || *end || !(a->threshold > 0 && a->threshold <= 100)) {
                esc_say(stderr, "compare: --threshold: '", argv[i],
                        "' is not a percentage in (0, 100]\n");
                return SB_EXIT_USAGE;
            }
        } else if (strcmp(argv[i], "--summary") == 0 && i + 1 < argc) {
            a->summary = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            {
            esc_say(stderr, "compare: unknown flag '", argv[i], "'\n");
            fputs(usage, stderr);
        }
            return SB_EXIT_USAGE;
        } else if (n < 2) {
            a->files[n++] = argv[i];
        } else {
            fprintf(stderr, "compare: too many files\n%s", usage);
            return SB_EXIT_USAGE;
        }
    }
    if (n != 2) {
        fprintf(stderr, "%s", usage);
        return SB_EXIT_USAGE;
    }
    for (int i = 0; i < 2; ++i)
        if (same_existing_file(a->summary, a->files[i])) {
            esc_say(stderr, "compare: --summary '", a->summary,
                    "' is one of the files compared: refusing to overwrite an input\n");
            return SB_EXIT_USAGE;
        }
    return SB_EXIT_OK;
}

struct read_job {
    const char *path;
    struct results *r;
    char err[1024];
    int rc;
};

static void *read_job_run(void *arg)
{
    struct read_job *j = arg;
    j->rc = results_read(j->path, j->r, j->err, sizeof j->err);
    return NULL;
}

/* Reads both files, the baseline on a second thread: decoding is nearly all of compare's
 * time (tools/bench/compare_bench.sh), and the files are independent. The first failure,
 * baseline first, goes into err. */
static int read_both(const char *paths[2], struct results *base, struct results *cur, char *err,
                     size_t errlen)
{
    struct read_job jobs[2] = {{paths[0], base, "", 0}, {paths[1], cur, "", 0}};
    pthread_t t;
    const bool threaded = pthread_create(&t, NULL, read_job_run, &jobs[0]) == 0;
    if (!threaded)
        read_job_run(&jobs[0]);
    read_job_run(&jobs[1]);
    if (threaded)
        pthread_join(t, NULL);
    for (int i = 0; i < 2; ++i)
        if (jobs[i].rc) {
            snprintf(err, errlen, "%s", jobs[i].err);
            return -1;
        }
    return 0;
}

int main(int argc, char **argv)
{
    struct args a = {{NULL, NULL}, NULL, 0};
    struct results base, cur;
    struct comparison c;
    char err[1024], path[2][4096];
    int rc;

    results_init(&base);
    results_init(&cur);
    memset(&c, 0, sizeof c);
    if ((rc = parse(argc, argv, &a)))
        return rc;
    run_user_path(a.files[0], path[0], sizeof path[0]);
    run_user_path(a.files[1], path[1], sizeof path[1]);
    rc = SB_EXIT_USAGE;
    if (read_both((const char *[2]){path[0], path[1]}, &base, &cur, err, sizeof err)) {
        esc_report(stderr, "compare", err);
        goto out;
    }
    const struct compare_options opt = {.flag_threshold_pct = a.threshold};
    if ((rc = compare_results(&base, &cur, &opt, &c, err, sizeof err))) {
        esc_report(stderr, "compare", err);
        goto out;
    }
    compare_print_table(stdout, &c);
    if (getenv("GITHUB_ACTIONS"))
        compare_print_annotations(stdout, &c);
    /* The verdict's exit code wins: a summary that cannot be written is a warning. */
    rc = compare_exit_code(&c);
    if (compare_publish(&c, a.summary, err, sizeof err)) {
        fputs("compare: warning: the summary was not written: ", stderr);
        esc_term(stderr, err);
        fputc('\n', stderr);
    }
out:
    compare_free(&c);
    results_free(&base);
    results_free(&cur);
    return rc;
}
