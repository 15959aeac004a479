/* child.h: run GPU work in a child process, so a fault (a sticky CUDA error kills the
 * whole context) or a hang in one level cannot take the others, or the results, down.
 *
 * The child reports through a pipe in fixed-size messages; the parent keeps a watchdog
 * and stops waiting when SIGINT or SIGTERM arrives. */
#ifndef SGEMM_BENCH_RUNNER_CHILD_H
#define SGEMM_BENCH_RUNNER_CHILD_H

#include <signal.h>

#include "runner/measure.h"

enum msg_type { MSG_DEVICE = 1, MSG_POINT, MSG_FATAL };

struct child_msg {
    int type;
    struct device_info device;  /* MSG_DEVICE */
    struct point_report report; /* MSG_POINT */
    char text[512];             /* MSG_FATAL: why the child gave up */
};

/* Seconds on the monotonic clock (for watchdogs, time caps and durations). */
double child_now_s(void);

/* Runs in the child with the write end of the pipe; returns the child's exit code. */
typedef int (*child_fn)(int fd, void *arg);
/* Runs in the parent for each message received. */
typedef void (*child_msg_fn)(const struct child_msg *m, void *arg);

struct child_outcome {
    int exit_code;   /* when exited normally, else -1 */
    int signal;      /* the signal that ended it, else 0 */
    int timed_out;   /* killed by the watchdog */
    int interrupted; /* the parent received SIGINT/SIGTERM; the child was killed */
};

/* The signal (SIGINT or SIGTERM) received since child_install_signal_handlers, or 0. */
extern volatile sig_atomic_t child_interrupt_signal;

/* Installs SIGINT/SIGTERM handlers in the parent that record the signal. */
void child_install_signal_handlers(void);

/* Forks, runs fn(fd, arg) in the child, and delivers its messages to on_msg. The child
 * is killed when no message arrives for watchdog_s seconds, or on an interrupt.
 * Returns 0 once the child is reaped (outcome in *out), or -1 if it could not start. */
int child_run(child_fn fn, void *arg, child_msg_fn on_msg, void *msg_arg, int watchdog_s,
              struct child_outcome *out);

/* Sends one message from the child. Returns 0, or -1 if the parent is gone. */
int child_send(int fd, const struct child_msg *m);

/* Describes an outcome that was not a clean exit 0 ("killed by signal 11 (Segmentation
 * fault)", "watchdog: no progress for 120 s"); "" for a clean exit. */
void child_describe(const struct child_outcome *o, int watchdog_s, char *out, size_t cap);

/* Runs argv[0] (a path) with argv, stdout to stdout_path, stderr inherited, in a process
 * group of its own, and waits; on SIGINT/SIGTERM to the parent, or after timeout_s seconds
 * (0: no limit), it kills the group. Returns the program's exit code; -2 when it ran out of
 * time; -1 if it could not start, was killed by a signal, or was interrupted
 * (child_interrupt_signal). */
int child_exec(const char *const argv[], const char *stdout_path, int timeout_s);

#endif
