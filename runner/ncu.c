/* ncu.c: see ncu.h. */
#define _GNU_SOURCE /* getline */
#include "runner/ncu.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/child.h"
#include "runner/sass.h"

const char *const ncu_stall_names[NCU_STALLS] = {
    "barrier",      "branch_resolving", "dispatch_stall", "drain",       "gmma",
    "imc_miss",     "lg_throttle",      "long_scoreboard", "math_pipe_throttle", "membar",
    "mio_throttle", "misc",             "no_instruction", "not_selected", "short_scoreboard",
    "sleeping",     "tex_throttle",     "wait"};

#define STALL_PREFIX "smsp__average_warps_issue_stalled_"
#define STALL_SUFFIX "_per_issue_active.ratio"

static const char *const scalar_metrics[] = {
    "gpu__time_duration.sum",
    "sm__warps_active.avg.pct_of_peak_sustained_active",
    "sm__throughput.avg.pct_of_peak_sustained_elapsed",
    "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "lts__t_bytes.sum",
    "dram__bytes.sum"};
enum { N_SCALARS = sizeof scalar_metrics / sizeof scalar_metrics[0] };

const char *ncu_metric_list(void)
{
    static char list[4096];
    if (list[0])
        return list;
    size_t len = 0;
    for (int i = 0; i < N_SCALARS; ++i)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? "," : "",
                                scalar_metrics[i]);
    for (int i = 0; i < NCU_STALLS; ++i)
        len += (size_t)snprintf(list + len, sizeof list - len, "," STALL_PREFIX "%s" STALL_SUFFIX,
                                ncu_stall_names[i]);
    return list;
}

/* Splits a CSV line in place into at most cap fields (quotes removed, "" unescaped).
 * Returns the count. */
static int csv_split(char *line, char **field, int cap)
{
    int n = 0;
    char *r = line, *w = line;
    while (n < cap) {
        field[n++] = w;
        const bool quoted = *r == '"';
        r += quoted;
        for (;;) {
            if (quoted && r[0] == '"' && r[1] == '"') {
                *w++ = '"';
                r += 2;
            } else if (quoted && r[0] == '"') {
                ++r;
                break;
            } else if (*r == '\0' || *r == '\n' || *r == '\r' || (!quoted && *r == ',')) {
                break;
            } else {
                *w++ = *r++;
            }
        }
        while (*r && *r != ',' && *r != '\n')
            ++r; /* text after a closing quote */
        const bool more = *r == ',';
        *w++ = '\0';
        if (!more)
            break;
        ++r;
    }
    return n;
}

/* A number as ncu prints it ("1,980,000", "12.50"). */
static bool number(const char *text, double *out)
{
    char buf[64];
    size_t n = 0;
    for (const char *p = text; *p; ++p) {
        if (*p == ',')
            continue;
        if (n + 1 == sizeof buf)
            return false;
        buf[n++] = *p;
    }
    buf[n] = '\0';
    char *end;
    const double v = strtod(buf, &end);
    if (n == 0 || *end != '\0' || !isfinite(v))
        return false;
    *out = v;
    return true;
}

enum { MAX_FIELDS = 2048 };

/* The value of metric in the row, by the header; false with err set when missing. */
static bool take(char **head, int n_head, char **row, int n_row, const char *metric,
                 double *out, char *err, size_t errlen)
{
    for (int i = 0; i < n_head; ++i)
        if (strcmp(head[i], metric) == 0) {
            if (i < n_row && number(row[i], out))
                return true;
            snprintf(err, errlen, "ncu's %s is not a number", metric);
            return false;
        }
    snprintf(err, errlen, "ncu reported no %s", metric);
    return false;
}

/* The first line of ncu's that says an error, into err; false when there is none. */
static bool ncu_error(const char *line, char *err, size_t errlen)
{
    if (strncmp(line, "==ERROR==", 9) != 0 && strncmp(line, "==PROF== Error", 14) != 0)
        return false;
    snprintf(err, errlen, "ncu: %.*s", (int)strcspn(line, "\r\n"), line);
    return true;
}

int ncu_parse(FILE *f, struct ncu_counters *out, char *err, size_t errlen)
{
    char *line[3] = {NULL, NULL, NULL}; /* header, units, first row */
    size_t cap[3] = {0, 0, 0};
    int have = 0, rc = -1;
    bool errored = false;
    snprintf(err, errlen, "ncu profiled no launch of the kernel");
    while (have < 3 && getline(&line[have], &cap[have], f) >= 0) {
        if (have == 0 && !errored)
            errored = ncu_error(line[0], err, errlen);
        if (have > 0 || strncmp(line[0], "\"ID\",", 5) == 0)
            ++have;
    }
    if (have == 3 && !errored) {
        char **head = malloc(2 * MAX_FIELDS * sizeof *head);
        if (!head) {
            snprintf(err, errlen, "out of host memory");
        } else {
            char **row = head + MAX_FIELDS;
            char **units = row; /* the units line, read before the row replaces it */
            const int n_head = csv_split(line[0], head, MAX_FIELDS);
            int n_units = csv_split(line[1], units, MAX_FIELDS);
            const char *time_unit = "";
            for (int i = 0; i < n_head && i < n_units; ++i)
                if (strcmp(head[i], scalar_metrics[0]) == 0)
                    time_unit = units[i];
            const bool ns = strcmp(time_unit, "ns") == 0 || strcmp(time_unit, "nsecond") == 0;
            if (!ns)
                snprintf(err, errlen, "ncu gave the duration in '%.16s', not ns", time_unit);
            const int n_row = ns ? csv_split(line[2], row, MAX_FIELDS) : 0;
            double v[N_SCALARS];
            bool ok = ns;
            for (int i = 0; ok && i < N_SCALARS; ++i)
                ok = take(head, n_head, row, n_row, scalar_metrics[i], &v[i], err, errlen);
            for (int i = 0; ok && i < NCU_STALLS; ++i) {
                char name[128];
                snprintf(name, sizeof name, STALL_PREFIX "%s" STALL_SUFFIX, ncu_stall_names[i]);
                ok = take(head, n_head, row, n_row, name, &out->stall[i], err, errlen);
            }
            if (ok) {
                out->duration_ns = v[0];
                out->occupancy_pct = v[1];
                out->sm_pct = v[2];
                out->memory_pct = v[3];
                out->bank_conflicts = v[4] + v[5];
                out->l2_bytes = v[6];
                out->dram_bytes = v[7];
                rc = 0;
            }
            free(head);
        }
    }
    for (int i = 0; i < 3; ++i)
        free(line[i]);
    return rc;
}

bool ncu_find(char *out, size_t cap)
{
    const char *path = getenv("PATH");
    while (path && *path) {
        const size_t len = strcspn(path, ":");
        struct stat st;
        if (len > 0 && (size_t)snprintf(out, cap, "%.*s/ncu", (int)len, path) < cap &&
            stat(out, &st) == 0 && S_ISREG(st.st_mode) && access(out, X_OK) == 0)
            return true;
        path += len + (path[len] == ':');
    }
    return false;
}

int ncu_profile(const struct ncu_request *r, struct ncu_counters *out, char *err, size_t errlen)
{
    char seed[32], results[4096];
    if (!sass_symbol_ok(r->symbol, err, errlen)) /* it goes on ncu's command line */
        return -1;
    snprintf(seed, sizeof seed, "%llu", r->seed);
    snprintf(results, sizeof results, "%s.json", r->log); /* if it ever gets that far */
    /* The first launch of the symbol inside the timed range (measure.h): a launch at this
     * point's shape, in its warm-up; then ncu stops the process (--kill). */
    const char *argv[] = {r->ncu, "--csv", "--page", "raw", "--print-units", "base",
                          "--log-file", r->log, "--nvtx", "--nvtx-include", "sgemm_bench_timed/",
                          "--kernel-name-base", "mangled", "--kernel-name", r->symbol,
                          "--launch-count", "1", "--kill", "yes", "--metrics", ncu_metric_list(),
                          r->binary, "--levels", r->kernel, "--shape", r->shape,
                          "--baseline", "none", "--out", results, "--seed", seed,
                          "--time-cap", "0.05", NULL};
    const int code = child_exec(argv, "/dev/null", r->timeout_s);
    FILE *f = fopen(r->log, "r");
    int rc = -1;
    if (code == -2)
        snprintf(err, errlen, "ncu ran past %d s", r->timeout_s);
    else if (!f)
        snprintf(err, errlen, "ncu wrote no output (exit %d)", code);
    else
        rc = ncu_parse(f, out, err, errlen);
    if (f)
        fclose(f);
    unlink(r->log);
    unlink(results);
    return rc;
}

static void add(char *out, size_t cap, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void add(char *out, size_t cap, size_t *len, const char *fmt, ...)
{
    if (*len >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    const int w = vsnprintf(out + *len, cap - *len, fmt, ap);
    va_end(ap);
    *len = w < 0 ? cap : *len + (size_t)w;
}

/* "a -> b MB" (or GB from 10 GB up), as L2 and DRAM traffic read best. */
static void bytes_pair(char *out, size_t cap, size_t *len, const char *name, double a, double b)
{
    const bool gb = fmax(a, b) >= 1e10;
    add(out, cap, len, ", %s %.4g -> %.4g %s", name, a / (gb ? 1e9 : 1e6), b / (gb ? 1e9 : 1e6),
        gb ? "GB" : "MB");
}

void ncu_diff_text(const struct ncu_counters *b, const struct ncu_counters *h, char *out,
                   size_t cap)
{
    size_t len = 0;
    out[0] = '\0';
    const double change = b->duration_ns > 0 ? 100 * (h->duration_ns / b->duration_ns - 1) : 0;
    add(out, cap, &len, "duration %.4g -> %.4g us (%+.1f%%), achieved occupancy %.1f -> %.1f%%, "
                        "SM throughput %.1f -> %.1f%%, memory throughput %.1f -> %.1f%%, "
                        "shared bank conflicts %.0f -> %.0f",
        b->duration_ns / 1e3, h->duration_ns / 1e3, change, b->occupancy_pct, h->occupancy_pct,
        b->sm_pct, h->sm_pct, b->memory_pct, h->memory_pct, b->bank_conflicts, h->bank_conflicts);
    bytes_pair(out, cap, &len, "L2", b->l2_bytes, h->l2_bytes);
    bytes_pair(out, cap, &len, "DRAM", b->dram_bytes, h->dram_bytes);
    /* The three largest stalls on either side; not_selected is a warp that could issue
     * while another did, which is no latency to find. */
    bool used[NCU_STALLS] = {false};
    for (int i = 0; i < NCU_STALLS; ++i)
        used[i] = strcmp(ncu_stall_names[i], "not_selected") == 0;
    for (int t = 0; t < 3; ++t) {
        int best = -1;
        for (int i = 0; i < NCU_STALLS; ++i) {
            const double v = fmax(b->stall[i], h->stall[i]);
            if (!used[i] && v > 0 && (best < 0 || v > fmax(b->stall[best], h->stall[best])))
                best = i;
        }
        if (best < 0)
            break;
        used[best] = true;
        add(out, cap, &len, "%s %s %.2f -> %.2f", t ? "," : "; stalls (cycles per instruction):",
            ncu_stall_names[best], b->stall[best], h->stall[best]);
    }
}
