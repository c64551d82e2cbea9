// Why this file exists: include/csqliteconfig.h.
#include <sqlite3.h>
#include "csqliteconfig.h"

int checklists_sqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
