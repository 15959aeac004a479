/* escape.h: the output boundary. Every string that came from a results file (kernel names,
 * error notes, driver strings, GPU names, paths) or a command line goes out through one of
 * these, never raw. Each reads its input as UTF-8 and writes valid UTF-8, whatever it got:
 *   esc_term   terminal and logs: C0 and C1 controls and DEL written as \xNN, the line and
 *              paragraph separators and the bidirectional controls as \u{XXXX}, bytes that
 *              are not UTF-8 as \xNN, and a ':' that only spaces and tabs precede as \x3a,
 *              so no data-made text can start a line with "::" (a GitHub Actions workflow
 *              command: the runner trims leading whitespace before it looks);
 *   esc_md     a Markdown table cell: as esc_term, with newlines as spaces, < > & as
 *              entities, and \ | ` [ ] ( ) ! * backslash-escaped (no link, image, code
 *              span or new cell can be made of data; '_' stays, as kernel names hold it);
 *   esc_annot  the message of a workflow command (::error::MSG): %, CR, LF and every other
 *              C0 control percent-encoded, as GitHub's runner decodes them; C1 controls,
 *              separators, bidi controls and non-UTF-8 bytes as U+FFFD.
 * HTML, XML and URLs: site/html.h, on top of esc_utf8_next. */
#ifndef SGEMM_BENCH_RUNNER_ESCAPE_H
#define SGEMM_BENCH_RUNNER_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

void esc_term(FILE *f, const char *s);
void esc_md(FILE *f, const char *s);
void esc_annot(FILE *f, const char *s);

/* fprintf(f, "%s: %s\n", who, esc_term(msg)): a tool's message that quotes a file. */
void esc_report(FILE *f, const char *who, const char *msg);

/* fputs(before) esc_term(value) fputs(after): a message around one value from outside
 * (a path, a flag's value, a file name). before and after are the tool's own text. */
void esc_say(FILE *f, const char *before, const char *value, const char *after);

/* Decodes the UTF-8 character at s (s[0] != 0): returns its length in bytes (1-4) and its
 * code point in *cp, or 1 and *cp = -1 for a byte that starts no valid character (overlong,
 * surrogate, past U+10FFFF, cut short). */
int esc_utf8_next(const char *s, long *cp);

/* Code points no output carries raw: C0 controls (TAB and LF included), DEL, C1 controls,
 * U+2028 and U+2029, and the bidirectional controls (U+200E-200F, U+202A-202E,
 * U+2066-2069). */
bool esc_unsafe(long cp);

/* True for the blanks a workflow runner trims before a command: ASCII space, tab, VT, FF
 * and Unicode's spaces (U+00A0, U+1680, U+2000-U+200B, U+2028, U+2029, U+202F, U+205F,
 * U+3000, U+FEFF, ...). */
bool esc_space(long cp);

/* True for the bidirectional controls (U+200E, U+200F, U+202A-U+202E, U+2066-U+2069): in a
 * page they reorder the text around them (a table cell shown reversed). */
bool esc_bidi(long cp);

/* Code points XML 1.0 forbids even as references (C0 but TAB, LF and CR; surrogates;
 * U+FFFE, U+FFFF), and the noncharacters (U+FDD0-FDEF, U+nFFFE, U+nFFFF). */
bool esc_xml_forbidden(long cp);

/* Copies src into dst[cap] (cap >= 1; always terminated), cut before a character that does
 * not fit whole: a truncation never splits a UTF-8 character. */
void esc_copy(char *dst, size_t cap, const char *src);

#endif
