#ifndef PAYDRILL_CSQLITE_SHIM_H
#define PAYDRILL_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import: sqlite3_bind_text
/// copies the text before it returns when given this destructor.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
