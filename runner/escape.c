#include "runner/escape.h"

#include <string.h>
#include <strings.h>

#define REPLACEMENT "\xef\xbf\xbd" /* U+FFFD */

int esc_utf8_next(const char *s, long *cp)
{
    const unsigned char *p = (const unsigned char *)s;
    int len;
    long v, min;
    if (p[0] < 0x80) {
        *cp = p[0];
        return 1;
    }
    if (p[0] >= 0xc2 && p[0] <= 0xdf)
        len = 2, v = p[0] & 0x1f, min = 0x80;
    else if (p[0] >= 0xe0 && p[0] <= 0xef)
        len = 3, v = p[0] & 0x0f, min = 0x800;
    else if (p[0] >= 0xf0 && p[0] <= 0xf4)
        len = 4, v = p[0] & 0x07, min = 0x10000;
    else
        len = 0, v = 0, min = 0;
    for (int i = 1; i < len; ++i) {
        if ((p[i] & 0xc0) != 0x80) { /* a NUL ends it here too */
            len = 0;
            break;
        }
        v = v << 6 | (p[i] & 0x3f);
    }
    if (len == 0 || v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) {
        *cp = -1;
        return 1;
    }
    *cp = v;
    return len;
}

bool esc_unsafe(long cp)
{
    return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029 || esc_bidi(cp);
}

bool esc_bidi(long cp)
{
    return cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

bool esc_space(long cp)
{
    return cp == ' ' || cp == '\t' || cp == '\v' || cp == '\f' || cp == 0x85 || cp == 0xa0 ||
           cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028 || cp == 0x2029 ||
           cp == 0x202f || cp == 0x205f || cp == 0x3000 || cp == 0xfeff || cp == 0x180e ||
           cp == 0x200b;
}

bool esc_xml_forbidden(long cp)
{
    return (cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || (cp >= 0xd800 && cp <= 0xdfff) ||
           (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) == 0xfffe;
}

void esc_copy(char *dst, size_t cap, const char *src)
{
    size_t n = 0;
    long cp;
    while (src[n]) {
        const int len = esc_utf8_next(src + n, &cp);
        if (n + (size_t)len >= cap)
            break;
        n += (size_t)len;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* One character of s for a terminal (len bytes at p, code point cp); lead: only blanks
 * (esc_space: the runner trims every Unicode space) came before it in s. A ':' there, and
 * the first '#' of "##[" anywhere (the runner's older parser reads "##[command]" in any
 * position), would start a workflow command: written as \xNN. */
static void term_char(FILE *f, const char *p, int len, long cp, bool lead)
{
    if (cp < 0 || (esc_unsafe(cp) && cp < 0xa0) || (cp == ':' && lead) ||
        (cp == '#' && strncmp(p, "##[", 3) == 0))
        fprintf(f, "\\x%02x", cp < 0 ? (unsigned char)*p : (unsigned)cp);
    else if (esc_unsafe(cp) || (lead && esc_space(cp) && cp >= 0x80))
        fprintf(f, "\\u{%04lx}", cp);
    else
        fwrite(p, 1, (size_t)len, f);
}

void esc_term(FILE *f, const char *s)
{
    bool lead = true;
    long cp;
    for (const char *p = s; *p;) {
        const int len = esc_utf8_next(p, &cp);
        term_char(f, p, len, cp, lead);
        lead = lead && esc_space(cp);
        p += len;
    }
}

/* Whether p, inside s, is where GitHub's Markdown would start an autolink that its escaped
 * ':' or '@' or '.' breaks: "://" after a scheme's letters, '@' of an address, the '.' of a
 * leading "www.". */
static bool md_autolink_char(const char *s, const char *p)
{
    if (*p == '@' || (*p == ':' && strncmp(p, "://", 3) == 0))
        return true;
    return *p == '.' && p - s >= 3 && strncasecmp(p - 3, "www", 3) == 0 &&
           (p - s == 3 || !((p[-4] >= 'a' && p[-4] <= 'z') || (p[-4] >= 'A' && p[-4] <= 'Z') ||
                            (p[-4] >= '0' && p[-4] <= '9')));
}

void esc_md(FILE *f, const char *s)
{
    bool lead = true;
    long cp;
    for (const char *p = s; *p;) {
        const int len = esc_utf8_next(p, &cp);
        if (cp == '\n' || cp == '\r')
            fputc(' ', f);
        else if (cp == '<' || cp == '>' || cp == '&')
            fputs(cp == '<' ? "&lt;" : cp == '>' ? "&gt;" : "&amp;", f);
        else if (cp >= 0 && cp < 0x80 &&
                 (strchr("\\|`[]()!*", (int)cp) || md_autolink_char(s, p)))
            fprintf(f, "\\%c", (char)cp);
        else
            term_char(f, p, len, cp, lead);
        /* a line break is written as a space: still only blanks before what follows */
        lead = lead && (esc_space(cp) || cp == '\n' || cp == '\r');
        p += len;
    }
}

void esc_annot(FILE *f, const char *s)
{
    long cp;
    for (const char *p = s; *p;) {
        const int len = esc_utf8_next(p, &cp);
        if (cp == '%' || (cp >= 0 && cp < 0x20) || (cp == '#' && strncmp(p, "##[", 3) == 0))
            fprintf(f, "%%%02lX", cp);
        else if (cp < 0 || esc_unsafe(cp))
            fputs(REPLACEMENT, f);
        else
            fwrite(p, 1, (size_t)len, f);
        p += len;
    }
}

void esc_report(FILE *f, const char *who, const char *msg)
{
    esc_term(f, who);
    fputs(": ", f);
    esc_term(f, msg);
    fputc('\n', f);
}

void esc_say(FILE *f, const char *before, const char *value, const char *after)
{
    fputs(before, f);
    esc_term(f, value);
    fputs(after, f);
}
