/* comment_main.c: `bazel run //runner:comment -- [--site-url URL] RESULTS.json...`: the body
 * of the PR check's comment, in Markdown, from the results files its GPU legs uploaded (one
 * a GPU model, A/B mode). Those files come from a PR's job: every string in them is data,
 * written through esc_md (no link, image, autolink, mention, code span, HTML or new cell
 * can come of it); the only links are the site's own pages, made of --site-url (https, a
 * host and a plain path) and a slug that passes slug_is_valid. The body stays under
 * COMMENT_MAX bytes: the rows past it are counted, not shown. Its first line is the marker
 * the workflow finds its earlier comment by.
 * Exit: 0 written; 2 bad usage or a file that cannot be read. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/escape.h"
#include "runner/exit_codes.h"
#include "runner/results.h"
#include "runner/run_info.h"
#include "runner/slug.h"

enum { COMMENT_MAX = 60000 }; /* GitHub takes 65536 characters a comment */
static const char marker[] = "<!-- sgemm-bench PR check -->";
static const char usage[] =
    "usage: comment [--site-url URL] RESULTS.json...\n"
    "  the PR check's comment (Markdown) from its A/B results files, one a GPU model\n"
    "  --site-url URL  the published site (https://host/path), linked per GPU model\n"
    "exit: 0 written, 2 bad usage or a file that cannot be read\n";

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

int main(int argc, char **argv)
{
    const char *site = NULL;
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
        esc_say(stderr, "comment: unknown flag '", argv[first], "'\n");
        fputs(usage, stderr);
        return SB_EXIT_USAGE;
    }
    if (first == argc) {
        fputs(usage, stderr);
        return SB_EXIT_USAGE;
    }
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
