#include "runner/escape.h"

static int is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

/* One byte of s for a terminal: controls and a leading ':' as \xNN. */
static void term_byte(FILE *f, const unsigned char *p, const char *s)
{
    if (is_control(*p) || (p == (const unsigned char *)s && *p == ':'))
        fprintf(f, "\\x%02x", *p);
    else
        fputc(*p, f);
}

void esc_term(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; ++p)
        term_byte(f, p, s);
}

void esc_md(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; ++p) {
        switch (*p) {
        case '|': fputs("\\|", f); break;
        case '`': fputs("\\`", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '\n': case '\r': fputc(' ', f); break;
        default: term_byte(f, p, s);
        }
    }
}

void esc_annot(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; ++p) {
        if (*p == '%' || is_control(*p))
            fprintf(f, "%%%02X", *p);
        else
            fputc(*p, f);
    }
}

void esc_report(FILE *f, const char *who, const char *msg)
{
    fprintf(f, "%s: ", who);
    esc_term(f, msg);
    fputc('\n', f);
}
