#ifndef ROUTEPLAN_CZLIB_SHIM_H
#define ROUTEPLAN_CZLIB_SHIM_H

/*
 * The system zlib (Debian: zlib1g-dev), for reading gzip-compressed TSPLIB files.
 *
 * zlib's inflateInit2 and deflateInit2 are macros that pass ZLIB_VERSION and
 * sizeof(z_stream) along, which Swift cannot import; these wrappers do the same
 * as small functions Swift can call.
 */

#include <zlib.h>

/* Prepares strm (zalloc, zfree and opaque set to Z_NULL by the caller) to
 * decompress one gzip member (RFC 1952): window bits 15 plus 16 accept only the
 * gzip wrapper, whose CRC-32 and ISIZE trailer zlib checks. */
static inline int routeplan_inflate_init_gzip(z_streamp strm) {
    return inflateInit2(strm, 15 + 16);
}

/* Prepares strm to compress into one gzip member at level 0...9 (used by tests to
 * build compressed inputs). */
static inline int routeplan_deflate_init_gzip(z_streamp strm, int level) {
    return deflateInit2(strm, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
