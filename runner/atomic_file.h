/* atomic_file.h: write a file so readers see either the old or the whole new content. */
#ifndef SGEMM_BENCH_RUNNER_ATOMIC_FILE_H
#define SGEMM_BENCH_RUNNER_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

/* Called with the open temp file; returns 0 on success. */
typedef int (*atomic_writer_fn)(FILE *f, void *ctx);

/* Creates `path`'s directory if needed, writes through `writer` into a temp file beside
 * `path`, flushes and fsyncs it, then renames it over `path`. The temp file is removed on
 * any failure, and signals (SIGINT, SIGTERM) are held during the rename so an interrupt
 * never leaves a partial file. Returns 0, or -1 with a message in err[errlen]. */
int atomic_write(const char *path, atomic_writer_fn writer, void *ctx, char *err, size_t errlen);

/* Writes a NUL-terminated string to `path` atomically. Same contract as atomic_write. */
int atomic_write_string(const char *path, const char *text, char *err, size_t errlen);

/* mkdir -p of the directory part of `path`. Returns 0, or -1 with errno set. */
int make_parent_dirs(const char *path);

/* 1 when a and b name one existing file (the same device and inode, through any link or
 * spelling), else 0: an output path that is an input would overwrite it. */
int same_existing_file(const char *a, const char *b);

/* 1 when pid names no process any more (its temporary files are leftovers), else 0 (alive,
 * not ours to judge, or not a pid). */
int atomic_owner_gone(long pid);

#endif
