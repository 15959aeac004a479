/* comment_main.c: `bazel run //runner:comment -- [--site-url URL] RESULTS.json...`: the body
 * of the PR check's comment, in Markdown, from the results files its GPU legs uploaded (one
 * a GPU model, A/B mode). With --issues DIR [--range BEFORE..AFTER], the publish job's
 * issues instead: one a REGRESSED point of the runs (DIR/<n>.key, .title, .md), and
 * DIR/regressed.txt and DIR/passing.txt, the keys of the points that regressed and of
 * those that ran valid and did not (the workflow closes the issue of a point that
 * recovered). A key is <slug>/<kernel>/<shape> in [A-Za-z0-9_.x/-]. Every string in the files is data,
 * written through esc_md (no link, image, autolink, mention, code span, HTML or new cell
 * can come of it); the only links are the site's own pages, made of --site-url (https, a
 * host and a plain path) and a slug that passes slug_is_valid. The body stays under
 * COMMENT_MAX bytes: the rows past it are counted, not shown. Its first line is the marker
 * the workflow finds its earlier comment by.
 * Exit: 0 written; 2 bad usage or a file that cannot be read. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/atomic_file.h"
#include "runner/escape.h"
#include "runner/exit_codes.h"
#include "runner/results.h"
#include "runner/run_info.h"
#include "runner/slug.h"

enum { COMMENT_MAX = 60000 }; /* GitHub takes 65536 characters a comment */
static const char marker[] = "<!-- sgemm-bench PR check -->";
static const char usage[] =
    "usage: comment [--site-url URL] [--issues DIR [--range BEFORE..AFTER]] RESULTS.json...\n"
    "  the PR check's comment (Markdown) from its A/B results files, one a GPU model;\n"
    "  with --issues, one issue a REGRESSED point, into DIR (a new or empty directory)\n"
    "  --site-url URL  the published site (https://host/path), linked per GPU model\n"
    "  --range A..B    the pushed range (full commit ids): the issue says how to bisect it\n"
    "exit: 0 written, 2 bad usage or a file that cannot be read, 4 DIR cannot be written\n";

/* https://, then a host of letters, digits, '.' and '-', then an optional path of those
 * and '/', '_', '~': nothing a Markdown link or the page could read otherwise. */
static bool site_url_ok(const char *u)
{
    if (strncmp(u, "https://", 8) != 0 || !u[8])
        return false;
    const char *p = u + 8;
    for (; *p && *p != '/'; ++p)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '.' || *p == '-'))
            return false;
    for (; *p; ++p)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              strchr("./-_~", *p)))
            return false;
    return true;
}

/* The row of a point that needs a reader: a judged change or an INVALID point. */
static bool worth_a_row(const struct result_point *p) { return !p->valid || p->judged[0]; }

static void row(FILE *f, const struct result_point *p)
{
    char shape[48];
    results_shape_text(point_is_memory(p), p->m, p->n, p->k, shape, sizeof shape);
    fputs("| ", f);
    esc_md(f, p->kernel);
    fprintf(f, " | %s | ", shape);
    if (!p->valid) {
        fputs("**INVALID** | | ", f);
        esc_md(f, point_error(p));
    } else {
        fputs("**", f);
        esc_md(f, p->judged);
        fprintf(f, "** | %+.2f | ", p->judged_change_pct);
        esc_md(f, p->judged_inside);
    }
    fputs(" |\n", f);
}

/* One GPU model's section: its name, the counts, the rows (while under the budget), a
 * link to its page on the site. Returns the rows left out. */
static size_t section(FILE *f, const struct results *r, const char *site, long budget)
{
    size_t judged = 0, invalid = 0, left = 0;
    for (size_t i = 0; i < r->n_points; ++i) {
        judged += r->points[i].valid && r->points[i].judged[0];
        invalid += !r->points[i].valid;
    }
    fputs("### ", f);
    esc_md(f, r->device.name);
    fprintf(f, "\n\n%zu points: %zu judged a change, %zu INVALID, the rest PASS or not judged.",
            r->n_points, judged, invalid);
    if (site && slug_is_valid(r->device.slug))
        fprintf(f, " History of this model: [its page on the site](%s/gpu/%s/index.html).", site,
                r->device.slug);
    fputs("\n\n", f);
    if (judged + invalid == 0)
        return 0;
    fputs("| kernel | shape | verdict | change % | inside the kernel |\n|---|---|---|---:|---|\n", f);
    for (size_t i = 0; i < r->n_points; ++i) {
        if (!worth_a_row(&r->points[i]))
            continue;
        if (ftell(f) > budget) {
            left++;
            continue;
        }
        row(f, &r->points[i]);
    }
    if (left)
        fprintf(f, "\n%zu more rows are in the results file (the check's artifact).\n", left);
    fputc('\n', f);
    return left;
}

/* The issue key of point p of GPU model slug: <slug>/<kernel>/<shape>, every character of
 * the kernel's name outside [A-Za-z0-9_.-] as '_' (the key names the issue, in its title
 * and its hidden marker). */
static void issue_key(const char *slug, const struct result_point *p, char *out, size_t cap)
{
    char kernel[RS_SHORT], shape[48];
    size_t n = 0;
    for (const char *c = p->kernel; *c && n + 1 < sizeof kernel; ++c)
        kernel[n++] = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                              strchr("_.-", *c)
                          ? *c
                          : '_';
    kernel[n] = '\0';
    results_shape_text(point_is_memory(p), p->m, p->n, p->k, shape, sizeof shape);
    snprintf(out, cap, "%s/%s/%s", slug, kernel, shape);
}

static bool full_commit(const char *s, size_t n)
{
    if (n != 40)
        return false;
    for (size_t i = 0; i < n; ++i)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return false;
    return true;
}

/* The body of the issue of point p (Markdown, every string from the file escaped). */
static void issue_body(FILE *f, const char *key, const struct results *r, const struct result_point *p,
                       const char *site, const char *range)
{
    char shape[48];
    results_shape_text(point_is_memory(p), p->m, p->n, p->k, shape, sizeof shape);
    fprintf(f, "<!-- sgemm-bench regression %s -->\n", key);
    fputs("**", f);
    esc_md(f, p->kernel);
    fprintf(f, "** at %s on ", shape);
    esc_md(f, r->device.name);
    fprintf(f, " REGRESSED against the committed baseline: %+.2f%% of the reference, at commit ", p->judged_change_pct);
    esc_md(f, r->run.commit);
    fputs(".\n\nInside the kernel: ", f);
    esc_md(f, p->judged_inside[0] ? p->judged_inside : "nothing recorded");
    fputs("\n\n", f);
    if (range) {
        const char *dots = strstr(range, "..");
        fprintf(f, "The push brought %.*s..%s. To name the commit, on a machine with Bazel and the GPU:\n\n"
                   "    tools/backfill.sh build %.*s^..%s /tmp/bisect --paths .\n"
                   "    tools/bisect.sh /tmp/bisect %.*s %s KERNEL %s\n\n"
                   "(KERNEL: the name above.)\n\n",
                (int)(dots - range), range, dots + 2, (int)(dots - range), range, dots + 2,
                (int)(dots - range), range, dots + 2, shape);
    }
    if (site && slug_is_valid(r->device.slug))
        fprintf(f, "History: [this model's page on the site](%s/gpu/%s/index.html).\n\n", site, r->device.slug);
    fputs("This issue is closed by the publish workflow when a later run of main measures the "
          "point valid and not regressed.\n", f);
}

struct issue_ctx {
    const char *key;
    const struct results *r;
    const struct result_point *p;
    const char *site, *range;
};

static int write_body(FILE *f, void *arg)
{
    const struct issue_ctx *c = arg;
    issue_body(f, c->key, c->r, c->p, c->site, c->range);
    return ferror(f) ? -1 : 0;
}

/* DIR as a new or empty directory; 0, or the exit code with a message. */
static int fresh_dir(const char *dir)
{
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        const int e = errno;
        esc_say(stderr, "comment: cannot create ", dir, ": ");
        fprintf(stderr, "%s\n", strerror(e));
        return sb_exit_for_errno(e);
    }
    DIR *d = opendir(dir);
    int entries = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        entries += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d)
        closedir(d);
    if (!d || entries) {
        esc_say(stderr, "comment: --issues ", dir, ": not an empty directory; nothing written\n");
        return SB_EXIT_USAGE;
    }
    return 0;
}

/* The issues of the runs in files[0..n) into dir. */
static int write_issues(const char *dir, char **files, int n, const char *site, const char *range)
{
    char path[4352], key[256], err[1024], title[512];
    int rc = fresh_dir(dir), count = 0;
    FILE *regressed = NULL, *passing = NULL;
    char *rbuf = NULL, *pbuf = NULL;
    size_t rlen = 0, plen = 0;
    if (rc || !(regressed = open_memstream(&rbuf, &rlen)) || !(passing = open_memstream(&pbuf, &plen)))
        return rc ? rc : SB_EXIT_ENV;
    for (int i = 0; i < n && !rc; ++i) {
        struct results r;
        char in[4096];
        run_user_path(files[i], in, sizeof in);
        if (results_read(in, &r, err, sizeof err) != 0) {
            esc_report(stderr, "comment", err);
            rc = SB_EXIT_USAGE;
            break;
        }
        if (!slug_is_valid(r.device.slug)) { /* the reader refuses these too: a second guard */
            esc_say(stderr, "comment: ", in, ": device.slug is not a slug\n");
            results_free(&r);
            rc = SB_EXIT_USAGE;
            break;
        }
        for (size_t j = 0; j < r.n_points && !rc; ++j) {
            const struct result_point *p = &r.points[j];
            issue_key(r.device.slug, p, key, sizeof key);
            if (!p->valid || strcmp(p->judged, "REGRESSED") != 0) {
                if (p->valid)
                    fprintf(passing, "%s\n", key);
                continue;
            }
            fprintf(regressed, "%s\n", key);
            const struct issue_ctx c = {key, &r, p, site, range};
            snprintf(title, sizeof title, "Regression: %s on %s", strchr(key, '/') + 1, r.device.slug);
            snprintf(path, sizeof path, "%s/%d.md", dir, count);
            if (atomic_write(path, write_body, (void *)&c, err, sizeof err) == 0) {
                snprintf(path, sizeof path, "%s/%d.key", dir, count);
                if (atomic_write_string(path, key, err, sizeof err) == 0) {
                    snprintf(path, sizeof path, "%s/%d.title", dir, count);
                    if (atomic_write_string(path, title, err, sizeof err) == 0) {
                        count++;
                        continue;
                    }
                }
            }
            esc_report(stderr, "comment", err);
            rc = sb_exit_for_errno(errno);
        }
        results_free(&r);
    }
    fclose(regressed);
    fclose(passing);
    if (!rc) {
        snprintf(path, sizeof path, "%s/regressed.txt", dir);
        rc = atomic_write_string(path, rbuf, err, sizeof err);
        snprintf(path, sizeof path, "%s/passing.txt", dir);
        rc = rc || atomic_write_string(path, pbuf, err, sizeof err);
        if (rc) {
            esc_report(stderr, "comment", err);
            rc = sb_exit_for_errno(errno);
        }
    }
    free(rbuf);
    free(pbuf);
    if (!rc)
        fprintf(stderr, "comment: %d issues written to %s\n", count, dir);
    return rc;
}

int main(int argc, char **argv)
{
    const char *site = NULL, *issues = NULL, *range = NULL;
    int first = 1, rc = SB_EXIT_OK;
    for (; first < argc && strncmp(argv[first], "--", 2) == 0; ++first) {
        if (strcmp(argv[first], "--help") == 0) {
            fputs(usage, stdout);
            return SB_EXIT_OK;
        }
        if (strcmp(argv[first], "--site-url") == 0 && first + 1 < argc) {
            site = argv[++first];
            const size_t n = strlen(site);
            if (!site_url_ok(site) || n > 512) {
                esc_say(stderr, "comment: --site-url '", site, "' is not https://host/path\n");
                return SB_EXIT_USAGE;
            }
            continue;
        }
        if (strcmp(argv[first], "--issues") == 0 && first + 1 < argc) {
            issues = argv[++first];
            continue;
        }
        if (strcmp(argv[first], "--range") == 0 && first + 1 < argc) {
            range = argv[++first];
            const char *dots = strstr(range, "..");
            if (!dots || !full_commit(range, (size_t)(dots - range)) || !full_commit(dots + 2, strlen(dots + 2))) {
                esc_say(stderr, "comment: --range '", range, "' is not BEFORE..AFTER, full commit ids\n");
                return SB_EXIT_USAGE;
            }
            continue;
        }
        esc_say(stderr, "comment: unknown flag '", argv[first], "'\n");
        fputs(usage, stderr);
        return SB_EXIT_USAGE;
    }
    if (first == argc) {
        fputs(usage, stderr);
        return SB_EXIT_USAGE;
    }
    if (issues)
        return write_issues(issues, argv + first, argc - first, site, range);
    char *body = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&body, &len);
    if (!f)
        return SB_EXIT_ENV;
    fprintf(f, "%s\n## sgemm-bench: the A/B check, head against base\n\n", marker);
    for (int i = first; i < argc && rc == SB_EXIT_OK; ++i) {
        struct results r;
        char err[1024], path[4096];
        run_user_path(argv[i], path, sizeof path);
        if (results_read(path, &r, err, sizeof err) != 0) {
            esc_report(stderr, "comment", err);
            rc = SB_EXIT_USAGE;
            break;
        }
        section(f, &r, site, COMMENT_MAX - 2048);
        results_free(&r);
    }
    fputs("The verdicts, noise and counters of every point are in the check's job summary.\n", f);
    fclose(f);
    if (rc == SB_EXIT_OK)
        fwrite(body, 1, len, stdout);
    free(body);
    return rc;
}
