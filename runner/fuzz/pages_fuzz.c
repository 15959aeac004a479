/* pages_fuzz: libFuzzer target for the site's page writers. The input, a results file,
 * becomes a one-GPU history of two runs (the second with every rate halved, so that the
 * verdict tables hold REGRESSED rows and their notes) and that GPU's baseline; the model is
 * built (site/analysis.c) and rendered: the index, the regressions page and its feed, the
 * runs page and both commit pages. (The GPU and memory pages draw gnuplot charts, one
 * process each: site_test and hostile_test build them.) Whatever the input, each page must
 * be valid UTF-8 with no code point XML forbids, and each '<' must open a tag the writers
 * emit, the doctype or the XML declaration: a string from the file printed unescaped
 * fails here. */
#define _GNU_SOURCE /* mkdtemp */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/escape.h"
#include "site/analysis.h"
#include "site/pages.h"
#include "site/pages/common.h"

static const char *const tags[] = {
    "a", "area", "author", "b", "body", "br", "caption", "code", "details", "div", "entry",
    "feed", "figure", "footer", "h1", "h2", "h3", "h4", "head", "header", "html", "id", "img",
    "li", "link", "main", "map", "meta", "name", "nav", "p", "section", "span", "strong",
    "summary", "table", "tbody", "td", "th", "thead", "title", "tr", "ul", "updated", NULL};

static void fail(const char *page, const char *why, const char *at)
{
    fprintf(stderr, "pages_fuzz: %s: %s at \"%.40s\"\n", page, why, at);
    abort();
}

/* The page's text: valid UTF-8, XML-safe, and markup only of the writers' own tags. */
static void check_page(const char *dir, const char *rel)
{
    char path[4352];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail(rel, "not written", "");
    static char text[1 << 22];
    const size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    if (strlen(text) != n)
        fail(rel, "a NUL byte", "");
    for (const char *p = text; *p;) {
        long cp;
        const int len = esc_utf8_next(p, &cp);
        if (cp < 0 || (esc_xml_forbidden(cp) && cp != '\n' && cp != '\t'))
            fail(rel, "invalid UTF-8 or a forbidden code point", p);
        if (esc_bidi(cp))
            fail(rel, "a bidi control, which reorders the text around it", p);
        if (*p == '<') {
            const char *q = p + 1 + (p[1] == '/');
            size_t t = 0;
            while (isalnum((unsigned char)q[t]))
                ++t;
            bool known = strncmp(p, "<!DOCTYPE html>", 15) == 0 || strncmp(p, "<?xml ", 6) == 0;
            for (const char *const *k = tags; *k && !known; ++k)
                known = t == strlen(*k) && strncmp(q, *k, t) == 0 &&
                        (q[t] == '>' || q[t] == ' ' || q[t] == '/');
            if (!known)
                fail(rel, "markup the writers do not emit", p);
        }
        p += len;
    }
}

static int parse(const uint8_t *data, size_t size, struct results *r)
{
    char err[512];
    return results_parse((const char *)data, size, "fuzz", r, err, sizeof err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char dir[] = "/tmp/pages_fuzz.XXXXXX";
    static int ready;
    char base_dir[64], path[128], err[1024];
    if (!ready) {
        if (!mkdtemp(dir))
            abort();
        ready = 1;
    }
    struct run runs[2];
    if (parse(data, size, &runs[0].res))
        return 0;
    if (parse(data, size, &runs[1].res)) {
        results_free(&runs[0].res);
        return 0;
    }
    for (size_t i = 0; i < runs[1].res.n_points; ++i) {
        struct result_point *p = &runs[1].res.points[i];
        p->rate /= 2;
        p->pct_ref /= 2;
        p->time_ms.median *= 2;
    }
    snprintf(runs[0].id, sizeof runs[0].id, "20260101T000000Z-000000000001");
    snprintf(runs[1].id, sizeof runs[1].id, "20260102T000000Z-000000000002");
    struct gpu_history g = {"fuzz-gpu", runs, 2};
    struct history h = {&g, 1, 0};
    /* The input as the GPU's committed baseline too. */
    snprintf(base_dir, sizeof base_dir, "%s/baselines", dir);
    mkdir(base_dir, 0700);
    snprintf(path, sizeof path, "%s/fuzz-gpu.json", base_dir);
    FILE *b = fopen(path, "wb");
    if (!b || fwrite(data, 1, size, b) != size || fclose(b))
        abort();
    struct site_model m;
    if (analysis_site(&h, base_dir, NULL, NULL, 60, &m))
        abort();
    struct site_ctx ctx = {&h, &m, dir, "/nonexistent", NULL, 60, NULL, 0};
    if (pages_palette(&ctx))
        abort();
    if (page_index(&ctx, err, sizeof err) || page_regressions(&ctx, err, sizeof err) ||
        page_runs(&ctx, &g, err, sizeof err) || page_commit(&ctx, &m.gpus[0], 0, err, sizeof err) ||
        page_commit(&ctx, &m.gpus[0], 1, err, sizeof err)) {
        fprintf(stderr, "pages_fuzz: a page failed: %s\n", err);
        abort();
    }
    static const char *const pages[] = {
        "index.html", "regressions.html", "regressions.xml", "gpu/fuzz-gpu/runs.html",
        "gpu/fuzz-gpu/runs/20260101T000000Z-000000000001.html",
        "gpu/fuzz-gpu/runs/20260102T000000Z-000000000002.html", NULL};
    for (const char *const *p = pages; *p; ++p)
        check_page(dir, *p);
    pages_palette_free(&ctx);
    analysis_site_free(&m);
    results_free(&runs[0].res);
    results_free(&runs[1].res);
    return 0;
}
