/*
 * SQLite's C API for Swift. SQLITE_TRANSIENT is a macro that casts -1 to a
 * destructor pointer, which Swift cannot import; the binders below wrap it so
 * SQLite always copies bound text and blobs before the call returns.
 */
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

static inline int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int byteCount) {
    return sqlite3_bind_text(statement, index, text, byteCount, SQLITE_TRANSIENT);
}

static inline int csqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int byteCount) {
    return sqlite3_bind_blob(statement, index, bytes, byteCount, SQLITE_TRANSIENT);
}

#endif
