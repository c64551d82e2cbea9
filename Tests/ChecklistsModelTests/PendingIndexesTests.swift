import Foundation
import Testing
import GRDB
@testable import ChecklistsModel
import TestSupport

/// v27 on a real SQLite file: the two pending indexes rebuilt to hold the
/// columns `list`'s lines show, on a file of v26; the listing they give,
/// and that later edits reach it (the listing now reads the index, not
/// the table).
@Suite("v27: the pending indexes hold what list shows, on a real SQLite file")
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

    @Test("a v26 file's pending items list as before, in due order, undated last by id; texts edited and items checked off afterwards show")
    func migratesAndStaysCurrent() throws {
        defer { folder.remove() }
        let path = folder.file("v26.sqlite")
        let queue = try olderDatabase(at: path, upTo: "v26: family versions that never repeat")
        try queue.write { db in
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
        try queue.close()

        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false), options: .init(busyTimeout: 1))
        let definitions = try database.read { db in
            try String.fetchAll(db, sql: """
                SELECT sql FROM sqlite_master WHERE name IN ('item_pending_by_due', 'item_pending_undated') ORDER BY name
                """)
        }
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
}
