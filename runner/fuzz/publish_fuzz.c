/* publish_fuzz: libFuzzer target for the publish path up to the store name: a results
 * file is validated (results_parse), then named (history_store_name). Whatever the input,
 * a name that comes out must be "<slug>/<YYYYMMDDTHHMMSSZ>-<7..12 hex>.json": one
 * directory, a plain file name, nothing that could leave the store. */
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/results.h"
#include "site/history.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static regex_t shape;
    static int ready;
    struct results r;
    char err[512], name[256];
    if (!ready) {
        if (regcomp(&shape, "^[a-z0-9]+(-[a-z0-9]+)*/[0-9]{8}T[0-9]{6}Z-[0-9a-f]{7,12}\\.json$",
                    REG_EXTENDED | REG_NOSUB) != 0)
            abort();
        ready = 1;
    }
    if (results_parse((const char *)data, size, "fuzz", &r, err, sizeof err) != 0)
        return 0;
    for (int pass = 0; pass < 2; ++pass) {
        /* The file's own commit, then an override taken from the input's first bytes. */
        char commit[48];
        snprintf(commit, sizeof commit, "%.*s", (int)(size < 40 ? size : 40), (const char *)data);
        if (history_store_name(&r, pass ? commit : r.run.commit, name, sizeof name, err,
                               sizeof err) != 0)
            continue;
        if (regexec(&shape, name, 0, NULL, 0) != 0 || strstr(name, "..")) {
            fprintf(stderr, "publish_fuzz: store name '%s' is not of the store's shape\n", name);
            abort();
        }
    }
    results_free(&r);
    return 0;
}
