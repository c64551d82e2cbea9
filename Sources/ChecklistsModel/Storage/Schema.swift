import Foundation
import GRDB

/// The schema's history. Migrations are append-only: once shipped, a migration
/// is never edited, and none uses the live model types, so an old database
/// always migrates the same way.
enum Schema {
    /// Marks the file as ours in the SQLite header ("CHKL"), so a database of
    /// another program is recognised and refused instead of being altered.
    static let applicationID: Int32 = 0x43484B4C

    /// What search looks in: the one place to name a searched column (a
    /// column added here is indexed by v10's triggers, kept up to date when
    /// it changes, and filled in for every item). Shared by v10 and, through
    /// `foldedSearchedText(of:)`, which a test holds to it, by an import,
    /// which fills the search index in one pass
    /// (`ChecklistsDatabase.loadingItemsInBulk`): changing it means a new
    /// migration that builds the triggers again, and v10 keeping a copy of
    /// what it was.
    static let searchedColumns = ["text", "note"]

    /// The folded text of the item row `row` (`NEW`, `item`): the first
    /// column as it is, each further one after a line break only when it
    /// holds something.
    static func searchedText(_ row: String) -> String {
        let first = "coalesce(\(row).\(searchedColumns[0]), '')"
        let rest = searchedColumns.dropFirst().map { "CASE WHEN coalesce(\(row).\($0), '') = '' THEN '' ELSE char(10) || \(row).\($0) END" }
        return "search_fold(" + ([first] + rest).joined(separator: " || ") + ")"
    }

    /// `searchedText`'s value for `item`, folded in Swift: what an import
    /// puts in `item_folded` for each item it loads, folded on another
    /// core while the rows go in (`ChecklistsDatabase.loadingItemsInBulk`).
    /// It follows `searchedColumns` by name, so a column added there must
    /// be added here: a test compares the two over every kind of item.
    static func foldedSearchedText(of item: Item) -> String {
        let tags = item.tags.isEmpty ? "" : "\n" + Tags.marked(item.tags)
        return SearchText.fold((item.note.isEmpty ? item.text : item.text + "\n" + item.note) + tags)
    }

    /// The searched text since v17: `searchedText`'s, then the tags after
    /// a line break, each after a `#` ("#work #home"), so that a search for
    /// "#work" or "work" finds them. Written out for v17's triggers.
    static func taggedSearchedText(_ row: String) -> String {
        let tags = "CASE WHEN \(row).tags = '' THEN '' ELSE char(10) || '#' || replace(\(row).tags, ',', ' #') END"
        return String(searchedText(row).dropLast()) + " || " + tags + ")"
    }

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
        migrator.registerMigration("v4: the due date is optional") { db in
            // SQLite cannot drop a NOT NULL constraint, so the item table is
            // rebuilt (the "12 steps" of SQLite's ALTER TABLE documentation).
            // Foreign keys are off during a migration and checked once it
            // ends (GRDB's deferred checks), so dropping the old table
            // deletes nothing through ON DELETE CASCADE. Dropping a table
            // drops its indexes and triggers: all are made again, the
            // counting triggers exactly as in v1.
            //
            // The AUTOINCREMENT counter goes with the old table, and the new
            // one's would start from its highest remaining id: the counter is
            // carried over, so an id deleted before the migration never
            // comes back.
            try db.execute(sql: """
                CREATE TEMP TABLE item_sequence AS SELECT seq FROM sqlite_sequence WHERE name = 'item';
                CREATE TABLE item_new (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    checklistID INTEGER NOT NULL REFERENCES checklist(id) ON DELETE CASCADE,
                    text TEXT NOT NULL CHECK (length(text) > 0),
                    isChecked INTEGER NOT NULL DEFAULT 0 CHECK (isChecked IN (0, 1)),
                    dueAt INTEGER,   -- seconds since 1970 UTC, whole minutes; NULL: no due date
                    shouldRemind INTEGER NOT NULL DEFAULT 0 CHECK (shouldRemind IN (0, 1)),
                    remindAt INTEGER
                );
                INSERT INTO item_new (id, checklistID, text, isChecked, dueAt, shouldRemind, remindAt)
                    SELECT id, checklistID, text, isChecked, dueAt, shouldRemind, remindAt FROM item;
                DROP TABLE item;
                ALTER TABLE item_new RENAME TO item;
                DELETE FROM sqlite_sequence WHERE name = 'item';
                INSERT INTO sqlite_sequence (name, seq)
                    SELECT 'item', max(coalesce((SELECT seq FROM item_sequence), 0), coalesce((SELECT max(id) FROM item), 0));
                DROP TABLE item_sequence;

                CREATE INDEX item_by_checklist ON item(checklistID);
                -- A list's items by due date, the undated ones last: no date
                -- counts as the largest time, so a page, an item's position
                -- and a `list --due` range are all reads of this index.
                CREATE INDEX item_by_checklist_due ON item(checklistID, coalesce(dueAt, 9223372036854775807));
                CREATE INDEX item_by_remind_at ON item(remindAt) WHERE remindAt IS NOT NULL;
                -- What is due or overdue: an undated item is never either.
                CREATE INDEX item_pending_by_due ON item(dueAt, id) WHERE isChecked = 0 AND dueAt IS NOT NULL;
                -- The pending items without a due date, for `list` across
                -- every list (after the dated ones).
                CREATE INDEX item_pending_undated ON item(id) WHERE isChecked = 0 AND dueAt IS NULL;
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
                """)
        }
        migrator.registerMigration("v5: repeating items") { db in
            try db.execute(sql: """
                -- How the item repeats: an RFC 5545 RRULE value such as
                -- 'FREQ=WEEKLY;INTERVAL=2', or NULL for never.
                ALTER TABLE item ADD COLUMN repeatRule TEXT;
                -- Where the occurrences are counted from (iCalendar's
                -- DTSTART): the due date as the user last set it.
                ALTER TABLE item ADD COLUMN repeatStart INTEGER;
                -- When a repeating item was last checked off.
                ALTER TABLE item ADD COLUMN lastDoneAt INTEGER;
                """)
        }
        migrator.registerMigration("v6: checked items hidden per list") { db in
            try db.execute(sql: """
                ALTER TABLE checklist ADD COLUMN hidesChecked INTEGER NOT NULL DEFAULT 0 CHECK (hidesChecked IN (0, 1));
                -- One list's items not checked off, by due date: its page and
                -- the place of an item in it, while checked ones are hidden,
                -- are reads on this index, not a walk past every checked item.
                CREATE INDEX item_pending_by_checklist_due ON item(checklistID, coalesce(dueAt, 9223372036854775807)) WHERE isChecked = 0;
                """)
        }
        migrator.registerMigration("v7: item uid and ical extras") { db in
            try db.execute(sql: """
                -- The item's iCalendar UID: made once, never changed, the same
                -- in every file and on every server the item goes to. Existing
                -- items get a random (version 4) UUID.
                ALTER TABLE item ADD COLUMN uid TEXT;
                UPDATE item SET uid = upper(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2)
                    || '-' || substr('89AB', 1 + (random() & 3), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)));
                CREATE UNIQUE INDEX item_by_uid ON item(uid);
                -- The iCalendar object the item was imported from, as text, so
                -- that what another app wrote and this one does not model is
                -- written back with it. NULL for items made here.
                ALTER TABLE item ADD COLUMN calendarObject TEXT;
                -- Seconds since 1970 UTC: the item's last change (DTSTAMP), and
                -- when it was checked off (COMPLETED). Existing items count as
                -- changed now.
                ALTER TABLE item ADD COLUMN modifiedAt INTEGER;
                ALTER TABLE item ADD COLUMN completedAt INTEGER;
                UPDATE item SET modifiedAt = CAST(strftime('%s', 'now') AS INTEGER);
                """)
        }
        migrator.registerMigration("v8: sync state") { db in
            try db.execute(sql: """
                -- One row per CalDAV calendar a list is synced with. A list
                -- deleted here keeps its row with checklistID NULL, so the
                -- calendar is not pulled back in as a new list at the next sync.
                CREATE TABLE syncCalendar (
                    url TEXT PRIMARY KEY NOT NULL,
                    checklistID INTEGER UNIQUE REFERENCES checklist(id) ON DELETE SET NULL,
                    -- RFC 6578's token from the last sync-collection; NULL: none
                    -- yet, or the server has no sync-collection (ETags instead).
                    syncToken TEXT
                );
                -- One row per to-do as it was when last synced: where it lives
                -- on the server, its ETag there, and its iCalendar text then,
                -- the base of the three-way merge. An item whose row is here but
                -- which is gone from the item table was deleted here since.
                CREATE TABLE syncItem (
                    uid TEXT PRIMARY KEY NOT NULL,
                    calendarURL TEXT NOT NULL REFERENCES syncCalendar(url) ON DELETE CASCADE,
                    href TEXT NOT NULL,
                    etag TEXT,
                    base TEXT NOT NULL,
                    -- item.modifiedAt as that sync left it: any other value means
                    -- the item was changed here since.
                    syncedModifiedAt INTEGER
                );
                CREATE INDEX syncItem_by_calendar ON syncItem(calendarURL);
                -- What a sync is about to send, written before it sends: a sync
                -- killed after its PUT but before its commit leaves the server
                -- holding our own text, which the next sync recognises here
                -- instead of taking it for someone else's change.
                CREATE TABLE syncPush (
                    uid TEXT PRIMARY KEY NOT NULL,
                    text TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("v9: notes and manual order") { db in
            try db.execute(sql: """
                -- The item's note: free text of several lines, iCalendar's
                -- DESCRIPTION. '' when there is none.
                ALTER TABLE item ADD COLUMN note TEXT NOT NULL DEFAULT '';
                -- The item's place in its list's "order added" sort, which the
                -- user can rearrange. Existing items keep the order they were
                -- added in (ids are handed out in that order); new items and
                -- items moved in from another list go last.
                ALTER TABLE item ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
                UPDATE item SET position = id;
                CREATE INDEX item_by_checklist_position ON item(checklistID, position);
                """)
            // Items imported before this version carry another app's
            // DESCRIPTION in their kept iCalendar object; it is now the note,
            // or the next export would drop it as a note cleared here.
            let imported = try Row.all(db, sql: "SELECT id, calendarObject FROM item WHERE calendarObject LIKE '%DESCRIPTION%'")
            for row in imported {
                guard let object: String = row["calendarObject"], let note = todoDescription(object), !note.isEmpty else { continue }
                try db.execute(sql: "UPDATE item SET note = ? WHERE id = ?", arguments: [note, row["id"] as Int64])
            }
        }
        migrator.registerMigration("v10: search index") { db in
            let searchedColumns = Self.searchedColumns
            let searched = Self.searchedText
            try db.execute(sql: """
                -- Every item's searched text, folded (case, accents and width
                -- ignored: `SearchText.fold`, registered on every connection
                -- as search_fold); id is the item's. A query too short for
                -- the index below is looked for here with instr(): a plain
                -- table scans five times faster than the index's own rows.
                CREATE TABLE item_folded (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
                -- That text indexed by sequences of three characters, so a
                -- query is found anywhere in a word and in CJK text without
                -- spaces. External content: the text is kept once, above.
                -- Case-sensitive: the text is folded already, and must match
                -- exactly as instr() does for short queries.
                CREATE VIRTUAL TABLE item_search USING fts5(body, content = 'item_folded', content_rowid = 'id',
                                                            tokenize = 'trigram case_sensitive 1');
                INSERT INTO item_folded (id, body) SELECT id, \(searched("item")) FROM item;
                INSERT INTO item_search (item_search) VALUES ('rebuild');
                -- An external-content index is told what leaves it, with the
                -- text it had, before that text changes.
                CREATE TRIGGER item_search_insert AFTER INSERT ON item BEGIN
                    INSERT INTO item_folded (id, body) VALUES (NEW.id, \(searched("NEW")));
                    INSERT INTO item_search (rowid, body) SELECT id, body FROM item_folded WHERE id = NEW.id;
                END;
                CREATE TRIGGER item_search_update AFTER UPDATE OF \(searchedColumns.joined(separator: ", ")) ON item BEGIN
                    INSERT INTO item_search (item_search, rowid, body) SELECT 'delete', id, body FROM item_folded WHERE id = OLD.id;
                    UPDATE item_folded SET body = \(searched("NEW")) WHERE id = NEW.id;
                    INSERT INTO item_search (rowid, body) SELECT id, body FROM item_folded WHERE id = NEW.id;
                END;
                CREATE TRIGGER item_search_delete AFTER DELETE ON item BEGIN
                    INSERT INTO item_search (item_search, rowid, body) SELECT 'delete', id, body FROM item_folded WHERE id = OLD.id;
                    DELETE FROM item_folded WHERE id = OLD.id;
                END;
                """)
        }
        migrator.registerMigration("v11: history") { db in
            try db.execute(sql: """
                -- One row per change a user (or a sync) made, newest last:
                -- what `u` undoes and Ctrl-R redoes. Written in the change's
                -- own transaction, so a change and its history cannot be
                -- separated by a crash. `origin` is who made it ('app',
                -- 'command line', 'sync', 'notifier'), `processID` which
                -- process, so the app can tell its own changes from another
                -- window's. `state` is 'undone' for the redo branch.
                CREATE TABLE history_entry (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    description TEXT NOT NULL,
                    origin TEXT NOT NULL,
                    processID INTEGER NOT NULL,
                    madeAt INTEGER NOT NULL,   -- seconds since 1970 UTC
                    state TEXT NOT NULL DEFAULT 'done' CHECK (state IN ('done', 'undone'))
                );
                -- The rows one change touched, as images of every column
                -- (JSON objects, NULL for "no row"): before and after. Filled
                -- by the connection's TEMP triggers, made from the tables'
                -- columns as they are, so a column a later migration adds is
                -- captured without any change here.
                CREATE TABLE history_row (
                    id INTEGER PRIMARY KEY,
                    entryID INTEGER NOT NULL REFERENCES history_entry(id) ON DELETE CASCADE,
                    tableName TEXT NOT NULL,
                    rowID INTEGER NOT NULL,
                    oldRow TEXT,
                    newRow TEXT
                );
                CREATE INDEX history_row_by_entry ON history_row(entryID, tableName, rowID);
                CREATE INDEX history_entry_by_state ON history_entry(state, id);
                """)
        }
        migrator.registerMigration("v12: calendar change tag") { db in
            try db.execute(sql: """
                -- The calendar's change tag (CalendarServer's getctag) the last
                -- sync read before it asked for the changes: the same tag next
                -- time means nothing changed there, and a server that computes
                -- its sync token from every to-do (Radicale) answers it for
                -- less. NULL: none yet, or the server has none.
                ALTER TABLE syncCalendar ADD COLUMN changeTag TEXT;
                -- A server that says which to-dos changed names them by href:
                -- their states are looked up by it, not read all.
                CREATE INDEX syncItem_by_href ON syncItem(calendarURL, href);
                """)
        }
        migrator.registerMigration("v13: one index on a list's items fewer") { db in
            try db.execute(sql: """
                -- A list's items are found through item_by_checklist_due and
                -- item_by_checklist_position, which both start with the
                -- list; an index on the list alone was a third copy of that
                -- column, written at every change of an item and built again
                -- by every import (an eighth of its index building).
                DROP INDEX IF EXISTS item_by_checklist;
                """)
        }
        migrator.registerMigration("v14: calendar deleted on the server") { db in
            try db.execute(sql: """
                -- 1: the list's calendar was deleted on the server. The list
                -- and its items stay here and are not synced until the user
                -- asks for the calendar again (sync --recreate), which sets
                -- it back to 0.
                ALTER TABLE syncCalendar ADD COLUMN gone INTEGER NOT NULL DEFAULT 0;
                """)
        }
        migrator.registerMigration("v15: priority") { db in
            try db.execute(sql: """
                -- How much the item matters: 0 none, 1 low, 2 medium, 3 high
                -- (iCalendar's PRIORITY 6-9, 5 and 1-4).
                ALTER TABLE item ADD COLUMN priority INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 3);
                -- A list sorted by priority (then due date) is paged and
                -- counted on this index, as the other sorts are on theirs.
                CREATE INDEX item_by_checklist_priority ON item(checklistID, priority DESC, coalesce(dueAt, 9223372036854775807));
                """)
            // Items imported before this version carry another app's
            // PRIORITY in their kept iCalendar object; it is now the
            // item's, or the next export would drop it as cleared here.
            let imported = try Row.all(db, sql: "SELECT id, calendarObject FROM item WHERE calendarObject LIKE '%PRIORITY%'")
            for row in imported {
                guard let object: String = row["calendarObject"], let value = todoProperty("PRIORITY", in: object),
                      let number = Int(value.trimmingCharacters(in: .whitespaces)) else { continue }
                // As RFC 5545 reads it: 1-4 high, 5 medium, 6-9 low.
                let level = switch number { case 1...4: 3; case 5: 2; case 6...9: 1; default: 0 }
                if level > 0 { try db.execute(sql: "UPDATE item SET priority = ? WHERE id = ?", arguments: [level, row["id"] as Int64]) }
            }
        }
        migrator.registerMigration("v16: several reminders") { db in
            try db.execute(sql: """
                -- The item's reminders other than at the due date (Remind Me
                -- keeps its column, which scripts and older exports know):
                -- codes joined by commas, 'b60' an hour before the due date,
                -- 'a1796000000' at that second since 1970 UTC; '' for none.
                ALTER TABLE item ADD COLUMN reminders TEXT NOT NULL DEFAULT '';
                -- One row per reminder pending or delivered: which of the
                -- item's reminders ('b0' is the one at the due date), the time
                -- the rule gave it (scheduledAt; NULL when it had none) and
                -- when it rings (fireAt: that time, or the end of a snooze;
                -- NULL once delivered, so an edit or a sync that leaves its
                -- time alone does not ring it again). A reminder past, or of
                -- a checked item, has no row. Claiming sets fireAt to NULL in
                -- the same transaction, so each rings once.
                CREATE TABLE reminder (
                    id INTEGER PRIMARY KEY,
                    itemID INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
                    reminder TEXT NOT NULL,
                    scheduledAt INTEGER,
                    fireAt INTEGER,
                    UNIQUE (itemID, reminder)
                );
                CREATE INDEX reminder_by_fire ON reminder(fireAt);
                -- Remind Me's reminder as it stands, pending or snoozed (one
                -- delivered has nothing pending, and keeps nothing pending).
                INSERT INTO reminder (itemID, reminder, scheduledAt, fireAt)
                    SELECT id, 'b0', dueAt, remindAt FROM item WHERE remindAt IS NOT NULL;
                -- and as delivered where it has rung and its time is still set.
                INSERT INTO reminder (itemID, reminder, scheduledAt, fireAt)
                    SELECT id, 'b0', dueAt, NULL FROM item
                    WHERE remindAt IS NULL AND shouldRemind = 1 AND isChecked = 0 AND dueAt IS NOT NULL;
                -- item.remindAt stays the item's next ring, for its row's
                -- bell; the claims read the reminder table.
                DROP INDEX IF EXISTS item_by_remind_at;
                """)
        }
        migrator.registerMigration("v17: tags") { db in
            let searched = Self.taggedSearchedText
            try db.execute(sql: """
                -- The item's tags (iCalendar's CATEGORIES) as typed, joined by
                -- commas, which no tag holds; '' for none. `list --tag` is a
                -- condition on this text (tag_in, registered on every
                -- connection), read with the listing's own index.
                ALTER TABLE item ADD COLUMN tags TEXT NOT NULL DEFAULT '';
                -- Search finds an item by its tags too: the searched text
                -- gains them, so the triggers that keep it are made again.
                DROP TRIGGER item_search_insert;
                DROP TRIGGER item_search_update;
                CREATE TRIGGER item_search_insert AFTER INSERT ON item BEGIN
                    INSERT INTO item_folded (id, body) VALUES (NEW.id, \(searched("NEW")));
                    INSERT INTO item_search (rowid, body) SELECT id, body FROM item_folded WHERE id = NEW.id;
                END;
                CREATE TRIGGER item_search_update AFTER UPDATE OF text, note, tags ON item BEGIN
                    INSERT INTO item_search (item_search, rowid, body) SELECT 'delete', id, body FROM item_folded WHERE id = OLD.id;
                    UPDATE item_folded SET body = \(searched("NEW")) WHERE id = NEW.id;
                    INSERT INTO item_search (rowid, body) SELECT id, body FROM item_folded WHERE id = NEW.id;
                END;
                """)
            // Items imported before this version carry another app's
            // CATEGORIES in their kept iCalendar object; they are now the
            // item's tags (and searched, through the trigger above), or the
            // next export would drop them as cleared here.
            let imported = try Row.all(db, sql: "SELECT id, calendarObject FROM item WHERE calendarObject LIKE '%CATEGORIES%'")
            for row in imported {
                guard let object: String = row["calendarObject"] else { continue }
                let tags = categoriesAsTags(todoPropertyValues("CATEGORIES", in: object))
                if !tags.isEmpty { try db.execute(sql: "UPDATE item SET tags = ? WHERE id = ?", arguments: [tags, row["id"] as Int64]) }
            }
        }
        migrator.registerMigration("v18: start dates") { db in
            try db.execute(sql: """
                -- When the item starts (iCalendar's DTSTART when it is a
                -- start), in seconds since 1970 UTC, whole minutes; NULL for
                -- none. Before it the item is left out of what is due.
                ALTER TABLE item ADD COLUMN startAt INTEGER;
                -- The app wakes when the next item starts, so the Due view
                -- takes it in: the earliest start ahead is read on this index
                -- (few items have one).
                CREATE INDEX item_by_start ON item(startAt) WHERE startAt IS NOT NULL;
                """)
        }
        migrator.registerMigration("v19: start dates other apps wrote") { db in
            // Items imported or synced before v18 carry another app's DTSTART
            // in their kept object. Where it is a start (as the mapping now
            // reads it), it becomes the item's, or the next sync would send
            // it as removed here; a repeat that only a start lets the mapping
            // read (tasks.org's weekly BYDAY of the due day) becomes the
            // item's too, or that sync would drop the other app's RRULE.
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .current
            let rows = try Row.all(db, sql: """
                SELECT id, calendarObject, dueAt, repeatRule FROM item WHERE calendarObject LIKE '%DTSTART%' AND startAt IS NULL
                """)
            for row in rows {
                guard let object: String = row["calendarObject"],
                      let start = migratedStart(in: object, dueAt: row["dueAt"], repeatRule: row["repeatRule"], calendar: calendar) else { continue }
                try db.execute(sql: """
                    UPDATE item SET startAt = ?, repeatRule = coalesce(?, repeatRule), repeatStart = coalesce(?, repeatStart) WHERE id = ?
                    """, arguments: [start.startAt, start.repeatRule, start.repeatStart, row["id"] as Int64])
            }
        }
        migrator.registerMigration("v20: items not started hidden per list") { db in
            try db.execute(sql: """
                -- Whether the list's screen leaves out its items that have not
                -- started (1) or dims them (0), as hidesChecked does for
                -- checked items.
                ALTER TABLE checklist ADD COLUMN hidesNotStarted INTEGER NOT NULL DEFAULT 0 CHECK (hidesNotStarted IN (0, 1));
                """)
        }
        migrator.registerMigration("v21: sub-items") { db in
            try db.execute(sql: """
                -- The item this one is a sub-item of, always an item of the
                -- same list (the storage keeps families together); NULL for
                -- an item at the top level.
                ALTER TABLE item ADD COLUMN parentID INTEGER;
                -- A parent iCalendar's RELATED-TO names that is not in the
                -- list (missing, in another calendar, or closing a cycle):
                -- kept as written, and linked when that parent arrives.
                ALTER TABLE item ADD COLUMN unlinkedParentUID TEXT;
                -- Whether its sub-items are folded away on screen.
                ALTER TABLE item ADD COLUMN collapsed INTEGER NOT NULL DEFAULT 0 CHECK (collapsed IN (0, 1));
                -- A list's sub-items, and an item's children: few items
                -- have a parent, and a list without any reads as before.
                CREATE INDEX item_by_parent ON item(checklistID, parentID) WHERE parentID IS NOT NULL;
                -- A parent deleted by a sync (another app deleted it) leaves
                -- its sub-items at the top level with the relation kept;
                -- a delete made here deletes the family first.
                CREATE TRIGGER item_parent_delete BEFORE DELETE ON item BEGIN
                    UPDATE item SET parentID = NULL, unlinkedParentUID = OLD.uid
                    WHERE checklistID = OLD.checklistID AND parentID = OLD.id;
                END;
                -- Counts every change to what a list's families look like (a
                -- sub-item or a parent added, moved, checked, dated, folded,
                -- renamed, deleted), so a reader keeps its layout of the
                -- families until it moves on. Kept by these triggers alone:
                -- never restored by undo, so it only ever grows.
                ALTER TABLE checklist ADD COLUMN familyVersion INTEGER NOT NULL DEFAULT 0;
                CREATE TRIGGER item_family_insert AFTER INSERT ON item WHEN NEW.parentID IS NOT NULL BEGIN
                    UPDATE checklist SET familyVersion = familyVersion + 1 WHERE id = NEW.checklistID;
                END;
                CREATE TRIGGER item_family_delete AFTER DELETE ON item WHEN OLD.parentID IS NOT NULL BEGIN
                    UPDATE checklist SET familyVersion = familyVersion + 1 WHERE id = OLD.checklistID;
                END;
                CREATE TRIGGER item_family_update
                AFTER UPDATE OF parentID, collapsed, isChecked, startAt, dueAt, position, priority, text, checklistID ON item
                WHEN NEW.parentID IS NOT NULL OR OLD.parentID IS NOT NULL
                     OR EXISTS (SELECT 1 FROM item AS sub WHERE sub.checklistID = NEW.checklistID AND sub.parentID = NEW.id)
                     OR EXISTS (SELECT 1 FROM item AS sub WHERE sub.checklistID = OLD.checklistID AND sub.parentID = OLD.id)
                BEGIN
                    UPDATE checklist SET familyVersion = familyVersion + 1 WHERE id IN (OLD.checklistID, NEW.checklistID);
                END;
                """)
        }
        migrator.registerMigration("v22: parents other apps wrote") { db in
            try db.execute(sql: """
                -- Sub-items waiting for their parent by UID, looked up as each
                -- item arrives in a list (few items wait).
                CREATE INDEX item_by_unlinked_parent ON item(unlinkedParentUID) WHERE unlinkedParentUID IS NOT NULL;
                """)
            // Items imported or synced before v21 carry another app's
            // RELATED-TO in their kept object: linked as a sync now links
            // them, or the next sync would send each as moved to the top
            // level and drop the relation on the server.
            let rows = try Row.all(db, sql: """
                SELECT id, checklistID, calendarObject FROM item
                WHERE calendarObject LIKE '%RELATED-TO%' AND parentID IS NULL AND unlinkedParentUID IS NULL ORDER BY uid
                """)
            var named: [(id: Int64, list: Int64, parentUID: String)] = []
            for row in rows {
                guard let object: String = row["calendarObject"], let parentUID = migratedParentUID(in: object) else { continue }
                named.append((row["id"], row["checklistID"], parentUID))
                try db.execute(sql: "UPDATE item SET unlinkedParentUID = ? WHERE id = ?", arguments: [parentUID, row["id"] as Int64])
            }
            // Then each links, first by UID, where its parent is in its list
            // and is not its own descendant (a chain that meets itself ends
            // the walk too).
            for item in named {
                guard let parent = try Int64.fetchOne(db, sql: "SELECT id FROM item WHERE uid = ? AND checklistID = ?",
                                                      arguments: [item.parentUID, item.list]) else { continue }
                var seen: Set<Int64> = []
                var next: Int64? = parent
                var cycle = false
                while let current = next {
                    if current == item.id || !seen.insert(current).inserted { cycle = true; break }
                    next = try Int64.fetchOne(db, sql: "SELECT parentID FROM item WHERE id = ?", arguments: [current])
                }
                if !cycle {
                    try db.execute(sql: "UPDATE item SET parentID = ?, unlinkedParentUID = NULL WHERE id = ?", arguments: [parent, item.id])
                }
            }
        }
        migrator.registerMigration("v23: lists in your order") { db in
            try db.execute(sql: """
                -- The list's place in the order set by hand (J/K on All Lists).
                ALTER TABLE checklist ADD COLUMN listPosition INTEGER;
                -- A new list goes last, however it is made (the app, the
                -- command line, an import, a sync); a list an undo puts back
                -- keeps its place.
                CREATE TRIGGER checklist_last_by_hand AFTER INSERT ON checklist WHEN NEW.listPosition IS NULL BEGIN
                    UPDATE checklist SET listPosition = (SELECT coalesce(max(listPosition), 0) + 1 FROM checklist) WHERE id = NEW.id;
                END;
                -- The settings a user changes and undoes as any change: one
                -- row, in a table the history captures (preferences are not).
                -- listsByHand: whether the lists show in the order set by
                -- hand (1) or by name (0).
                CREATE TABLE setting (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    listsByHand INTEGER NOT NULL DEFAULT 0 CHECK (listsByHand IN (0, 1))
                );
                INSERT INTO setting (id) VALUES (1);
                """)
            // Existing lists start in the name order All Lists showed them
            // in; the connection's collation is that order (the id breaks ties).
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM checklist ORDER BY name COLLATE natural_order, id")
            for (index, id) in ids.enumerated() {
                try db.execute(sql: "UPDATE checklist SET listPosition = ? WHERE id = ?", arguments: [index + 1, id])
            }
        }
        migrator.registerMigration("v24: sub-item counts") { db in
            try db.execute(sql: """
                -- How many sub-items the item has (direct ones), kept by the
                -- triggers below and never restored by undo: the parents of
                -- a list are then an index of their own, so a page near a
                -- list's start or end and its count read only the families
                -- they show, not every family in the list.
                ALTER TABLE item ADD COLUMN subItemCount INTEGER NOT NULL DEFAULT 0;
                UPDATE item SET subItemCount = (SELECT COUNT(*) FROM item AS sub
                                                WHERE sub.checklistID = item.checklistID AND sub.parentID = item.id)
                WHERE id IN (SELECT parentID FROM item WHERE parentID IS NOT NULL);
                -- The parents, with what says whether they hide their
                -- families (folded, checked and hidden, not started) and
                -- what a family's layout reads of them; and the sub-items'
                -- index again with the same columns. A layout then reads
                -- two indexes, not a row scattered across the file for
                -- each member (which cost a read from the file each).
                CREATE INDEX item_parents ON item(checklistID, collapsed, isChecked, startAt, parentID, dueAt, position, priority, subItemCount)
                    WHERE subItemCount > 0;
                DROP INDEX item_by_parent;
                CREATE INDEX item_by_parent ON item(checklistID, parentID, isChecked, startAt, collapsed, dueAt, position, priority)
                    WHERE parentID IS NOT NULL;
                -- An item arriving counts its sub-items already there (undo
                -- brings a family back in any order) and counts for its parent.
                CREATE TRIGGER item_sub_items_insert AFTER INSERT ON item BEGIN
                    UPDATE item SET subItemCount = (SELECT COUNT(*) FROM item AS sub
                                                    WHERE sub.checklistID = NEW.checklistID AND sub.parentID = NEW.id)
                    WHERE id = NEW.id AND EXISTS (SELECT 1 FROM item AS sub
                                                  WHERE sub.checklistID = NEW.checklistID AND sub.parentID = NEW.id);
                    UPDATE item SET subItemCount = subItemCount + 1 WHERE id = NEW.parentID;
                END;
                CREATE TRIGGER item_sub_items_delete AFTER DELETE ON item WHEN OLD.parentID IS NOT NULL BEGIN
                    UPDATE item SET subItemCount = subItemCount - 1 WHERE id = OLD.parentID;
                END;
                CREATE TRIGGER item_sub_items_update AFTER UPDATE OF parentID ON item WHEN OLD.parentID IS NOT NEW.parentID BEGIN
                    UPDATE item SET subItemCount = subItemCount - 1 WHERE id = OLD.parentID;
                    UPDATE item SET subItemCount = subItemCount + 1 WHERE id = NEW.parentID;
                END;
                """)
        }
        migrator.registerMigration("v25: smart lists") { db in
            try db.execute(sql: """
                -- A filter kept under a name, shown on All Lists with its
                -- count: the filter as typed (ItemFilter's syntax, read
                -- again at every count, so a list renamed since is simply
                -- not found), and a place kept for a hand order to come
                -- (All Lists shows them by name). The history captures it
                -- as it does the lists, so u brings a deleted one back.
                CREATE TABLE smartList (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL CHECK (trim(name) <> ''),
                    filter TEXT NOT NULL,
                    position INTEGER NOT NULL DEFAULT 0
                );
                """)
        }
        migrator.registerMigration("v26: family versions that never repeat") { db in
            try db.execute(sql: """
                -- A list's familyVersion came from its own row, so a list
                -- deleted and brought back by undo started again at 0 and
                -- could reach a version a reader had kept a layout at, with
                -- other families: the stale layout hid them. Versions are now
                -- drawn from one clock that only grows, kept in a table of
                -- its own that undo never touches.
                CREATE TABLE familyClock (value INTEGER NOT NULL);
                INSERT INTO familyClock (value) SELECT coalesce(max(familyVersion), 0) FROM checklist;
                DROP TRIGGER item_family_insert;
                DROP TRIGGER item_family_delete;
                DROP TRIGGER item_family_update;
                CREATE TRIGGER item_family_insert AFTER INSERT ON item WHEN NEW.parentID IS NOT NULL BEGIN
                    UPDATE familyClock SET value = value + 1;
                    UPDATE checklist SET familyVersion = (SELECT value FROM familyClock) WHERE id = NEW.checklistID;
                END;
                CREATE TRIGGER item_family_delete AFTER DELETE ON item WHEN OLD.parentID IS NOT NULL BEGIN
                    UPDATE familyClock SET value = value + 1;
                    UPDATE checklist SET familyVersion = (SELECT value FROM familyClock) WHERE id = OLD.checklistID;
                END;
                CREATE TRIGGER item_family_update
                AFTER UPDATE OF parentID, collapsed, isChecked, startAt, dueAt, position, priority, text, checklistID ON item
                WHEN NEW.parentID IS NOT NULL OR OLD.parentID IS NOT NULL
                     OR EXISTS (SELECT 1 FROM item AS sub WHERE sub.checklistID = NEW.checklistID AND sub.parentID = NEW.id)
                     OR EXISTS (SELECT 1 FROM item AS sub WHERE sub.checklistID = OLD.checklistID AND sub.parentID = OLD.id)
                BEGIN
                    UPDATE familyClock SET value = value + 1;
                    UPDATE checklist SET familyVersion = (SELECT value FROM familyClock) WHERE id IN (OLD.checklistID, NEW.checklistID);
                END;
                -- A list arriving (new, or brought back by undo) starts at a
                -- version no reader has seen.
                CREATE TRIGGER checklist_family_insert AFTER INSERT ON checklist BEGIN
                    UPDATE familyClock SET value = value + 1;
                    UPDATE checklist SET familyVersion = (SELECT value FROM familyClock) WHERE id = NEW.id;
                END;
                """)
        }
        migrator.registerMigration("v27: the pending indexes hold what list shows") { db in
            try db.execute(sql: """
                -- `list` read every pending item through these two indexes
                -- and then looked its row up in the table: a seek a row, in
                -- due order a random one, more than half of SQLite's work.
                -- Holding the columns a listing's line shows (ItemSummaryColumns,
                -- with isChecked and dueAt, which SQLite 3.40 needs in the
                -- index to call it covering) makes that read one walk of the
                -- index. Their keys still begin with the due date and the id,
                -- so every range and order read on them stays as it was.
                DROP INDEX item_pending_by_due;
                DROP INDEX item_pending_undated;
                CREATE INDEX item_pending_by_due
                    ON item(dueAt, id, checklistID, text, isChecked, priority, tags, startAt, parentID)
                    WHERE isChecked = 0 AND dueAt IS NOT NULL;
                CREATE INDEX item_pending_undated
                    ON item(id, checklistID, text, isChecked, dueAt, priority, tags, startAt, parentID)
                    WHERE isChecked = 0 AND dueAt IS NULL;
                """)
        }
        migrator.registerMigration("v28: the pending indexes hold what list --json shows") { db in
            try db.execute(sql: """
                -- `list --json` reads a line's details as well (ListingLine's
                -- detailColumnNames), which v27's indexes left in the table:
                -- each dated item was a look-up in due order, a random page
                -- of the table, and at 100,000 items those look-ups were
                -- most of the command's time. The details are small for
                -- nearly every item (a note averages a few bytes), so the
                -- indexes hold them too; their keys are unchanged.
                DROP INDEX item_pending_by_due;
                DROP INDEX item_pending_undated;
                CREATE INDEX item_pending_by_due
                    ON item(dueAt, id, checklistID, text, isChecked, priority, tags, startAt, parentID,
                            shouldRemind, remindAt, repeatRule, lastDoneAt, note, reminders)
                    WHERE isChecked = 0 AND dueAt IS NOT NULL;
                CREATE INDEX item_pending_undated
                    ON item(id, checklistID, text, isChecked, dueAt, priority, tags, startAt, parentID,
                            shouldRemind, remindAt, repeatRule, lastDoneAt, note, reminders)
                    WHERE isChecked = 0 AND dueAt IS NULL;
                """)
        }
        migrator.registerMigration("v29: the sub-items' index holds what list shows") { db in
            try db.execute(sql: """
                -- `list` puts each sub-item under its parent, so it reads the
                -- sub-items' lines before its first line, through this index;
                -- their texts and tags were in the table, a look-up a row in
                -- the order of the index, a random page of the table each,
                -- which at a tenth of 100,000 items sub-items read most of
                -- the table. With the texts and tags at the end of the index
                -- that read is one walk of it; its key is unchanged, so every
                -- family's read on it stays as it was.
                DROP INDEX item_by_parent;
                CREATE INDEX item_by_parent ON item(checklistID, parentID, isChecked, startAt, collapsed, dueAt, position, priority,
                                                    text, tags)
                    WHERE parentID IS NOT NULL;
                """)
        }
        migrator.registerMigration("v30: a calendar's name as last synced") { db in
            try db.execute(sql: """
                -- The name list and calendar shared at the last sync: a rename
                -- on one side since then travels to the other. NULL: not known
                -- yet (a calendar synced before v30, or one without a name).
                ALTER TABLE syncCalendar ADD COLUMN syncedName TEXT;
                """)
        }
        return migrator
    }

    // MARK: - v22: a parent read out of a kept object

    /// The UID the first VTODO's first parent relation names: a RELATED-TO
    /// with RELTYPE=PARENT (in any case) or without RELTYPE, and a value;
    /// nil without one. Written out here, as `todoDescription` is, so v22
    /// migrates the same way whatever the mapping becomes.
    static func migratedParentUID(in object: String) -> String? {
        for line in todoPropertyLines("RELATED-TO", in: object) {
            guard let start = valueStart(line), start < line.endIndex else { continue }
            var relationType: String?
            for parameter in parameterTexts(line) {
                let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
                if pair.count == 2, pair[0].uppercased() == "RELTYPE", relationType == nil {
                    // Its first value: a quoted one whole, else up to a comma.
                    let value = pair[1].hasPrefix("\"") ? pair[1].dropFirst().prefix { $0 != "\"" } : pair[1].prefix { $0 != "," }
                    relationType = value.uppercased()
                }
            }
            if relationType == nil || relationType == "PARENT" { return String(line[start...]) }
        }
        return nil
    }

    // MARK: - v19: a start read out of a kept object

    /// What v19 writes into an item: its start, and for a repeating one the
    /// due date its repeat now counts from (and the rule, where only the
    /// start made it readable), in seconds since 1970.
    struct MigratedStart: Equatable {
        var startAt: Int64
        var repeatRule: String?
        var repeatStart: Int64?
    }

    /// The start of an item kept with `object`, by the rules the mapping
    /// reads DTSTART with: without a rule it keeps, DTSTART before DUE (or
    /// without DUE); with one, DTSTART less than one repeat before DUE.
    /// The item's own due date (`dueAt`) may have moved since the object was
    /// kept (a repeat checked off here): the start moves with it, as many
    /// days before at the same time. Nil where there is no start to keep.
    /// Written out here, as `todoDescription` is, so that v19 migrates the
    /// same way whatever the mapping and `StartDate` become.
    static func migratedStart(in object: String, dueAt: Int64?, repeatRule: String?, calendar: Calendar) -> MigratedStart? {
        guard let start = todoPropertyLines("DTSTART", in: object).first.flatMap({ instant($0, calendar: calendar) }) else { return nil }
        let objectDue = todoPropertyLines("DUE", in: object).first.flatMap { instant($0, calendar: calendar) }
        let rules = todoPropertyLines("RRULE", in: object).compactMap { line in valueStart(line).map { String(line[$0...]) } }
        let itemDue: Int64? = dueAt
        if let objectDue, rules.count == 1 {
            func kept(from day: Int64) -> KeptRule? {
                let parts = calendar.dateComponents([.weekday, .day, .month], from: Date(timeIntervalSince1970: TimeInterval(day)))
                return keptRule(rules[0], weekday: parts.weekday ?? 0, day: parts.day ?? 0, month: parts.month ?? 0)
            }
            let seriesRule = kept(from: start)
            if let lead = kept(from: objectDue) ?? seriesRule, isLead(start, due: objectDue, rule: lead, calendar: calendar) {
                // The item repeats here as read before (or, read only now, by
                // this rule); a start is kept only with a due date to lead.
                let rule: KeptRule
                if let repeatRule {
                    guard let own = keptRule(repeatRule, weekday: 0, day: 0, month: 0) else { return nil }
                    rule = own
                } else if seriesRule == nil {
                    rule = lead
                } else {
                    // The repeat was removed here: a start of one occurrence.
                    return itemDue.map { start < $0 } == false ? nil : MigratedStart(startAt: start)
                }
                guard let itemDue else { return nil }
                let moved = itemDue == objectDue ? start : movedStart(start, from: objectDue, to: itemDue, calendar: calendar)
                guard isLead(moved, due: itemDue, rule: rule, calendar: calendar) else { return nil }
                return MigratedStart(startAt: moved, repeatRule: repeatRule == nil ? rule.text : nil, repeatStart: itemDue)
            }
            // Where the series is counted from, as before: no start.
            if seriesRule != nil { return nil }
        }
        // Without a repeat the mapping keeps: before the due date (one at it,
        // as Apple writes every DTSTART, is no start).
        if let objectDue, start >= objectDue { return nil }
        if let itemDue, start >= itemDue { return nil }
        return MigratedStart(startAt: start)
    }

    /// A rule this app keeps, in its stored form, with one repeat's length.
    struct KeptRule {
        var text: String
        var unit: Calendar.Component
        var count: Int
        var weekdays = false
    }

    /// v19's reading of an RRULE as one of the rules the app keeps, read
    /// from a day (its weekday 1 Sunday...7, day and month; 0 for none):
    /// BYDAY, BYMONTHDAY or BYMONTH that only repeat that day's are allowed,
    /// as `Recurrence(rrule:start:)` reads them.
    static func keptRule(_ text: String, weekday: Int, day: Int, month: Int) -> KeptRule? {
        var body = text.trimmingCharacters(in: .whitespaces).uppercased()
        if body.hasPrefix("RRULE:") { body.removeFirst(6) }
        var parts: [String: String] = [:]
        for part in body.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, parts[pair[0]] == nil else { return nil }
            parts[pair[0]] = pair[1]
        }
        let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        guard let frequency = parts.removeValue(forKey: "FREQ") else { return nil }
        var interval = 1
        if let text = parts.removeValue(forKey: "INTERVAL") {
            guard let value = Int(text), (1...999).contains(value) else { return nil }
            interval = value
        }
        if let weekStart = parts.removeValue(forKey: "WKST"), !names.contains(weekStart) { return nil }
        if let monthDay = parts["BYMONTHDAY"], Int(monthDay) == day, frequency == "MONTHLY" || frequency == "YEARLY" { parts["BYMONTHDAY"] = nil }
        if let byMonth = parts["BYMONTH"], Int(byMonth) == month, frequency == "YEARLY" { parts["BYMONTH"] = nil }
        let days = parts.removeValue(forKey: "BYDAY").map { Set($0.split(separator: ",").map(String.init)) }
        guard parts.isEmpty else { return nil }
        let every = interval == 1 ? "" : ";INTERVAL=\(interval)"
        switch (frequency, days, interval) {
        case ("DAILY", nil, _): return KeptRule(text: "FREQ=DAILY" + every, unit: .day, count: interval)
        case ("WEEKLY", ["MO", "TU", "WE", "TH", "FR"], 1):
            return KeptRule(text: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", unit: .day, count: 1, weekdays: true)
        case ("WEEKLY", nil, _): return KeptRule(text: "FREQ=WEEKLY" + every, unit: .day, count: 7 * interval)
        case let ("WEEKLY", days?, _) where (1...7).contains(weekday) && days == [names[weekday - 1]]:
            return KeptRule(text: "FREQ=WEEKLY" + every, unit: .day, count: 7 * interval)
        case ("MONTHLY", nil, 1): return KeptRule(text: "FREQ=MONTHLY", unit: .month, count: 1)
        case ("YEARLY", nil, 1): return KeptRule(text: "FREQ=YEARLY", unit: .month, count: 12)
        default: return nil
        }
    }

    /// Whether `start` is before `due` and after the occurrence before it,
    /// in `calendar` and in UTC (a series start written in UTC is one repeat
    /// before in UTC, an hour off where the clocks changed between).
    static func isLead(_ start: Int64, due: Int64, rule: KeptRule, calendar: Calendar) -> Bool {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let dueDate = Date(timeIntervalSince1970: TimeInterval(due))
        return start < due && [calendar, utc].allSatisfy { calendar in
            // Weekdays: Monday's occurrence before is Friday's, the others' the day before.
            let count = rule.weekdays && calendar.component(.weekday, from: dueDate) == 2 ? 3 : rule.count
            guard let previous = calendar.date(byAdding: rule.unit, value: -count, to: dueDate) else { return false }
            return Double(start) > previous.timeIntervalSince1970
        }
    }

    /// `start` moved from leading `from` to leading `to`: as many days
    /// before, at its clock time, never after `to`.
    static func movedStart(_ start: Int64, from: Int64, to: Int64, calendar: Calendar) -> Int64 {
        func day(_ seconds: Int64) -> Date { calendar.startOfDay(for: Date(timeIntervalSince1970: TimeInterval(seconds))) }
        let lead = calendar.dateComponents([.day], from: day(start), to: day(from)).day ?? 0
        let time = calendar.dateComponents([.hour, .minute], from: Date(timeIntervalSince1970: TimeInterval(start)))
        guard let shifted = calendar.date(byAdding: .day, value: -lead, to: day(to)),
              let moved = calendar.date(bySettingHour: time.hour ?? 0, minute: time.minute ?? 0, second: 0, of: shifted) else {
            return to - (from - start)
        }
        return min(Int64(moved.timeIntervalSince1970), to)
    }

    /// A DATE or DATE-TIME content line as seconds since 1970, whole
    /// minutes: a DATE (VALUE=DATE, or eight digits) is midnight starting
    /// that day in `calendar`'s zone; `Z` is UTC; a TZID Foundation knows
    /// (or whose last "Area/City" it knows) is that zone; floating is
    /// `calendar`'s zone. Nil for anything else (a TZID only a VTIMEZONE
    /// defines), and for years outside 1970-9999.
    static func instant(_ line: String, calendar: Calendar) -> Int64? {
        guard let colon = valueStart(line) else { return nil }
        let value = Array(line[colon...].trimmingCharacters(in: .whitespaces).utf8)
        var parameters: [String: String] = [:]
        for parameter in parameterTexts(line) {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { parameters[pair[0].uppercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= value.count, value[range].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int(String(decoding: value[range], as: UTF8.self))
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), (1970...9999).contains(year) else { return nil }
        var parts = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0)
        var zone = calendar.timeZone
        if value.count == 8 || parameters["VALUE"]?.uppercased() == "DATE" {
            guard value.count == 8 else { return nil }
        } else {
            guard value.count == 15 || (value.count == 16 && value[15] == 0x5A), value[8] == 0x54,
                  let hour = number(9..<11), let minute = number(11..<13), number(13..<15) != nil else { return nil }
            parts.hour = hour
            parts.minute = minute
            if value.count == 16 {
                zone = TimeZone(identifier: "UTC")!
            } else if let tzid = parameters["TZID"] {
                let areaCity = tzid.split(separator: "/").suffix(2).joined(separator: "/")
                guard let known = TimeZone(identifier: tzid) ?? TimeZone(identifier: areaCity) else { return nil }
                zone = known
            }
        }
        var zoned = calendar
        zoned.timeZone = zone
        guard (1...12).contains(month), let date = zoned.date(from: parts), zoned.component(.day, from: date) == day else { return nil }
        return Int64(date.timeIntervalSince1970)
    }

    /// The parameters of a content line, as written (`TZID="Europe/Berlin"`).
    private static func parameterTexts(_ line: String) -> [Substring] {
        guard let colon = valueStart(line) else { return [] }
        var texts: [Substring] = []
        var quoted = false
        var from: String.Index?
        var index = line.startIndex
        while index < line.index(before: colon) {
            let character = line[index]
            if character == "\"" { quoted.toggle() }
            if character == ";" && !quoted {
                if let from { texts.append(line[from..<index]) }
                from = line.index(after: index)
            }
            index = line.index(after: index)
        }
        if let from { texts.append(line[from..<index]) }
        return texts
    }

    /// The DESCRIPTION of the first VTODO in an iCalendar text (not one of
    /// its alarms'), unfolded and unescaped as RFC 5545 says. Written out
    /// here rather than calling the live reader, so that v9 migrates the
    /// same way whatever the reader becomes.
    static func todoDescription(_ object: String) -> String? {
        todoProperty("DESCRIPTION", in: object)
    }

    /// The value of the first `name` property of the first VTODO in an
    /// iCalendar text (not of its alarms'), unfolded and unescaped; written
    /// out here for the same reason as `todoDescription`.
    static func todoProperty(_ name: String, in object: String) -> String? {
        todoPropertyValues(name, in: object).first.map { unescaped($0) }
    }

    /// The values of every `name` property of the first VTODO, unfolded but
    /// still escaped (a CATEGORIES value is split at its unescaped commas).
    static func todoPropertyValues(_ name: String, in object: String) -> [Substring] {
        todoPropertyLines(name, in: object).compactMap { line in valueStart(line).map { line[$0...] } }
    }

    /// Every `name` content line of the first VTODO (not of its alarms'),
    /// unfolded, name and parameters included.
    static func todoPropertyLines(_ name: String, in object: String) -> [String] {
        var found: [String] = []
        var lines: [String] = []
        for line in object.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else {
                lines.append(String(line))
            }
        }
        var path: [String] = []
        var seenTodo = false
        for line in lines {
            let upper = line.uppercased()
            if upper.hasPrefix("BEGIN:") {
                let name = String(upper.dropFirst(6))
                if name == "VTODO" && seenTodo { return found }
                if name == "VTODO" { seenTodo = true }
                path.append(name)
            } else if upper.hasPrefix("END:") {
                _ = path.popLast()
            } else if path.last == "VTODO", upper.hasPrefix(name + ":") || upper.hasPrefix(name + ";"), valueStart(line) != nil {
                found.append(line)
            }
        }
        return found
    }

    /// v17's reading of CATEGORIES values as the stored tags column: split
    /// at unescaped commas, unescaped, a leading `#` dropped, a space or `#`
    /// inside made `-`, each tag once (case ignored). Written out here, as
    /// `todoDescription` is, so v17 migrates the same way whatever `Tags`
    /// becomes.
    static func categoriesAsTags(_ values: [Substring]) -> String {
        var parts: [String] = []
        for value in values {
            var part = "", escaped = false
            for character in value {
                if escaped { part += "\\" + String(character); escaped = false } else if character == "\\" { escaped = true } else if character == "," {
                    parts.append(part); part = ""
                } else { part.append(character) }
            }
            parts.append(part)
        }
        var seen = Set<String>(), tags: [String] = []
        for part in parts {
            var tag = TextRules.trimmed(unescaped(Substring(part)))
            while tag.hasPrefix("#") { tag.removeFirst() }
            tag = tag.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "#" || $0.asciiValue.map { $0 < 32 } == true })
                .joined(separator: "-")
            if !tag.isEmpty, seen.insert(tag.lowercased()).inserted { tags.append(tag) }
        }
        return tags.joined(separator: ",")
    }

    /// Where a content line's value starts: after the first colon outside
    /// a quoted parameter value.
    private static func valueStart(_ line: String) -> String.Index? {
        var quoted = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\"" { quoted.toggle() }
            if character == ":" && !quoted { return line.index(after: index) }
            index = line.index(after: index)
        }
        return nil
    }

    private static func unescaped(_ value: Substring) -> String {
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
