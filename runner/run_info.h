/* run_info.h: where a run came from (commit, branch, time, argv) and where its files go. */
#ifndef SGEMM_BENCH_RUNNER_RUN_INFO_H
#define SGEMM_BENCH_RUNNER_RUN_INFO_H

#include <stddef.h>

#include "runner/results.h"

#define SGEMM_BENCH_VERSION "0.1.0"

/* Fills run: utc now, argv, tool version, profile, and the commit, branch, subject and
 * repository URL from (first found) SGEMM_COMMIT / SGEMM_BRANCH / SGEMM_SUBJECT /
 * SGEMM_REPO_URL, GitHub Actions' variables, then git in the workspace; "unknown" else. */
void run_info_fill(struct run_info *run, int argc, char **argv, const char *profile);

/* The workspace root: $BUILD_WORKSPACE_DIRECTORY under `bazel run`, else ".". */
const char *run_workspace_dir(void);

/* A user-given path made absolute against the directory `bazel run` was called from
 * ($BUILD_WORKING_DIRECTORY), so relative paths mean what the user meant. */
void run_user_path(const char *path, char *out, size_t cap);

#endif
