#ifndef ORDO_CSQLITE_SHIM_H
#define ORDO_CSQLITE_SHIM_H

#include <sqlite3.h>

/* Swift cannot import SQLITE_TRANSIENT (a cast of -1 to a function pointer): binds that
   must copy their bytes go through these. */
static inline int ordo_sqlite3_bind_text_copy(sqlite3_stmt *statement, int index,
                                              const char *text, int length) {
  return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

#endif
