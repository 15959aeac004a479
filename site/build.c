/* build.c: `bazel run //site:build -- [--history DIR] [--out DIR] [--baselines DIR]
 * [--repo-url URL] [--history-points N]`: the static dashboard, from results files only.
 * Works with no GPU. The site is built beside --out and moved into place whole. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/atomic_file.h"
#include "runner/escape.h"
#include "runner/exit_codes.h"
#include "runner/run_info.h"
#include "site/charts.h"
#include "site/commits.h"
#include "site/history.h"
#include "site/html.h"
#include "site/pages.h"

enum { PATH = 4096 };

struct options {
    char history[PATH], out[PATH], baselines[PATH], charts[PATH], annotations[PATH], git[PATH];
    const char *repo_url;
    int history_points;
    bool strict;
};

static const char usage[] =
    "usage: build [--history DIR] [--out DIR] [--baselines DIR] [--repo-url URL]\n"
    "             [--history-points N] [--annotations FILE] [--git DIR] [--strict]\n"
    "  --history DIR   results store <DIR>/<gpu-slug>/<utc>-<sha12>.json (default site/history)\n"
    "  --out DIR       where the site goes (default _site)\n"
    "  --baselines DIR the committed baselines (default baselines)\n"
    "  --repo-url URL  https://... for commit links (default: each results file's own)\n"
    "  --history-points N  commits on the history charts (default 60)\n"
    "  --annotations FILE  notes and triage of the history (default site/annotations.json)\n"
    "  --git DIR       a checkout of the repository (default: the workspace): runs in the\n"
    "                  order of its history, and no verdict against a baseline made later\n"
    "  --strict        exit 2, writing nothing, when any file or directory is skipped\n";

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
    snprintf(o->annotations, PATH, "%s/site/annotations.json", ws);
    snprintf(o->git, PATH, "%s", ws);
    o->repo_url = NULL;
    o->history_points = 60;
    o->strict = false;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0) {
            fputs(usage, stdout);
            exit(0);
        }
        if (strcmp(a, "--strict") == 0) {
            o->strict = true;
            continue;
        }
        if (!v || !*v) {
            esc_say(stderr, "build: ", a, " needs a value\n");
            fputs(usage, stderr);
            return SB_EXIT_USAGE;
        }
        ++i;
        if (strcmp(a, "--history") == 0) {
            run_user_path(v, o->history, PATH);
        } else if (strcmp(a, "--out") == 0) {
            run_user_path(v, o->out, PATH);
        } else if (strcmp(a, "--baselines") == 0) {
            run_user_path(v, o->baselines, PATH);
        } else if (strcmp(a, "--annotations") == 0) {
            run_user_path(v, o->annotations, PATH);
        } else if (strcmp(a, "--git") == 0) {
            run_user_path(v, o->git, PATH);
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
                esc_say(stderr, "build: --history-points: '", v, "' is not a count in [2, 1000]\n");
                return SB_EXIT_USAGE;
            }
            o->history_points = (int)n;
        } else {
            esc_say(stderr, "build: unknown flag '", a, "'\n");
            fputs(usage, stderr);
            return SB_EXIT_USAGE;
        }
    }
    for (size_t n = strlen(o->out); n > 1 && o->out[n - 1] == '/'; --n)
        o->out[n - 1] = '\0'; /* "site/" is "site": the build's neighbours are "site.tmp-N" */
    if (!chart_path_ok(o->out) || !chart_path_ok(o->history)) {
        fprintf(stderr, "build: paths may not contain quotes, backslashes or newlines\n");
        return SB_EXIT_USAGE;
    }
    return SB_EXIT_OK;
}

/* Every site this tool builds holds this file; only such a directory (or an empty or a
 * missing one) is ever replaced. It names the directory it was written for
 * ("dir=<name>"): a leftover beside --out is removed only when its marker names it, so a
 * user's copy of a site under a name like ours ("site.old-20261121") is never taken. */
#define SITE_MARKER ".sgemm-bench-site"
#define MARKER_HEAD "sgemm-bench site, built by //site:build\ndir="

static int is_our_site(const char *dir)
{
    char path[PATH + 32];
    struct stat st;
    snprintf(path, sizeof path, "%s/" SITE_MARKER, dir);
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The entries of dir other than . and .., up to `most` + 1 (it stops counting there);
 * -1 when dir cannot be read. */
static int count_entries(const char *dir, int most)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && n <= most && (e = readdir(d));)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d)
        closedir(d);
    return d ? n : -1;
}

/* The text of dir/<file>, a regular file (never a link, never blocking), NUL-terminated in
 * text[cap]: its length, or -1. */
static ssize_t read_marker(const char *dir, const char *file, char *text, size_t cap)
{
    char path[PATH + 48];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, file);
    const int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0)
        return -1;
    const ssize_t n = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read(fd, text, cap - 1) : -1;
    close(fd);
    text[n < 0 ? 0 : n] = '\0';
    return n;
}

/* True when dir's marker is a regular file that names `name`. */
static bool marker_names(const char *dir, const char *name)
{
    char text[PATH + 64], want[PATH + 64];
    snprintf(want, sizeof want, MARKER_HEAD "%s\n", name);
    return read_marker(dir, SITE_MARKER, text, sizeof text) >= 0 && strcmp(text, want) == 0;
}

/* The name of the part of a marker that process `pid` writes before renaming it whole (a
 * format of the pid): each writer has its own, so one killed while writing never blocks
 * the next. */
#define MARKER_PART SITE_MARKER ".part-%ld"

/* dir's part of the marker that process `pid` writes. */
static void marker_part(char *part, size_t cap, const char *dir, long pid)
{
    snprintf(part, cap, "%s/" MARKER_PART, dir, pid);
}

/* True when dir holds nothing but the marker process `pid` was killed while writing: one
 * file, its part, whose text is a beginning of the marker that names `name`. */
static bool only_partial_marker(const char *dir, const char *name, long pid)
{
    char text[PATH + 64], want[PATH + 64], file[64];
    snprintf(want, sizeof want, MARKER_HEAD "%s\n", name);
    snprintf(file, sizeof file, MARKER_PART, pid);
    const ssize_t n = count_entries(dir, 1) == 1 ? read_marker(dir, file, text, sizeof text) : -1;
    return n >= 0 && strncmp(text, want, (size_t)n) == 0;
}

/* Writes dir's marker, naming `name` (the last part of dir's path), in one rename: a
 * marker is whole or absent. */
static int write_marker(const char *dir, const char *name)
{
    char part[PATH + 64], path[PATH + 32];
    marker_part(part, sizeof part, dir, (long)getpid());
    snprintf(path, sizeof path, "%s/" SITE_MARKER, dir);
    FILE *f = fopen(part, "wx");
    if (!f)
        return -1;
    const int bad = fprintf(f, MARKER_HEAD "%s\n", name) < 0;
    if (fclose(f) != 0 || bad || rename(part, path) != 0) {
        unlink(part);
        return -1;
    }
    return 0;
}

static const char *last_part(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* True when `inner` is `outer` or lies inside it, by their real paths. */
static bool inside(const char *inner, const char *outer)
{
    char a[PATH], b[PATH];
    if (!realpath(inner, a) || !realpath(outer, b))
        return false;
    const size_t n = strlen(b);
    return strncmp(a, b, n) == 0 && (a[n] == '\0' || a[n] == '/' || strcmp(b, "/") == 0);
}

/* 0 when `out` may become the site: missing, an empty directory, or a site we built. */
static int check_out(const char *out)
{
    struct stat st;
    if (lstat(out, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    return S_ISDIR(st.st_mode) && (count_entries(out, 0) == 0 || is_our_site(out)) ? 0 : -1;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag;
    if (ftw->level == 0 || (ftw->level == 1 && strcmp(path + ftw->base, SITE_MARKER) == 0))
        return 0; /* the top and its marker go last */
    return remove(path);
}

/* Removes a tree this run made or verified as a site (never follows links). The marker
 * goes last, so a tree left half-removed by a kill is still known as ours. */
static int remove_tree(const char *dir)
{
    char marker[PATH + 32];
    if (nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS) != 0)
        return -1;
    snprintf(marker, sizeof marker, "%s/" SITE_MARKER, dir);
    if (unlink(marker) != 0 && errno != ENOENT)
        return -1;
    return rmdir(dir);
}

/* The pid in a leftover's name: `name` is exactly <base>.tmp-<digits> or <base>.old-<digits>
 * and the number can be a process id (1 .. pid_max). 0 otherwise. *tmp_dir: which. */
static long leftover_pid(const char *name, const char *base, bool *tmp_dir)
{
    const size_t n = strlen(base);
    if (strncmp(name, base, n) != 0)
        return 0;
    name += n;
    *tmp_dir = strncmp(name, ".tmp-", 5) == 0;
    if (!*tmp_dir && strncmp(name, ".old-", 5) != 0)
        return 0;
    name += 5;
    long pid = 0, pid_max = 4194304; /* the kernel's ceiling when /proc does not say */
    FILE *f = fopen("/proc/sys/kernel/pid_max", "r");
    if (f) {
        if (fscanf(f, "%ld", &pid_max) != 1)
            pid_max = 4194304;
        fclose(f);
    }
    for (const char *c = name; *c; ++c) {
        if (*c < '0' || *c > '9' || pid > pid_max)
            return 0;
        pid = pid * 10 + (*c - '0');
    }
    return *name && *name != '0' && pid <= pid_max ? pid : 0;
}

/* Removes what earlier builds of `out` left when killed: "<out>.tmp-<pid>" and
 * "<out>.old-<pid>" of a process that is gone, whose marker names that very directory. An
 * empty one goes too (a .tmp- directory killed before its marker was written, an .old- one
 * killed between its marker's removal and its own), and a .tmp- one holding only the part
 * of its marker. rmdir takes only an empty directory, so no file of anyone's is lost. */
static void remove_dead_builds(const char *out)
{
    char parent[PATH], path[PATH + 64];
    const char *base = last_part(out);
    snprintf(parent, sizeof parent, "%.*s", base == out ? 1 : (int)(base - out - 1),
             base == out ? "." : out);
    DIR *d = opendir(parent[0] ? parent : "/");
    for (struct dirent *e; d && (e = readdir(d));) {
        bool tmp_dir = false;
        const long pid = leftover_pid(e->d_name, base, &tmp_dir);
        if (pid == 0 || !atomic_owner_gone(pid))
            continue;
        snprintf(path, sizeof path, "%s/%s", parent[0] ? parent : "", e->d_name);
        char part[PATH + 96];
        marker_part(part, sizeof part, path, pid);
        const bool half_made = tmp_dir && only_partial_marker(path, e->d_name, pid);
        if (marker_names(path, e->d_name) ? remove_tree(path) == 0
                                          : (!half_made || unlink(part) == 0) && rmdir(path) == 0) {
            fputs("build: removed ", stderr);
            esc_term(stderr, path);
            fprintf(stderr, " (left by process %ld, which is gone)\n", pid);
        }
    }
    if (d)
        closedir(d);
}

/* Replaces `to` (checked by check_out) with `from`; the old site stays whole until the
 * new one is in place, then goes. Returns 0 once the new site is in place (an old one that
 * cannot be removed is named: it stays as <to>.old-<pid>, which the next build removes), or
 * -1 with errno when the new site could not be moved in. */
static int swap_in(const char *from, const char *to)
{
    char old[PATH + 32];
    snprintf(old, sizeof old, "%s.old-%ld", to, (long)getpid());
    struct stat st;
    /* The old site's marker first names the directory it is about to become. */
    if (lstat(to, &st) == 0 && is_our_site(to) && write_marker(to, last_part(old)) != 0)
        return -1;
    int had = rename(to, old) == 0;
    if (!had && errno != ENOENT)
        return -1;
    if (rename(from, to) != 0) {
        if (had)
            rename(old, to);
        return -1;
    }
    if (had && remove_tree(old) != 0) {
        const int e = errno;
        esc_say(stderr, "build: warning: the site is in place, but its old copy stays at ", old,
                ": ");
        fprintf(stderr, "%s (the next build removes it)\n", strerror(e));
    }
    return 0;
}

static int build(const struct options *o, const struct site_model *m, const char *tmp)
{
    char err[1024];
    const struct history *h = m->h;
    struct site_ctx ctx = {h, m, tmp, o->charts, o->repo_url, o->history_points, NULL, 0};
    if (pages_palette(&ctx)) {
        fprintf(stderr, "site: out of memory\n");
        return SB_EXIT_ENV;
    }
    int rc = page_stylesheet(&ctx, err, sizeof err) || page_index(&ctx, err, sizeof err) ||
             page_regressions(&ctx, err, sizeof err);
    for (size_t i = 0; !rc && i < h->n_gpus; ++i) {
        esc_say(stderr, "site: ", h->gpus[i].slug, ": ");
        fprintf(stderr, "%zu runs\n", h->gpus[i].n_runs);
        rc = page_gpu(&ctx, &m->gpus[i], err, sizeof err);
    }
    pages_palette_free(&ctx);
    if (rc)
        esc_report(stderr, "build", err);
    return rc ? SB_EXIT_ENV : SB_EXIT_OK;
}

/* Builds into one --out take turns: an exclusive flock on the directory that holds --out
 * (no file is made for it), held until the build has swapped its site in and cleaned up.
 * Returns the locked descriptor, or -1 when that directory cannot be opened (the build
 * then reports why it cannot write there). */
static int lock_parent(const char *out)
{
    char parent[PATH];
    snprintf(parent, sizeof parent, "%s", out);
    char *slash = strrchr(parent, '/');
    if (!slash)
        snprintf(parent, sizeof parent, ".");
    else if (slash == parent)
        parent[1] = '\0';
    else
        *slash = '\0';
    int fd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    while (fd >= 0 && flock(fd, LOCK_EX) != 0) {
        if (errno != EINTR) {
            close(fd);
            return -1;
        }
    }
    return fd;
}

static int build_turn(const struct options *o, const struct history *h, const struct site_model *m);

/* Everything after the inputs are read and judged, one build into --out at a time. */
static int build_checked(const struct options *o, const struct history *h,
                         const struct site_model *m)
{
    const int lock = lock_parent(o->out);
    const int rc = build_turn(o, h, m);
    if (lock >= 0)
        close(lock); /* releases the turn */
    return rc;
}

/* The checks that refuse, then the build into <out>.tmp-<pid> and the swap into --out.
 * Returns the exit code. */
static int build_turn(const struct options *o, const struct history *h, const struct site_model *m)
{
    char tmp[PATH + 32];
    if (h->n_skipped > 0) {
        fprintf(stderr, "site: %zu files or directories skipped (named above)%s\n", h->n_skipped,
                o->strict ? "; --strict: nothing written" : "");
        if (o->strict)
            return SB_EXIT_USAGE;
    }
    if (inside(o->history, o->out) || inside(o->baselines, o->out) || inside(o->annotations, o->out)) {
        fputs("build: refusing: ", stderr);
        esc_term(stderr, inside(o->history, o->out)     ? o->history
                         : inside(o->baselines, o->out) ? o->baselines
                                                        : o->annotations);
        fputs(" is inside --out ", stderr);
        esc_term(stderr, o->out);
        fputs(", which the build replaces: choose an --out outside the inputs\n", stderr);
        return SB_EXIT_USAGE;
    }
    if (check_out(o->out) != 0) {
        esc_say(stderr, "build: refusing to replace ", o->out,
                ": not a site built by sgemm-bench (it has no " SITE_MARKER
                "; remove it yourself, or choose another --out)\n");
        return SB_EXIT_USAGE;
    }
    remove_dead_builds(o->out);
    snprintf(tmp, sizeof tmp, "%s.tmp-%d", o->out, (int)getpid());
    if (mkdir(tmp, 0755) != 0 || write_marker(tmp, last_part(tmp)) != 0) {
        const int e = errno;
        esc_say(stderr, "build: cannot create ", tmp, ": ");
        fprintf(stderr, "%s\n", strerror(e));
        if (e != EEXIST)
            rmdir(tmp);
        return sb_exit_for_errno(e);
    }
    int rc = build(o, m, tmp);
    if (rc == SB_EXIT_OK && swap_in(tmp, o->out) != 0) {
        const int e = errno;
        esc_say(stderr, "build: cannot move the site into ", o->out, ": ");
        fprintf(stderr, "%s\n", strerror(e));
        rc = sb_exit_for_errno(e);
    }
    if (rc) {
        if (remove_tree(tmp) != 0) {
            const int e = errno;
            esc_say(stderr, "build: could not remove ", tmp, ": ");
            fprintf(stderr, "%s\n", strerror(e));
        }
    } else {
        fputs("site: wrote ", stderr);
        esc_term(stderr, o->out);
        fprintf(stderr, "/index.html (%zu GPUs)\n", h->n_gpus);
    }
    return rc;
}

int main(int argc, char **argv)
{
    struct options o;
    struct history h;
    char err[1024];
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc;
    find_charts(argv[0], o.charts, sizeof o.charts);
    if (history_load(o.history, &h, err, sizeof err)) {
        esc_report(stderr, "build", err);
        return SB_EXIT_USAGE;
    }
    struct stat bst;
    if (stat(o.baselines, &bst) != 0 || !S_ISDIR(bst.st_mode)) {
        fputs("site: warning: no baselines directory at ", stderr);
        esc_term(stderr, o.baselines);
        fputs(": verdicts against a baseline are left out\n", stderr);
    }
    /* A bad annotations file is skipped whole (a half-read triage would mislead), named
     * and counted: --strict refuses. */
    struct annotations notes;
    if (annotations_read(o.annotations, &notes, err, sizeof err)) {
        esc_report(stderr, "site: skipping the annotations", err);
        h.n_skipped++;
    }
    /* The repository's history: runs in commit order, and no verdict against a baseline
     * made after the run. Without a checkout, measurement order and every verdict. */
    struct commit_order order;
    const bool ordered = commits_load(o.git, &order, err, sizeof err) == 0;
    if (ordered)
        commits_order_history(&order, &h);
    else
        esc_report(stderr, "site: no commit order (runs in measurement order; a baseline newer "
                           "than a run is not detected)", err);
    struct site_model m;
    if (analysis_site(&h, o.baselines, &notes, ordered ? &order : NULL, o.history_points, &m)) {
        fprintf(stderr, "site: out of memory\n");
        rc = SB_EXIT_ENV;
    } else {
        h.n_skipped += (size_t)analysis_bad_baselines(&m);
        rc = build_checked(&o, &h, &m);
        analysis_site_free(&m);
    }
    if (ordered)
        commits_free(&order);
    annotations_free(&notes);
    history_free(&h);
    return rc;
}
