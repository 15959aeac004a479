#include "runner/slug.h"

#include <stdio.h>

#include <string.h>

static int is_alnum_ascii(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

int slug_from_name(const char *name, char *out, size_t cap)
{
    size_t len = 0;
    int pending_dash = 0;
    if (cap == 0)
        return -1;
    for (const unsigned char *p = (const unsigned char *)name; *p; ++p) {
        if (!is_alnum_ascii(*p)) {
            pending_dash = len > 0;
            continue;
        }
        if (len + pending_dash + 1 >= cap) {
            out[0] = '\0';
            return -1;
        }
        if (pending_dash)
            out[len++] = '-';
        pending_dash = 0;
        out[len++] = (char)((*p >= 'A' && *p <= 'Z') ? *p - 'A' + 'a' : *p);
    }
    if (len == 0) {
        if (cap < 4) {
            out[0] = '\0';
            return -1;
        }
        memcpy(out, "gpu", 4);
        return 0;
    }
    out[len] = '\0';
    return 0;
}

int slug_is_valid(const char *s)
{
    size_t len = strlen(s);
    if (len == 0 || len > 63 || s[0] == '-' || s[len - 1] == '-')
        return 0;
    for (size_t i = 0; i < len; ++i) {
        unsigned char c = (unsigned char)s[i];
        if (c == '-' ? s[i + 1] == '-' : !((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
            return 0;
    }
    return 1;
}

void slug_hash_id(const void *bytes, size_t n, char out[17])
{
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; ++i) {
        h ^= ((const unsigned char *)bytes)[i];
        h *= 0x100000001b3ULL;
    }
    snprintf(out, 17, "%016llx", h);
}
