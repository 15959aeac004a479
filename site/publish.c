/* publish.c: `bazel run //site:publish -- RESULTS.json [--history DIR]`: adds one commit's
 * run to the history store, atomically; publishing the same commit again changes nothing.
 * Malformed results: exit 2, the store untouched. */
#include <stdio.h>
#include <string.h>

#include "runner/exit_codes.h"
#include "runner/run_info.h"
#include "site/history.h"

int main(int argc, char **argv)
{
    char history[4096], src[4096], path[4352], err[1024];
    const char *file = NULL;
    int already;
    snprintf(history, sizeof history, "%s/site/history", run_workspace_dir());
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--history") == 0 && i + 1 < argc && argv[i + 1][0]) {
            run_user_path(argv[++i], history, sizeof history);
        } else if (argv[i][0] == '-' || file) {
            fprintf(stderr, "usage: publish RESULTS.json [--history DIR]\n");
            return SB_EXIT_USAGE;
        } else {
            file = argv[i];
        }
    }
    if (!file) {
        fprintf(stderr, "usage: publish RESULTS.json [--history DIR]\n");
        return SB_EXIT_USAGE;
    }
    run_user_path(file, src, sizeof src);
    int rc = history_publish(history, src, &already, path, sizeof path, err, sizeof err);
    if (rc) {
        fprintf(stderr, "publish: %s\n", err);
        return rc;
    }
    printf("%s %s\n", already ? "already published:" : "published:", path);
    return SB_EXIT_OK;
}
