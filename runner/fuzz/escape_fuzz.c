/* escape_fuzz: libFuzzer target for every output escaper (runner/escape.h, site/html.h)
 * over arbitrary bytes: each output must be valid UTF-8 with nothing its destination acts
 * on (the same properties runner/escape_test.c checks on its fixed corpus), and a cut
 * (esc_copy) must be a valid prefix. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/escape.h"
#include "runner/test_util.h"
#include "site/html.h"

/* Valid UTF-8; no code point that `bad` rejects. */
static void check(const char *what, const char *out, int (*bad)(long cp))
{
    long cp;
    for (const char *p = out; *p;) {
        const int len = esc_utf8_next(p, &cp);
        if (cp < 0 || bad(cp)) {
            fprintf(stderr, "escape_fuzz: %s wrote U+%04lX (or a stray byte)\n", what, cp);
            abort();
        }
        p += len;
    }
}

static int term_bad(long cp) { return esc_unsafe(cp); }

/* Whether a line, past every blank the runner trims (esc_space: Unicode's too), starts
 * with "::". */
static int starts_command(const char *s)
{
    long cp;
    const char *p = s;
    for (int len; *p && (len = esc_utf8_next(p, &cp)) > 0 && esc_space(cp);)
        p += len;
    return strncmp(p, "::", 2) == 0;
}
static int html_bad(long cp)
{
    return esc_xml_forbidden(cp) || esc_bidi(cp) || (cp < 0x80 && strchr("<>\"'", (int)cp) && cp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = '\0'; /* the escapers take C strings: the input up to its first NUL */
    char *t = test_capture(esc_term, s), *m = test_capture(esc_md, s),
         *a = test_capture(esc_annot, s), *h = test_capture(html_text, s),
         *x = test_capture(xml_text, s);
    if (!t || !m || !a || !h || !x)
        abort();
    check("esc_term", t, term_bad);
    check("esc_md", m, term_bad);
    check("esc_annot", a, term_bad);
    check("html_text", h, html_bad);
    check("xml_text", x, html_bad);
    if (starts_command(t) || starts_command(m) || strpbrk(a, "\r\n") || strstr(t, "##[") ||
        strstr(m, "##[") || strstr(a, "##[")) {
        fprintf(stderr, "escape_fuzz: a line that starts a workflow command\n");
        abort();
    }
    char cut[64];
    for (size_t cap = 1; cap <= sizeof cut; cap += 7) {
        esc_copy(cut, cap, s);
        if (strlen(cut) >= cap || strncmp(cut, s, strlen(cut)) != 0)
            abort();
    }
    free(t), free(m), free(a), free(h), free(x), free(s);
    return 0;
}
