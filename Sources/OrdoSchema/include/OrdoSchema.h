#ifndef ORDO_SCHEMA_H
#define ORDO_SCHEMA_H

#include <stddef.h>

/* schema/openrpc.json, embedded at build time (C23 #embed): what rpc.discover serves. */
const unsigned char *ordo_openrpc_bytes(void);
size_t ordo_openrpc_size(void);

/* The repository's VERSION file (one line, e.g. "0.1.0\n"), embedded the same way: the one
   place the version is written; the Python wheel and the npm package carry the same. */
const unsigned char *ordo_version_bytes(void);
size_t ordo_version_size(void);

#endif
