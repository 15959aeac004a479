/* run_info.h: where a run came from (commit, branch, time, argv) and where its files go. */
#ifndef SGEMM_BENCH_RUNNER_RUN_INFO_H
#define SGEMM_BENCH_RUNNER_RUN_INFO_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "runner/results.h"

#define SGEMM_BENCH_VERSION "0.1.0"

/* Fills run: utc now, argv, tool version, profile, and the commit, branch, subject and
 * repository URL from (first found) SGEMM_COMMIT / SGEMM_BRANCH / SGEMM_SUBJECT /
 * SGEMM_REPO_URL, GitHub Actions' variables, then git in the workspace; "unknown" else. */
void run_info_fill(struct run_info *run, int argc, char **argv, const char *profile);

/* `git -C dir ARGS...` (args NULL-terminated, at most 8) by fork/exec, no shell: dir is
 * one argument, whatever it holds. Its standard output is the returned stream, its
 * standard error goes to /dev/null; NULL when it cannot start. run_git_close closes the
 * stream, waits, and returns git's exit status, or -1 when it did not exit normally. */
FILE *run_git_open(const char *dir, const char *const args[], pid_t *pid);
int run_git_close(FILE *f, pid_t pid);

/* The workspace root: $BUILD_WORKSPACE_DIRECTORY under `bazel run`, else ".". */
const char *run_workspace_dir(void);

/* A user-given path made absolute against the directory `bazel run` was called from
 * ($BUILD_WORKING_DIRECTORY), so relative paths mean what the user meant. */
void run_user_path(const char *path, char *out, size_t cap);

#endif
