/* sweep.c: `bazel run //runner:sweep`: measure every selected level at every shape, each
 * kernel in its own process (kernels that already ran cleanly share one in later A/B
 * rounds), write the results file, and judge it against the baseline. The A/B check's
 * rounds and looks are sweep_ab.c; what the two share, sweep_internal.h. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernels/sgemm.h"
#include "runner/atomic_file.h"
#include "runner/baseline.h"
#include "runner/child.h"
#include "runner/cli.h"
#include "runner/compare.h"
#include "runner/escape.h"
#include "runner/exit_codes.h"
#include "runner/measure.h"
#include "runner/nvml.h"
#include "runner/results.h"
#include "runner/run_info.h"
#include "runner/ncu.h"
#include "runner/sass.h"
#include "runner/sweep_internal.h"

/* The shapes of s's list that kernel k's family runs, in out[CLI_MAX_SHAPES]; the count. */
int shapes_for(const struct sweep *s, const struct sgemm_kernel *k, struct shape *out)
{
    int n = 0;
    for (int i = 0; i < s->opt.n_shapes; ++i)
        if (s->opt.shapes[i].family == k->family)
            out[n++] = s->opt.shapes[i];
    return n;
}

/* The number of points kernel k measures in this run: its family's shapes. */
int points_of(const struct sweep *s, const struct sgemm_kernel *k)
{
    struct shape sh[CLI_MAX_SHAPES];
    return shapes_for(s, k, sh);
}

bool same_shape(struct shape a, struct shape b)
{
    return a.m == b.m && a.n == b.n && a.k == b.k && a.family == b.family;
}

/* ---- child side -------------------------------------------------------------------- */

static int probe_child(int fd, void *arg)
{
    struct child_msg m;
    (void)arg;
    memset(&m, 0, sizeof m);
    if (measure_probe(&m.device, m.text, sizeof m.text) != 0) {
        m.type = MSG_FATAL;
        child_send(fd, &m);
        return SB_EXIT_ENV;
    }
    m.type = MSG_DEVICE;
    return child_send(fd, &m) ? SB_EXIT_ENV : SB_EXIT_OK;
}

/* An INVALID point of kernel k at shape sh, with no measurement, for reason why; its error
 * text goes into text[RS_TEXT], which the point borrows. */
static struct result_point invalid_point(const struct sgemm_kernel *k, const struct shape *sh,
                                         const char *prefix, const char *why, char *text)
{
    struct result_point p;
    memset(&p, 0, sizeof p);
    snprintf(p.kernel, sizeof p.kernel, "%s", k->name);
    snprintf(p.family, sizeof p.family, "%s", kernel_family_name(k->family));
    p.level = k->level;
    p.m = sh->m;
    p.n = sh->n;
    p.k = sh->k;
    p.regs = p.smem_static_bytes = p.local_bytes = -1;
    p.workspace_bytes = -1;
    p.ctas_per_sm = -1;
    snprintf(text, RS_TEXT, "%s%s", prefix, why);
    p.error = text;
    return p;
}

static void send_invalid_all(int fd, const struct level_job *job, const char *why)
{
    struct child_msg m;
    for (int i = 0; i < job->n_shapes; ++i) {
        memset(&m, 0, sizeof m);
        m.type = MSG_POINT;
        m.report.point = invalid_point(job->kernel, &job->shapes[i], "", why, m.report.error);
        m.report.clock_min_mhz = m.report.clock_max_mhz = m.report.temp_max_c = -1;
        child_send(fd, &m);
    }
}

/* One job's points on an open context: the conformance cases (unless job->conformed),
 * then each shape. SB_EXIT_OK to go on (a kernel that failed its cases has INVALID
 * points and the context is fine); otherwise the context is lost, or the pipe. */
static int job_points(int fd, struct measure_ctx *ctx, const struct level_job *job)
{
    struct child_msg m;
    memset(&m, 0, sizeof m);
    int rc = job->conformed ? 0
                            : measure_conformance(ctx, job->kernel, job->cfg->seed, m.text,
                                                  sizeof m.text);
    if (rc != 0) {
        send_invalid_all(fd, job, m.text);
        return rc < 0 ? SB_EXIT_WRONG : SB_EXIT_OK;
    }
    for (int i = 0; i < job->n_shapes; ++i) {
        memset(&m, 0, sizeof m);
        m.type = MSG_POINT;
        rc = measure_point(ctx, job->kernel, job->shapes[i], job->cfg, &m.report);
        if (child_send(fd, &m) || rc != 0)
            return SB_EXIT_WRONG; /* a CUDA error poisons the context: stop here */
    }
    return SB_EXIT_OK;
}

/* Jobs that share one process: a level, or (see run_jobs) several kernels that have
 * already run cleanly in this binary. */
struct batch {
    const struct level_job *jobs;
    int n;
};

static int batch_child(int fd, void *arg)
{
    const struct batch *b = arg;
    bool blas = false;
    struct child_msg m;
    memset(&m, 0, sizeof m);
    for (int j = 0; j < b->n; ++j)
        blas = blas || b->jobs[j].kernel->family == FAMILY_SGEMM;
    struct measure_ctx *ctx = measure_open(blas, m.text, sizeof m.text);
    if (!ctx) {
        m.type = MSG_FATAL;
        child_send(fd, &m);
        return SB_EXIT_ENV;
    }
    for (int j = 0; j < b->n; ++j) {
        int rc = job_points(fd, ctx, &b->jobs[j]);
        if (rc != SB_EXIT_OK)
            return rc;
    }
    measure_close(ctx);
    return SB_EXIT_OK;
}

/* ---- parent side ------------------------------------------------------------------- */

int interrupted_code(void)
{
    return child_interrupt_signal == SIGTERM ? SB_EXIT_SIGTERM : SB_EXIT_SIGINT;
}


static void add_throttle_name(const char *name, void *ctx) { conditions_add_throttle(ctx, name); }

static void merge_conditions(struct conditions *c, const struct point_report *r)
{
    if (r->clock_min_mhz >= 0 && (c->sm_clock_min_mhz < 0 || r->clock_min_mhz < c->sm_clock_min_mhz))
        c->sm_clock_min_mhz = r->clock_min_mhz;
    if (r->clock_max_mhz > c->sm_clock_max_mhz)
        c->sm_clock_max_mhz = r->clock_max_mhz;
    if (r->temp_max_c > c->temp_c_max)
        c->temp_c_max = r->temp_max_c;
    nvml_throttle_names(r->throttle_bits, add_throttle_name, c);
    c->discarded_samples += r->discarded_samples;
}

static void print_progress(struct sweep *s, const struct result_point *p)
{
    const bool memory = point_is_memory(p);
    fprintf(stderr, "[%3d/%3d] %-30s %5dx%5dx%5d  ", ++s->done, s->total, p->kernel, p->m, p->n,
            p->k);
    if (p->valid)
        fprintf(stderr, "%9.1f %s  %6.2f%% of %s  noise %.2f%%  err %.1e\n", p->rate,
                memory ? "GB/s   " : "GFLOP/s", p->pct_ref, memory ? "the copy" : "cuBLAS",
                100 * p->time_ms.rel_noise, p->max_rel_err);
    else
        fprintf(stderr, "INVALID: %s\n", point_error(p));
}

struct collect {
    struct sweep *s;
    struct results *into;
    char fatal[512];
};

static void on_level_msg(const struct child_msg *m, void *arg)
{
    struct collect *c = arg;
    if (m->type == MSG_FATAL) {
        snprintf(c->fatal, sizeof c->fatal, "%s", m->text);
        return;
    }
    if (m->type != MSG_POINT)
        return;
    struct result_point p = m->report.point;
    p.error = m->report.error; /* the child's pointer means nothing here */
    results_add(c->into, &p);
    merge_conditions(&c->s->res.conditions, &m->report);
    print_progress(c->s, &p);
}

/* Runs the jobs of b in one child, their points into c->into; *o says how it ended. */
static int run_child(struct sweep *s, const struct batch *b, struct collect *c,
                     struct child_outcome *o)
{
    if (child_run(batch_child, (void *)b, on_level_msg, c, s->opt.watchdog_s, o) != 0) {
        fprintf(stderr, "sweep: cannot start a process: %s\n", strerror(errno));
        return SB_EXIT_ENV;
    }
    return o->interrupted ? interrupted_code() : SB_EXIT_OK;
}

/* The shapes of job that have no point in `into` yet, in left[CLI_MAX_SHAPES]; the count. */
static int unmeasured(const struct level_job *job, const struct results *into, struct shape *left)
{
    int n = 0;
    for (int i = 0; i < job->n_shapes; ++i) {
        const struct shape *sh = &job->shapes[i];
        if (!results_find(into, job->kernel->name, sh->m, sh->n, sh->k))
            left[n++] = *sh;
    }
    return n;
}

/* Runs one level's child; afterwards every shape of the job has a point in `into`. */
int run_level(struct sweep *s, const struct level_job *job, struct results *into)
{
    struct collect c = {s, into, ""};
    struct batch one = {job, 1};
    struct child_outcome o;
    struct shape left[CLI_MAX_SHAPES];
    char why[RS_TEXT];
    int rc = run_child(s, &one, &c, &o);
    if (rc != SB_EXIT_OK)
        return rc;
    child_describe(&o, s->opt.watchdog_s, why, sizeof why);
    if (c.fatal[0])
        snprintf(why, sizeof why, "%s", c.fatal);
    const int n = unmeasured(job, into, left);
    for (int i = 0; i < n; ++i) {
        char text[RS_TEXT];
        struct result_point p = invalid_point(job->kernel, &left[i], "not measured: ",
                                              why[0] ? why : "an earlier point of this level failed",
                                              text);
        results_add(into, &p);
        print_progress(s, &p);
    }
    return SB_EXIT_OK;
}

/* Jobs whose kernels have run cleanly in this binary already (an A/B round after the
 * first, a re-measurement): all in one process, which costs one CUDA context instead of
 * one per kernel (~0.5 s each; the memory family has 8 kernels). Nothing is lost to the
 * sharing: when that process stops early, each job left with shapes unmeasured gets its
 * own process for them, as in a first round, so that a fault is the faulting kernel's. */
int run_jobs(struct sweep *s, const struct level_job *jobs, int n, struct results *into)
{
    if (n <= 1)
        return n == 1 ? run_level(s, &jobs[0], into) : SB_EXIT_OK;
    struct collect c = {s, into, ""};
    struct batch all = {jobs, n};
    struct child_outcome o;
    int rc = run_child(s, &all, &c, &o);
    bool told = false;
    for (int j = 0; j < n && rc == SB_EXIT_OK; ++j) {
        struct shape left[CLI_MAX_SHAPES];
        struct level_job rest = jobs[j];
        rest.shapes = left;
        rest.n_shapes = unmeasured(&jobs[j], into, left);
        if (rest.n_shapes == 0)
            continue;
        if (!told) {
            char why[RS_TEXT];
            child_describe(&o, s->opt.watchdog_s, why, sizeof why);
            fprintf(stderr, "sweep: the shared process stopped at %s (%s); the kernels left "
                            "run one process each\n",
                    jobs[j].kernel->name, c.fatal[0] ? c.fatal : why[0] ? why : "no reason given");
            told = true;
        }
        rc = run_level(s, &rest, into);
    }
    return rc;
}

struct probe_result {
    struct device_info dev;
    bool have;
    char fatal[512];
};

static void on_probe_msg(const struct child_msg *m, void *arg)
{
    struct probe_result *got = arg;
    if (m->type == MSG_DEVICE) {
        got->dev = m->device;
        got->have = true;
    } else if (m->type == MSG_FATAL) {
        snprintf(got->fatal, sizeof got->fatal, "%s", m->text);
    }
}

/* Reads the device in a child: the parent itself never initialises CUDA (a forked child
 * of a process that did cannot use the GPU). An A/B base takes its head's probe instead
 * (AB_DEVICE_ENV), checked like a results file's device. */
static int probe(struct sweep *s)
{
    struct probe_result got;
    struct child_outcome o;
    const char *handed = getenv(AB_DEVICE_ENV);
    char err[512];
    if (handed && results_device_parse(handed, AB_DEVICE_ENV, &got.dev, err, sizeof err) == 0) {
        s->res.device = got.dev;
        return SB_EXIT_OK;
    }
    if (handed)
        esc_report(stderr, "sweep: ignoring the A/B head's device", err);
    memset(&got, 0, sizeof got);
    if (child_run(probe_child, NULL, on_probe_msg, &got, 60, &o) != 0)
        return SB_EXIT_ENV;
    if (o.interrupted)
        return interrupted_code();
    if (!got.have) {
        fprintf(stderr,
                "sweep: no usable CUDA GPU: %s\n"
                "The sweep needs an NVIDIA GPU and a driver for CUDA 13. Without one you can "
                "still run the tests (bazel test //...) and build the dashboard from the "
                "committed results (bazel run //site:build).\n",
                got.fatal[0] ? got.fatal : "the device probe failed");
        return SB_EXIT_ENV;
    }
    s->res.device = got.dev;
    const char *visible = getenv("CUDA_VISIBLE_DEVICES");
    fputs("sweep: measuring on ", stderr);
    esc_term(stderr, got.dev.name);
    fprintf(stderr, ", gpu_id %s%s", got.dev.gpu_id, visible ? ", CUDA_VISIBLE_DEVICES=" : "");
    esc_term(stderr, visible ? visible : "");
    fputc('\n', stderr);
    return SB_EXIT_OK;
}

/* ---- steps of main ------------------------------------------------------------------ */

/* --gpu N: this process and everything it starts (level processes, an A/B base) see GPU N
 * alone, through CUDA_VISIBLE_DEVICES, set before anything touches CUDA. N counts in PCI
 * bus order (nvidia-smi's numbering), or, when CUDA_VISIBLE_DEVICES is already set, among
 * its entries. */
static int pin_gpu(const struct sweep *s)
{
    char pick[64] = "";
    if (s->opt.gpu < 0)
        return SB_EXIT_OK;
    const char *visible = getenv("CUDA_VISIBLE_DEVICES");
    if (visible) {
        int i = 0;
        for (const char *p = visible; *p && i <= s->opt.gpu; ++i) {
            const size_t len = strcspn(p, ",");
            if (i == s->opt.gpu && len > 0 && len < sizeof pick)
                memcpy(pick, p, len), pick[len] = '\0';
            p += len + (p[len] == ',');
        }
        if (!pick[0]) {
            fprintf(stderr, "sweep: --gpu %d: CUDA_VISIBLE_DEVICES has no entry %d\n", s->opt.gpu,
                    s->opt.gpu);
            return SB_EXIT_USAGE;
        }
    } else {
        snprintf(pick, sizeof pick, "%d", s->opt.gpu);
        setenv("CUDA_DEVICE_ORDER", "PCI_BUS_ID", 1);
    }
    setenv("CUDA_VISIBLE_DEVICES", pick, 1);
    return SB_EXIT_OK;
}

static int load_registry(struct sweep *s, struct kernel_ref *refs)
{
    for (const struct sgemm_kernel *const *k = sgemm_registry(); *k; ++k) {
        if (s->n_kernels == CLI_MAX_KERNELS) {
            fprintf(stderr, "sweep: more than %d kernels are registered: raise CLI_MAX_KERNELS "
                            "in runner/cli.h\n", CLI_MAX_KERNELS);
            return -1;
        }
        refs[s->n_kernels] = (struct kernel_ref){(*k)->name, (*k)->level, (*k)->family};
        s->kernels[s->n_kernels++] = *k;
    }
    return 0;
}

/* Adds k's registration to the results' kernel table (not_run: why the GPU cannot run it,
 * NULL when it runs). */
static int record_kernel(struct sweep *s, const struct sgemm_kernel *k, const char *not_run)
{
    if (results_add_kernel(&s->res, k->name, k->level, k->technique, k->expected.low_pct,
                           k->expected.high_pct, k->expected.source, not_run)) {
        fprintf(stderr, "sweep: out of memory\n");
        return SB_EXIT_ENV;
    }
    return SB_EXIT_OK;
}

/* The results file carries what each measured kernel's registration says (the site shows
 * its expected range and the source of it). */
static int record_kernels(struct sweep *s)
{
    for (int i = 0; i < s->n_kernels; ++i) {
        int rc;
        if (s->opt.selected[i] && (rc = record_kernel(s, s->kernels[i], NULL)))
            return rc;
    }
    return SB_EXIT_OK;
}

/* --explain-plan: each selected GEMM kernel that plans its launches prints its plan; no GPU. */
static int explain_plans(const struct sweep *s)
{
    const struct shape p = s->opt.explain_plan;
    int printed = 0;
    for (int i = 0; i < s->n_kernels; ++i) {
        const struct sgemm_kernel *k = s->kernels[i];
        if (!s->opt.selected[i] || k->family != FAMILY_SGEMM || !k->explain_plan)
            continue;
        k->explain_plan(stdout, p.m, p.n, p.k, s->opt.explain_sms, !s->opt.explain_unaligned);
        ++printed;
    }
    if (!printed) {
        fprintf(stderr, "sweep: --explain-plan: no selected kernel plans its launches (level6_tuned "
                        "does; the others run one kernel for every shape)\n");
        return SB_EXIT_USAGE;
    }
    return SB_EXIT_OK;
}

static void print_list(const struct sweep *s)
{
    printf("%-7s %-6s %-30s %-8s %s\n", "family", "level", "kernel", "cc", "technique");
    for (int i = 0; i < s->n_kernels; ++i) {
        const struct sgemm_kernel *k = s->kernels[i];
        char cc[16];
        cli_cc_range(k->min_cc, k->max_cc, cc, sizeof cc);
        printf("%-7s %-6d %-30s %-8s %s\n", kernel_family_name(k->family), k->level, k->name, cc,
               k->technique);
    }
}

/* Drops kernels the GPU cannot run, and refuses shapes that do not fit its memory. */
static int check_device_fit(struct sweep *s)
{
    const struct device_info *d = &s->res.device;
    const int cc = results_cc(d); /* "10.0" is 100, not 10 */
    const double gib = 1024.0 * 1024 * 1024;
    for (int i = 0; i < s->n_kernels; ++i) {
        if (!s->opt.selected[i])
            continue;
        const struct sgemm_kernel *k = s->kernels[i];
        char why[RS_TEXT];
        if (cli_cc_refuses(k->min_cc, k->max_cc, cc, why, sizeof why)) {
            /* the results say so: the kernel's row in their kernel table, and no points */
            fprintf(stderr, "sweep: skipping %s: it %s (the %s)\n", k->name, why, d->name);
            int rc;
            if ((rc = record_kernel(s, k, why)))
                return rc;
            s->opt.selected[i] = false;
            continue;
        }
        struct shape shapes[CLI_MAX_SHAPES];
        const int n = shapes_for(s, s->kernels[i], shapes);
        for (int j = 0; j < n; ++j) {
            const struct shape sh = shapes[j];
            const double need = (double)measure_bytes_needed(s->kernels[i], sh) +
                                2.0 * d->l2_bytes + 512.0 * 1024 * 1024;
            if (need > (double)d->mem_bytes)
                fprintf(stderr,
                        "sweep: shape %dx%dx%d needs %.1f GiB of GPU memory for %s; the %s has "
                        "%.1f GiB\n",
                        sh.m, sh.n, sh.k, need / gib, s->kernels[i]->name, d->name,
                        d->mem_bytes / gib);
            if (need > (double)d->mem_bytes)
                return SB_EXIT_USAGE;
        }
    }
    return SB_EXIT_OK;
}

/* Fails early, before any measuring, when the results cannot be written. */
static int check_writable(const char *path)
{
    char probe_path[PATH_CAP + 16];
    snprintf(probe_path, sizeof probe_path, "%s.probe", path);
    FILE *f = make_parent_dirs(path) == 0 ? fopen(probe_path, "w") : NULL;
    if (!f) {
        const int e = errno;
        esc_say(stderr, "sweep: cannot write the results file ", path, ": ");
        fprintf(stderr, "%s\n", strerror(e));
        return SB_EXIT_USAGE;
    }
    fclose(f);
    unlink(probe_path);
    return SB_EXIT_OK;
}

/* What the user named explicitly is checked before any GPU work: an unwritable --out or a
 * bad --baseline FILE fails at once with exit 2, on any machine. */
static int check_user_paths(struct sweep *s)
{
    char err[512];
    if (s->opt.out) {
        run_user_path(s->opt.out, s->out_path, sizeof s->out_path);
        if (check_writable(s->out_path))
            return SB_EXIT_USAGE;
    }
    if (strcmp(s->opt.baseline, "auto") == 0 || strcmp(s->opt.baseline, "none") == 0)
        return SB_EXIT_OK;
    run_user_path(s->opt.baseline, s->base_path, sizeof s->base_path);
    if (results_read(s->base_path, &s->base, err, sizeof err) != 0) {
        esc_report(stderr, "sweep: bad baseline", err);
        return SB_EXIT_USAGE;
    }
    s->have_base = true;
    return SB_EXIT_OK;
}

/* After the probe: the default results path, the automatic baseline, the slug check. */
static int resolve_paths(struct sweep *s)
{
    const char *ws = run_workspace_dir();
    char err[512];
    if (!s->opt.out) {
        char stamp[32];
        snprintf(stamp, sizeof stamp, "%s", s->res.run.utc);
        for (char *p = stamp; *p; ++p)
            if (*p == ':')
                *p = '-';
        snprintf(s->out_path, sizeof s->out_path, "%s/results/%s-%s.json", ws,
                 s->res.device.slug, stamp);
        if (check_writable(s->out_path))
            return SB_EXIT_USAGE;
    }
    if (strcmp(s->opt.baseline, "auto") == 0 && !s->opt.against) {
        snprintf(s->base_path, sizeof s->base_path, "%s/baselines/%s.json", ws, s->res.device.slug);
        if (access(s->base_path, F_OK) != 0) {
            if (!s->opt.update_baseline)
                fprintf(stderr,
                        "sweep: no baseline for this GPU (%s): the run is measured but not gated.\n"
                        "       To create one: bazel run //runner:sweep -- --update-baseline, then "
                        "open a PR with baselines/%s.json (see README.md).\n",
                        s->base_path, s->res.device.slug);
            return SB_EXIT_OK;
        }
        if (results_read(s->base_path, &s->base, err, sizeof err) != 0) {
            esc_report(stderr, "sweep: bad baseline", err);
            return SB_EXIT_USAGE;
        }
        s->have_base = true;
    }
    if (s->have_base && strcmp(s->base.device.slug, s->res.device.slug) != 0) {
        fprintf(stderr,
                "sweep: baseline %s is for '%s' (device.slug), this GPU is '%s': results from two "
                "different GPUs cannot be compared\n",
                s->base_path, s->base.device.slug, s->res.device.slug);
        return SB_EXIT_USAGE;
    }
    /* An output that is an input would be overwritten: the results file or the summary over
     * the baseline or the A/B base's binary, or the summary over the results file. */
    const char *outputs[] = {s->out_path, s->opt.summary};
    const char *inputs[] = {s->have_base ? s->base_path : NULL, s->opt.against, s->out_path};
    for (int o = 0; o < 2; ++o)
        for (int i = 0; i < 3; ++i)
            if (outputs[o] != inputs[i] && same_existing_file(outputs[o], inputs[i])) {
                esc_say(stderr, "sweep: '", outputs[o], "' is an input of this run too: refusing to overwrite it\n");
                return SB_EXIT_USAGE;
            }
    return SB_EXIT_OK;
}

static int cmp_pct(const void *a, const void *b)
{
    double x = ((const struct result_point *)a)->pct_ref;
    double y = ((const struct result_point *)b)->pct_ref;
    return (x > y) - (x < y);
}

const struct sgemm_kernel *kernel_named(const struct sweep *s, const char *name)
{
    for (int i = 0; i < s->n_kernels; ++i)
        if (strcmp(s->kernels[i]->name, name) == 0)
            return s->kernels[i];
    return NULL;
}

/* The family of the registered kernel `name` (sgemm when this build lacks it). */
enum kernel_family family_of(const struct sweep *s, const char *name)
{
    const struct sgemm_kernel *k = kernel_named(s, name);
    return k ? k->family : FAMILY_SGEMM;
}

static int measure_all(struct sweep *s)
{
    if (s->opt.against)
        return measure_ab(s);
    s->total = 0;
    for (int i = 0; i < s->n_kernels; ++i)
        s->total += s->opt.selected[i] ? points_of(s, s->kernels[i]) : 0;
    /* Run as a base build in round 2 or later of an A/B check: round 1 ran the cases. */
    const char *round = getenv(AB_ROUND_ENV);
    const bool conformed = round && strcmp(round, "0") != 0;
    if (conformed)
        fprintf(stderr, "sweep: %s=%s: an A/B base in a later round, so the conformance cases "
                        "(run in its first round) are skipped\n", AB_ROUND_ENV, round);
    struct shape shapes[CLI_MAX_KERNELS][CLI_MAX_SHAPES];
    struct level_job jobs[CLI_MAX_KERNELS];
    int n_jobs = 0;
    for (int i = 0; i < s->n_kernels; ++i) {
        struct level_job job = {s->kernels[i], shapes[n_jobs],
                                shapes_for(s, s->kernels[i], shapes[n_jobs]), &s->cfg, conformed};
        if (s->opt.selected[i] && job.n_shapes > 0)
            jobs[n_jobs++] = job;
    }
    /* A base in a later A/B round: its kernels share one process, as the head's do. */
    if (conformed)
        return run_jobs(s, jobs, n_jobs, &s->res);
    for (int j = 0; j < n_jobs; ++j) {
        int rc = run_level(s, &jobs[j], &s->res);
        if (rc != SB_EXIT_OK)
            return rc;
    }
    return SB_EXIT_OK;
}


/* Re-measures one flagged point opt.reruns times (fresh process each, cuBLAS interleaved,
 * twice the sampling time and up to REMEASURE_SAMPLES samples of each: a short point stops
 * at the sample cap long before the time cap, and 10 times the samples take its medians'
 * half-widths to about a third, where they can rule a drop in or out), each judged by
 * compare_row. All re-measurements regressed: REGRESSED; none: the median one's verdict; a
 * mix: INCONCLUSIVE. The median re-measurement replaces the point. */
static int rerun_point(struct sweep *s, const struct compare_options *copt,
                       struct point_verdict *v)
{
    const struct sgemm_kernel *k = kernel_named(s, v->kernel);
    struct result_point runs[10];
    struct shape sh = {v->m, v->n, v->k, k ? k->family : FAMILY_SGEMM};
    struct measure_config cfg = s->cfg;
    int n = 0, regressed = 0;
    if (!k || !results_find(&s->base, v->kernel, v->m, v->n, v->k))
        return SB_EXIT_OK;
    cfg.time_cap_s *= 2;
    cfg.max_samples = REMEASURE_SAMPLES;
    for (int r = 0; r < s->opt.reruns && n < 10; ++r) {
        struct results tmp;
        results_init(&tmp);
        struct level_job job = {k, &sh, 1, &cfg, false};
        s->total++;
        int rc = run_level(s, &job, &tmp);
        if (rc == SB_EXIT_OK && tmp.n_points == 1 && tmp.points[0].valid)
            runs[n++] = tmp.points[0];
        results_free(&tmp);
        if (rc != SB_EXIT_OK)
            return rc;
    }
    if (n == 0)
        return SB_EXIT_OK; /* re-measuring failed: the original verdict stands */
    /* Each re-measure judged as the first measure was (compare_row: the run set's median,
     * its tolerance, the noise of both sides), then the median one stands for the point. */
    struct point_verdict row;
    for (int i = 0; i < n; ++i) {
        compare_row(&s->base, &runs[i], copt, &row);
        regressed += row.verdict == V_REGRESSED;
    }
    qsort(runs, (size_t)n, sizeof runs[0], cmp_pct);
    const struct result_point *median = &runs[n / 2];
    for (size_t i = 0; i < s->res.n_points; ++i) {
        struct result_point *p = &s->res.points[i];
        if (strcmp(p->kernel, median->kernel) == 0 && p->m == sh.m && p->n == sh.n && p->k == sh.k)
            *p = *median;
    }
    compare_row(&s->base, median, copt, &row);
    row.verdict = compare_resolve(n, regressed, row.verdict);
    snprintf(row.note, sizeof row.note, "re-measured %d times: %d regressed", n, regressed);
    *v = row;
    return SB_EXIT_OK;
}

/* True when this run meant to measure the point: its shape was run, and its kernel was
 * selected; a kernel this build does not have at all was meant when --levels and --family
 * would have picked it (deleted or renamed: a missing kernel, not a point left out). */
static bool was_selected(const struct point_verdict *v, void *arg)
{
    const struct sweep *s = arg;
    const enum kernel_family family = v->memory ? FAMILY_MEMORY : FAMILY_SGEMM;
    bool shape_run = false, kernel_run = false, known = false;
    const struct shape sh = {v->m, v->n, v->k, family};
    for (int j = 0; j < s->opt.n_shapes; ++j)
        shape_run |= same_shape(s->opt.shapes[j], sh);
    for (int j = 0; j < s->n_kernels; ++j) {
        const bool same = strcmp(s->kernels[j]->name, v->kernel) == 0;
        known |= same;
        kernel_run |= s->opt.selected[j] && same;
    }
    if (!known)
        kernel_run = cli_selects(&s->opt, family, v->level, v->kernel);
    return shape_run && kernel_run;
}

/* True when base q and head p ran the same kernel with the same launch and workspace. */
static bool same_launch(const struct result_point *q, const struct result_point *p)
{
    return strcmp(q->launch_kernel, p->launch_kernel) == 0 &&
           memcmp(q->grid, p->grid, sizeof q->grid) == 0 &&
           memcmp(q->block, p->block, sizeof q->block) == 0 &&
           q->dynamic_smem_bytes == p->dynamic_smem_bytes && q->workspace_bytes == p->workspace_bytes;
}

/* This binary's path into out; false when /proc cannot say. */
static bool self_path(char *out, size_t cap)
{
    const ssize_t n = readlink("/proc/self/exe", out, cap - 1);
    out[n > 0 ? n : 0] = '\0';
    return n > 0;
}

/* The SASS of a set of kernels of one binary, read with one cuobjdump (sass_of_each):
 * add each symbol (once), read, then look each up. */
enum { SASS_TABLE = 256 };
struct sass_table {
    const char *symbol[SASS_TABLE]; /* borrowed */
    struct sass_mix mix[SASS_TABLE];
    int rc[SASS_TABLE], n;
};

static void sass_table_add(struct sass_table *t, const char *symbol)
{
    for (int i = 0; i < t->n; ++i)
        if (strcmp(t->symbol[i], symbol) == 0)
            return;
    if (symbol[0] && t->n < SASS_TABLE)
        t->symbol[t->n++] = symbol;
}

/* The symbol's mix, or NULL with why it was not read (sass_why) in why. */
static const struct sass_mix *sass_table_get(const struct sass_table *t, const char *symbol,
                                             const char *arch, char *why, size_t cap)
{
    for (int i = 0; i < t->n; ++i)
        if (strcmp(t->symbol[i], symbol) == 0) {
            sass_why(t->rc[i], arch, why, cap);
            return t->rc[i] == 0 ? &t->mix[i] : NULL;
        }
    snprintf(why, cap, "too many kernels to look up in one check");
    return NULL;
}

/* A/B mode: each judged change gets the SASS of the kernel that ran on each side (the base
 * build's and this one's: one cuobjdump a binary) beside its 'inside the kernel' line. When
 * the code and the launch are the same on both sides, the kernel cannot have changed: a
 * REGRESSED or IMPROVED is the machine's, and becomes INCONCLUSIVE (it never fails a check
 * alone). */
static void explain_code(struct sweep *s, struct comparison *c)
{
    static struct sass_table base, head;
    char head_bin[PATH_CAP], arch[16], why[RS_TEXT], text[256];
    if (!self_path(head_bin, sizeof head_bin) || !sass_arch_of(s->res.device.cc, arch, sizeof arch))
        return;
    base.n = head.n = 0;
    for (size_t i = 0; i < c->n_rows; ++i) {
        const struct point_verdict *v = &c->rows[i];
        const struct result_point *q = results_find(&s->base, v->kernel, v->m, v->n, v->k);
        const struct result_point *p = results_find(&s->res, v->kernel, v->m, v->n, v->k);
        if (verdict_is_change(v->verdict) && q && p) {
            sass_table_add(&base, q->launch_symbol);
            sass_table_add(&head, p->launch_symbol);
        }
    }
    if (base.n == 0 || head.n == 0)
        return; /* no judged change, or no launch noted: nothing to look up */
    char base_why[RS_TEXT], head_why[RS_TEXT];
    const int base_rc = sass_of_each(s->opt.against, arch, base.symbol, base.n, base.mix, base.rc,
                                     base_why, sizeof base_why);
    const int head_rc = sass_of_each(head_bin, arch, head.symbol, head.n, head.mix, head.rc,
                                     head_why, sizeof head_why);
    for (size_t i = 0; i < c->n_rows; ++i) {
        struct point_verdict *v = &c->rows[i];
        const struct result_point *q = results_find(&s->base, v->kernel, v->m, v->n, v->k);
        const struct result_point *p = results_find(&s->res, v->kernel, v->m, v->n, v->k);
        if (!verdict_is_change(v->verdict) || !q || !p || !q->launch_symbol[0] ||
            !p->launch_symbol[0])
            continue;
        const size_t len = strlen(v->inside);
        const struct sass_mix *bm = NULL, *hm = NULL;
        if (base_rc || head_rc)
            snprintf(why, sizeof why, "%s", base_rc ? base_why : head_why);
        else if ((bm = sass_table_get(&base, q->launch_symbol, arch, why, sizeof why)))
            hm = sass_table_get(&head, p->launch_symbol, arch, why, sizeof why);
        if (!bm || !hm) {
            snprintf(v->inside + len, sizeof v->inside - len, "; SASS not compared: %s", why);
            continue;
        }
        sass_diff_text(bm, hm, text, sizeof text);
        snprintf(v->inside + len, sizeof v->inside - len, "; %s", text);
        if (!sass_same(bm, hm) || !same_launch(q, p))
            continue;
        const size_t used = strlen(v->note);
        if (v->verdict == V_INCONCLUSIVE) /* undecided already: said why it is not the kernel */
            snprintf(v->note + used, sizeof v->note - used, "%ssame binary and launch as the base",
                     used ? "; " : "");
        else {
            snprintf(v->note, sizeof v->note,
                     "same binary and launch as the base: not the kernel (was %s %+.2f%%)",
                     verdict_name(v->verdict), v->delta_pct);
            v->verdict = V_INCONCLUSIVE;
        }
    }
    compare_recount(c);
}

/* --sass: each point's launched kernel's SASS mix into the results, from this binary (one
 * cuobjdump for every kernel), once the points are final (after re-measures and A/B looks,
 * which replace points). Cannot fail the run: what it cannot read is said once. */
static int record_sass(struct sweep *s)
{
    static struct sass_table t;
    int missed = 0;
    char self[PATH_CAP], arch[16], why[RS_TEXT];
    if (!s->opt.sass)
        return SB_EXIT_OK;
    const double t0 = child_now_s();
    if (!self_path(self, sizeof self) || !sass_arch_of(s->res.device.cc, arch, sizeof arch)) {
        fprintf(stderr, "sweep: --sass: this binary's path or the GPU's architecture is not "
                        "known: no SASS recorded\n");
        return SB_EXIT_OK;
    }
    t.n = 0;
    for (size_t i = 0; i < s->res.n_points; ++i)
        sass_table_add(&t, s->res.points[i].launch_symbol);
    if (sass_of_each(self, arch, t.symbol, t.n, t.mix, t.rc, why, sizeof why)) {
        esc_report(stderr, "sweep: --sass: no SASS recorded", why);
        return SB_EXIT_OK;
    }
    for (size_t i = 0; i < s->res.n_points; ++i) {
        struct result_point *p = &s->res.points[i];
        const struct sass_mix *m = sass_table_get(&t, p->launch_symbol, arch, why, sizeof why);
        if (m)
            sass_to_point(m, p);
        missed += p->launch_symbol[0] && !m;
    }
    fprintf(stderr, "sweep: --sass: %d kernels' SASS read in %.1f s", t.n, child_now_s() - t0);
    fprintf(stderr, missed ? "; %d points without it (cuobjdump did not find their kernel "
                             "once in this binary)\n" : "\n", missed);
    return SB_EXIT_OK;
}

/* --explain (A/B mode): each judged change's kernel profiled under ncu, base build then
 * this one, at most EXPLAIN_POINTS points (REGRESSED first) and EXPLAIN_TIMEOUT_S a
 * profile; the counters go beside the verdict, which they never change. */
enum { EXPLAIN_POINTS = 4, EXPLAIN_TIMEOUT_S = 120 };

static void explain_one(struct sweep *s, const char *ncu, const char *head_bin,
                        struct point_verdict *v)
{
    const struct result_point *q = results_find(&s->base, v->kernel, v->m, v->n, v->k);
    const struct result_point *p = results_find(&s->res, v->kernel, v->m, v->n, v->k);
    if (!q || !p || !q->launch_symbol[0] || !p->launch_symbol[0]) {
        snprintf(v->counters, sizeof v->counters,
                 "not read: a side did not record which kernel it launched");
        return;
    }
    char shape[48], log[PATH_CAP], why[RS_TEXT];
    results_shape_text(v->memory, v->m, v->n, v->k, shape, sizeof shape);
    snprintf(log, sizeof log, "%s/ncu.csv", s->ab_dir);
    struct ncu_request r = {ncu, s->opt.against, q->launch_symbol, v->kernel, shape, log,
                            s->opt.seed, EXPLAIN_TIMEOUT_S};
    struct ncu_counters base, head;
    fprintf(stderr, "sweep: --explain: profiling %s %s under ncu, base then head\n", v->kernel,
            shape);
    if (ncu_profile(&r, &base, why, sizeof why) ||
        (r.binary = head_bin, r.symbol = p->launch_symbol,
         ncu_profile(&r, &head, why, sizeof why))) {
        snprintf(v->counters, sizeof v->counters, "not read (%s side): %s",
                 r.binary == head_bin ? "head" : "base", why);
        return;
    }
    ncu_diff_text(&base, &head, v->counters, sizeof v->counters);
}

static void explain_counters(struct sweep *s, struct comparison *c)
{
    char ncu[PATH_CAP], head_bin[PATH_CAP];
    const bool have_ncu = ncu_find(ncu, sizeof ncu), have_self = self_path(head_bin, sizeof head_bin);
    int done = 0;
    for (int pass = 0; pass < 2; ++pass) /* REGRESSED, then the other judged changes */
        for (size_t i = 0; i < c->n_rows; ++i) {
            struct point_verdict *v = &c->rows[i];
            if (!verdict_is_change(v->verdict) || (pass == 0) != (v->verdict == V_REGRESSED))
                continue;
            if (!have_ncu)
                snprintf(v->counters, sizeof v->counters,
                         "--explain skipped: ncu (Nsight Compute) is not on this runner's PATH");
            else if (!have_self)
                snprintf(v->counters, sizeof v->counters,
                         "--explain skipped: this binary's path is not known");
            else if (done++ >= EXPLAIN_POINTS)
                snprintf(v->counters, sizeof v->counters,
                         "not read: --explain profiles at most %d points a check",
                         EXPLAIN_POINTS);
            else
                explain_one(s, ncu, head_bin, v);
        }
}

/* src into dst as printable ASCII (what a results file holds in its lines: a byte of
 * ncu's or cuobjdump's output outside it becomes '?'). */
static void printable_copy(char *dst, size_t cap, const char *src)
{
    size_t i = 0;
    for (; src[i] && i + 1 < cap; ++i)
        dst[i] = src[i] >= 0x20 && src[i] <= 0x7e ? src[i] : '?';
    dst[i] = '\0';
}

/* Each judged change's verdict and lines into its point, for the results file. */
static void keep_verdicts(struct sweep *s, const struct comparison *c)
{
    for (size_t i = 0; i < c->n_rows; ++i) {
        const struct point_verdict *v = &c->rows[i];
        if (!verdict_is_change(v->verdict))
            continue;
        for (size_t j = 0; j < s->res.n_points; ++j) {
            struct result_point *p = &s->res.points[j];
            if (strcmp(p->kernel, v->kernel) != 0 || p->m != v->m || p->n != v->n || p->k != v->k)
                continue;
            snprintf(p->judged, sizeof p->judged, "%s", verdict_name(v->verdict));
            p->judged_change_pct = v->delta_pct;
            printable_copy(p->judged_inside, sizeof p->judged_inside, v->inside);
            printable_copy(p->judged_counters, sizeof p->judged_counters, v->counters);
            break; /* a point is in a results file once */
        }
    }
}

/* Verdict against the baseline, re-measuring flagged points; prints and publishes it. */
static int judge(struct sweep *s, int *verdict_code)
{
    struct comparison c;
    char err[512];
    *verdict_code = SB_EXIT_OK;
    if (!s->have_base)
        return SB_EXIT_OK;
    const struct compare_options copt = {.flag_threshold_pct = s->opt.threshold_pct,
                                         .ab = s->opt.against != NULL};
    int rc = compare_results(&s->base, &s->res, &copt, &c, err, sizeof err);
    if (rc) {
        esc_report(stderr, "sweep", err);
        return rc;
    }
    if (s->opt.against && (rc = ab_looks(s, &copt, &c)) != SB_EXIT_OK) {
        compare_free(&c);
        return rc;
    }
    /* Only what this run set out to measure can be missing: drop the other rows. */
    compare_keep_missing(&c, was_selected, s);
    for (int i = 0; i < s->n_base_only; ++i)
        compare_add_missing_kernel(&c, s->base_only[i]);
    if (s->opt.against)
        explain_code(s, &c);
    if (s->opt.explain)
        explain_counters(s, &c);
    for (size_t i = 0; i < c.n_rows; ++i) {
        const enum verdict first = c.rows[i].verdict;
        if ((first != V_REGRESSED && first != V_INCONCLUSIVE) || s->opt.reruns == 0 ||
            s->opt.against)
            continue;
        fprintf(stderr, "sweep: %s %dx%dx%d looks %s (%+.2f%%); re-measuring\n",
                c.rows[i].kernel, c.rows[i].m, c.rows[i].n, c.rows[i].k,
                first == V_REGRESSED ? "regressed" : "undecided", c.rows[i].delta_pct);
        rc = rerun_point(s, &copt, &c.rows[i]);
        if (rc != SB_EXIT_OK) {
            compare_free(&c);
            return rc;
        }
    }
    compare_recount(&c);
    if (s->opt.against) {
        esc_say(stdout, "\nA/B verdict: this build (head) against ", s->opt.against, "");
        printf(" (base), %d rounds per level (up to %d for undecided points), processes "
               "alternating; change: the kernel's own rate:\n", s->opt.rounds, s->ab_rounds);
    } else
        esc_say(stdout, "\nVerdict against ", s->base_path, ":\n");
    compare_print_table(stdout, &c);
    if (getenv("GITHUB_ACTIONS"))
        compare_print_annotations(stdout, &c);
    if (compare_publish(&c, s->opt.summary, err, sizeof err))
        esc_report(stderr, "sweep: warning: the summary was not written", err);
    *verdict_code = compare_exit_code(&c);
    keep_verdicts(s, &c);
    compare_free(&c);
    return SB_EXIT_OK;
}

static void print_points(const struct results *r)
{
    /* Rates are GFLOP/s against cuBLAS (sgemm) or GB/s against the copy (memory). */
    printf("%-30s %-16s %10s %10s %7s %8s %9s  %s\n", "kernel", "shape", "rate", "reference",
           "% ref", "noise %", "max err", "status");
    for (size_t i = 0; i < r->n_points; ++i) {
        const struct result_point *p = &r->points[i];
        const bool memory = point_is_memory(p);
        char shape[48];
        results_shape_text(memory, p->m, p->n, p->k, shape, sizeof shape);
        printf("%-30s %-16s %10.1f %10.1f %7.2f %8.2f %9.1e  %s %s\n", p->kernel, shape, p->rate,
               p->ref_rate, p->pct_ref, 100 * p->time_ms.rel_noise, p->max_rel_err,
               memory ? "GB/s" : "GFLOP/s", p->valid ? "ok" : point_error(p));
    }
}

static bool any_invalid(const struct results *r)
{
    for (size_t i = 0; i < r->n_points; ++i)
        if (!r->points[i].valid)
            return true;
    return false;
}

/* Writes the baseline after this run (baseline.h) to path. */
static int promote(struct sweep *s, const char *path)
{
    struct results b;
    char err[512];
    int rc = baseline_merge(s->have_base ? &s->base : NULL, &s->res, BASELINE_KEEP, &b);
    if (rc != 0)
        fprintf(stderr, "sweep: out of memory\n");
    else if ((rc = results_write(&b, path, err, sizeof err)) != 0)
        esc_report(stderr, "sweep", err);
    else
        fprintf(stderr,
                "sweep: wrote baseline %s: %zu runs from %d GPUs (tolerances need >= %d runs "
                "from >= %d GPUs); review it in a PR like code\n",
                path, b.n_runs, compare_distinct_gpus(&b), COMPARE_MIN_RUNS, COMPARE_MIN_GPUS);
    results_free(&b);
    return rc;
}

static int write_outputs(struct sweep *s)
{
    char err[512], path[PATH_CAP];
    if (results_write(&s->res, s->out_path, err, sizeof err)) {
        esc_report(stderr, "sweep", err);
        return SB_EXIT_USAGE;
    }
    esc_say(stderr, "sweep: wrote ", s->out_path, "\n");
    if (!s->opt.update_baseline)
        return SB_EXIT_OK;
    if (any_invalid(&s->res)) {
        fprintf(stderr, "sweep: not updating the baseline: some points are INVALID\n");
        return SB_EXIT_WRONG;
    }
    snprintf(path, sizeof path, "%s/baselines/%s.json", run_workspace_dir(), s->res.device.slug);
    if (promote(s, path) != 0)
        return SB_EXIT_USAGE;
    s->wrote_baseline = true;
    return SB_EXIT_OK;
}

int main(int argc, char **argv)
{
    static struct sweep s;
    struct kernel_ref refs[CLI_MAX_KERNELS];
    char err[512];
    int rc, verdict = SB_EXIT_OK;

    results_init(&s.res);
    results_init(&s.base);
    if (load_registry(&s, refs) != 0)
        return SB_EXIT_USAGE;
    if ((rc = cli_parse(argc, argv, refs, s.n_kernels, &s.opt, err, sizeof err)) != 0) {
        esc_report(stderr, "sweep", err);
        return rc;
    }
    if (s.opt.help || s.opt.list) {
        s.opt.help ? (void)fputs(cli_usage(), stdout) : print_list(&s);
        return SB_EXIT_OK;
    }
    if (s.opt.explain_plan.m)
        return explain_plans(&s);
    s.cfg = (struct measure_config){s.opt.seed, s.opt.time_cap_s, 0.005, 3, MEASURE_SAMPLES};
    child_install_signal_handlers();
    run_info_fill(&s.res.run, argc, argv, s.opt.profile);
    if ((rc = pin_gpu(&s)) || (rc = check_user_paths(&s)) || (rc = probe(&s)) || (rc = check_device_fit(&s)) ||
        (rc = resolve_paths(&s)) || (rc = record_kernels(&s)) ||
        (rc = measure_all(&s)) || (rc = judge(&s, &verdict)) || (rc = record_sass(&s)))
        goto out;
    print_points(&s.res);
    if (child_interrupt_signal) {
        rc = interrupted_code();
        goto out;
    }
    if ((rc = write_outputs(&s)))
        goto out;
    /* A refreshed baseline is the point of the run, even when it is slower than the old
     * set (a new driver, say): the verdict above was printed for the reviewer. */
    rc = any_invalid(&s.res) ? SB_EXIT_WRONG : s.wrote_baseline ? SB_EXIT_OK : verdict;
out:
    if (rc == SB_EXIT_SIGINT || rc == SB_EXIT_SIGTERM)
        fprintf(stderr, "sweep: interrupted by %s: no results file written\n",
                rc == SB_EXIT_SIGINT ? "SIGINT" : "SIGTERM");
    ab_close(&s);
    results_free(&s.res);
    results_free(&s.base);
    return rc;
}
