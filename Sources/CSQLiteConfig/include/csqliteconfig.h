// SQLite's connection options that Swift cannot set itself: sqlite3_db_config
// is variadic, and Swift does not call C variadic functions.
#ifndef CSQLITECONFIG_H
#define CSQLITECONFIG_H

typedef struct sqlite3 sqlite3;

/// Closing `db` will not checkpoint the WAL, even as the file's last
/// connection: for a connection to a file being refused, which must be left
/// as it was found. Returns SQLite's result code.
int checklists_sqlite_no_checkpoint_on_close(sqlite3 *db);

#endif
