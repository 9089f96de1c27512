#ifndef ORDO_CLINUX_H
#define ORDO_CLINUX_H

// Linux calls that Swift's Glibc module does not bring in.
#include <sys/timerfd.h>

#endif
