/* sass_test: cuobjdump's SASS listing read as a regression's row needs it: the function of
 * one architecture only, instructions counted per class (a predicate does not hide the
 * opcode), the encoding lines and other functions left out, and an identity that tells
 * the same code from changed code. */
#include "runner/sass.h"

#include <string.h>

#include "runner/test_util.h"

static struct sass_mix parse(const char *arch, const char *symbol, int *rc)
{
    struct sass_mix m;
    FILE *f = fopen(test_data("runner/testdata/sass_sample.txt"), "r");
    CHECK(f != NULL);
    *rc = f ? sass_parse(f, arch, symbol, &m) : -1;
    if (f)
        fclose(f);
    return m;
}

int main(void)
{
    int rc;
    struct sass_mix m = parse("sm_90", "_Z4kernPfi", &rc);
    CHECK(rc == 0 && m.total == 11 && m.count[SASS_LOCAL] == 1);
    CHECK(m.count[SASS_FFMA] == 2 && m.count[SASS_LDS] == 1 && m.count[SASS_LDG] == 1);
    CHECK(m.count[SASS_STG] == 1 && m.count[SASS_BAR] == 1 && m.count[SASS_BRANCH] == 1);
    CHECK(m.count[SASS_OTHER] == 3); /* LDC, S2R, EXIT */
    struct sass_mix old = parse("sm_80", "_Z4kernPfi", &rc);
    CHECK(rc == 0 && old.total == 2 && old.hash != m.hash);
    parse("sm_90", "_Z7missingv", &rc);
    CHECK(rc == 1);
    parse("sm_90", "_Z5otherPf", &rc); /* in two cubins: not known which ran */
    CHECK(rc == 2);
    parse("sm_100", "_Z4kernPfi", &rc);
    CHECK(rc == 1);

    char text[256];
    sass_diff_text(&m, &m, text, sizeof text);
    CHECK_STR(text, "same SASS (11 instructions: FFMA 2, LDS 1, LDG 1, STS 0, STG 1, "
                    "LDL/STL (local) 1, BAR 1, branches 1, other 3)");
    struct sass_mix fewer = m;
    fewer.count[SASS_FFMA] = 1, fewer.total = 10, fewer.hash ^= 1;
    sass_diff_text(&m, &fewer, text, sizeof text);
    CHECK_STR(text, "SASS FFMA 2 -> 1, instructions 11 -> 10");
    /* the same counts, other code: not "same" */
    struct sass_mix moved = m;
    moved.hash ^= 1;
    sass_diff_text(&m, &moved, text, sizeof text);
    CHECK_STR(text, "SASS instructions 11 -> 11");

    char arch[16];
    CHECK(sass_arch_of("9.0", arch, sizeof arch) && strcmp(arch, "sm_90") == 0);
    CHECK(sass_arch_of("12.1", arch, sizeof arch) && strcmp(arch, "sm_121") == 0);
    CHECK(!sass_arch_of("9", arch, sizeof arch) && !sass_arch_of("9.0x", arch, sizeof arch));
    /* a symbol that is not a mangled name never reaches a command line */
    char err[128];
    CHECK(sass_of("/bin/true", "sm_90", "x; rm -rf /", &m, err, sizeof err) == -1);
    CHECK_CONTAINS(err, "not a mangled name");
    /* Many at once: the bad one is refused alone; with no cuobjdump on PATH, said so. */
    const char *syms[] = {"_Z4kernPfi", "a,b", "_Z5otherPf"};
    struct sass_mix mixes[3];
    int rcs[3];
    setenv("PATH", "/nonexistent", 1);
    CHECK(sass_of_each("/bin/true", "sm_90", syms, 3, mixes, rcs, err, sizeof err) == -1);
    CHECK_STR(err, "cuobjdump is not on this runner's PATH");
    CHECK(rcs[1] == -1 && rcs[0] == 0 && rcs[2] == 0);
    const char *bad_only[] = {"$(x)"};
    CHECK(sass_of_each("/bin/true", "sm_90", bad_only, 1, mixes, rcs, err, sizeof err) == 0);
    CHECK(rcs[0] == -1);
    return test_report();
}
