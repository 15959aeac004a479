/* feed.c: regressions.xml, the regressions as an Atom feed (RFC 4287), newest first
 * (common.h). */
#include "site/pages/common.h"

#include <string.h>

#include "site/html.h"

/* 1 when utc is RFC 3339 as Atom wants it: "YYYY-MM-DDTHH:MM:SSZ". */
static int rfc3339_ok(const char *utc)
{
    static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
    if (strlen(utc) != sizeof shape - 1)
        return 0;
    for (size_t i = 0; shape[i]; ++i)
        if (shape[i] == 'd' ? !(utc[i] >= '0' && utc[i] <= '9') : utc[i] != shape[i])
            return 0;
    return 1;
}

/* regressions.xml: the same list as an Atom feed (RFC 4287), newest first. */
int feed_regressions(const struct site_ctx *ctx, char *err, size_t errlen)
{
    const struct regression *list = ctx->model->regressions;
    const size_t n = ctx->model->n_regressions;
    const char *updated = "1970-01-01T00:00:00Z";
    for (size_t i = 0; i < n; ++i)
        if (rfc3339_ok(list[i].bad->res.run.utc) && strcmp(list[i].bad->res.run.utc, updated) > 0)
            updated = list[i].bad->res.run.utc;
    FILE *f = open_out(ctx, "regressions.xml", err, errlen);
    if (!f)
        return -1;
    html_raw(f, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
                "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
                "<title>sgemm-bench: regressions and invalid results</title>\n"
                "<id>urn:sgemm-bench:regressions</id>\n<updated>%s</updated>\n"
                "<link rel=\"self\" href=\"regressions.xml\"/>\n"
                "<link rel=\"alternate\" type=\"text/html\" href=\"regressions.html\"/>\n"
                "<author><name>sgemm-bench</name></author>\n",
             updated);
    for (size_t i = 0; i < n; ++i) {
        const struct regression *x = &list[i];
        char text[1024];
        fputs("<entry>\n<id>urn:sgemm-bench:regression:", f);
        html_href_segment(f, x->g->slug);
        fputc(':', f);
        html_href_segment(f, x->v.kernel);
        html_raw(f, ":%dx%dx%d:", x->v.m, x->v.n, x->v.k);
        html_href_segment(f, x->bad->id);
        fputs("</id>\n<title>", f);
        if (x->v.verdict == V_INVALID)
            snprintf(text, sizeof text, "%s %dx%dx%d INVALID on %s", x->v.kernel, x->v.m, x->v.n,
                     x->v.k, x->bad->res.device.name);
        else
            snprintf(text, sizeof text, "%s %dx%dx%d REGRESSED %+.2f%% on %s", x->v.kernel, x->v.m,
                     x->v.n, x->v.k, x->v.delta_pct, x->bad->res.device.name);
        xml_text(f, text);
        html_raw(f, "</title>\n<updated>%s</updated>\n<link href=\"gpu/",
                 rfc3339_ok(x->bad->res.run.utc) ? x->bad->res.run.utc : "1970-01-01T00:00:00Z");
        html_href_segment(f, x->g->slug);
        fputs("/runs/", f);
        html_href_segment(f, x->bad->id);
        fputs(".html#pt-", f);
        html_href_segment(f, x->v.kernel);
        html_raw(f, "-%dx%dx%d\"/>\n<summary>", x->v.m, x->v.n, x->v.k);
        snprintf(text, sizeof text,
                 "%.12s to %.12s: %.2f to %.2f %% of cuBLAS (noise %.2f %%, threshold %.1f %%); "
                 "%s%.12s. %s",
                 x->good->res.run.commit, x->bad->res.run.commit, x->v.base_pct, x->v.cur_pct,
                 x->v.noise_pct, x->v.threshold_pct, x->recovered ? "recovered at " : "still present",
                 x->recovered ? x->recovered->res.run.commit : "", x->v.note);
        xml_text(f, text);
        fputs("</summary>\n</entry>\n", f);
    }
    fputs("</feed>\n", f);
    return close_out(f, "regressions.xml", err, errlen);
}
