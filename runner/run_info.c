#include "runner/run_info.h"

#include "runner/slug.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

const char *run_workspace_dir(void)
{
    const char *w = getenv("BUILD_WORKSPACE_DIRECTORY");
    return w && *w ? w : ".";
}

void run_user_path(const char *path, char *out, size_t cap)
{
    const char *cwd = getenv("BUILD_WORKING_DIRECTORY");
    if (path[0] == '/' || !cwd || !*cwd)
        snprintf(out, cap, "%s", path);
    else
        snprintf(out, cap, "%s/%s", cwd, path);
}

static void first_env(char *out, size_t cap, const char *a, const char *b)
{
    const char *v = getenv(a);
    if ((!v || !*v) && b)
        v = getenv(b);
    if (v && *v)
        snprintf(out, cap, "%s", v);
}

FILE *run_git_open(const char *dir, const char *const args[], pid_t *pid)
{
    enum { MAX_ARGS = 8 };
    char *argv[MAX_ARGS + 4] = {"git", "-C", (char *)dir};
    size_t n = 3;
    for (size_t i = 0; args[i]; ++i) {
        if (i == MAX_ARGS)
            return NULL;
        argv[n++] = (char *)args[i];
    }
    argv[n] = NULL;
    int fds[2];
    if (pipe(fds) != 0)
        return NULL;
    *pid = fork();
    if (*pid == 0) {
        const int null = open("/dev/null", O_WRONLY);
        if (dup2(fds[1], STDOUT_FILENO) < 0 || (null >= 0 && dup2(null, STDERR_FILENO) < 0))
            _exit(127);
        close(fds[0]);
        close(fds[1]);
        execvp("git", argv);
        _exit(127);
    }
    close(fds[1]);
    FILE *f = *pid > 0 ? fdopen(fds[0], "r") : NULL;
    if (!f) {
        close(fds[0]);
        if (*pid > 0)
            run_git_close(NULL, *pid);
    }
    return f;
}

int run_git_close(FILE *f, pid_t pid)
{
    int status = 0;
    if (f)
        fclose(f);
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* First line of `git -C <workspace> <a> <b> [<c>]`, or leaves out untouched. */
static void git_line(const char *a, const char *b, const char *c, char *out, size_t cap)
{
    char line[RS_TEXT];
    pid_t pid;
    const char *const args[] = {a, b, c, NULL};
    FILE *p = run_git_open(run_workspace_dir(), args, &pid);
    if (!p)
        return;
    if (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0])
            snprintf(out, cap, "%s", line);
    }
    run_git_close(p, pid);
}

void run_info_fill(struct run_info *run, int argc, char **argv, const char *profile)
{
    time_t now = time(NULL);
    struct tm tm;
    memset(run, 0, sizeof *run);
    gmtime_r(&now, &tm);
    strftime(run->utc, sizeof run->utc, "%Y-%m-%dT%H:%M:%SZ", &tm);
    char host[256] = "";
    if (gethostname(host, sizeof host - 1) == 0 && host[0])
        slug_hash_id(host, strlen(host), run->host_id);
    else
        snprintf(run->host_id, sizeof run->host_id, "unknown");
    snprintf(run->tool_version, sizeof run->tool_version, "%s", SGEMM_BENCH_VERSION);
    snprintf(run->profile, sizeof run->profile, "%s", profile);
    for (int i = 0; i < argc && i < RS_MAX_ARGS; ++i)
        snprintf(run->argv[run->argc++], RS_TEXT, "%s", argv[i]);
    first_env(run->commit, sizeof run->commit, "SGEMM_COMMIT", "GITHUB_SHA");
    first_env(run->branch, sizeof run->branch, "SGEMM_BRANCH", "GITHUB_HEAD_REF");
    if (!run->branch[0])
        first_env(run->branch, sizeof run->branch, "GITHUB_REF_NAME", NULL);
    first_env(run->subject, sizeof run->subject, "SGEMM_SUBJECT", NULL);
    first_env(run->repo_url, sizeof run->repo_url, "SGEMM_REPO_URL", NULL);
    if (!run->repo_url[0] && getenv("GITHUB_SERVER_URL") && getenv("GITHUB_REPOSITORY"))
        snprintf(run->repo_url, sizeof run->repo_url, "%s/%s", getenv("GITHUB_SERVER_URL"),
                 getenv("GITHUB_REPOSITORY"));
    if (!run->commit[0])
        git_line("rev-parse", "HEAD", NULL, run->commit, sizeof run->commit);
    if (!run->branch[0])
        git_line("rev-parse", "--abbrev-ref", "HEAD", run->branch, sizeof run->branch);
    if (!run->subject[0])
        git_line("log", "-1", "--format=%s", run->subject, sizeof run->subject);
    if (!run->commit[0])
        snprintf(run->commit, sizeof run->commit, "unknown");
    if (!run->branch[0])
        snprintf(run->branch, sizeof run->branch, "unknown");
}
