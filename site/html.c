#include "site/html.h"

#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

#include "runner/escape.h"

/* Writes s with & < > " ' as references; a character that is not UTF-8, or that `drop`
 * says no page may carry, as U+FFFD. */
static void escape(FILE *f, const char *s, bool (*drop)(long cp))
{
    long cp;
    for (const char *p = s; *p;) {
        const int len = esc_utf8_next(p, &cp);
        switch (cp) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default:
            if (cp < 0 || drop(cp))
                fputs("\xef\xbf\xbd", f); /* U+FFFD */
            else
                fwrite(p, 1, (size_t)len, f);
        }
        p += len;
    }
}

/* HTML: what XML forbids, C1 controls and DEL (parse errors in HTML), and the bidi
 * controls, which would reorder the text around them on the page. */
static bool html_drops(long cp)
{
    return esc_xml_forbidden(cp) || (cp >= 0x7f && cp <= 0x9f) || esc_bidi(cp);
}

/* Atom: what XML forbids, and the bidi controls. */
static bool xml_drops(long cp) { return esc_xml_forbidden(cp) || esc_bidi(cp); }

void html_text(FILE *f, const char *s) { escape(f, s, html_drops); }

void html_attr(FILE *f, const char *s) { escape(f, s, html_drops); }

void html_raw(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
}

void html_begin(FILE *f, const char *title, const char *root)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          f);
    html_text(f, title);
    html_raw(f,
             " · sgemm-bench</title>\n<link rel=\"stylesheet\" href=\"%sstyle.css\">\n"
             "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Regressions\" "
             "href=\"%sregressions.xml\">\n</head>\n"
             "<body>\n<header><a class=\"brand\" href=\"%sindex.html\">sgemm-bench</a>"
             "<nav><a href=\"%sindex.html\">GPUs</a> <a href=\"%sregressions.html\">"
             "Regressions</a></nav></header>\n<main>\n<h1>",
             root, root, root, root, root);
    html_text(f, title);
    fputs("</h1>\n", f);
}

void html_end(FILE *f)
{
    fputs("</main>\n<footer>Static pages built by sgemm-bench from committed results files; "
          "charts drawn by gnuplot.</footer>\n</body>\n</html>\n",
          f);
}

int html_url_ok(const char *url)
{
    if (strncmp(url, "https://", 8) != 0 && strncmp(url, "http://", 7) != 0)
        return 0;
    for (const unsigned char *p = (const unsigned char *)url; *p; ++p)
        if (*p <= ' ' || *p >= 0x7f || strchr("\"<>\\^`{|}", *p))
            return 0;
    return 1;
}

void html_href_segment(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; ++p) {
        if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
            *p == '.' || *p == '_' || *p == '~' || *p == '-')
            fputc(*p, f);
        else
            fprintf(f, "%%%02X", *p);
    }
}

void xml_text(FILE *f, const char *s) { escape(f, s, xml_drops); }
