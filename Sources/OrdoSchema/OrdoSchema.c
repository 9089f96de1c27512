#include "OrdoSchema.h"

/* The bytes of the repository's schema/openrpc.json, taken when this file is compiled; the
   compiler's dependency file lists the JSON, so editing it rebuilds this. */
#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char document[] = {
#embed "../../schema/openrpc.json"
};

const unsigned char *ordo_openrpc_bytes(void) { return document; }

size_t ordo_openrpc_size(void) { return sizeof(document); }
