/* common.c: pieces of many pages: output files, links, badges, figures (common.h). */
#include "site/pages/common.h"

#include <errno.h>
#include <string.h>

#include "runner/atomic_file.h"
#include "runner/escape.h"
#include "site/html.h"

/* The % of cuBLAS kernel `name`'s registration expects, as the run recorded it; -1: none
 * (no expectation, or a file from before the "kernels" table). */
void expected_range(const struct results *r, const char *name, double *lo, double *hi)
{
    const struct kernel_info *k = results_kernel(r, name);
    *lo = *hi = -1;
    if (k && k->expected_high_pct > 0) {
        *lo = k->expected_low_pct;
        *hi = k->expected_high_pct;
    }
}

FILE *open_out(const struct site_ctx *ctx, const char *rel, char *err, size_t errlen)
{
    char path[PATH];
    snprintf(path, sizeof path, "%s/%s", ctx->out, rel);
    if (make_parent_dirs(path) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    FILE *f = fopen(path, "w");
    if (!f)
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return f;
}

int close_out(FILE *f, const char *rel, char *err, size_t errlen)
{
    errno = 0;
    const int failed = ferror(f);
    if ((fclose(f) != 0) | failed) {
        snprintf(err, errlen, "%s: write failed: %s", rel, strerror(errno ? errno : EIO));
        return -1;
    }
    return 0;
}

FILE *page_open(const struct site_ctx *ctx, const char *rel, const char *title, const char *root,
                char *err, size_t errlen)
{
    FILE *f = open_out(ctx, rel, err, errlen);
    if (f)
        html_begin(f, title, root);
    return f;
}

const struct result_point *best_at(const struct results *r, int size)
{
    const struct result_point *best = NULL;
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        if (p->valid && p->m == size && p->n == size && p->k == size &&
            (!best || p->pct_ref > best->pct_ref))
            best = p;
    }
    return best;
}

const char *repo_of(const struct site_ctx *ctx, const struct results *r)
{
    const char *url = ctx->repo_url ? ctx->repo_url : r->run.repo_url;
    return url && html_url_ok(url) ? url : NULL;
}

/* True for a commit id: 7 to 40 hex digits (nothing else goes into a commit URL). */
static bool is_commit_id(const char *s)
{
    const size_t n = strspn(s, "0123456789abcdefABCDEF");
    return n >= 7 && n <= 40 && s[n] == '\0';
}

void commit_link(FILE *f, const struct site_ctx *ctx, const struct results *r)
{
    const char *url = repo_of(ctx, r);
    char sha[16];
    esc_copy(sha, 13, r->run.commit);
    if (url && is_commit_id(r->run.commit)) {
        fputs("<a href=\"", f);
        html_attr(f, url);
        fputs("/commit/", f);
        html_href_segment(f, r->run.commit);
        fputs("\"><code>", f);
        html_text(f, sha);
        fputs("</code></a>", f);
    } else {
        fputs("<code>", f);
        html_text(f, sha);
        fputs("</code>", f);
    }
}

/* "<commit link> on <branch>, <utc>": where a run came from. */
void run_origin(FILE *f, const struct site_ctx *ctx, const struct results *r)
{
    commit_link(f, ctx, r);
    fputs(" on ", f);
    html_text(f, r->run.branch);
    fputs(", ", f);
    html_text(f, r->run.utc);
}

static const char *verdict_class(int code)
{
    switch (code) {
    case 0: return "pass";
    case 1: return "regressed";
    case 3: return "invalid";
    case 5: return "inconclusive";
    default: return "none";
    }
}

void verdict_badge(FILE *f, const struct comparison *c)
{
    int code = compare_exit_code(c);
    html_raw(f, "<span class=\"badge %s\">%s</span> ", verdict_class(code),
             code == 0 ? "PASS" : code == 1 ? "REGRESSED" : code == 3 ? "INVALID" : "INCONCLUSIVE");
    for (int v = 0; v < V_COUNT; ++v)
        if (c->counts[v])
            html_raw(f, "<span class=\"count\">%d %s</span> ", c->counts[v], verdict_name(v));
}

/* <figure><img ...>, left open for an image map to follow inside it. */
void img_open(FILE *f, const char *src, const char *alt, const char *map, int w, int h)
{
    fputs("<img src=\"", f);
    html_href_segment(f, src);
    html_raw(f, "\" width=\"%d\" height=\"%d\" alt=\"", w, h);
    html_attr(f, alt);
    if (map) {
        fputs("\" usemap=\"#", f);
        html_attr(f, map);
    }
    fputs("\">", f);
}

void pager(FILE *f, const char *what, const char *prev_href, const char *prev_text,
           const char *next_href, const char *next_text)
{
    fputs("<nav class=\"pager\">", f);
    for (int side = 0; side < 2; ++side) {
        const char *href = side ? next_href : prev_href, *text = side ? next_text : prev_text;
        if (!href[0])
            continue;
        fputs(side ? "<a rel=\"next\" href=\"" : "<a rel=\"prev\" href=\"", f);
        html_href_segment(f, href);
        fputs(side ? "\">next " : "\">previous ", f);
        html_text(f, what);
        fputs(": ", f);
        html_text(f, text);
        fputs("</a>", f);
    }
    fputs("</nav>\n", f);
}

void figure_caption_larger(FILE *f, const char *src)
{
    fputs("<figcaption><a href=\"", f);
    html_href_segment(f, src);
    fputs("\">Open the chart alone</a></figcaption>", f);
}

void figure(FILE *f, const char *src, const char *alt, const char *map, int w, int h)
{
    fputs("<figure>", f);
    img_open(f, src, alt, map, w, h);
    figure_caption_larger(f, src);
    fputs("</figure>\n", f);
}

struct series series_of_point(const struct result_point *p)
{
    return (struct series){.name = p->kernel, .m = p->m, .n = p->n, .k = p->k,
                           .memory = point_is_memory(p)};
}

struct series series_of_verdict(const struct point_verdict *v)
{
    return (struct series){.name = v->kernel, .m = v->m, .n = v->n, .k = v->k, .memory = v->memory};
}

void series_shape(const struct series *s, char *out, size_t cap)
{
    if (!s->memory && s->m == s->n && s->n == s->k)
        snprintf(out, cap, "%d³", s->m);
    else
        results_shape_text(s->memory, s->m, s->n, s->k, out, cap);
}

void series_id(FILE *f, const struct series *s)
{
    point_anchor(f, "h", s->name, s->m, s->n, s->k);
}


bool of_family(const struct result_point *p, const char *family)
{
    return strcmp(p->family[0] ? p->family : "sgemm", family) == 0;
}

void point_anchor(FILE *f, const char *prefix, const char *kernel, int m, int n, int k)
{
    html_raw(f, "%s-", prefix);
    html_href_segment(f, kernel);
    html_raw(f, "-%dx%dx%d", m, n, k);
}

int note_chart(FILE *f, int rc, const char *what, char *err)
{
    if (rc < 0)
        return -1;
    if (rc > 0) {
        fputs("<p class=\"missing\">No data for ", f);
        html_text(f, what);
        fputs(" in this run.</p>\n", f);
    }
    (void)err;
    return 0;
}

/* The largest square memory size at which r holds a valid point of `kernel`, or 0. */
int memory_size_of(const struct results *r, const char *kernel)
{
    int best = 0;
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        if (p->valid && of_family(p, "memory") && p->m == p->n && p->m > best &&
            (!kernel || strcmp(p->kernel, kernel) == 0))
            best = p->m;
    }
    return best;
}

size_t invalid_run_len(const struct regression *list, size_t n, size_t i)
{
    const struct regression *x = &list[i];
    size_t j = i + 1;
    if (x->v.verdict != V_INVALID)
        return 1;
    while (j < n && list[j].v.verdict == V_INVALID && list[j].g == x->g && list[j].good == x->good &&
           list[j].bad == x->bad && list[j].recovered == x->recovered && list[j].triage == x->triage)
        ++j;
    return j - i;
}

/* "triaged: <state> by <who>: <why>": a regression or a step the annotations triage. */
void triage_text(FILE *f, const struct site_ctx *ctx, const struct results *r,
                        const struct annotation *a)
{
    html_raw(f, "triaged: %s by ", annotation_state_name(a->state));
    html_text(f, a->who);
    fputs(": ", f);
    html_text(f, a->why);
    if (!a->evidence[0])
        return;
    const char *repo = repo_of(ctx, r);
    fputs(" (evidence: ", f);
    if (repo) {
        fputs("<a href=\"", f);
        html_attr(f, repo);
        fputs("/tree/HEAD/", f);
        html_attr(f, a->evidence); /* repo_path_ok: [A-Za-z0-9._/-] only */
        fputs("\">", f);
    }
    fputs("<code>", f);
    html_text(f, a->evidence);
    fputs(repo ? "</code></a>)" : "</code>)", f);
}
