/* publish.c: `bazel run //site:publish -- RESULTS.json [--history DIR] [--commit SHA]`:
 * adds one run to the history store (site/history.h). Publishing the same bytes again
 * changes nothing and names the stored file. Malformed results, a field that cannot make a
 * store name, or another run under the same name: exit 2, the store untouched. */
#include <stdio.h>
#include <string.h>

#include "runner/escape.h"
#include "runner/exit_codes.h"
#include "runner/run_info.h"
#include "site/history.h"

int main(int argc, char **argv)
{
    char history[4096], src[4096], path[4352], err[1024];
    const char *file = NULL, *commit = NULL;
    static const char usage[] =
        "usage: publish RESULTS.json [--history DIR] [--commit SHA]\n"
        "  --history DIR  the store (default site/history)\n"
        "  --commit SHA   the commit to file the run under, when its run.commit is not one\n";
    int already;
    snprintf(history, sizeof history, "%s/site/history", run_workspace_dir());
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return SB_EXIT_OK;
        } else if (strcmp(argv[i], "--history") == 0 && i + 1 < argc && argv[i + 1][0]) {
            run_user_path(argv[++i], history, sizeof history);
        } else if (strcmp(argv[i], "--commit") == 0 && i + 1 < argc) {
            commit = argv[++i];
            if (!history_commit_ok(commit)) {
                esc_say(stderr, "publish: --commit: '", commit, "' is not 7 to 40 lower-case hex digits\n");
                return SB_EXIT_USAGE;
            }
        } else if (argv[i][0] == '-' || file) {
            fputs(usage, stderr);
            return SB_EXIT_USAGE;
        } else {
            file = argv[i];
        }
    }
    if (!file) {
        fputs(usage, stderr);
        return SB_EXIT_USAGE;
    }
    run_user_path(file, src, sizeof src);
    int rc = history_publish(history, src, commit, &already, path, sizeof path, err, sizeof err);
    if (rc) {
        esc_report(stderr, "publish", err);
        return rc;
    }
    fputs(already ? "already published: " : "published: ", stdout);
    esc_term(stdout, path);
    fputc('\n', stdout);
    return SB_EXIT_OK;
}
