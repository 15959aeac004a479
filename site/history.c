#include "site/history.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/exit_codes.h"
#include "runner/slug.h"

void history_run_id(const struct results *r, char *out, size_t cap)
{
    char stamp[32] = "", sha[13];
    size_t n = 0;
    for (const char *p = r->run.utc; *p && n + 1 < sizeof stamp; ++p)
        if (*p != '-' && *p != ':')
            stamp[n++] = *p;
    stamp[n] = '\0';
    for (n = 0; n < 12; ++n) {
        char ch = r->run.commit[n];
        if (!ch) {
            break;
        }
        sha[n] = ((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f')) ? ch : '0';
    }
    sha[n] = '\0';
    snprintf(out, cap, "%s-%s", stamp, n ? sha : "unknown");
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted names in dir ending in suffix (or directories when suffix is NULL). */
static char **list_dir(const char *dir, const char *suffix, size_t *n)
{
    DIR *d = opendir(dir);
    char **names = NULL;
    size_t cap = 0;
    struct dirent *e;
    *n = 0;
    if (!d)
        return NULL;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(e->d_name);
        if (suffix ? (len <= strlen(suffix) || strcmp(e->d_name + len - strlen(suffix), suffix))
                   : !slug_is_valid(e->d_name))
            continue;
        if (*n == cap) {
            cap = cap ? cap * 2 : 64;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown)
                break;
            names = grown;
        }
        names[(*n)++] = strdup(e->d_name);
    }
    closedir(d);
    if (names)
        qsort(names, *n, sizeof *names, cmp_str);
    return names;
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; ++i)
        free(names[i]);
    free(names);
}

static void load_gpu(const char *root, const char *slug, struct gpu_history *g)
{
    char dir[4096], path[4352], err[512];
    size_t n;
    snprintf(g->slug, sizeof g->slug, "%s", slug);
    snprintf(dir, sizeof dir, "%s/%s", root, slug);
    char **files = list_dir(dir, ".json", &n);
    g->runs = calloc(n ? n : 1, sizeof *g->runs);
    for (size_t i = 0; g->runs && i < n; ++i) {
        struct run *r = &g->runs[g->n_runs];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        if (results_read(path, &r->res, err, sizeof err)) {
            fprintf(stderr, "site: skipping %s\n", err);
            continue;
        }
        if (strcmp(r->res.device.slug, slug) != 0) {
            fprintf(stderr, "site: skipping %s: its device.slug is '%s', not '%s'\n", path,
                    r->res.device.slug, slug);
            results_free(&r->res);
            continue;
        }
        snprintf(r->id, sizeof r->id, "%.*s", (int)(strlen(files[i]) - 5), files[i]);
        g->n_runs++;
    }
    free_names(files, n);
}

int history_load(const char *root, struct history *h, char *err, size_t errlen)
{
    size_t n;
    struct stat st;
    memset(h, 0, sizeof *h);
    if (stat(root, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: cannot read the history: %s", root,
                 errno ? strerror(errno) : "not a directory");
        return -1;
    }
    char **slugs = list_dir(root, NULL, &n);
    h->gpus = calloc(n ? n : 1, sizeof *h->gpus);
    for (size_t i = 0; h->gpus && i < n; ++i) {
        load_gpu(root, slugs[i], &h->gpus[h->n_gpus]);
        if (h->gpus[h->n_gpus].n_runs)
            h->n_gpus++;
        else
            free(h->gpus[h->n_gpus].runs);
    }
    free_names(slugs, n);
    return 0;
}

void history_free(struct history *h)
{
    for (size_t i = 0; i < h->n_gpus; ++i) {
        for (size_t j = 0; j < h->gpus[i].n_runs; ++j)
            results_free(&h->gpus[i].runs[j].res);
        free(h->gpus[i].runs);
    }
    free(h->gpus);
    memset(h, 0, sizeof *h);
}

/* A file in dir whose name ends in "-<sha>.json", or 0. */
static int published(const char *dir, const char *id)
{
    const char *dash = strrchr(id, '-');
    char tail[64];
    size_t n;
    int found = 0;
    snprintf(tail, sizeof tail, "%s.json", dash ? dash : id);
    char **files = list_dir(dir, tail, &n);
    found = n > 0 && strcmp(tail, "-unknown.json") != 0;
    free_names(files, n);
    return found;
}

int history_publish(const char *root, const char *src, int *already, char *out_path,
                    size_t out_cap, char *err, size_t errlen)
{
    struct results r;
    char id[96], dir[4096];
    *already = 0;
    if (results_read(src, &r, err, errlen))
        return SB_EXIT_USAGE;
    history_run_id(&r, id, sizeof id);
    snprintf(dir, sizeof dir, "%s/%s", root, r.device.slug);
    snprintf(out_path, out_cap, "%s/%s.json", dir, id);
    if (published(dir, id)) {
        *already = 1;
        results_free(&r);
        return SB_EXIT_OK;
    }
    int rc = results_write(&r, out_path, err, errlen) ? SB_EXIT_USAGE : SB_EXIT_OK;
    results_free(&r);
    return rc;
}
