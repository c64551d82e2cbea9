import Foundation
import Testing
import GRDB
@testable import ChecklistsModel
import TestSupport

/// The plain pending listing's outline on a real SQLite file: every dated
/// row until the table says it has met the widest due date, then the
/// largest dated id on a row of its own, found from the table's end or,
/// when none of the newest items is pending and dated, from the index.
@Suite("The pending outline stops giving due dates when the table has the widest")
struct PendingOutlineTests {
    let folder = TemporaryFolder()

    /// What the outline gave: the dated rows, the rows with an id alone,
    /// the lists, and each range `enoughDueDates` was asked about.
    struct Given {
        var dated: [(id: Int64, due: Date)] = []
        var idsAlone: [Int64] = []
        var lists: [String] = []
        var asked: [ClosedRange<Date>] = []
    }

    /// A database with `dated` pending items due an hour apart in id order
    /// (ids from 1), 30 undated ones, then `checkedAfter` newer items
    /// checked off.
    func database(dated: Int, checkedAfter: Int) throws -> ChecklistsDatabase {
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: folder.file("outline.sqlite"), createsFolder: false))
        try database.write { db in
            try db.execute(sql: "DELETE FROM item")
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO item (id, checklistID, text, dueAt, position) SELECT i, 1, '買い物 ' || i, 1795000000 + i * 3600, i FROM n
                """, arguments: [dated])
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
                INSERT INTO item (id, checklistID, text, position) SELECT ? + i, 1, 'undated ' || i, ? + i FROM n
                """, arguments: [dated, dated])
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO item (id, checklistID, text, isChecked, dueAt, position) SELECT ? + 30 + i, 1, 'done ' || i, 1, 1795000000, 0 FROM n
                """, arguments: [checkedAfter, dated])
        }
        return database
    }

    func outline(_ database: ChecklistsDatabase, enough: (([ClosedRange<Date>]) -> Bool)?) throws -> Given {
        var given = Given()
        let asking: ((ClosedRange<Date>) -> Bool)? = enough.map { answer in
            { range in
                given.asked.append(range)
                return answer(given.asked)
            }
        }
        try database.eachListingLine(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil,
                                     outline: { row in
                                         if let id = row.id, let due = row.dueDate { given.dated.append((id, due)) }
                                         else if let id = row.id { given.idsAlone.append(id) }
                                         else if let name = row.checklistName { given.lists.append(name) }
                                     },
                                     enoughDueDates: asking) { _ in }
        return given
    }

    @Test("told the widest is met at the first question: 1,024 dated rows, then the largest dated id, the largest undated id and the list")
    func stopsWhenTold() throws {
        defer { folder.remove() }
        let database = try database(dated: 3_000, checkedAfter: 10)
        let given = try outline(database) { _ in true }
        expectEqual(given.dated.count, 1_024)
        expectEqual(given.dated.map(\.id), Array(1...1_024))
        expectEqual(given.asked, [Date(timeIntervalSince1970: 1_795_003_600)...Date(timeIntervalSince1970: 1_795_000_000 + 3_000 * 3_600)])
        expectEqual(given.idsAlone, [3_000, 3_030])
        expectEqual(given.lists, ["List"])
    }

    @Test("never told: every dated row, asked every 1,024 of them about the same range")
    func walksWhenNeverTold() throws {
        defer { folder.remove() }
        let database = try database(dated: 3_000, checkedAfter: 10)
        let given = try outline(database) { _ in false }
        expectEqual(given.dated.count, 3_000)
        expectEqual(given.asked.count, 2)
        expectEqual(Set(given.asked).count, 1)
        expectEqual(given.idsAlone, [3_030])
        let walked = try outline(database, enough: nil)
        expectEqual(walked.dated.map(\.id), given.dated.map(\.id))
        #expect(walked.asked.isEmpty)
    }

    @Test("the newest 4,096 items all checked off: the largest dated id from the index, not from the table's end")
    func largestDatedIDBehindManyChecked() throws {
        defer { folder.remove() }
        let database = try database(dated: 1_500, checkedAfter: 4_200)
        let given = try outline(database) { _ in true }
        expectEqual(given.dated.count, 1_024)
        expectEqual(given.idsAlone, [1_500, 1_530])
    }

    @Test("fewer dated rows than one question's worth: never asked")
    func shortListingsNeverAsk() throws {
        defer { folder.remove() }
        let database = try database(dated: 1_023, checkedAfter: 0)
        let given = try outline(database) { _ in true }
        expectEqual(given.dated.count, 1_023)
        #expect(given.asked.isEmpty)
        expectEqual(given.idsAlone, [1_053])
    }
}
