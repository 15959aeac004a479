/* commits.c: the repository's history as an order of commits (commits.h). */
#include "site/commits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/escape.h"
#include "runner/run_info.h"

static const struct commit_order *sort_order; /* qsort's context: one sort at a time */

static int cmp_by_sha(const void *a, const void *b)
{
    return strcmp(sort_order->sha[*(const size_t *)a], sort_order->sha[*(const size_t *)b]);
}

/* Appends one line ("<full commit id> <YYYY-MM-DD>") to o; -1 when it is not one, or out
 * of memory. */
static int add_commit(struct commit_order *o, size_t *cap, const char *line)
{
    if (strlen(line) != 51 || strspn(line, "0123456789abcdef") != 40 || line[40] != ' ' ||
        strspn(line + 41, "0123456789-") != 10)
        return -1;
    if (o->n == *cap) {
        *cap = *cap ? 2 * *cap : 1024;
        void *sha = realloc(o->sha, *cap * sizeof *o->sha);
        if (sha)
            o->sha = sha;
        void *day = realloc(o->day, *cap * sizeof *o->day);
        if (day)
            o->day = day;
        if (!sha || !day)
            return -1;
    }
    memcpy(o->sha[o->n], line, 40);
    o->sha[o->n][40] = '\0';
    memcpy(o->day[o->n], line + 41, 11);
    o->n++;
    return 0;
}

int commits_load(const char *dir, struct commit_order *o, char *err, size_t errlen)
{
    size_t cap = 0;
    char line[128];
    pid_t pid;
    memset(o, 0, sizeof *o);
    const char *const args[] = {"log", "--topo-order", "--reverse", "--format=%H %cs", "HEAD", NULL};
    FILE *f = run_git_open(dir, args, &pid);
    int bad = !f;
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        bad |= add_commit(o, &cap, line) != 0;
    }
    if (f)
        bad |= run_git_close(f, pid) != 0;
    if (bad || o->n == 0) {
        snprintf(err, errlen, "%s: not a git checkout with a history (git log HEAD)", dir);
        commits_free(o);
        return -1;
    }
    o->by_sha = malloc(o->n * sizeof *o->by_sha);
    if (!o->by_sha) {
        snprintf(err, errlen, "out of memory");
        commits_free(o);
        return -1;
    }
    for (size_t i = 0; i < o->n; ++i)
        o->by_sha[i] = i;
    sort_order = o;
    qsort(o->by_sha, o->n, sizeof *o->by_sha, cmp_by_sha);
    return 0;
}

void commits_free(struct commit_order *o)
{
    free(o->sha);
    free(o->day);
    free(o->by_sha);
    memset(o, 0, sizeof *o);
}

long commits_index(const struct commit_order *o, const char *c)
{
    const size_t len = strlen(c);
    if (!o->n || len < 7 || len > 40 || strspn(c, "0123456789abcdef") != len)
        return -1;
    size_t lo = 0, hi = o->n; /* the first sha >= c */
    while (lo < hi) {
        const size_t mid = (lo + hi) / 2;
        if (strncmp(o->sha[o->by_sha[mid]], c, len) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == o->n || strncmp(o->sha[o->by_sha[lo]], c, len) != 0)
        return -1;
    if (lo + 1 < o->n && strncmp(o->sha[o->by_sha[lo + 1]], c, len) == 0)
        return -1; /* ambiguous */
    return (long)o->by_sha[lo];
}

const char *commits_day(const struct commit_order *o, const char *c)
{
    const long i = o ? commits_index(o, c) : -1;
    return i >= 0 ? o->day[i] : NULL;
}

static const struct commit_order *run_order; /* qsort's context */

static int cmp_runs(const void *a, const void *b)
{
    const struct run *x = a, *y = b;
    const long i = commits_index(run_order, x->res.run.commit), j = commits_index(run_order, y->res.run.commit);
    if (i != j)
        return (i > j) - (i < j);
    return strcmp(x->id, y->id); /* the store's name: the measurement time, then the commit */
}

int commits_order_history(const struct commit_order *o, struct history *h)
{
    int kept = 0;
    for (size_t g = 0; g < h->n_gpus; ++g) {
        struct gpu_history *gh = &h->gpus[g];
        size_t unknown = gh->n_runs;
        for (size_t i = 0; i < gh->n_runs && unknown == gh->n_runs; ++i)
            if (commits_index(o, gh->runs[i].res.run.commit) < 0)
                unknown = i;
        if (unknown < gh->n_runs) {
            esc_say(stderr, "site: ", gh->slug, ": run ");
            esc_term(stderr, gh->runs[unknown].id);
            fputs(" is of a commit this checkout's history lacks: its runs stay in measurement "
                  "order\n", stderr);
            kept++;
            continue;
        }
        run_order = o;
        qsort(gh->runs, gh->n_runs, sizeof *gh->runs, cmp_runs);
    }
    return kept;
}
