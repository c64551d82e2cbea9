import Foundation
import GRDB
import Testing
@testable import ChecklistsModel
import TestSupport

/// The Upcoming view's reads: windows of the open items with a due date,
/// and of those with only a start from today on, merged in one order.
@Suite("Upcoming windows, on a real SQLite file")
struct UpcomingStorageTests {
    let folder = TemporaryFolder()
    let today = Fixed.date("2026-11-21 00:00")

    @discardableResult
    func add(_ database: ChecklistsDatabase, _ list: Int64, _ text: String, due: String? = nil, start: String? = nil,
             checked: Bool = false) throws -> Int64 {
        let draft = ItemDraft(text: text, dueDate: due.map { Fixed.date($0) }, startDate: start.map { Fixed.date($0) })
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, draft), now: Fixed.now) else {
            Issue.record("adding \(text) returned no id")
            return 0
        }
        if checked { try database.apply(.setChecked(itemID: id, true), now: Fixed.now) }
        return id
    }

    /// Items of every kind Upcoming takes or leaves out, in two lists.
    func filled() throws -> ChecklistsDatabase {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let home = try database.checklistSummaries()[0].id
        guard case let .checklist(work) = try database.apply(.addChecklist(name: "Work", icon: .folder), now: Fixed.now) else {
            Issue.record("no list id")
            return database
        }
        try add(database, home, "bins", due: "2026-11-19 08:00")
        try add(database, work, "report", due: "2026-11-21 17:00")
        try add(database, work, "filed", due: "2026-11-21 09:00", checked: true)
        try add(database, home, "gym", start: "2026-11-21 07:00")
        try add(database, home, "old start", start: "2026-11-20 07:00")
        try add(database, work, "plan", start: "2026-11-23 00:00")
        try add(database, home, "party", due: "2026-11-28 20:00", start: "2026-11-27 00:00")
        try add(database, home, "undated")
        return database
    }

    @Test("due items (overdue too) and start-only items from today on come merged by their day, checked and undated ones never")
    func merged() throws {
        let database = try filled()
        let window = try database.upcomingWindow(around: .first, before: 10, after: 10, startsFrom: today)
        expectEqual(window.items.map(\.item.text), ["bins", "gym", "report", "plan", "party"])
        expectEqual(window.items.map(\.checklistName), ["List", "List", "Work", "Work", "List"])
        #expect(window.reachesFirst && window.reachesLast)
        expectEqual(window.total, 5)
        try expectEqual(database.upcomingCount(startsFrom: today), 5)
        folder.remove()
    }

    @Test("a window around an item reads the items before it and from it on, and says where more lie")
    func aroundAKey() throws {
        let database = try filled()
        let all = try database.upcomingWindow(around: .first, before: 0, after: 10, startsFrom: today).items
        let key = try #require(UpcomingKey(all[2].item))
        let window = try database.upcomingWindow(around: .key(key), before: 1, after: 2, startsFrom: today)
        expectEqual(window.items.map(\.item.text), ["gym", "report", "plan"])
        #expect(!window.reachesFirst && !window.reachesLast)
        let last = try database.upcomingWindow(around: .last, before: 1, after: 1, startsFrom: today)
        expectEqual(last.items.map(\.item.text), ["plan", "party"])
        #expect(!last.reachesFirst && last.reachesLast)
        // Checked off since: the window starts at the next one, where it stood.
        try database.apply(.setChecked(itemID: all[2].id, true), now: Fixed.now)
        let after = try database.upcomingWindow(around: .key(key), before: 0, after: 1, startsFrom: today)
        expectEqual(after.items.map(\.item.text), ["plan"])
        folder.remove()
    }

    @Test("a sub-item carries its parent's text")
    func parentText() throws {
        let database = try ChecklistsDatabase.temporary(in: folder)
        let list = try database.checklistSummaries()[0].id
        let trip = try add(database, list, "Trip")
        try database.apply(.addSubItem(parentID: trip, ItemDraft(text: "tickets", dueDate: Fixed.date("2026-11-22 09:00"))), now: Fixed.now)
        let window = try database.upcomingWindow(around: .first, before: 5, after: 5, startsFrom: today)
        expectEqual(window.items.map(\.item.text), ["tickets"])
        expectEqual(window.items.first?.parentText, "Trip")
        folder.remove()
    }

    @Test("each part of a window is a range read on an index, never a scan of the items")
    func readsOnIndexes() throws {
        let database = try filled()
        // SQLite says how it would run each query Upcoming sends.
        let plans = try database.read { db in
            try ["SELECT id FROM item INDEXED BY item_pending_by_due WHERE isChecked = 0 AND dueAt IS NOT NULL AND (dueAt, id) >= (1, 1) ORDER BY dueAt, id LIMIT 5",
                 "SELECT id FROM item INDEXED BY item_by_start WHERE startAt >= 1 AND dueAt IS NULL AND isChecked = 0 AND (startAt, id) < (9, 9) ORDER BY startAt DESC, id DESC LIMIT 5"]
                .map { sql in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ") }
        }
        for plan in plans {
            // A covering index (the pending-by-due one holds the listing's columns) is a range read all the same.
            #expect((plan.contains("USING INDEX") || plan.contains("USING COVERING INDEX")) && plan.contains(">"), "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        }
        folder.remove()
    }
}
