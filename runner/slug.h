/* slug.h: file-name-safe identifiers for GPU models. */
#ifndef SGEMM_BENCH_RUNNER_SLUG_H
#define SGEMM_BENCH_RUNNER_SLUG_H

#include <stddef.h>

/* Writes the slug of `name` into out[cap]: lower case ASCII letters and digits, every
 * other run of characters folded into one '-', none leading or trailing; "gpu" when
 * nothing is left. "NVIDIA H100 80GB HBM3" -> "nvidia-h100-80gb-hbm3".
 * Returns 0, or -1 when the slug does not fit in cap (out then holds "" ). */
int slug_from_name(const char *name, char *out, size_t cap);

/* 1 when s is a well-formed slug (non-empty, [a-z0-9-], no leading/trailing/double '-',
 * at most 63 characters), else 0. Slugs become path components: this is the gate. */
int slug_is_valid(const char *s);

/* Writes the 64-bit FNV-1a hash of bytes[0..n) as 16 lower-case hex digits into out[17]:
 * the results' gpu_id (of the GPU's UUID) and host_id (of the host name). An identifier
 * that tells runs apart without publishing the UUID or the name. */
void slug_hash_id(const void *bytes, size_t n, char out[17]);

#endif
