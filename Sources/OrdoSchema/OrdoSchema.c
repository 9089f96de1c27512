#include "OrdoSchema.h"

/* The bytes of the repository's schema/openrpc.json and VERSION, taken when this file is
   compiled; the compiler's dependency file lists both, so editing either rebuilds this. */
#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char document[] = {
#embed "../../schema/openrpc.json"
};

static const unsigned char version[] = {
#embed "../../VERSION"
};

const unsigned char *ordo_openrpc_bytes(void) { return document; }

size_t ordo_openrpc_size(void) { return sizeof(document); }

const unsigned char *ordo_version_bytes(void) { return version; }

size_t ordo_version_size(void) { return sizeof(version); }
