#include "site/charts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void chart_safe_name(const char *in, char *out, size_t cap)
{
    size_t n = 0;
    for (; *in && n + 1 < cap; ++in) {
        char c = *in;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '_' || c == '.' || c == '-';
        out[n++] = ok ? c : '_';
    }
    out[n] = '\0';
}

int chart_path_ok(const char *path) { return !strpbrk(path, "'\n\r\\"); }

int chart_run(const char *script_dir, const char *script, const char *vars,
              struct plot_area *area, char *err, size_t errlen)
{
    char expr[8192], path[4096], buf[4096];
    int out_pipe[2];
    snprintf(expr, sizeof expr, "dir='%s/'; %s", script_dir, vars);
    snprintf(path, sizeof path, "%s/%s", script_dir, script);
    if (pipe(out_pipe) != 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        dup2(out_pipe[1], 1);
        dup2(out_pipe[1], 2);
        close(out_pipe[0]);
        close(out_pipe[1]);
        execlp("gnuplot", "gnuplot", "-e", expr, path, (char *)NULL);
        fprintf(stderr, "cannot run gnuplot: %s (apt-get install gnuplot-nox)\n", strerror(errno));
        _exit(127);
    }
    close(out_pipe[1]);
    size_t len = 0;
    ssize_t got;
    while ((got = read(out_pipe[0], buf + len, sizeof buf - 1 - len)) > 0)
        len += (size_t)got;
    buf[len] = '\0';
    close(out_pipe[0]);
    int status;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || strstr(buf, "rror")) {
        snprintf(err, errlen, "gnuplot %s failed: %.300s", script, buf);
        return -1;
    }
    if (area) {
        double v[8];
        const char *text = buf; /* the last non-empty line */
        for (const char *p = buf; *p; ++p)
            if (*p == '\n' && p[1] && p[1] != '\n')
                text = p + 1;
        if (sscanf(text, "%lf %lf %lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3], &v[4],
                   &v[5], &v[6], &v[7]) != 8) {
            snprintf(err, errlen, "gnuplot %s did not print its plot area: %.200s", script, buf);
            return -1;
        }
        *area = (struct plot_area){v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
    }
    return 0;
}
