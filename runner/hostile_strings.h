/* hostile_strings.h: TEST ONLY. One corpus of strings a results file or a command line
 * could carry, shared by every escaper's test (runner/escape_test.c, site/html_test.c). */
#ifndef SGEMM_BENCH_RUNNER_HOSTILE_STRINGS_H
#define SGEMM_BENCH_RUNNER_HOSTILE_STRINGS_H

/* Strings a results file or a command line could carry. */
static const char *const hostile_strings[] = {
    "plain_kernel",
    "::warning::raw",
    "  ::error title=x::leading spaces",
    "\t::set-output name=x::tab",
    "name\n::warning::after a newline",
    "cr\r::error::",
    "\x1b[31mred\x1b[0m",
    "del\x7f",
    "c1 NEL \xc2\x85 and CSI \xc2\x9b",
    "line\xe2\x80\xa8separator and paragraph\xe2\x80\xa9",
    "bidi \xe2\x80\xaeoverride\xe2\x80\xac and \xe2\x81\xa6isolate\xe2\x81\xa9",
    "[x](https://example.com)",
    "![img](https://example.com/a.png)",
    "a|b`c*d_e\\f",
    "<script>alert(1)</script>&amp;",
    "100% done %0A%25",
    "\xff\xfe bad bytes \xc0\xaf overlong \xed\xa0\x80 surrogate \xf4\x90\x80\x80 big",
    "cut \xe2\x82",
    "nonchar \xef\xbf\xbe \xef\xbf\xbf \xef\xb7\x90",
    "emoji \xf0\x9f\x98\x80 and \xc3\xa9",
    "mid-line ##[error]x and ##[stop-commands]token",
    "\xc2\xa0::warning::nbsp and \xe3\x80\x80::ideographic",
    "\xe2\x80\x83\xe2\x80\x83::error::em spaces",
    "see https://evil.example/x or www.evil.example or me@evil.example",
};

#endif
