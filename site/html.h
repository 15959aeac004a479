/* html.h: writing HTML safely. Every string that came from a results file (branch names,
 * commit subjects, GPU names, error texts) is untrusted: html_text/html_attr escape
 * & < > " ' so nothing in it can open a tag or leave an attribute. */
#ifndef SGEMM_BENCH_SITE_HTML_H
#define SGEMM_BENCH_SITE_HTML_H

#include <stdio.h>

/* Escaped text content; what is not UTF-8, C0 (but TAB, LF, CR) and C1 controls, DEL and
 * noncharacters become U+FFFD. */
void html_text(FILE *f, const char *s);

/* Escaped XML text (the Atom feed): as html_text, with what XML 1.0 forbids even as a
 * reference, and the noncharacters, as U+FFFD (runner/escape.h, esc_xml_forbidden). */
void xml_text(FILE *f, const char *s);

/* Escaped attribute value (without the quotes). */
void html_attr(FILE *f, const char *s);

/* Writes s as a path segment inside an href: every byte outside [A-Za-z0-9._~-]
 * percent-encoded (so '#', '?', '/', quotes and spaces never change the link's meaning). */
void html_href_segment(FILE *f, const char *s);

/* printf whose %s arguments are NOT escaped: only for literals and numbers. */
void html_raw(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* <!doctype html> ... <main>: title is escaped; root is the relative path to the site
 * root ("", "../../") for the stylesheet and the navigation links. */
void html_begin(FILE *f, const char *title, const char *root);
void html_end(FILE *f);

/* A URL goes into an href only when it is http(s):// (no javascript:, data:) and holds no
 * character a URL may not (space, quotes, <, >, backslash, ...). */
int html_url_ok(const char *url);

#endif
