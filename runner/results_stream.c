/* results_stream.c: a results file read through a sliding window, its points decoded in
 * parallel batches and checked by the validating reader (results_read, results_parse,
 * results_slurp: results.h). */
#include "runner/results.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/results_internal.h"

/* A results file is read through a window that slides over it, so that a file of a
 * million points never exists as one JSON tree. Jansson decodes every key and every value
 * (JSON_DECODE_ANY, JSON_DISABLE_EOF_CHECK: one value, and where it ended); this code only
 * steps over what lies between them: whitespace, { } [ ] : and ','. The top-level members
 * other than "results" are small and are gathered into one object for the readers above;
 * "results" is read one point at a time. */
enum { WINDOW_START = 1 << 20, WINDOW_MAX = 64 << 20 };
/* The largest file results_read takes: about 1.8M points in compact JSON. A point read
 * takes sizeof(struct result_point), 2.2 KB (its fixed-size texts: the launch's symbol,
 * the judged lines), so such a file reads into about 4 GB, and compare, which holds two
 * files and a 1.5 KB row a point, peaks at about 5.6 KB a point: 2.8 GB for two files of
 * 500k points (tools/bench/compare_bench.sh; evidence B003). A bound far above any real
 * sweep (~160 points, under 1 MB). */
enum { RESULTS_MAX_FILE = 512 << 20 };
/* results_slurp reads a whole file into memory (the publish path): a smaller bound. */
enum { SLURP_MAX_MIB = 256 };

struct stream {
    int fd;                  /* -1: the whole input is already in buf */
    char *buf;               /* buf[start, end) is what has been read and not consumed */
    size_t cap, start, end;
    bool eof;
    int line, column;        /* of buf[start], from 1 */
    const char *label;
    char *err;
    size_t errlen;
};

static int st_fail(struct stream *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int st_fail(struct stream *st, const char *fmt, ...)
{
    char msg[RS_TEXT];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(st->err, st->errlen, "%s: not valid JSON (line %d, column %d): %s", st->label,
             st->line, st->column, msg);
    return -1;
}

/* Reads more of the file behind what is left; grows the window when it is full (up to
 * WINDOW_MAX). Returns 0, or -1 with a message. */
static int st_fill(struct stream *st)
{
    if (st->eof)
        return 0;
    if (st->start > 0) {
        memmove(st->buf, st->buf + st->start, st->end - st->start);
        st->end -= st->start;
        st->start = 0;
    }
    if (st->end == st->cap) {
        if (st->cap >= WINDOW_MAX) {
            snprintf(st->err, st->errlen, "%s: one JSON value is over %d MiB", st->label,
                     WINDOW_MAX >> 20);
            return -1;
        }
        char *grown = realloc(st->buf, 2 * st->cap);
        if (!grown) {
            snprintf(st->err, st->errlen, "%s: out of memory", st->label);
            return -1;
        }
        st->buf = grown;
        st->cap *= 2;
    }
    while (st->end < st->cap) {
        ssize_t n = read(st->fd, st->buf + st->end, st->cap - st->end);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            snprintf(st->err, st->errlen, "%s: read error: %s", st->label, strerror(errno));
            return -1;
        }
        if (n == 0) {
            st->eof = true;
            break;
        }
        st->end += (size_t)n;
    }
    return 0;
}

/* Consumes n bytes, keeping the line and column of what follows. */
static void st_advance(struct stream *st, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        if (st->buf[st->start + i] == '\n')
            st->line++, st->column = 1;
        else
            st->column++;
    }
    st->start += n;
}

/* The next byte that is not whitespace (not consumed), or -1 at the end; -2 on error. */
static int st_peek(struct stream *st)
{
    for (;;) {
        while (st->start < st->end && strchr(" \t\r\n", st->buf[st->start]))
            st_advance(st, 1);
        if (st->start < st->end)
            return (unsigned char)st->buf[st->start];
        if (st->eof)
            return -1;
        if (st_fill(st))
            return -2;
    }
}

/* Consumes the byte ch (after whitespace), or fails naming what was there. */
static int st_expect(struct stream *st, char ch, const char *where)
{
    int c = st_peek(st);
    if (c == -2)
        return -1;
    if (c != ch)
        return st_fail(st, "expected '%c' %s, found %s", ch, where,
                       c < 0 ? "the end of the input" : "something else");
    st_advance(st, 1);
    return 0;
}

/* Before element i of an array or object that `close` ends: 1 at the close (consumed), 0
 * when an element follows (the ',' before it consumed), -1 on error. */
static int st_next(struct stream *st, char close, size_t i, const char *where)
{
    const int ch = st_peek(st);
    if (ch == -2)
        return -1;
    if (ch == close) {
        st_advance(st, 1);
        return 1;
    }
    return i > 0 && st_expect(st, ',', where) ? -1 : 0;
}

/* Where Jansson's error e lies in the file, for a value that starts at line, column:
 * into *at_line, *at_column (which may be line and column themselves). */
static void error_position(const json_error_t *e, int line, int column, int *at_line,
                           int *at_column)
{
    *at_line = line + (e->line > 1 ? e->line - 1 : 0);
    *at_column = e->line > 1 ? e->column : column + (e->column > 0 ? e->column - 1 : 0);
}

/* One JSON value, decoded by Jansson. NULL with a message on error. */
static json_t *st_value(struct stream *st)
{
    if (st_peek(st) == -2)
        return NULL;
    for (;;) {
        json_error_t e;
        const size_t have = st->end - st->start;
        json_t *v = json_loadb(st->buf + st->start, have,
                               JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK | JSON_REJECT_DUPLICATES,
                               &e);
        /* A value that fails, or a number or literal that reaches the window's end, may
         * go on past it: read more and decode again. */
        if ((!v || (size_t)e.position >= have) && !st->eof) {
            json_decref(v);
            if (st_fill(st))
                return NULL;
            continue;
        }
        if (!v) {
            error_position(&e, st->line, st->column, &st->line, &st->column);
            st_fail(st, "%s", e.text);
            return NULL;
        }
        st_advance(st, (size_t)e.position);
        return v;
    }
}

/* The length of the JSON object that starts at the window's next byte ('{'), through its
 * matching '}', in *len: 1 when found, 0 when the input ends first or the value is not an
 * object (the caller decodes it alone, and Jansson says what is wrong), -1 on a read
 * error. Only braces outside strings count; Jansson still decodes every byte of it. */
static int st_object_len(struct stream *st, size_t *len)
{
    size_t at = 0;
    int depth = 0;
    bool in_string = false, escaped = false;
    if (st->start == st->end || st->buf[st->start] != '{')
        return 0;
    for (;;) {
        for (; st->start + at < st->end; ++at) {
            const char ch = st->buf[st->start + at];
            if (in_string) {
                if (escaped)
                    escaped = false;
                else if (ch == '\\')
                    escaped = true;
                else if (ch == '"')
                    in_string = false;
            } else if (ch == '"') {
                in_string = true;
            } else if (ch == '{' || ch == '[') {
                depth++;
            } else if ((ch == '}' || ch == ']') && --depth == 0) {
                *len = at + 1;
                return 1;
            }
        }
        if (st->eof)
            return 0;
        if (st_fill(st)) /* keeps buf[start..] and so the offset `at` */
            return -1;
    }
}

/* Points are decoded in batches, on up to DECODE_THREADS threads: Jansson's decoding is
 * nearly all of reading a large file (tools/bench/compare_bench.sh), and the points are
 * independent. The batch keeps the file's order: the first failure in it is the one
 * reported, as a serial reader would. */
enum { BATCH_POINTS = 8192, DECODE_THREADS = 16 };

struct batch_item {
    size_t offset, len;    /* the point's bytes in the batch's text */
    int line, column;      /* where they start in the file */
    struct result_point p; /* decoded */
    char error[RS_TEXT];   /* the point's error text, which p borrows */
    char fail[RS_TEXT];    /* why decoding failed, after the label (": field ..."); "" if not */
};

struct batch {
    char *text;
    size_t text_len, text_cap;
    struct batch_item *items;
    size_t n, cap, first_index; /* items[j] is results[first_index + j] */
    const char *label;
};

struct batch_job {
    struct batch *b;
    size_t from, to;
};

static int batch_add(struct batch *b, const char *bytes, size_t len, int line, int column)
{
    if (b->text_len + len > b->text_cap) {
        size_t cap = b->text_cap ? b->text_cap : 1 << 12;
        while (cap < b->text_len + len)
            cap *= 2;
        char *grown = realloc(b->text, cap);
        if (!grown)
            return -1;
        b->text = grown;
        b->text_cap = cap;
    }
    if (b->n == b->cap) { /* grows to BATCH_POINTS: a small file allocates little */
        const size_t cap = b->cap ? 2 * b->cap : 64;
        struct batch_item *grown = realloc(b->items, cap * sizeof *grown);
        if (!grown)
            return -1;
        b->items = grown;
        b->cap = cap;
    }
    memcpy(b->text + b->text_len, bytes, len);
    b->items[b->n] = (struct batch_item){.offset = b->text_len, .len = len, .line = line,
                                         .column = column};
    b->text_len += len;
    b->n++;
    return 0;
}

static void decode_item(const struct batch *b, size_t j)
{
    struct batch_item *it = &b->items[j];
    char f[32];
    json_error_t e;
    snprintf(f, sizeof f, "results[%zu]", b->first_index + j);
    it->fail[0] = '\0';
    json_t *o = json_loadb(b->text + it->offset, it->len, JSON_REJECT_DUPLICATES, &e);
    if (!o) {
        int line, column;
        error_position(&e, it->line, it->column, &line, &column);
        snprintf(it->fail, sizeof it->fail, ": not valid JSON (line %d, column %d): %s", line,
                 column, e.text);
        return;
    }
    struct rd c = {"", it->fail, sizeof it->fail}; /* the label goes in front at the flush */
    if (read_point(&c, o, f, &it->p, it->error) == 0)
        it->fail[0] = '\0';
    else if (!it->fail[0])
        snprintf(it->fail, sizeof it->fail, ": %s: unreadable", f);
    json_decref(o);
}

static void *decode_range(void *arg)
{
    const struct batch_job *job = arg;
    for (size_t j = job->from; j < job->to; ++j)
        decode_item(job->b, j);
    return NULL;
}

static long cpus;
static pthread_once_t cpus_once = PTHREAD_ONCE_INIT;
static void read_cpus(void) { cpus = sysconf(_SC_NPROCESSORS_ONLN); }

/* Adds point p, results[i] of the file, to r: a second point of the same key is an error. */
static int add_read_point(struct rd *c, struct results *r, const struct result_point *p, size_t i)
{
    char f[32];
    snprintf(f, sizeof f, "results[%zu]", i);
    if (results_find(r, p->kernel, p->m, p->n, p->k))
        return rd_fail(c, f, "duplicate point %s %dx%dx%d", p->kernel, p->m, p->n, p->k);
    return results_add(r, p) ? rd_fail(c, f, "out of memory") : 0;
}

/* Decodes b's items on threads (this one included), then adds them to r in order. */
static int batch_flush(struct batch *b, struct rd *c, struct results *r)
{
    size_t threads = b->n / 256 + 1; /* a small batch is not worth a thread */
    if (threads > 1) {
        pthread_once(&cpus_once, read_cpus); /* sysconf reads /sys each time: once */
        const size_t most = cpus < 1 ? 1 : cpus > DECODE_THREADS ? DECODE_THREADS : (size_t)cpus;
        threads = threads < most ? threads : most;
    }
    pthread_t tid[DECODE_THREADS];
    struct batch_job jobs[DECODE_THREADS];
    bool started[DECODE_THREADS] = {false};
    json_object_seed(0); /* Jansson's hash seed, set once before any thread creates objects */
    for (size_t t = 0; t < threads; ++t)
        jobs[t] = (struct batch_job){b, b->n * t / threads, b->n * (t + 1) / threads};
    for (size_t t = 1; t < threads; ++t)
        started[t] = pthread_create(&tid[t], NULL, decode_range, &jobs[t]) == 0;
    decode_range(&jobs[0]);
    for (size_t t = 1; t < threads; ++t) {
        if (started[t])
            pthread_join(tid[t], NULL);
        else
            decode_range(&jobs[t]);
    }
    for (size_t j = 0; j < b->n; ++j) {
        const struct batch_item *it = &b->items[j];
        if (it->fail[0]) {
            snprintf(c->err, c->errlen, "%s%s", b->label, it->fail);
            return -1;
        }
        if (add_read_point(c, r, &it->p, b->first_index + j))
            return -1;
    }
    b->first_index += b->n;
    b->n = 0;
    b->text_len = 0;
    return 0;
}

/* The next point, alone: a value that is not a complete object. Decoding it fails with
 * Jansson's or read_point's message, as the file's first error. */
static int stream_one_point(struct stream *st, struct rd *c, struct results *r, size_t i)
{
    json_t *o = st_value(st);
    if (!o)
        return -1;
    char f[32], error[RS_TEXT];
    struct result_point p;
    snprintf(f, sizeof f, "results[%zu]", i);
    int rc = read_point(c, o, f, &p, error);
    json_decref(o);
    return rc ? -1 : add_read_point(c, r, &p, i);
}

/* Reads the "results" array into r: each point's bytes found in the stream, then decoded
 * by Jansson in parallel batches (above). */
static int stream_points(struct stream *st, struct rd *c, struct results *r)
{
    size_t i = 0;
    int rc = 0;
    struct batch b = {.label = st->label};
    if (st_expect(st, '[', "to open 'results'"))
        return -1;
    for (;; ++i) {
        const int next = st_next(st, ']', i, "between the points of 'results'");
        if (next < 0) {
            rc = -1;
            break;
        }
        if (next > 0)
            break;
        size_t len = 0;
        const int found = st_peek(st) == -2 ? -1 : st_object_len(st, &len); /* after blanks */
        if (found < 0) {
            rc = -1;
            break;
        }
        if (found == 0) { /* earlier points first, then this one's own error */
            rc = batch_flush(&b, c, r) || stream_one_point(st, c, r, i) ? -1 : 0;
            if (rc)
                break;
            continue;
        }
        if (batch_add(&b, st->buf + st->start, len, st->line, st->column)) {
            rc = rd_fail(c, "results", "out of memory");
            break;
        }
        st_advance(st, len);
        if (b.n == BATCH_POINTS && (rc = batch_flush(&b, c, r)))
            break;
    }
    if (rc == 0)
        rc = batch_flush(&b, c, r);
    free(b.items);
    free(b.text);
    if (rc)
        return -1;
    if (i == 0)
        return rd_fail(c, "results", "is empty: the file holds no measurements");
    return 0;
}

/* The top-level object: "results" streamed into r, every other member into *rest. */
static int stream_top(struct stream *st, struct rd *c, struct results *r, json_t *rest)
{
    bool have_points = false;
    int ch = st_peek(st);
    if (ch == -2)
        return -1;
    if (ch != '{') {
        json_t *v = ch < 0 ? NULL : st_value(st); /* valid JSON, but not an object? */
        json_decref(v);
        if (ch < 0 || v)
            snprintf(st->err, st->errlen, "%s: %s", st->label,
                     ch < 0 ? "not valid JSON (line 1, column 1): no input"
                            : "the top level must be a JSON object");
        return -1;
    }
    st_advance(st, 1);
    for (size_t i = 0;; ++i) {
        const int next = st_next(st, '}', i, "between members");
        if (next < 0)
            return -1;
        if (next > 0)
            break;
        json_t *key = st_value(st);
        if (!key)
            return -1;
        if (!json_is_string(key)) {
            json_decref(key);
            return st_fail(st, "object key must be a string");
        }
        char name[RS_SHORT];
        snprintf(name, sizeof name, "%s", json_string_value(key));
        const bool dup = strcmp(name, "results") == 0 ? have_points : json_object_get(rest, name) != NULL;
        json_decref(key);
        if (dup)
            return st_fail(st, "duplicate object key '%s'", name);
        if (st_expect(st, ':', "after a key"))
            return -1;
        if (strcmp(name, "results") == 0) {
            have_points = true;
            if (stream_points(st, c, r))
                return -1;
            continue;
        }
        json_t *v = st_value(st);
        if (!v)
            return -1;
        json_object_set_new(rest, name, v);
    }
    if ((ch = st_peek(st)) == -2)
        return -1;
    if (ch != -1)
        return st_fail(st, "end of file expected");
    if (!have_points)
        return rd_fail(c, "results", "missing");
    return 0;
}

static int parse_stream(struct stream *st, struct results *r)
{
    struct rd c = {st->label, st->err, st->errlen};
    char schema[RS_SHORT];
    json_t *rest = json_object();
    results_init(r);
    int rc = -1;
    if (!rest) {
        snprintf(st->err, st->errlen, "%s: out of memory", st->label);
        return -1;
    }
    if (stream_top(st, &c, r, rest))
        goto out;
    if (get_str(&c, rest, "", "schema", schema, sizeof schema, false))
        goto out;
    if (strcmp(schema, RESULTS_SCHEMA) != 0 && strcmp(schema, RESULTS_SCHEMA_V1) != 0) {
        rd_fail(&c, "schema", "'%s' is not supported (expected '%s' or '%s')", schema,
                RESULTS_SCHEMA, RESULTS_SCHEMA_V1);
        goto out;
    }
    if (read_run(&c, rest, &r->run) || read_device(&c, rest, &r->device) ||
        read_conditions(&c, rest, &r->conditions) || read_thresholds(&c, rest, r) ||
        read_runs(&c, rest, r) || read_kernels(&c, rest, r))
        goto out;
    rc = 0;
out:
    json_decref(rest);
    if (rc)
        results_free(r);
    return rc;
}

/* Opens path for reading when it is a regular file of at most max_mib MiB; its stat in *st.
 * O_NONBLOCK: a FIFO (or a device) named like a results file must not block the reader.
 * Returns the descriptor, or -1 with a message. */
static int open_regular(const char *path, int max_mib, struct stat *st, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
        snprintf(err, errlen, "%s: not a regular file (%s)", path,
                 S_ISDIR(st->st_mode) ? "a directory" : S_ISFIFO(st->st_mode) ? "a FIFO" : "special");
        close(fd);
        return -1;
    }
    if (st->st_size > ((off_t)max_mib << 20)) {
        snprintf(err, errlen, "%s: too large (over %d MiB)", path, max_mib);
        close(fd);
        return -1;
    }
    return fd;
}



char *results_slurp(const char *path, size_t *len, char *err, size_t errlen)
{
    struct stat st;
    int fd = open_regular(path, SLURP_MAX_MIB, &st, err, errlen);
    if (fd < 0)
        return NULL;
    char *buf = malloc((size_t)st.st_size + 1);
    size_t got = 0;
    if (!buf)
        snprintf(err, errlen, "%s: out of memory", path);
    while (buf) {
        ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
            free(buf);
            buf = NULL;
            break;
        }
        got += (size_t)n;
        if (n == 0 || got == (size_t)st.st_size)
            break;
    }
    close(fd);
    if (buf)
        buf[got] = '\0';
    *len = got;
    return buf;
}

int results_parse(const char *buf, size_t len, const char *label, struct results *r, char *err,
                  size_t errlen)
{
    struct stream st = {-1, (char *)buf, len, 0, len, true, 1, 1, label, err, errlen};
    return parse_stream(&st, r);
}

int results_read(const char *path, struct results *r, char *err, size_t errlen)
{
    results_init(r);
    struct stat sb;
    int fd = open_regular(path, RESULTS_MAX_FILE >> 20, &sb, err, errlen);
    if (fd < 0)
        return -1;
    struct stream st = {fd, malloc(WINDOW_START), WINDOW_START, 0, 0, false, 1, 1, path, err,
                        errlen};
    int rc = -1;
    if (!st.buf)
        snprintf(err, errlen, "%s: out of memory", path);
    else
        rc = parse_stream(&st, r);
    free(st.buf);
    close(fd);
    return rc;
}
