import Foundation
import GRDB
import Testing
@testable import ChecklistsModel
import TestSupport

/// v22: items imported or synced before sub-items keep the other app's
/// VTODO; its RELATED-TO becomes the item's parent where the parent is in
/// its list, and is kept unlinked where it is not, so the next sync sends
/// nothing the user did not change.
@Suite("v22: parents other apps wrote")
struct ParentMigrationTests {
    let folder = TemporaryFolder()

    private func object(_ uid: String, _ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//EN", "BEGIN:VTODO", "UID:\(uid)", "SUMMARY:Task"] + lines
            + ["END:VTODO", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    @Test("a child before its parent, a grandchild, a parent in another list, a missing one, a cycle, CHILD and a VALARM's line")
    func migrated() throws {
        defer { folder.remove() }
        let path = folder.file("old.sqlite")
        let queue = try olderDatabase(at: path, upTo: "v21: sub-items")
        let rows: [(list: Int, uid: String, lines: [String])] = [
            (1, "child", ["RELATED-TO;RELTYPE=PARENT:parent"]),
            (1, "parent", []),
            (1, "grandchild", ["RELATED-TO:child"]),
            (1, "elsewhere", ["RELATED-TO;RELTYPE=parent:other-list"]),
            (2, "other-list", []),
            (1, "missing", ["RELATED-TO:nowhere"]),
            (1, "a", ["RELATED-TO:b"]),
            (1, "b", ["RELATED-TO:a"]),
            (1, "childtype", ["RELATED-TO;RELTYPE=CHILD:parent", "BEGIN:VALARM", "RELATED-TO:parent", "END:VALARM"]),
        ]
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO checklist (id, name) VALUES (1, 'Home'), (2, 'Work');
                INSERT INTO preference (key, value) VALUES ('initialized', '1');
                """)
            for (index, row) in rows.enumerated() {
                try db.execute(sql: "INSERT INTO item (id, checklistID, text, uid, calendarObject) VALUES (?, ?, 'Task', ?, ?)",
                               arguments: [index + 1, row.list, row.uid, object(row.uid, row.lines)])
            }
        }
        try queue.close()
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false), options: .init(busyTimeout: 1))
        let items = try (1...rows.count).map { try #require(try database.item(id: Int64($0))) }
        expectEqual(items.map(\.parentID), [2, nil, 1, nil, nil, nil, 8, nil, nil])
        expectEqual(items.map(\.unlinkedParentUID), [nil, nil, nil, "other-list", nil, "nowhere", nil, "a", nil])
        // What a sync would send: the same relation as the kept object.
        let entries = try database.snapshot().lists.flatMap(\.items)
        let mapping = CalendarMapping(timeZone: .current, now: Fixed.now)
        for entry in entries {
            let kept = try #require(CalendarMapping.object(entry.calendarObject).flatMap(mapping.fields(of:)))
            expectEqual(entry.parentUID, kept.parentUID, "\(entry.uid)")
        }
    }
}
