/* html_text, html_attr and xml_text over the hostile corpus (runner/hostile_strings.h): the
 * output is valid UTF-8 with no markup characters and nothing XML forbids; commit ids that
 * are not hex never reach a URL (pages.c links only those). */
#include "site/html.h"

#include <stdbool.h>
#include <stdlib.h>

#include "runner/escape.h"
#include "runner/hostile_strings.h"
#include "runner/test_util.h"

/* Valid UTF-8, no < > " ', no code point XML forbids, and no bidi control (which would
 * reorder a table cell on the page). */
static bool well_formed(const char *s)
{
    long cp;
    for (const char *p = s; *p;) {
        const int len = esc_utf8_next(p, &cp);
        if (cp < 0 || esc_xml_forbidden(cp) || esc_bidi(cp) ||
            (cp > 0 && cp < 0x80 && strchr("<>\"'", (int)cp)))
            return false;
        p += len;
    }
    return true;
}

int main(void)
{
    void (*const escapers[])(FILE *, const char *) = {html_text, html_attr, xml_text};
    for (size_t i = 0; i < sizeof hostile_strings / sizeof hostile_strings[0]; ++i)
        for (size_t e = 0; e < 3; ++e) {
            char *out = test_capture(escapers[e], hostile_strings[i]);
            CHECK(well_formed(out));
            if (!well_formed(out))
                fprintf(stderr, "  escaper %zu, corpus[%zu]: '%s'\n", e, i, out);
            free(out);
        }
    char *x = test_capture(xml_text, "a\xef\xbf\xbe\x01<b>");
    CHECK_STR(x, "a\xef\xbf\xbd\xef\xbf\xbd&lt;b&gt;");
    free(x);
    char *rlo = test_capture(html_text, "gpu \xe2\x80\xae" "evil");
    CHECK_STR(rlo, "gpu \xef\xbf\xbd" "evil");
    free(rlo);
    char *seg = test_capture(html_href_segment, "../evil.com/x?y#z");
    CHECK_STR(seg, "..%2Fevil.com%2Fx%3Fy%23z");
    free(seg);
    return test_report();
}
