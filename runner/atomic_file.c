#include "runner/atomic_file.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int atomic_owner_gone(long pid)
{
    return pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

int make_parent_dirs(const char *path)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    char *slash = strrchr(buf, '/');
    if (!slash || slash == buf)
        return 0;
    *slash = '\0';
    for (char *p = buf + 1; *p; ++p) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    if (mkdir(buf, 0777) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

int atomic_write(const char *path, atomic_writer_fn writer, void *ctx, char *err, size_t errlen)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path) >= (int)sizeof tmp) {
        snprintf(err, errlen, "%s: path too long", path);
        return -1;
    }
    if (make_parent_dirs(path) != 0) {
        snprintf(err, errlen, "%s: cannot create its directory: %s", path, strerror(errno));
        return -1;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot create a file there: %s", path, strerror(errno));
        return -1;
    }
    FILE *f = fdopen(fd, "w");
    if (!f) {
        snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
        close(fd);
        unlink(tmp);
        return -1;
    }
    int ok = writer(f, ctx) == 0 && fflush(f) == 0 && fsync(fileno(f)) == 0;
    int saved = errno;
    ok = (fclose(f) == 0) && ok;
    if (!ok) {
        snprintf(err, errlen, "%s: write failed: %s", path, strerror(saved ? saved : EIO));
        unlink(tmp);
        return -1;
    }
    chmod(tmp, 0644);
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigprocmask(SIG_BLOCK, &block, &old);
    int rc = rename(tmp, path);
    saved = errno;
    if (rc != 0)
        unlink(tmp);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        snprintf(err, errlen, "%s: cannot rename into place: %s", path, strerror(saved));
        return -1;
    }
    return 0;
}

static int write_text(FILE *f, void *ctx)
{
    const char *text = ctx;
    size_t len = strlen(text);
    return fwrite(text, 1, len, f) == len ? 0 : -1;
}

int atomic_write_string(const char *path, const char *text, char *err, size_t errlen)
{
    return atomic_write(path, write_text, (void *)text, err, errlen);
}

int same_existing_file(const char *a, const char *b)
{
    struct stat x, y;
    return a && b && stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev &&
           x.st_ino == y.st_ino;
}
