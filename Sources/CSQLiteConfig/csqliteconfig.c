// Why this file exists: include/csqliteconfig.h.
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include "csqliteconfig.h"

int checklists_sqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

int checklists_sqlite_without_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// Whether the `part_size` bytes at `part` are among the `text_size` at
// `text`: each place holding the part's first byte (memchr) compared in
// full. Made for the short parts it is given (a query too short for the
// trigram index, at most 8 bytes), where glibc's memmem, which first
// prepares for long ones, took more than twice as long (171 against 76
// million instructions in the benchmark's search keystrokes).
static int holds(const unsigned char *text, size_t text_size, const unsigned char *part, size_t part_size) {
    if (part_size == 0) return 1;
    if (part_size > text_size) return 0;
    const unsigned char *place = text, *past_last = text + (text_size - part_size) + 1;
    while ((place = memchr(place, part[0], (size_t)(past_last - place))) != NULL) {
        if (memcmp(place + 1, part + 1, part_size - 1) == 0) return 1;
        place++;
    }
    return 0;
}

static void text_contains(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    // Each value's text first, then its size (the order SQLite asks for).
    const unsigned char *text = sqlite3_value_text(argv[0]);
    const unsigned char *part = sqlite3_value_text(argv[1]);
    if (!text || !part) {
        sqlite3_result_null(context);
        return;
    }
    size_t text_size = (size_t)sqlite3_value_bytes(argv[0]), part_size = (size_t)sqlite3_value_bytes(argv[1]);
    sqlite3_result_int(context, holds(text, text_size, part, part_size));
}

int checklists_sqlite_add_text_contains(sqlite3 *db) {
    return sqlite3_create_function_v2(db, "text_contains", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, text_contains, NULL, NULL, NULL);
}

// MARK: - Capturing rows for the history

// One row first touched: its table, rowid, and its values before (NULL
// when the row did not exist: an insert).
typedef struct {
    int table;
    sqlite3_int64 rowid;
    int count;
    sqlite3_value **old;
} touched_row;

struct checklists_row_capture {
    sqlite3 *db;
    const checklists_captured_table *tables;
    int table_count;
    touched_row *rows;
    int row_count, row_capacity;
    // Which (table, rowid) were touched already: open addressing on
    // row index + 1, 0 for empty; a power of two.
    int *seen;
    int seen_capacity;
    int failed;
};

static unsigned long long key_hash(int table, sqlite3_int64 rowid) {
    unsigned long long h = (unsigned long long)rowid * 0x9E3779B97F4A7C15ull + (unsigned long long)table;
    return h ^ (h >> 29);
}

// The slot of (table, rowid) in `seen`: the one holding it, or the empty
// one where it goes.
static int seen_slot(const checklists_row_capture *c, int table, sqlite3_int64 rowid) {
    int mask = c->seen_capacity - 1;
    int slot = (int)(key_hash(table, rowid) & (unsigned long long)mask);
    while (c->seen[slot] != 0) {
        const touched_row *row = &c->rows[c->seen[slot] - 1];
        if (row->table == table && row->rowid == rowid) return slot;
        slot = (slot + 1) & mask;
    }
    return slot;
}

static int grow(checklists_row_capture *c) {
    if (c->row_count == c->row_capacity) {
        int capacity = c->row_capacity ? c->row_capacity * 2 : 16;
        touched_row *rows = realloc(c->rows, sizeof(touched_row) * (size_t)capacity);
        if (!rows) return 0;
        c->rows = rows;
        c->row_capacity = capacity;
    }
    // Kept at most half full.
    if ((c->row_count + 1) * 2 > c->seen_capacity) {
        int capacity = c->seen_capacity ? c->seen_capacity * 2 : 64;
        int *seen = calloc((size_t)capacity, sizeof(int));
        if (!seen) return 0;
        free(c->seen);
        c->seen = seen;
        c->seen_capacity = capacity;
        for (int i = 0; i < c->row_count; i++) {
            c->seen[seen_slot(c, c->rows[i].table, c->rows[i].rowid)] = i + 1;
        }
    }
    return 1;
}

static int same_value(sqlite3_value *a, sqlite3_value *b) {
    int type = sqlite3_value_type(a);
    if (type != sqlite3_value_type(b)) return 0;
    switch (type) {
    case SQLITE_NULL: return 1;
    case SQLITE_INTEGER: return sqlite3_value_int64(a) == sqlite3_value_int64(b);
    case SQLITE_FLOAT: return sqlite3_value_double(a) == sqlite3_value_double(b);
    default: {
        const void *x = type == SQLITE_TEXT ? (const void *)sqlite3_value_text(a) : sqlite3_value_blob(a);
        const void *y = type == SQLITE_TEXT ? (const void *)sqlite3_value_text(b) : sqlite3_value_blob(b);
        int n = sqlite3_value_bytes(a);
        return n == sqlite3_value_bytes(b) && (n == 0 || memcmp(x, y, (size_t)n) == 0);
    }
    }
}

static int is_null(sqlite3_value *value) { return sqlite3_value_type(value) == SQLITE_NULL; }

static void on_change(void *context, sqlite3 *db, int op, const char *database, const char *table_name,
                      sqlite3_int64 old_rowid, sqlite3_int64 new_rowid) {
    checklists_row_capture *c = context;
    if (c->failed || strcmp(database, "main") != 0) return;
    int table = -1;
    for (int i = 0; i < c->table_count; i++) {
        if (strcmp(table_name, c->tables[i].name) == 0) { table = i; break; }
    }
    if (table < 0) return;
    const checklists_captured_table *spec = &c->tables[table];
    sqlite3_int64 rowid = op == SQLITE_DELETE ? old_rowid : new_rowid;
    if (c->seen_capacity && c->seen[seen_slot(c, table, rowid)] != 0) return;

    int count = sqlite3_preupdate_count(db);
    if (spec->unlink_column >= 0) {
        sqlite3_value *before, *after;
        if (op != SQLITE_UPDATE || spec->unlink_column >= count
            || sqlite3_preupdate_old(db, spec->unlink_column, &before) != SQLITE_OK
            || sqlite3_preupdate_new(db, spec->unlink_column, &after) != SQLITE_OK
            || is_null(before) || !is_null(after)) return;
    } else if (op == SQLITE_UPDATE) {
        // Only the kept counts changed: no change of the user's (yet).
        int changed = 0;
        for (int i = 0; i < count && !changed; i++) {
            if (i < 64 && (spec->ignored >> i) & 1) continue;
            sqlite3_value *before, *after;
            if (sqlite3_preupdate_old(db, i, &before) != SQLITE_OK || sqlite3_preupdate_new(db, i, &after) != SQLITE_OK) {
                c->failed = SQLITE_ERROR;
                return;
            }
            changed = !same_value(before, after);
        }
        if (!changed) return;
    }

    if (!grow(c)) { c->failed = SQLITE_NOMEM; return; }
    touched_row *row = &c->rows[c->row_count];
    row->table = table;
    row->rowid = rowid;
    row->count = 0;
    row->old = NULL;
    if (op != SQLITE_INSERT) {
        row->old = calloc((size_t)count, sizeof(sqlite3_value *));
        if (!row->old) { c->failed = SQLITE_NOMEM; return; }
        row->count = count;
        for (int i = 0; i < count; i++) {
            sqlite3_value *before;
            if (sqlite3_preupdate_old(db, i, &before) != SQLITE_OK || !(row->old[i] = sqlite3_value_dup(before))) {
                for (int j = 0; j < i; j++) sqlite3_value_free(row->old[j]);
                free(row->old);
                c->failed = SQLITE_NOMEM;
                return;
            }
        }
    }
    c->seen[seen_slot(c, table, rowid)] = ++c->row_count;
}

checklists_row_capture *checklists_capture_start(sqlite3 *db, const checklists_captured_table *tables, int table_count) {
    checklists_row_capture *c = calloc(1, sizeof(checklists_row_capture));
    if (!c) return NULL;
    c->db = db;
    c->tables = tables;
    c->table_count = table_count;
    sqlite3_preupdate_hook(db, on_change, c);
    return c;
}

static void free_capture(checklists_row_capture *c) {
    for (int i = 0; i < c->row_count; i++) {
        for (int j = 0; j < c->rows[i].count; j++) sqlite3_value_free(c->rows[i].old[j]);
        free(c->rows[i].old);
    }
    free(c->rows);
    free(c->seen);
    free(c);
}

void checklists_capture_discard(checklists_row_capture *c) {
    sqlite3_preupdate_hook(c->db, NULL, NULL);
    free_capture(c);
}

int checklists_capture_finish(checklists_row_capture *c, long long entry, char *message, int message_size) {
    sqlite3_preupdate_hook(c->db, NULL, NULL);
    int rc = c->failed;
    sqlite3_stmt *statements[8] = {0};
    if (c->table_count > 8) rc = SQLITE_MISUSE;
    for (int i = 0; i < c->row_count && rc == SQLITE_OK; i++) {
        const touched_row *row = &c->rows[i];
        const checklists_captured_table *spec = &c->tables[row->table];
        sqlite3_stmt **statement = &statements[row->table];
        if (!*statement) {
            rc = sqlite3_prepare_v2(c->db, spec->insert_sql, -1, statement, NULL);
            if (rc != SQLITE_OK) break;
        } else {
            sqlite3_reset(*statement);
            sqlite3_clear_bindings(*statement);
        }
        sqlite3_bind_int64(*statement, 1, entry);
        sqlite3_bind_int64(*statement, 2, row->rowid);
        sqlite3_bind_int(*statement, 3, row->old != NULL);
        int parameter = 4;
        for (int j = 0; j < row->count; j++) {
            if (j < 64 && (spec->ignored >> j) & 1) continue;
            sqlite3_bind_value(*statement, parameter++, row->old[j]);
        }
        rc = sqlite3_step(*statement);
        if (rc == SQLITE_DONE) {
            rc = SQLITE_OK;
        } else {
            int reset = sqlite3_reset(*statement);
            rc = reset != SQLITE_OK ? reset : SQLITE_ERROR;
        }
    }
    // Said before finalizing, which may clear it.
    if (rc != SQLITE_OK && message_size > 0) {
        strncpy(message, c->failed ? sqlite3_errstr(rc) : sqlite3_errmsg(c->db), (size_t)message_size - 1);
        message[message_size - 1] = 0;
    }
    for (int i = 0; i < 8; i++) sqlite3_finalize(statements[i]);
    free_capture(c);
    return rc;
}
