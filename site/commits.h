/* commits.h: where runs stand in the repository's history. The site orders a GPU's runs by
 * their commits (topological order, the measurement time only among runs of one commit),
 * and judges a run against the baseline only when the baseline is not newer than the run.
 * The order (and each commit's date) comes from `git log --topo-order --reverse
 * --format='%H %cs' HEAD` in a checkout (run by fork/exec, no shell); without one, the site
 * keeps measurement order and says so.
 *
 * Errors: commits_load returns 0, or -1 with a message (not a git checkout, out of
 * memory); the site then goes on without the order. */
#ifndef SGEMM_BENCH_SITE_COMMITS_H
#define SGEMM_BENCH_SITE_COMMITS_H

#include <stddef.h>

#include "site/history.h"

struct commit_order {
    char (*sha)[41]; /* oldest first: sha[i] is the i-th commit of HEAD's history */
    char (*day)[11]; /* day[i]: sha[i]'s committer date, YYYY-MM-DD */
    size_t n;
    size_t *by_sha;  /* indices into sha, sorted by sha: the lookup */
};

/* HEAD's history in the checkout at dir into *o (the caller commits_free()s it). */
int commits_load(const char *dir, struct commit_order *o, char *err, size_t errlen);
void commits_free(struct commit_order *o);

/* The position of commit c (a full id or a prefix of 7 or more hex digits) in o, oldest
 * first; -1 when it is not in HEAD's history or the prefix is ambiguous. */
long commits_index(const struct commit_order *o, const char *c);

/* The committer date (YYYY-MM-DD) of commit c in o, or NULL (commits_index's rules). */
const char *commits_day(const struct commit_order *o, const char *c);

/* Sorts each GPU's runs of h by commit position, then measurement time. A GPU with a run
 * whose commit is not in o keeps measurement order; returns how many GPUs did (each
 * named on stderr with its first such run). */
int commits_order_history(const struct commit_order *o, struct history *h);

#endif
