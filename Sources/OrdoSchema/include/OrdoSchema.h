#ifndef ORDO_SCHEMA_H
#define ORDO_SCHEMA_H

#include <stddef.h>

/* schema/openrpc.json, embedded at build time (C23 #embed): what rpc.discover serves. */
const unsigned char *ordo_openrpc_bytes(void);
size_t ordo_openrpc_size(void);

#endif
