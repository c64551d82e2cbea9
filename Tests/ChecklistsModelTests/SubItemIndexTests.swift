import Foundation
import Testing
import GRDB
@testable import ChecklistsModel
import TestSupport

/// v29 on real SQLite files: the sub-items' index rebuilt to hold their
/// texts and tags, so `list` reads the lines of the sub-items it puts
/// under their parents in one walk of it; the listing it gives, and that
/// later edits reach it (it now reads the index, not the table).
@Suite("v29: the sub-items' index holds what list shows, on real SQLite files")
struct SubItemIndexTests {
    let folder = TemporaryFolder()
    let now = Fixed.now   // 2026-11-21 10:30 UTC

    /// `list`'s lines with families together, pending only or all, each as
    /// "depth text|list|due seconds or -|priority|tags|parent's text or -".
    func listing(_ database: ChecklistsDatabase, all: Bool = false) throws -> [String] {
        var lines: [String] = []
        try database.eachListingLine(checklistID: nil, includeChecked: all, dueFrom: nil, before: nil,
                                     familiesTogether: true, outline: { _ in }) { line in
            let due = line.dueDate.map { String(Int64($0.timeIntervalSince1970)) } ?? "-"
            lines.append(String(repeating: "  ", count: line.depth)
                         + [String(decoding: line.text, as: UTF8.self), line.checklistName, due, line.priority.name,
                            String(decoding: line.storedTags, as: UTF8.self), line.parentText ?? "-"].joined(separator: "|"))
        }
        return lines
    }

    @Test("a v28 file's families list under their parents as before, read from the index alone; a sub-item edited afterwards shows")
    func migratesAndStaysCurrent() throws {
        defer { folder.remove() }
        let path = folder.file("v28.sqlite")
        let database = try migratedDatabase(at: path, upTo: "v28: the pending indexes hold what list --json shows") { db in
            try db.execute(sql: """
                INSERT INTO checklist (id, name) VALUES (1, 'Inbox'), (2, '旅行 Trip');
                INSERT INTO item (id, checklistID, text, isChecked, dueAt, priority, tags) VALUES
                    (1, 2, 'Pack 🎒', 0, 1795600000, 3, 'trip'),
                    (2, 1, 'Return the 📦', 1, 1795000000, 0, '');
                INSERT INTO item (id, checklistID, text, isChecked, dueAt, priority, tags, parentID) VALUES
                    (3, 2, '充電器 charger', 0, NULL, 0, '家', 1),
                    (4, 2, 'Passport', 0, 1795300000, 2, 'urgent,trip', 1),
                    (5, 2, 'Visa photo', 0, NULL, 0, '', 4),
                    (6, 2, 'Socks', 1, 1795200000, 0, '', 1),
                    (7, 1, 'Print the label', 0, 1795100000, 0, '', 2);
                INSERT INTO preference (key, value) VALUES ('initialized', '1');
                """)
        }
        let definition = try database.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'item_by_parent'")
        }
        #expect(definition?.contains("priority,\n") == true && definition?.contains("text, tags)") == true, "\(definition ?? "none")")
        // The families' read names no column the index lacks.
        let plan = try database.read { db in
            try Row.fetchAll(db, sql: """
                EXPLAIN QUERY PLAN SELECT \(ItemSummaryColumns.list) FROM item INDEXED BY item_by_parent
                WHERE parentID IS NOT NULL AND isChecked = 0
                """).map { $0["detail"] as String }.joined(separator: "; ")
        }
        #expect(plan.contains("COVERING INDEX item_by_parent"), "\(plan)")

        // Passport (due) before the undated charger under Pack, the visa
        // photo under Passport; the checked socks and the label, whose
        // parent is checked, are not under a pending parent.
        try expectEqual(listing(database), [
            "Print the label|Inbox|1795100000|none||Return the 📦",
            "Pack 🎒|旅行 Trip|1795600000|high|trip|-",
            "  Passport|旅行 Trip|1795300000|medium|urgent,trip|-",
            "    Visa photo|旅行 Trip|-|none||-",
            "  充電器 charger|旅行 Trip|-|none|家|-",
        ])
        try expectEqual(listing(database, all: true), [
            "Return the 📦|Inbox|1795000000|none||-",
            "  Print the label|Inbox|1795100000|none||-",
            "Pack 🎒|旅行 Trip|1795600000|high|trip|-",
            "  Socks|旅行 Trip|1795200000|none||-",
            "  Passport|旅行 Trip|1795300000|medium|urgent,trip|-",
            "    Visa photo|旅行 Trip|-|none||-",
            "  充電器 charger|旅行 Trip|-|none|家|-",
        ])

        // Edits after the migration reach the listing through the index.
        var draft = try #require(try database.item(id: 5)).draft
        draft.text = "Visa photo, 35×45 mm 📷"
        draft.tags = ["office"]
        try database.apply(.updateItem(id: 5, draft), now: now)
        try database.apply(.setChecked(itemID: 4, true), now: now)
        try expectEqual(listing(database), [
            "Print the label|Inbox|1795100000|none||Return the 📦",
            "Pack 🎒|旅行 Trip|1795600000|high|trip|-",
            "  充電器 charger|旅行 Trip|-|none|家|-",
            "Visa photo, 35×45 mm 📷|旅行 Trip|-|none|office|Passport",
        ])
    }
}
