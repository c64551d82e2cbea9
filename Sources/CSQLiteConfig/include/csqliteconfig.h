// What SQLite offers that Swift cannot reach itself: sqlite3_db_config is
// variadic (Swift does not call C variadic functions), and the pre-update
// hook is declared only when SQLITE_ENABLE_PREUPDATE_HOOK is defined
// before sqlite3.h, which Swift's import of SQLite does not do (Debian's
// SQLite is built with it). And text_contains, an SQL function a short
// search calls once for every item, so each call's cost counts.
#ifndef CSQLITECONFIG_H
#define CSQLITECONFIG_H

typedef struct sqlite3 sqlite3;

/// Closing `db` will not checkpoint the WAL, even as the file's last
/// connection: for a connection to a file being refused, which must be left
/// as it was found. Returns SQLite's result code.
int checklists_sqlite_no_checkpoint_on_close(sqlite3 *db);

/// SQLite stops counting the memory it holds, which it did under one
/// process-wide lock at every allocation: two threads of an import (one
/// building the search index) spent their time waiting on each other for
/// it, and one thread a hundredth of its time taking it. Nothing here asks
/// SQLite how much memory it holds. Effective only before SQLite's first
/// use in the process; later it changes nothing (SQLITE_MISUSE).
int checklists_sqlite_without_memory_statistics(void);

/// Adds the SQL function `text_contains(text, part)` to `db`: 1 when the
/// bytes of `part` are in those of `text`, 0 when not,
/// NULL when either is NULL. For valid UTF-8 it says what
/// `instr(text, part) > 0` says. Returns SQLite's result code.
int checklists_sqlite_add_text_contains(sqlite3 *db);

/// The rows of some main tables that one transaction touches, each as it
/// was before the first change to it: what the history's "before" images
/// are made from. Its "after" images are the rows as the transaction leaves
/// them, read afterwards.
typedef struct checklists_row_capture checklists_row_capture;

/// One table to capture. `ignored` has bit i set for column i that is no
/// part of an image (kept by triggers): an update that changed only those
/// is not recorded. With `unlink_column` >= 0, only an update that sets
/// that column from a value to NULL is recorded (a list's calendar link).
/// `insert_sql` writes one row of the history: ?1 the entry, ?2 the rowid,
/// ?3 whether the row existed before, ?4... the columns that are not
/// ignored as they were (NULL for a row that did not exist).
typedef struct {
    const char *name;
    unsigned long long ignored;
    int unlink_column;
    const char *insert_sql;
} checklists_captured_table;

/// Starts capturing on `db` (SQLite's one pre-update hook of the
/// connection). `tables` must outlive the capture. NULL when out of memory.
checklists_row_capture *checklists_capture_start(sqlite3 *db, const checklists_captured_table *tables, int table_count);

/// Stops capturing and writes one history row per row touched, in the
/// order they were first touched, with entry id `entry`; then frees the
/// capture. Returns SQLite's result code (SQLITE_OK when all were written;
/// otherwise SQLite's message is in `message`, cut to `message_size`).
int checklists_capture_finish(checklists_row_capture *capture, long long entry, char *message, int message_size);

/// Stops capturing and frees the capture, writing nothing (the change failed).
void checklists_capture_discard(checklists_row_capture *capture);

#endif
