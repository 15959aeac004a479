/* escape.h: the output boundary. Every string that came from a results file (kernel names,
 * error notes, driver strings, GPU names, paths) goes out through one of these, never raw:
 *   esc_term   terminal and logs: control characters (ESC, CR, LF, ...) written as \xNN,
 *              and a leading ':' as \x3a, so no data-made text can start a line with "::"
 *              (a GitHub Actions workflow command);
 *   esc_md     a Markdown table cell: as esc_term, and | ` < > & escaped, newlines dropped;
 *   esc_annot  the message of a workflow command (::error::MSG): %, CR, LF and every other
 *              control character percent-encoded, as GitHub's runner decodes them. */
#ifndef SGEMM_BENCH_RUNNER_ESCAPE_H
#define SGEMM_BENCH_RUNNER_ESCAPE_H

#include <stdio.h>

void esc_term(FILE *f, const char *s);
void esc_md(FILE *f, const char *s);
void esc_annot(FILE *f, const char *s);

/* fprintf(f, "%s: %s\n", who, esc_term(msg)): a tool's message that quotes a file. */
void esc_report(FILE *f, const char *who, const char *msg);

#endif
