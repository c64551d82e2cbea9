import GRDB

/// The schema's history. Migrations are append-only: once shipped, a migration
/// is never edited, and none uses the live model types, so an old database
/// always migrates the same way.
enum Schema {
    /// Marks the file as ours in the SQLite header ("CHKL"), so a database of
    /// another program is recognised and refused instead of being altered.
    static let applicationID: Int32 = 0x43484B4C

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: checklists and items") { db in
            try db.execute(sql: """
                PRAGMA application_id = \(applicationID);
                CREATE TABLE checklist (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL CHECK (length(name) > 0),
                    icon TEXT NOT NULL DEFAULT 'none',
                    sortOrder TEXT NOT NULL DEFAULT 'dueDate',
                    -- Kept by the triggers below so that counting never scans items.
                    itemCount INTEGER NOT NULL DEFAULT 0,
                    checkedCount INTEGER NOT NULL DEFAULT 0
                );
                -- AUTOINCREMENT: an itemID is never reused, even after deletion,
                -- because reminders are filed under it.
                CREATE TABLE item (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    checklistID INTEGER NOT NULL REFERENCES checklist(id) ON DELETE CASCADE,
                    text TEXT NOT NULL CHECK (length(text) > 0),
                    isChecked INTEGER NOT NULL DEFAULT 0 CHECK (isChecked IN (0, 1)),
                    dueAt INTEGER NOT NULL,   -- seconds since 1970 UTC, whole minutes
                    shouldRemind INTEGER NOT NULL DEFAULT 0 CHECK (shouldRemind IN (0, 1))
                );
                CREATE INDEX item_by_checklist ON item(checklistID);
                CREATE INDEX item_by_checklist_due ON item(checklistID, dueAt);
                CREATE TRIGGER item_counts_insert AFTER INSERT ON item BEGIN
                    UPDATE checklist SET itemCount = itemCount + 1, checkedCount = checkedCount + NEW.isChecked
                    WHERE id = NEW.checklistID;
                END;
                CREATE TRIGGER item_counts_delete AFTER DELETE ON item BEGIN
                    UPDATE checklist SET itemCount = itemCount - 1, checkedCount = checkedCount - OLD.isChecked
                    WHERE id = OLD.checklistID;
                END;
                CREATE TRIGGER item_counts_update AFTER UPDATE OF isChecked, checklistID ON item BEGIN
                    UPDATE checklist SET itemCount = itemCount - 1, checkedCount = checkedCount - OLD.isChecked
                    WHERE id = OLD.checklistID;
                    UPDATE checklist SET itemCount = itemCount + 1, checkedCount = checkedCount + NEW.isChecked
                    WHERE id = NEW.checklistID;
                END;
                CREATE TABLE preference (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v2: reminders") { db in
            try db.execute(sql: """
                -- When the item's reminder fires: the due date, or the end of a
                -- snooze. NULL when there is none (Remind Me off, checked, past,
                -- or already delivered). Claiming a reminder sets it to NULL in
                -- the same transaction, so each is delivered once.
                ALTER TABLE item ADD COLUMN remindAt INTEGER;
                CREATE INDEX item_by_remind_at ON item(remindAt) WHERE remindAt IS NOT NULL;
                -- Existing items get the rule's answer as of the migration.
                UPDATE item SET remindAt = dueAt
                WHERE shouldRemind = 1 AND isChecked = 0 AND dueAt > CAST(strftime('%s', 'now') AS INTEGER);
                """)
        }
        migrator.registerMigration("v3: pending items by due date") { db in
            try db.execute(sql: """
                -- Items not yet checked off, by due date: what is due today or
                -- overdue across every list (the Due view, `list --due`,
                -- `status`) and the next moment an item becomes overdue are
                -- range reads on this index, never a scan of all items.
                CREATE INDEX item_pending_by_due ON item(dueAt, id) WHERE isChecked = 0;
                """)
        }
        migrator.registerMigration("v5: checked items hidden per list") { db in
            try db.execute(sql: """
                ALTER TABLE checklist ADD COLUMN hidesChecked INTEGER NOT NULL DEFAULT 0 CHECK (hidesChecked IN (0, 1));
                -- One list's items not checked off, by due date: its page and
                -- the place of an item in it, while checked ones are hidden,
                -- are reads on this index, not a walk past every checked item.
                CREATE INDEX item_pending_by_checklist_due ON item(checklistID, dueAt) WHERE isChecked = 0;
                """)
        }
        return migrator
    }
}
