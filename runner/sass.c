/* sass.c: see sass.h. */
#include "runner/sass.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *const class_names[SASS_CLASSES] = {
    "FFMA", "LDS", "LDG", "STS", "STG", "LDL/STL (local)", "BAR", "branches", "other"};

static enum sass_class class_of(const char *op, size_t len)
{
    static const struct {
        const char *op;
        enum sass_class c;
    } table[] = {{"FFMA", SASS_FFMA}, {"LDS", SASS_LDS},   {"LDSM", SASS_LDS},  {"LDG", SASS_LDG},
                 {"LDGSTS", SASS_LDG}, {"STS", SASS_STS},  {"STG", SASS_STG},   {"BAR", SASS_BAR},
                 {"LDL", SASS_LOCAL},  {"STL", SASS_LOCAL},
                 {"BRA", SASS_BRANCH}, {"BRX", SASS_BRANCH}, {"JMP", SASS_BRANCH},
                 {"JMX", SASS_BRANCH}, {"CALL", SASS_BRANCH}, {"RET", SASS_BRANCH}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i)
        if (strlen(table[i].op) == len && strncmp(table[i].op, op, len) == 0)
            return table[i].c;
    return SASS_OTHER;
}

/* The instruction on an address line: after a comment holding only hex digits (the
 * address, e.g. 0080), up to the ';' (*len), e.g. "@P0 FFMA R4, R2, R3, R4". NULL for
 * any other line (the encoding's second line has "0x..." in its comment). */
static const char *instruction(const char *line, size_t *len)
{
    while (*line == ' ' || *line == '\t')
        ++line;
    if (strncmp(line, "/*", 2) != 0)
        return NULL;
    const char *p = line + 2, *end = strstr(p, "*/");
    if (!end || end == p)
        return NULL;
    for (const char *q = p; q < end; ++q)
        if (!isxdigit((unsigned char)*q))
            return NULL;
    p = end + 2;
    while (*p == ' ' || *p == '\t')
        ++p;
    const char *semi = strchr(p, ';');
    if (!semi || semi == p)
        return NULL;
    *len = (size_t)(semi - p);
    return p;
}

int sass_parse(FILE *f, const char *arch, const char *symbol, struct sass_mix *out)
{
    char line[4096];
    bool in_arch = false, in_fun = false;
    int copies = 0;
    memset(out, 0, sizeof *out);
    out->hash = 1469598103934665603ull;
    while (fgets(line, sizeof line, f)) {
        const char *code = strstr(line, "code for ");
        if (code && !strstr(line, "/*")) {
            char a[32] = "";
            sscanf(code + 9, "%31s", a);
            in_arch = strcmp(a, arch) == 0;
            in_fun = false;
            continue;
        }
        const char *fun = strstr(line, "Function : ");
        if (fun) {
            char name[1024] = "";
            sscanf(fun + 11, "%1023s", name);
            in_fun = in_arch && strcmp(name, symbol) == 0;
            copies += in_fun;
            continue;
        }
        size_t len;
        const char *ins = in_fun ? instruction(line, &len) : NULL;
        if (!ins)
            continue;
        for (size_t i = 0; i < len; ++i)
            out->hash = (out->hash ^ (unsigned char)ins[i]) * 1099511628211ull;
        out->hash = (out->hash ^ '\n') * 1099511628211ull;
        const char *op = ins;
        if (*op == '@') /* a predicate */
            while (*op && *op != ' ')
                ++op;
        while (*op == ' ')
            ++op;
        size_t oplen = 0;
        while (op + oplen < ins + len && (isupper((unsigned char)op[oplen]) || isdigit((unsigned char)op[oplen])))
            ++oplen;
        out->count[class_of(op, oplen)]++;
        out->total++;
    }
    return copies == 0 ? 1 : copies > 1 ? 2 : 0;
}

int sass_arch_of(const char *cc, char *out, size_t cap)
{
    int major, minor;
    char rest;
    if (sscanf(cc, "%d.%d%c", &major, &minor, &rest) != 2 || major < 1 || major > 99 || minor < 0 ||
        minor > 9)
        return 0;
    snprintf(out, cap, "sm_%d%d", major, minor);
    return 1;
}

bool sass_symbol_ok(const char *symbol, char *err, size_t errlen)
{
    if (!results_is_symbol(symbol)) {
        snprintf(err, errlen, "the kernel's symbol is not a mangled name");
        return false;
    }
    if (!symbol[0])
        snprintf(err, errlen, "no symbol recorded");
    return symbol[0] != '\0';
}

/* `cuobjdump -sass -arch arch -fun list binary` (list: comma-separated functions) into a
 * temporary file, rewound; NULL with the reason in err. */
static FILE *dump(const char *binary, const char *arch, const char *list, char *err,
                  size_t errlen)
{
    FILE *f = tmpfile();
    if (!f) {
        snprintf(err, errlen, "no temporary file for cuobjdump's output");
        return NULL;
    }
    const pid_t pid = fork();
    if (pid < 0) {
        fclose(f);
        snprintf(err, errlen, "fork failed");
        return NULL;
    }
    if (pid == 0) {
        dup2(fileno(f), STDOUT_FILENO);
        /* Its warnings (one per cubin without a function) are not the check's output. */
        const int null = open("/dev/null", O_WRONLY);
        if (null >= 0 && dup2(null, STDERR_FILENO) >= 0 && null != STDERR_FILENO)
            close(null);
        execlp("cuobjdump", "cuobjdump", "-sass", "-arch", arch, "-fun", list, binary,
               (char *)NULL);
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        fclose(f);
        snprintf(err, errlen, "cuobjdump is not on this runner's PATH");
        return NULL;
    }
    rewind(f);
    return f;
}

void sass_why(int rc, const char *arch, char *out, size_t cap)
{
    if (rc == 2)
        snprintf(out, cap, "the binary holds that kernel's %s code more than once", arch);
    else if (rc == 1)
        snprintf(out, cap, "cuobjdump found no %s code of that kernel in the binary", arch);
    else if (rc != 0)
        snprintf(out, cap, "the kernel's symbol is not a mangled name");
    else
        snprintf(out, cap, "%s", "");
}

int sass_of(const char *binary, const char *arch, const char *symbol, struct sass_mix *out,
            char *err, size_t errlen)
{
    int rc;
    if (!sass_symbol_ok(symbol, err, errlen) ||
        sass_of_each(binary, arch, &symbol, 1, out, &rc, err, errlen))
        return -1;
    sass_why(rc, arch, err, errlen);
    return rc == 0 ? 0 : -1;
}

int sass_of_each(const char *binary, const char *arch, const char *const *symbols, int n,
                 struct sass_mix *out, int *rc, char *err, size_t errlen)
{
    size_t cap = 1, len = 0;
    for (int i = 0; i < n; ++i)
        cap += strlen(symbols[i]) + 1;
    char *list = malloc(cap);
    if (!list) {
        snprintf(err, errlen, "out of host memory");
        return -1;
    }
    list[0] = '\0';
    for (int i = 0; i < n; ++i) {
        rc[i] = sass_symbol_ok(symbols[i], err, errlen) ? 0 : -1;
        if (rc[i] == 0)
            len += (size_t)snprintf(list + len, cap - len, "%s%s", len ? "," : "", symbols[i]);
    }
    FILE *f = len ? dump(binary, arch, list, err, errlen) : NULL;
    free(list);
    if (!f)
        return len ? -1 : 0;
    for (int i = 0; i < n; ++i)
        if (rc[i] == 0) {
            rewind(f);
            rc[i] = sass_parse(f, arch, symbols[i], &out[i]);
        }
    fclose(f);
    return 0;
}

_Static_assert((int)SASS_CLASSES == (int)RS_SASS_CLASSES, "results.h names each SASS class");

void sass_to_point(const struct sass_mix *m, struct result_point *p)
{
    memcpy(p->sass_count, m->count, sizeof p->sass_count);
    p->sass_total = m->total;
    p->sass_hash = m->hash;
}

bool sass_from_point(const struct result_point *p, struct sass_mix *out)
{
    if (p->sass_total <= 0)
        return false;
    memcpy(out->count, p->sass_count, sizeof out->count);
    out->total = p->sass_total;
    out->hash = p->sass_hash;
    return true;
}

int sass_same(const struct sass_mix *a, const struct sass_mix *b)
{
    return a->hash == b->hash && a->total == b->total;
}

void sass_diff_text(const struct sass_mix *b, const struct sass_mix *h, char *out, size_t cap)
{
    const bool same = sass_same(b, h);
    size_t len = 0;
    bool first = true;
    out[0] = '\0';
    if (same)
        len += (size_t)snprintf(out, cap, "same SASS (%d instructions:", h->total);
    else
        len += (size_t)snprintf(out, cap, "SASS");
    for (int c = 0; c < SASS_CLASSES && len < cap; ++c) {
        if (same)
            len += (size_t)snprintf(out + len, cap - len, "%s %s %d", first ? "" : ",",
                                    class_names[c], h->count[c]);
        else if (b->count[c] != h->count[c])
            len += (size_t)snprintf(out + len, cap - len, "%s %s %d -> %d", first ? "" : ",",
                                    class_names[c], b->count[c], h->count[c]);
        else
            continue;
        first = false;
    }
    if (len >= cap)
        return;
    if (same)
        snprintf(out + len, cap - len, ")");
    else
        snprintf(out + len, cap - len, "%s instructions %d -> %d", first ? "" : ",", b->total,
                 h->total);
}
