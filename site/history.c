#include "site/history.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/file.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/atomic_file.h"
#include "runner/escape.h"
#include "runner/exit_codes.h"
#include "runner/slug.h"

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reports one thing the loader passed over, and counts it. */
static void skip(struct history *h, const char *path, const char *why)
{
    fputs("site: skipping ", stderr);
    esc_term(stderr, path);
    fputs(": ", stderr);
    esc_term(stderr, why);
    fputc('\n', stderr);
    h->n_skipped++;
}

/* Sorted names in dir ending in suffix (or directories when suffix is NULL); other
 * entries, dot files aside, are reported as skipped. */
static char **list_dir(struct history *h, const char *dir, const char *suffix, size_t *n)
{
    DIR *d = opendir(dir);
    char **names = NULL;
    size_t cap = 0;
    struct dirent *e;
    *n = 0;
    if (!d)
        return NULL;
    while ((e = readdir(d))) {
        char path[4352];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        /* The store's own: its lock and publish's temporary files (removed when dead). */
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
            strcmp(e->d_name, ".lock") == 0 || strncmp(e->d_name, ".tmp-", 5) == 0)
            continue;
        size_t len = strlen(e->d_name);
        const char *why =
            e->d_name[0] == '.' ? "a hidden entry, not part of a store"
            : suffix ? (len <= strlen(suffix) || strcmp(e->d_name + len - strlen(suffix), suffix)
                            ? "not a .json results file"
                            : NULL)
            : !slug_is_valid(e->d_name) ? "not a GPU directory (names are slugs: [a-z0-9-])"
            : lstat(path, &st) != 0 || !S_ISDIR(st.st_mode)
                ? "not a directory (a GPU's runs are a directory, never a link)"
                : NULL;
        if (why) {
            if (h)
                skip(h, path, why);
            continue;
        }
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

/* "20261121T053528Z-105e10a.json": the file names publish makes (history_store_name). Only
 * these become page names and links. */
static int store_id_ok(const char *file)
{
    size_t n = strlen(file);
    if (n < 16 + 1 + 7 + 5 || n > 16 + 1 + 12 + 5 || strcmp(file + n - 5, ".json") != 0 ||
        file[8] != 'T' || file[15] != 'Z' || file[16] != '-')
        return 0;
    for (size_t i = 0; i < n - 5; ++i) {
        const char c = file[i];
        const int digit = c >= '0' && c <= '9', hex = digit || (c >= 'a' && c <= 'f');
        if (i < 8 || (i > 8 && i < 15) ? !digit : i > 16 ? !hex : 0)
            return 0;
    }
    return 1;
}

static void load_gpu(struct history *h, const char *root, const char *slug, struct gpu_history *g)
{
    char dir[4096], path[4352], err[512];
    size_t n;
    snprintf(g->slug, sizeof g->slug, "%s", slug);
    snprintf(dir, sizeof dir, "%s/%s", root, slug);
    char **files = list_dir(h, dir, ".json", &n);
    g->runs = calloc(n ? n : 1, sizeof *g->runs);
    for (size_t i = 0; g->runs && i < n; ++i) {
        struct run *r = &g->runs[g->n_runs];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        struct stat st;
        if (!store_id_ok(files[i])) {
            skip(h, path, "not a store name (<YYYYMMDDTHHMMSSZ>-<commit>.json, as publish writes)");
            continue;
        }
        if (lstat(path, &st) != 0 || S_ISLNK(st.st_mode)) {
            skip(h, path, "a symbolic link (the store holds the files themselves)");
            continue;
        }
        if (results_read(path, &r->res, err, sizeof err)) {
            skip(h, path, err);
            continue;
        }
        if (strcmp(r->res.device.slug, slug) != 0) {
            snprintf(err, sizeof err, "its device.slug is '%s', not '%s'", r->res.device.slug, slug);
            skip(h, path, err);
            results_free(&r->res);
            continue;
        }
        snprintf(r->id, sizeof r->id, "%.*s", (int)(strlen(files[i]) - 5), files[i]);
        /* A run published with --commit (its own run.commit is no commit id): the pages
         * use the commit its store name was given. */
        if (!history_commit_ok(r->res.run.commit))
            snprintf(r->res.run.commit, sizeof r->res.run.commit, "%s", r->id + 17);
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
    char **slugs = list_dir(h, root, NULL, &n);
    h->gpus = calloc(n ? n : 1, sizeof *h->gpus);
    for (size_t i = 0; h->gpus && i < n; ++i) {
        load_gpu(h, root, slugs[i], &h->gpus[h->n_gpus]);
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

/* "2026-11-21T05:00:00Z" -> "20261121T050000Z", or -1 when utc is not exactly that form
 * with fields in range. */
static int utc_stamp(const char *utc, char out[17])
{
    int y, mo, d, h, mi, se, n = 0;
    if (strlen(utc) != 20 ||
        sscanf(utc, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &y, &mo, &d, &h, &mi, &se, &n) != 6 || n != 20)
        return -1;
    for (int i = 0; i < 20; ++i)
        if ((i == 4 || i == 7) ? utc[i] != '-' : (i == 13 || i == 16) ? utc[i] != ':'
            : i == 10 ? utc[i] != 'T' : i == 19 ? utc[i] != 'Z' : !isdigit((unsigned char)utc[i]))
            return -1;
    if (y < 2000 || y > 9999 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60)
        return -1;
    snprintf(out, 17, "%04d%02d%02dT%02d%02d%02dZ", y, mo, d, h, mi, se);
    return 0;
}

int history_commit_ok(const char *c)
{
    size_t n = strlen(c);
    if (n < 7 || n > 40)
        return 0;
    for (size_t i = 0; i < n; ++i)
        if (!((c[i] >= '0' && c[i] <= '9') || (c[i] >= 'a' && c[i] <= 'f')))
            return 0;
    return 1;
}

int history_store_name(const struct results *r, const char *commit, char *out, size_t cap,
                       char *err, size_t errlen)
{
    char stamp[17];
    if (!slug_is_valid(r->device.slug)) {
        snprintf(err, errlen, "field device.slug: '%s' is not a slug ([a-z0-9-])", r->device.slug);
        return -1;
    }
    if (utc_stamp(r->run.utc, stamp) != 0) {
        snprintf(err, errlen, "field run.utc: '%s' is not a UTC time like 2026-11-21T05:00:00Z",
                 r->run.utc);
        return -1;
    }
    if (!history_commit_ok(commit)) {
        snprintf(err, errlen,
                 "field run.commit: '%s' is not a commit id (7 to 40 lower-case hex digits); "
                 "publish it with --commit SHA",
                 commit);
        return -1;
    }
    snprintf(out, cap, "%s/%s-%.12s.json", r->device.slug, stamp, commit);
    return 0;
}

/* The pid of a temporary file exactly as store_locked names it (".tmp-<pid>-<store file>"),
 * or -1 for any other name: a user's ".tmp-123-notes.txt" is not ours. */
static long our_temp_pid(const char *name)
{
    if (strncmp(name, ".tmp-", 5) != 0)
        return -1;
    const char *p = name + 5;
    long pid = 0;
    if (*p < '1' || *p > '9')
        return -1;
    for (; *p >= '0' && *p <= '9' && pid < 100000000; ++p)
        pid = pid * 10 + (*p - '0');
    return *p == '-' && store_id_ok(p + 1) ? pid : -1;
}

/* Removes dir's temporary files that publish made (our_temp_pid) whose writer is gone. */
static void remove_dead_temps(const char *dir)
{
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        char path[4352];
        const long pid = our_temp_pid(e->d_name);
        if (pid < 0 || !atomic_owner_gone(pid))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (unlink(path) == 0)
            {
            esc_say(stderr, "publish: removed ", path, "");
            fprintf(stderr, " (left by process %ld, which is gone)\n", pid);
        }
    }
    if (d)
        closedir(d);
}

/* Creates path with exactly len bytes of buf, fsynced; never follows or replaces. */
static int write_new(const char *path, const char *buf, size_t len, char *err, size_t errlen)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        const int e = errno;
        snprintf(err, errlen, "%s: cannot create: %s", path, strerror(e));
        errno = e;
        return -1;
    }
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, buf + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        done += (size_t)w;
    }
    int ok = done == len && fsync(fd) == 0;
    int saved = errno;
    ok = close(fd) == 0 && ok;
    if (!ok) {
        snprintf(err, errlen, "%s: write failed: %s", path, strerror(saved ? saved : EIO));
        unlink(path);
        errno = saved ? saved : EIO;
        return -1;
    }
    return 0;
}

/* 0 when dir is a directory (not a link) inside root, creating it if missing; else the exit
 * code with a message: 4 when the disk or the store cannot take it (sb_exit_for_errno), 2
 * for a link, a file or a path outside the store. */
static int store_dir(const char *root, const char *dir, char *err, size_t errlen)
{
    struct stat st;
    char real_root[PATH_MAX], real_dir[PATH_MAX];
    if (make_parent_dirs(dir) != 0 || (mkdir(dir, 0755) != 0 && errno != EEXIST)) {
        const int e = errno;
        snprintf(err, errlen, "%s: cannot create: %s", dir, strerror(e));
        return sb_exit_for_errno(e);
    }
    if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: not a directory (a link or a file is never written through)", dir);
        return SB_EXIT_USAGE;
    }
    if (!realpath(root, real_root) || !realpath(dir, real_dir) ||
        strncmp(real_dir, real_root, strlen(real_root)) != 0 || real_dir[strlen(real_root)] != '/') {
        snprintf(err, errlen, "%s: outside the store %s", dir, root);
        return SB_EXIT_USAGE;
    }
    return 0;
}

/* Under the store's lock: stores bytes as name, or finds them there already. */
static int store_locked(const char *root, const char *name, const char *buf, size_t len,
                        int *already, char *out_path, size_t out_cap, char *err, size_t errlen)
{
    char dir[4096], tmp[4352], cmp_err[512];
    const char *slash = strchr(name, '/'), *file = slash ? slash + 1 : "";
    /* A second line of defence behind history_store_name: one directory, one plain name. */
    if (!slash || slash == name || !*file || strchr(file, '/') || file[0] == '.') {
        snprintf(err, errlen, "'%s' is not a store name (<slug>/<file>.json)", name);
        return SB_EXIT_USAGE;
    }
    snprintf(out_path, out_cap, "%s/%s", root, name);
    snprintf(dir, sizeof dir, "%s/%.*s", root, (int)(strchr(name, '/') - name), name);
    const int dir_rc = store_dir(root, dir, err, errlen);
    if (dir_rc)
        return dir_rc;
    remove_dead_temps(dir);
    snprintf(tmp, sizeof tmp, "%s/.tmp-%ld-%s", dir, (long)getpid(), strchr(name, '/') + 1);
    if (write_new(tmp, buf, len, err, errlen))
        return sb_exit_for_errno(errno); /* a full disk is the environment's */
    int rc = SB_EXIT_OK;
    if (link(tmp, out_path) != 0) { /* never replaces: EEXIST when the name is taken */
        size_t have_len = 0;
        char *have = errno == EEXIST ? results_slurp(out_path, &have_len, cmp_err, sizeof cmp_err) : NULL;
        if (have && have_len == len && memcmp(have, buf, len) == 0) {
            *already = 1;
        } else if (errno == EEXIST || have) {
            snprintf(err, errlen,
                     "%s already holds another run (same GPU, commit and UTC time, other bytes%s%s): "
                     "not stored",
                     out_path, have ? "" : ": ", have ? "" : cmp_err);
            rc = SB_EXIT_USAGE;
        } else {
            const int e = errno;
            snprintf(err, errlen, "%s: cannot store: %s", out_path, strerror(e));
            rc = sb_exit_for_errno(e);
        }
        free(have);
    } else {
        int dfd = open(dir, O_RDONLY | O_DIRECTORY);
        if (dfd >= 0) {
            fsync(dfd);
            close(dfd);
        }
    }
    unlink(tmp);
    return rc;
}

int history_publish(const char *root, const char *src, const char *commit, int *already,
                    char *out_path, size_t out_cap, char *err, size_t errlen)
{
    struct results r;
    char name[256], lock[4352];
    size_t len = 0;
    *already = 0;
    char *buf = results_slurp(src, &len, err, errlen);
    if (!buf)
        return SB_EXIT_USAGE;
    if (results_parse(buf, len, src, &r, err, errlen) ||
        history_store_name(&r, commit ? commit : r.run.commit, name, sizeof name, err, errlen)) {
        free(buf);
        return SB_EXIT_USAGE;
    }
    /* --commit is for a run whose run.commit is not a commit id; one that has one is filed
     * under it alone, or the store would show one commit and file another. */
    if (commit && history_commit_ok(r.run.commit) &&
        strncmp(commit, r.run.commit, strlen(commit) < strlen(r.run.commit) ? strlen(commit)
                                                                             : strlen(r.run.commit)) != 0) {
        snprintf(err, errlen, "--commit %s: the run says it measured commit %s; publish it under "
                              "that (--commit is for a run whose run.commit is not a commit id)",
                 commit, r.run.commit);
        results_free(&r);
        free(buf);
        return SB_EXIT_USAGE;
    }
    results_free(&r);
    /* One writer at a time: the outcome for a run is the same whether publishes run in
     * parallel or one after another. */
    snprintf(lock, sizeof lock, "%s/.lock", root);
    int lfd = -1;
    if (make_parent_dirs(lock) == 0)
        lfd = open(lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (lfd < 0 || flock(lfd, LOCK_EX) != 0) {
        const int e = errno;
        snprintf(err, errlen, "%s: cannot lock the store: %s", lock, strerror(e));
        if (lfd >= 0)
            close(lfd);
        free(buf);
        return sb_exit_for_errno(e); /* a read-only store is the environment's */
    }
    int rc = store_locked(root, name, buf, len, already, out_path, out_cap, err, errlen);
    close(lfd); /* releases the lock */
    free(buf);
    return rc;
}
