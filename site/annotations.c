/* annotations.c: the committed notes on the history (annotations.h). */
#include "site/annotations.h"

#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/results.h"
#include "runner/slug.h"
#include "site/history.h"

static const char *const state_names[] = {"note", "acknowledged", "expected"};

const char *annotation_state_name(enum annotation_state s) { return state_names[s]; }

/* The string field `key` of entry i into out[cap]: required unless optional; at most cap-1
 * bytes, no control characters. Returns 0, or -1 with a message. */
static int field(json_t *e, size_t i, const char *key, bool optional, char *out, size_t cap,
                 const char *path, char *err, size_t errlen)
{
    json_t *v = json_object_get(e, key);
    out[0] = '\0';
    if (!v && optional)
        return 0;
    const char *s = json_is_string(v) ? json_string_value(v) : NULL;
    const size_t len = s ? strlen(s) : 0;
    bool ok = s && len > 0 && len < cap && len == json_string_length(v);
    for (size_t c = 0; ok && c < len; ++c)
        ok = (unsigned char)s[c] >= 0x20 && s[c] != 0x7f;
    if (!ok) {
        snprintf(err, errlen, "%s: annotations[%zu].%s: %s", path, i, key,
                 !v ? "missing" : !s ? "not a string"
                              : len == 0 ? "empty" : len >= cap ? "too long" : "holds a control character");
        return -1;
    }
    memcpy(out, s, len + 1);
    return 0;
}

/* A path in the repository that becomes part of a link: relative, no "." or ".." segment,
 * no empty one, only [A-Za-z0-9._/-]. */
static bool repo_path_ok(const char *p)
{
    if (!p[0] || p[0] == '/')
        return false;
    for (const char *seg = p; seg;) {
        const char *end = strchr(seg, '/');
        const size_t len = end ? (size_t)(end - seg) : strlen(seg);
        if (len == 0 || (len == 1 && seg[0] == '.') || (len == 2 && seg[0] == '.' && seg[1] == '.'))
            return false;
        for (size_t c = 0; c < len; ++c)
            if (!(isalnum((unsigned char)seg[c]) || strchr("._-", seg[c])))
                return false;
        seg = end ? end + 1 : NULL;
    }
    return true;
}

/* Whether s is MxNxK with each a whole number of 1 to 2^30 (digits only: no sign, no
 * overflow), into m, n, k. */
static bool shape_ok(const char *s, int *m, int *n, int *k)
{
    int *const out[3] = {m, n, k};
    for (int d = 0; d < 3; ++d) {
        long v = 0;
        const char *p = s;
        for (; *p >= '0' && *p <= '9' && v <= (1L << 30); ++p)
            v = v * 10 + (*p - '0');
        if (p == s || v < 1 || v > (1L << 30) || *p != (d < 2 ? 'x' : '\0'))
            return false;
        *out[d] = (int)v;
        s = p + 1;
    }
    return true;
}

static int entry(json_t *e, size_t i, struct annotation *a, const char *path, char *err,
                 size_t errlen)
{
    char state[32], shape[48];
    memset(a, 0, sizeof *a);
    if (!json_is_object(e)) {
        snprintf(err, errlen, "%s: annotations[%zu] is not an object", path, i);
        return -1;
    }
    if (field(e, i, "gpu", false, a->gpu, sizeof a->gpu, path, err, errlen) ||
        field(e, i, "commit", false, a->commit, sizeof a->commit, path, err, errlen) ||
        field(e, i, "kernel", true, a->kernel, sizeof a->kernel, path, err, errlen) ||
        field(e, i, "shape", true, shape, sizeof shape, path, err, errlen) ||
        field(e, i, "state", false, state, sizeof state, path, err, errlen) ||
        field(e, i, "who", false, a->who, sizeof a->who, path, err, errlen) ||
        field(e, i, "why", false, a->why, sizeof a->why, path, err, errlen) ||
        field(e, i, "evidence", true, a->evidence, sizeof a->evidence, path, err, errlen))
        return -1;
    const char *bad = NULL;
    if (strcmp(a->gpu, "*") != 0 && !slug_is_valid(a->gpu))
        bad = "gpu: a GPU slug ([a-z0-9-]) or \"*\"";
    else if (!history_commit_ok(a->commit))
        bad = "commit: 7 to 40 lower-case hex digits";
    else if (shape[0] && !shape_ok(shape, &a->m, &a->n, &a->k))
        bad = "shape: MxNxK, each of 1 to 2^30";
    else if (shape[0] && !a->kernel[0])
        bad = "shape: given without a kernel";
    else if (a->evidence[0] && !repo_path_ok(a->evidence))
        bad = "evidence: a path in the repository ([A-Za-z0-9._-] segments, no \"..\")";
    for (int s = 0; !bad && s <= ANN_EXPECTED; ++s)
        if (strcmp(state, state_names[s]) == 0) {
            a->state = (enum annotation_state)s;
            return 0;
        }
    snprintf(err, errlen, "%s: annotations[%zu].%s", path, i,
             bad ? bad : "state: one of note, acknowledged, expected");
    return -1;
}

int annotations_read(const char *path, struct annotations *a, char *err, size_t errlen)
{
    json_error_t je;
    struct stat st;
    size_t len = 0;
    memset(a, 0, sizeof *a);
    if (lstat(path, &st) != 0 && errno == ENOENT)
        return 0;
    /* a regular file only, opened without blocking: a FIFO never hangs the build */
    char *text = results_slurp(path, &len, err, errlen);
    if (!text)
        return -1;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    free(text);
    if (!root) {
        snprintf(err, errlen, "%s: line %d: %s", path, je.line, je.text);
        return -1;
    }
    json_t *list = json_object_get(root, "annotations");
    const char *schema = json_string_value(json_object_get(root, "schema"));
    int rc = 0;
    if (!schema || strcmp(schema, "sgemm-bench-annotations/1") != 0 || !json_is_array(list)) {
        snprintf(err, errlen, "%s: not an annotations file (schema \"sgemm-bench-annotations/1\", "
                              "an \"annotations\" array)", path);
        rc = -1;
    } else if (json_array_size(list) > 0 &&
               !(a->list = calloc(json_array_size(list), sizeof *a->list))) {
        snprintf(err, errlen, "%s: out of memory", path);
        rc = -1;
    }
    for (size_t i = 0; rc == 0 && i < json_array_size(list); ++i)
        if ((rc = entry(json_array_get(list, i), i, &a->list[i], path, err, errlen)) == 0)
            a->n++;
    json_decref(root);
    if (rc)
        annotations_free(a);
    return rc;
}

void annotations_free(struct annotations *a)
{
    free(a->list);
    memset(a, 0, sizeof *a);
}

bool annotation_on_run(const struct annotation *a, const char *slug, const char *commit)
{
    return (strcmp(a->gpu, "*") == 0 || strcmp(a->gpu, slug) == 0) &&
           strncmp(commit, a->commit, strlen(a->commit)) == 0;
}

bool annotation_covers(const struct annotation *a, const char *kernel, int m, int n, int k)
{
    return !a->kernel[0] || (strcmp(a->kernel, kernel) == 0 &&
                             (a->m == 0 || (a->m == m && a->n == n && a->k == k)));
}

const struct annotation *annotations_find(const struct annotations *a, const char *slug,
                                          const char *commit, const char *kernel, int m, int n,
                                          int k, bool triage)
{
    for (size_t i = 0; a && i < a->n; ++i) {
        const struct annotation *x = &a->list[i];
        if ((!triage || x->state != ANN_NOTE) && annotation_on_run(x, slug, commit) &&
            (kernel ? annotation_covers(x, kernel, m, n, k) : !x->kernel[0]))
            return x;
    }
    return NULL;
}
