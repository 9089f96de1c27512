#ifndef ORDO_CLINUX_H
#define ORDO_CLINUX_H

// Linux calls that Swift's Glibc module does not bring in.
#include <stddef.h>
#include <sys/timerfd.h>

// A GNU extension <string.h> declares only under _GNU_SOURCE, which the Glibc module's
// <string.h> was read without.
void *memmem(const void *haystack, size_t haystack_length, const void *needle,
             size_t needle_length);

#endif
