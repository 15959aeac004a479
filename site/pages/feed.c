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

static const char *atom_time(const char *utc)
{
    return rfc3339_ok(utc) ? utc : "1970-01-01T00:00:00Z";
}

/* One <entry>: `kind` (regression, step) of kernel at m x n x k on g, in `run` (its link,
 * its time), with a title and a summary of plain text (escaped here). */
static void entry(FILE *f, const struct gpu_history *g, const char *kind, const char *kernel,
                  int m, int n, int k, const struct run *run, const char *title,
                  const char *summary)
{
    html_raw(f, "<entry>\n<id>urn:sgemm-bench:%s:", kind);
    html_href_segment(f, g->slug);
    fputc(':', f);
    html_href_segment(f, kernel);
    html_raw(f, ":%dx%dx%d:", m, n, k);
    html_href_segment(f, run->id);
    fputs("</id>\n<title>", f);
    xml_text(f, title);
    html_raw(f, "</title>\n<updated>%s</updated>\n<link href=\"gpu/", atom_time(run->res.run.utc));
    html_href_segment(f, g->slug);
    fputs("/runs/", f);
    html_href_segment(f, run->id);
    fputs(".html#", f);
    point_anchor(f, "pt", kernel, m, n, k);
    fputs("\"/>\n<summary>", f);
    xml_text(f, summary);
    fputs("</summary>\n</entry>\n", f);
}

/* regressions.xml: the regressions page's two lists as an Atom feed (RFC 4287): the
 * regressions, then the slower steps across runs, each newest first. */
int feed_regressions(const struct site_ctx *ctx, char *err, size_t errlen)
{
    const struct site_model *m = ctx->model;
    const char *updated = "1970-01-01T00:00:00Z";
    for (size_t i = 0; i < m->n_regressions; ++i)
        if (strcmp(atom_time(m->regressions[i].bad->res.run.utc), updated) > 0)
            updated = m->regressions[i].bad->res.run.utc;
    for (size_t i = 0; i < m->n_steps; ++i)
        if (m->steps[i].change_pct < 0 &&
            strcmp(atom_time(m->steps[i].first_after->res.run.utc), updated) > 0)
            updated = m->steps[i].first_after->res.run.utc;
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
    char title[1024], text[1024];
    for (size_t i = 0, len; i < m->n_regressions; i += len) {
        const struct regression *x = &m->regressions[i];
        len = invalid_run_len(m->regressions, m->n_regressions, i);
        if (len > 1)
            snprintf(title, sizeof title, "%zu points INVALID on %s (the first: %s %dx%dx%d)", len,
                     x->bad->res.device.name, x->v.kernel, x->v.m, x->v.n, x->v.k);
        else if (x->v.verdict == V_INVALID)
            snprintf(title, sizeof title, "%s %dx%dx%d INVALID on %s", x->v.kernel, x->v.m, x->v.n,
                     x->v.k, x->bad->res.device.name);
        else
            snprintf(title, sizeof title, "%s %dx%dx%d REGRESSED %+.2f%% on %s", x->v.kernel, x->v.m,
                     x->v.n, x->v.k, x->v.delta_pct, x->bad->res.device.name);
        snprintf(text, sizeof text,
                 "%.12s to %.12s: %.2f to %.2f %% of cuBLAS (noise %.2f %%, threshold %.1f %%); "
                 "%s%.12s. %s",
                 x->good->res.run.commit, x->bad->res.run.commit, x->v.base_pct, x->v.cur_pct,
                 x->v.noise_pct, x->v.threshold_pct, x->recovered ? "recovered at " : "still present",
                 x->recovered ? x->recovered->res.run.commit : "", x->v.note);
        if (x->triage && !x->recovered) {
            char t[1024];
            snprintf(t, sizeof t, "[triaged: %s] %s", annotation_state_name(x->triage->state), title);
            snprintf(title, sizeof title, "%s", t);
        }
        entry(f, x->g, "regression", x->v.kernel, x->v.m, x->v.n, x->v.k, x->bad, title, text);
    }
    for (size_t i = 0; i < m->n_steps; ++i) {
        const struct step *s = &m->steps[i];
        if (s->change_pct >= 0)
            continue;
        snprintf(title, sizeof title, "%s %dx%dx%d stepped %+.2f%% on %s", s->kernel, s->m, s->n,
                 s->k, s->change_pct, s->first_after->res.device.name);
        snprintf(text, sizeof text,
                 "A step across runs between %.12s and %.12s: %.2f to %.2f %% of cuBLAS, "
                 "p = %.3f (permutation test).",
                 s->last_before->res.run.commit, s->first_after->res.run.commit, s->before_pct,
                 s->after_pct, s->p);
        entry(f, s->g, "step", s->kernel, s->m, s->n, s->k, s->first_after, title, text);
    }
    fputs("</feed>\n", f);
    return close_out(f, "regressions.xml", err, errlen);
}
