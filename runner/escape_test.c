/* The output escapers (escape.h) over one hostile corpus: each output must be valid UTF-8
 * and free of what its destination would act on; a few exact outputs pin the forms. */
#include "runner/escape.h"

#include <stdlib.h>

#include "runner/hostile_strings.h"
#include "runner/test_util.h"

static bool valid_utf8(const char *s)
{
    long cp;
    for (const char *p = s; *p; p += esc_utf8_next(p, &cp))
        if (esc_utf8_next(p, &cp) == 1 && cp < 0)
            return false;
    return true;
}

/* No raw character a terminal or a log acts on. */
static bool inert(const char *s)
{
    long cp;
    for (const char *p = s; *p; p += esc_utf8_next(p, &cp))
        if (esc_utf8_next(p, &cp) && esc_unsafe(cp))
            return false;
    return true;
}

/* The runner's view: leading spaces and tabs trimmed, does it start a workflow command? */
static bool starts_command(const char *s) { return strncmp(s + strspn(s, " \t"), "::", 2) == 0; }

/* Every one of these characters is backslash-escaped (an odd run of backslashes before it). */
static bool md_inert(const char *s)
{
    for (const char *p = s; *p; ++p) {
        if (!strchr("[]()!|`", *p))
            continue;
        int slashes = 0;
        for (const char *q = p; q > s && q[-1] == '\\'; --q)
            slashes++;
        if (slashes % 2 == 0)
            return false;
    }
    return !strchr(s, '<') && !strchr(s, '\n');
}

/* Only %XX sequences, no CR or LF. */
static bool annot_inert(const char *s)
{
    for (const char *p = s; *p; ++p)
        if (*p == '\r' || *p == '\n' ||
            (*p == '%' && !(strchr("0123456789ABCDEF", p[1]) && p[1] && strchr("0123456789ABCDEF", p[2]) && p[2])))
            return false;
    return true;
}

static void corpus_properties(void)
{
    for (size_t i = 0; i < sizeof hostile_strings / sizeof hostile_strings[0]; ++i) {
        char *t = test_capture(esc_term, hostile_strings[i]), *m = test_capture(esc_md, hostile_strings[i]),
             *a = test_capture(esc_annot, hostile_strings[i]);
        CHECK(valid_utf8(t) && inert(t) && !starts_command(t));
        CHECK(valid_utf8(m) && inert(m) && !starts_command(m) && md_inert(m));
        CHECK(valid_utf8(a) && inert(a) && annot_inert(a));
        if (!(valid_utf8(t) && inert(t) && !starts_command(t) && md_inert(m) && annot_inert(a)))
            fprintf(stderr, "  corpus[%zu]: term '%s' md '%s' annot '%s'\n", i, t, m, a);
        free(t), free(m), free(a);
        /* Every cut of every string is a valid prefix. */
        for (size_t cap = 1; cap <= strlen(hostile_strings[i]) + 1; ++cap) {
            char buf[256];
            esc_copy(buf, cap, hostile_strings[i]);
            CHECK(strlen(buf) < cap && strncmp(buf, hostile_strings[i], strlen(buf)) == 0);
            if (valid_utf8(hostile_strings[i]))
                CHECK(valid_utf8(buf));
        }
    }
}

static void exact(void (*esc)(FILE *, const char *), const char *in, const char *want)
{
    char *got = test_capture(esc, in);
    CHECK_STR(got, want);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "  '%s' -> '%s', want '%s'\n", in, got, want);
    free(got);
}

int main(void)
{
    corpus_properties();
    exact(esc_term, "  ::warning::x", "  \\x3a:warning::x");
    exact(esc_term, "a::b", "a::b"); /* a colon mid-line starts nothing */
    exact(esc_term, "x\xc2\x85y", "x\\x85y");
    exact(esc_term, "x\xe2\x80\xa8y", "x\\u{2028}y");
    exact(esc_term, "\xff", "\\xff");
    exact(esc_term, "caf\xc3\xa9", "caf\xc3\xa9");
    exact(esc_md, "[x](https://e.com)", "\\[x\\]\\(https://e.com\\)");
    exact(esc_md, "![i](u)", "\\!\\[i\\]\\(u\\)");
    exact(esc_md, "a\\|b", "a\\\\\\|b");
    /* a line break becomes a space: the "::" after it still follows only blanks (the
     * fuzzer's find, runner/fuzz/escape_corpus/md-newline-colons) */
    exact(esc_md, " \n::x", "  \\x3a:x");
    exact(esc_annot, "50%\n\xe2\x80\xae", "50%25%0A\xef\xbf\xbd");
    char buf[8];
    esc_copy(buf, 3, "a\xc3\xa9");
    CHECK_STR(buf, "a");
    esc_copy(buf, 4, "a\xc3\xa9");
    CHECK_STR(buf, "a\xc3\xa9");
    long cp;
    CHECK(esc_utf8_next("\xe2\x82\xac", &cp) == 3 && cp == 0x20ac);
    CHECK(esc_utf8_next("\xe2\x82", &cp) == 1 && cp == -1);
    CHECK(esc_xml_forbidden(0xfffe) && esc_xml_forbidden(0x1ffff) && esc_xml_forbidden(0xfdd0));
    CHECK(!esc_xml_forbidden('\n') && !esc_xml_forbidden(0x20ac));
    return test_report();
}
