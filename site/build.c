/* build.c: `bazel run //site:build -- [--history DIR] [--out DIR] [--baselines DIR]
 * [--repo-url URL] [--history-points N]`: the static dashboard, from results files only.
 * Works with no GPU. The site is built beside --out and moved into place whole. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/exit_codes.h"
#include "runner/run_info.h"
#include "site/charts.h"
#include "site/history.h"
#include "site/html.h"
#include "site/pages.h"

enum { PATH = 4096 };

struct options {
    char history[PATH], out[PATH], baselines[PATH], charts[PATH];
    const char *repo_url;
    int history_points;
};

static const char usage[] =
    "usage: build [--history DIR] [--out DIR] [--baselines DIR] [--repo-url URL]\n"
    "             [--history-points N]\n"
    "  --history DIR   results store <DIR>/<gpu-slug>/<utc>-<sha12>.json (default site/history)\n"
    "  --out DIR       where the site goes (default _site)\n"
    "  --baselines DIR the committed baselines (default baselines)\n"
    "  --repo-url URL  https://... for commit links (default: each results file's own)\n"
    "  --history-points N  commits on the history charts (default 60)\n";

/* The gnuplot scripts: $SGEMM_SITE_CHARTS, else the runfiles (`bazel run`: the main
 * repository is "_main" under bzlmod, "sgemm_bench" under WORKSPACE), else the workspace. */
static void find_charts(const char *argv0, char *out, size_t cap)
{
    static const char *const repos[] = {"_main", "sgemm_bench"};
    const char *env = getenv("SGEMM_SITE_CHARTS"), *rf = getenv("RUNFILES_DIR");
    char probe[PATH + 32];
    if (env && *env) {
        snprintf(out, cap, "%s", env);
        return;
    }
    for (int i = 0; i < 4; ++i) {
        if (i < 2 && !(rf && *rf))
            continue;
        if (i < 2)
            snprintf(out, cap, "%s/%s/site/charts", rf, repos[i % 2]);
        else
            snprintf(out, cap, "%s.runfiles/%s/site/charts", argv0, repos[i % 2]);
        snprintf(probe, sizeof probe, "%s/common.gp", out);
        if (access(probe, R_OK) == 0)
            return;
    }
    snprintf(out, cap, "%s/site/charts", run_workspace_dir());
}

static int parse(int argc, char **argv, struct options *o)
{
    const char *ws = run_workspace_dir();
    snprintf(o->history, PATH, "%s/site/history", ws);
    snprintf(o->out, PATH, "%s/_site", ws);
    snprintf(o->baselines, PATH, "%s/baselines", ws);
    o->repo_url = NULL;
    o->history_points = 60;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0) {
            fputs(usage, stdout);
            exit(0);
        }
        if (!v || !*v) {
            fprintf(stderr, "build: %s needs a value\n%s", a, usage);
            return SB_EXIT_USAGE;
        }
        ++i;
        if (strcmp(a, "--history") == 0) {
            run_user_path(v, o->history, PATH);
        } else if (strcmp(a, "--out") == 0) {
            run_user_path(v, o->out, PATH);
        } else if (strcmp(a, "--baselines") == 0) {
            run_user_path(v, o->baselines, PATH);
        } else if (strcmp(a, "--repo-url") == 0) {
            if (!html_url_ok(v)) {
                fprintf(stderr, "build: --repo-url must start with https:// or http://\n");
                return SB_EXIT_USAGE;
            }
            o->repo_url = v;
        } else if (strcmp(a, "--history-points") == 0) {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || n < 2 || n > 1000) {
                fprintf(stderr, "build: --history-points: '%s' is not a count in [2, 1000]\n", v);
                return SB_EXIT_USAGE;
            }
            o->history_points = (int)n;
        } else {
            fprintf(stderr, "build: unknown flag '%s'\n%s", a, usage);
            return SB_EXIT_USAGE;
        }
    }
    if (!chart_path_ok(o->out) || !chart_path_ok(o->history)) {
        fprintf(stderr, "build: paths may not contain quotes, backslashes or newlines\n");
        return SB_EXIT_USAGE;
    }
    return SB_EXIT_OK;
}

/* Replaces dir `to` with `from`: the old site stays whole until the new one is in place. */
static int swap_in(const char *from, const char *to)
{
    char old[PATH + 16], cmd[3 * PATH];
    snprintf(old, sizeof old, "%s.old", to);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", old);
    if (system(cmd) != 0)
        return -1;
    if (rename(to, old) != 0 && errno != ENOENT)
        return -1;
    if (rename(from, to) != 0)
        return -1;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", old);
    return system(cmd) == 0 ? 0 : -1;
}

static int build(const struct options *o, const struct history *h, const char *tmp)
{
    char err[1024];
    struct site_ctx ctx = {h, tmp, o->charts, o->baselines, o->repo_url, o->history_points};
    int rc = page_stylesheet(&ctx, err, sizeof err) || page_index(&ctx, err, sizeof err) ||
             page_regressions(&ctx, err, sizeof err);
    for (size_t i = 0; !rc && i < h->n_gpus; ++i) {
        fprintf(stderr, "site: %s: %zu runs\n", h->gpus[i].slug, h->gpus[i].n_runs);
        rc = page_gpu(&ctx, &h->gpus[i], err, sizeof err);
    }
    if (rc)
        fprintf(stderr, "build: %s\n", err);
    return rc ? SB_EXIT_ENV : SB_EXIT_OK;
}

int main(int argc, char **argv)
{
    struct options o;
    struct history h;
    char err[1024], tmp[PATH + 32], cmd[PATH + 64];
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc;
    find_charts(argv[0], o.charts, sizeof o.charts);
    if (history_load(o.history, &h, err, sizeof err)) {
        fprintf(stderr, "build: %s\n", err);
        return SB_EXIT_USAGE;
    }
    snprintf(tmp, sizeof tmp, "%s.tmp-%d", o.out, (int)getpid());
    if (mkdir(tmp, 0755) != 0) {
        fprintf(stderr, "build: cannot create %s: %s\n", tmp, strerror(errno));
        history_free(&h);
        return SB_EXIT_USAGE;
    }
    rc = build(&o, &h, tmp);
    if (rc == SB_EXIT_OK && swap_in(tmp, o.out) != 0) {
        fprintf(stderr, "build: cannot move the site into %s: %s\n", o.out, strerror(errno));
        rc = SB_EXIT_USAGE;
    }
    if (rc) {
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
        if (system(cmd) != 0)
            fprintf(stderr, "build: could not remove %s\n", tmp);
    } else {
        fprintf(stderr, "site: wrote %s/index.html (%zu GPUs)\n", o.out, h.n_gpus);
    }
    history_free(&h);
    return rc;
}
