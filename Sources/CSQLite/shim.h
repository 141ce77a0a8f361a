#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/// `SQLITE_TRANSIENT` is a macro that casts -1 to a function pointer; Swift cannot import it.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/// Turns off SQLite's memory statistics (`SQLITE_CONFIG_MEMSTATUS`): with them on, every
/// allocation SQLite makes takes and releases a global mutex to count it. `sqlite3_config` is
/// variadic, which Swift cannot call. Only effective before SQLite initializes (the first open);
/// returns `SQLITE_MISUSE` afterwards and changes nothing.
static inline int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

#endif
