#ifndef ORDO_CLINUX_H
#define ORDO_CLINUX_H

// Linux calls that Swift's Glibc module does not bring in.
#include <signal.h>
#include <stddef.h>
#include <sys/timerfd.h>

// A GNU extension <string.h> declares only under _GNU_SOURCE, which the Glibc module's
// <string.h> was read without.
void *memmem(const void *haystack, size_t haystack_length, const void *needle,
             size_t needle_length);

// Whether the process runs with `signal_number` ignored (as inherited across exec: nohup, a
// shell script's background job). Swift cannot compare a handler with SIG_IGN directly.
static inline int ordo_signal_is_ignored(int signal_number) {
  struct sigaction current;
  return sigaction(signal_number, NULL, &current) == 0 && current.sa_handler == SIG_IGN;
}

// The process's argc and argv as the C library passed them at start, without opening any
// file; NULL (and 0) where the C library does not pass them to constructors.
char **ordo_process_arguments(int *count);

#endif
