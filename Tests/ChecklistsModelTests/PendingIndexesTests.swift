import Foundation
import Testing
import GRDB
@testable import ChecklistsModel
import TestSupport

/// v27 and v28 on real SQLite files: the two pending indexes rebuilt to
/// hold the columns `list`'s lines show (v27) and then their details, what
/// `list --json` adds (v28); the listing they give, and that later edits
/// reach it (the listing now reads the index, not the table).
@Suite("v27, v28: the pending indexes hold what list and list --json show, on real SQLite files")
struct PendingIndexesTests {
    let folder = TemporaryFolder()
    let now = Fixed.now   // 2026-11-21 10:30 UTC

    /// The pending listing as `list` reads it: its lines' columns only,
    /// each as "text|list|due seconds or -|priority|tags".
    func listing(_ database: ChecklistsDatabase) throws -> [String] {
        var lines: [String] = []
        try database.eachListingLine(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil,
                                     familiesTogether: true, outline: { _ in }) { line in
            let due = line.dueDate.map { String(Int64($0.timeIntervalSince1970)) } ?? "-"
            lines.append([String(decoding: line.text, as: UTF8.self), line.checklistName, due, line.priority.name,
                          String(decoding: line.storedTags, as: UTF8.self)].joined(separator: "|"))
        }
        return lines
    }

    /// The two pending indexes' CREATE statements.
    func pendingIndexDefinitions(_ database: ChecklistsDatabase) throws -> [String] {
        try database.read { db in
            try String.fetchAll(db, sql: """
                SELECT sql FROM sqlite_master WHERE name IN ('item_pending_by_due', 'item_pending_undated') ORDER BY name
                """)
        }
    }

    @Test("a v26 file's pending items list as before, in due order, undated last by id; texts edited and items checked off afterwards show")
    func migratesAndStaysCurrent() throws {
        defer { folder.remove() }
        let path = folder.file("v26.sqlite")
        let database = try migratedDatabase(at: path, upTo: "v26: family versions that never repeat") { db in
            try db.execute(sql: """
                INSERT INTO checklist (id, name) VALUES (1, 'Inbox'), (2, '仕事 Work');
                INSERT INTO item (id, checklistID, text, isChecked, dueAt, priority, tags) VALUES
                    (1, 1, 'undated 买牛奶', 0, NULL, 0, ''),
                    (2, 2, 'late report 🦷', 0, 1795600000, 3, 'work'),
                    (3, 1, 'done long ago', 1, 1795000000, 0, ''),
                    (4, 2, 'early café', 0, 1795300000, 1, 'errand,town'),
                    (5, 1, 'undated second', 0, NULL, 2, '');
                INSERT INTO preference (key, value) VALUES ('initialized', '1');
                """)
        }
        let definitions = try pendingIndexDefinitions(database)
        expectEqual(definitions.count, 2)
        #expect(definitions.allSatisfy { $0.contains("checklistID, text, isChecked") })
        try expectEqual(listing(database), [
            "early café|仕事 Work|1795300000|low|errand,town",
            "late report 🦷|仕事 Work|1795600000|high|work",
            "undated 买牛奶|Inbox|-|none|",
            "undated second|Inbox|-|medium|",
        ])

        // Edits after the migration reach the listing through the index.
        var draft = try #require(try database.item(id: 5)).draft
        draft.text = "undated, renamed ✈️"
        try database.apply(.updateItem(id: 5, draft), now: now)
        try database.apply(.setChecked(itemID: 4, true), now: now)
        try database.apply(.setChecked(itemID: 3, false), now: now)
        try expectEqual(listing(database), [
            "done long ago|Inbox|1795000000|none|",
            "late report 🦷|仕事 Work|1795600000|high|work",
            "undated 买牛奶|Inbox|-|none|",
            "undated, renamed ✈️|Inbox|-|medium|",
        ])
    }

    /// The pending listing as `list --json` reads it, with its details:
    /// "text|note|reminders|pending reminder seconds or -|rule or -|last done seconds or -".
    func detailedListing(_ database: ChecklistsDatabase) throws -> [String] {
        var lines: [String] = []
        try database.eachListingLine(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil, details: true) { line in
            let details = line.details
            let seconds = { (date: Date?) in date.map { String(Int64($0.timeIntervalSince1970)) } ?? "-" }
            lines.append([String(decoding: line.text, as: UTF8.self),
                          details.map { String(decoding: $0.note, as: UTF8.self) } ?? "no details",
                          details.map { ReminderTime.storedList($0.reminders) + ($0.shouldRemind ? "+due" : "") } ?? "",
                          seconds(details?.remindAt), details?.recurrence?.rrule ?? "-", seconds(details?.lastDoneAt)].joined(separator: "|"))
        }
        return lines
    }

    @Test("a v27 file's pending items list with their notes, reminders, repeats and last check-offs; a note edited afterwards shows")
    func detailsMigrateAndStayCurrent() throws {
        defer { folder.remove() }
        let path = folder.file("v27.sqlite")
        let database = try migratedDatabase(at: path, upTo: "v27: the pending indexes hold what list shows") { db in
            try db.execute(sql: """
                INSERT INTO checklist (id, name) VALUES (1, 'Inbox');
                INSERT INTO item (id, checklistID, text, isChecked, dueAt, shouldRemind, remindAt, repeatRule, repeatStart,
                                  lastDoneAt, note, reminders) VALUES
                    (1, 1, 'undated 买牛奶', 0, NULL, 0, NULL, NULL, NULL, NULL, 'oat, not soy 🥛', ''),
                    (2, 1, 'weekly review', 0, 1795599600, 1, 1795596000, 'FREQ=WEEKLY', 1795599600, 1795000000, '', ?),
                    (3, 1, 'checked, so not listed', 1, 1795300000, 0, NULL, NULL, NULL, NULL, 'hidden', '');
                INSERT INTO preference (key, value) VALUES ('initialized', '1');
                """, arguments: [ReminderTime.storedList([.beforeDue(minutes: 60)])])
        }
        let definitions = try pendingIndexDefinitions(database)
        expectEqual(definitions.count, 2)
        #expect(definitions.allSatisfy { $0.contains("lastDoneAt, note, reminders") })
        try expectEqual(detailedListing(database), [
            "weekly review||b60+due|1795596000|FREQ=WEEKLY|1795000000",
            "undated 买牛奶|oat, not soy 🥛||-|-|-",
        ])

        // A note written after the migration reaches the listing through the index.
        var draft = try #require(try database.item(id: 2)).draft
        draft.note = "agenda: 予算 📊"
        try database.apply(.updateItem(id: 2, draft), now: now)
        try expectEqual(detailedListing(database), [
            "weekly review|agenda: 予算 📊|b60+due|1795596000|FREQ=WEEKLY|1795000000",
            "undated 买牛奶|oat, not soy 🥛||-|-|-",
        ])
    }
}
