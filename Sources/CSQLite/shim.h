#ifndef ORDO_CSQLITE_SHIM_H
#define ORDO_CSQLITE_SHIM_H

#include <sqlite3.h>

/* Swift cannot import SQLITE_TRANSIENT (a cast of -1 to a function pointer): binds that
   must copy their bytes go through these. */
static inline int ordo_sqlite3_bind_text_copy(sqlite3_stmt *statement, int index,
                                              const char *text, sqlite3_uint64 length) {
  /* The 64-bit length: a text over 2 GiB is SQLITE_TOOBIG, not a length that traps. */
  return sqlite3_bind_text64(statement, index, text, length, SQLITE_TRANSIENT, SQLITE_UTF8);
}

/* Swift cannot call a variadic C function: closing without folding the write-ahead log
   into the database goes through this (a file Ordo refuses is not its to rewrite). */
static inline int ordo_sqlite3_no_checkpoint_on_close(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
