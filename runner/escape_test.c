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

/* The runner's view: every blank trimmed (Unicode's spaces too), does the line start a
 * workflow command, or hold "##[" anywhere (its older parser)? */
static bool starts_command(const char *s)
{
    long cp;
    const char *p = s;
    for (int len; *p && (len = esc_utf8_next(p, &cp)) > 0 && esc_space(cp);)
        p += len;
    return strncmp(p, "::", 2) == 0 || strstr(s, "##[") != NULL;
}

/* No bare URL, address or "www." GitHub's Markdown would make a link of. */
static bool md_no_autolink(const char *s)
{
    for (const char *p = s; *p; ++p)
        if ((*p == '@' || strncmp(p, "://", 3) == 0) && (p == s || p[-1] != '\\'))
            return false;
    return !strstr(s, "www.");
}

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
        CHECK(valid_utf8(a) && inert(a) && annot_inert(a) && !strstr(a, "##["));
        CHECK(md_no_autolink(m));
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
    exact(esc_md, "[x](https://e.com)", "\\[x\\]\\(https\\://e.com\\)");
    /* no bare URL, address or www. becomes a link; the text reads the same */
    exact(esc_md, "see https://e.com/x", "see https\\://e.com/x");
    exact(esc_md, "mail a@b.org", "mail a\\@b.org");
    exact(esc_md, "www.e.com and xwww.e", "www\\.e.com and xwww.e");
    /* "##[" anywhere is a command to the runner's older parser */
    exact(esc_term, "x ##[error]y", "x \\x23#[error]y");
    exact(esc_term, "##[stop-commands]t", "\\x23#[stop-commands]t");
    exact(esc_md, "a ##[set-output name=x]", "a \\x23#\\[set-output name=x\\]");
    exact(esc_annot, "a ##[error]b", "a %23#[error]b");
    /* the runner trims every Unicode space before "::" */
    exact(esc_term, "\xc2\xa0::warning::x", "\\u{00a0}\\x3a:warning::x");
    exact(esc_term, "\xe2\x80\x83::x", "\\u{2003}\\x3a:x");
    exact(esc_term, "\xe3\x80\x80 ::x", "\\u{3000} \\x3a:x");
    exact(esc_md, "\xc2\xa0::x", "\\u{00a0}\\x3a:x");
    exact(esc_term, "a\xc2\xa0" "b", "a\xc2\xa0" "b"); /* mid-line, a space is a space */
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
