#include "CLinux.h"

#if defined(__GLIBC__)
static int captured_argc = 0;
static char **captured_argv = NULL;

// glibc calls each `.init_array` function with the process's argc, argv and envp, in a
// static executable as in a dynamic one. Swift's runtime finds argv in a static executable
// by opening /proc/self/maps (then /proc/self/cmdline): with every descriptor below
// RLIMIT_NOFILE in use, both fail and `CommandLine` holds no argument at all, so `ordo
// --state s.db call engine.ping` would serve stdin in memory, saying nothing.
__attribute__((constructor)) static void ordo_capture_arguments(int argc, char **argv,
                                                                 char **envp) {
  (void)envp;
  captured_argc = argc;
  captured_argv = argv;
}

char **ordo_process_arguments(int *count) {
  *count = captured_argc;
  return captured_argv;
}
#else
// Other C libraries (musl) pass nothing to constructors: `CommandLine` it is.
char **ordo_process_arguments(int *count) {
  *count = 0;
  return NULL;
}
#endif
