#define _GNU_SOURCE /* strsignal */
#include "runner/child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner/escape.h"

volatile sig_atomic_t child_interrupt_signal = 0;

static void on_signal(int sig) { child_interrupt_signal = sig; }

void child_install_signal_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int child_send(int fd, const struct child_msg *m)
{
    const char *p = (const char *)m;
    size_t left = sizeof *m;
    while (left > 0) {
        ssize_t w = write(fd, p, left);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        left -= (size_t)w;
    }
    return 0;
}

double child_now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Reads messages until EOF, the watchdog or an interrupt. */
static void pump(int fd, child_msg_fn on_msg, void *arg, int watchdog_s, struct child_outcome *o)
{
    struct child_msg m;
    size_t have = 0;
    double last = child_now_s();
    for (;;) {
        if (child_interrupt_signal) {
            o->interrupted = 1;
            return;
        }
        const double left = watchdog_s - (child_now_s() - last);
        if (left <= 0) {
            o->timed_out = 1;
            return;
        }
        struct pollfd p = {fd, POLLIN, 0};
        int rc = poll(&p, 1, (int)(left * 1000) + 1);
        if (rc < 0 && errno == EINTR)
            continue;
        if (rc <= 0)
            continue;
        ssize_t got = read(fd, (char *)&m + have, sizeof m - have);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return; /* EOF: the child is done (or died) */
        have += (size_t)got;
        if (have == sizeof m) {
            on_msg(&m, arg);
            have = 0;
            last = child_now_s();
        }
    }
}

int child_run(child_fn fn, void *arg, child_msg_fn on_msg, void *msg_arg, int watchdog_s,
              struct child_outcome *out)
{
    int fds[2];
    memset(out, 0, sizeof *out);
    out->exit_code = -1;
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        int code = fn(fds[1], arg);
        close(fds[1]);
        fflush(NULL);
        _exit(code);
    }
    close(fds[1]);
    pump(fds[0], on_msg, msg_arg, watchdog_s, out);
    if (out->timed_out || out->interrupted)
        kill(pid, SIGKILL);
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status))
        out->exit_code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        out->signal = WTERMSIG(status);
    return 0;
}

void child_describe(const struct child_outcome *o, int watchdog_s, char *out, size_t cap)
{
    if (o->timed_out)
        snprintf(out, cap, "watchdog: no progress for %d s, the level's process was killed",
                 watchdog_s);
    else if (o->interrupted)
        snprintf(out, cap, "interrupted");
    else if (o->signal)
        snprintf(out, cap, "the level's process was killed by signal %d (%s)", o->signal,
                 strsignal(o->signal));
    else if (o->exit_code != 0)
        snprintf(out, cap, "the level's process exited with code %d", o->exit_code);
    else
        out[0] = '\0';
}

int child_exec(const char *const argv[], const char *stdout_path, int timeout_s)
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        setpgid(0, 0); /* its own group: a timeout stops what it started too */
        int fd = open(stdout_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, STDOUT_FILENO);
            close(fd);
        }
        execv(argv[0], (char *const *)argv);
        const int e = errno;
        esc_say(stderr, "cannot run ", argv[0], ": ");
        fprintf(stderr, "%s\n", strerror(e));
        _exit(127);
    }
    setpgid(pid, pid); /* either side may run first */
    const double deadline = child_now_s() + timeout_s;
    bool timed_out = false;
    int status;
    for (;;) {
        pid_t got = waitpid(pid, &status, timeout_s > 0 ? WNOHANG : 0);
        if (got == pid)
            break;
        if (got < 0 && errno != EINTR)
            return -1;
        if (child_interrupt_signal || (timeout_s > 0 && !timed_out && child_now_s() > deadline)) {
            timed_out = !child_interrupt_signal;
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
        }
        if (got == 0)
            nanosleep(&(struct timespec){0, 20 * 1000 * 1000}, NULL);
    }
    if (timed_out)
        return -2;
    if (child_interrupt_signal || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}
