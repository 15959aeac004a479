/* child_test: the process isolation around each level, with fake children on the CPU:
 * a child that hangs is killed by the watchdog, a crash is reported with its signal, and
 * the messages and exit code of a well-behaved child arrive intact. */
#include "runner/child.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

#include "runner/test_util.h"

static int hang(int fd, void *arg)
{
    (void)fd, (void)arg;
    for (;;)
        pause();
    return 0;
}

static int crash(int fd, void *arg)
{
    (void)fd, (void)arg;
    raise(SIGSEGV);
    return 0;
}

static int two_points_then_3(int fd, void *arg)
{
    struct child_msg m;
    (void)arg;
    for (int i = 0; i < 2; ++i) {
        memset(&m, 0, sizeof m);
        m.type = MSG_POINT;
        snprintf(m.report.point.kernel, sizeof m.report.point.kernel, "fake%d", i);
        m.report.point.m = 100 + i;
        child_send(fd, &m);
    }
    return 3;
}

struct seen {
    int n;
    char kernels[4][64];
    int m[4];
};

static void on_msg(const struct child_msg *msg, void *arg)
{
    struct seen *s = arg;
    if (msg->type == MSG_POINT && s->n < 4) {
        snprintf(s->kernels[s->n], sizeof s->kernels[0], "%s", msg->report.point.kernel);
        s->m[s->n++] = msg->report.point.m;
    }
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void)
{
    struct child_outcome o;
    struct seen s = {0};
    char why[256];

    /* A hanging child: killed after the watchdog's second, not waited on forever. */
    double t0 = now();
    CHECK(child_run(hang, NULL, on_msg, &s, 1, &o) == 0);
    double took = now() - t0;
    CHECK(o.timed_out == 1);
    CHECK(o.exit_code == -1);
    CHECK(took >= 0.9 && took < 10);
    child_describe(&o, 1, why, sizeof why);
    CHECK_CONTAINS(why, "watchdog");
    CHECK(s.n == 0);

    /* A crashing child: its signal, and no time-out. */
    CHECK(child_run(crash, NULL, on_msg, &s, 30, &o) == 0);
    CHECK(o.signal == SIGSEGV && !o.timed_out);
    child_describe(&o, 30, why, sizeof why);
    CHECK_CONTAINS(why, "signal 11");

    /* A child that reports and exits: every message, in order, and its exit code. */
    CHECK(child_run(two_points_then_3, NULL, on_msg, &s, 30, &o) == 0);
    CHECK(o.exit_code == 3 && o.signal == 0 && !o.timed_out && !o.interrupted);
    CHECK(s.n == 2);
    CHECK_STR(s.kernels[0], "fake0");
    CHECK_STR(s.kernels[1], "fake1");
    CHECK(s.m[0] == 100 && s.m[1] == 101);
    return test_report();
}
