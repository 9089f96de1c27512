// Headers only (include/CLinux.h); SwiftPM builds a C target from at least one source file.
#include "CLinux.h"
