import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

/// Start dates: the rules (`StartDate`) and on a real SQLite file: stored,
/// refused after the due date, moved with a repeat, left out of what is due
/// until they come, undone, and v18 on a database of v17.
@Suite("Start dates")
struct StartDateTests {
    let folder = TemporaryFolder()
    let now = Fixed.now   // Saturday 2026-11-21 10:30 UTC
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func database() throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: folder.file("test.sqlite"), createsFolder: false),
                                    options: .init(busyTimeout: 1, calendar: calendar))
    }

    func add(_ database: ChecklistsDatabase, _ draft: ItemDraft) throws -> Int64 {
        guard case let .item(id) = try database.apply(.addItem(checklistID: 1, draft), now: now) else {
            Issue.record("no item id")
            return 0
        }
        return id
    }

    @Test("a start before the due date is kept; at or after it, or a repeat's start one repeat or more before, is refused")
    func rules() {
        let friday = Fixed.date("2026-11-27 17:00")
        #expect(StartDate.problem(start: Fixed.date("2026-11-23 00:00"), due: friday, recurrence: nil, calendar: calendar) == nil)
        // iCalendar reads a DTSTART equal to DUE as no start (Apple writes one on every dated reminder).
        expectEqual(StartDate.problem(start: friday, due: friday, recurrence: nil, calendar: calendar), "The start is not before the due date: move the start or the due date.")
        expectEqual(StartDate.problem(start: Fixed.date("2026-11-28 00:00"), due: friday, recurrence: nil, calendar: calendar), "The start is not before the due date: move the start or the due date.")
        #expect(StartDate.problem(start: Fixed.date("2026-11-23 00:00"), due: nil, recurrence: nil, calendar: calendar) == nil)
        // Weekly: Monday before a Friday is a lead; the Friday before is a whole repeat.
        #expect(StartDate.problem(start: Fixed.date("2026-11-23 00:00"), due: friday, recurrence: .weeks(1), calendar: calendar) == nil)
        #expect(StartDate.problem(start: Fixed.date("2026-11-20 17:00"), due: friday, recurrence: .weeks(1), calendar: calendar) != nil)
        #expect(StartDate.problem(start: friday, due: friday, recurrence: .weeks(1), calendar: calendar) != nil)
        // Weekdays: a Monday's occurrence before is Friday's, so Sunday is a lead.
        let monday = Fixed.date("2026-11-23 09:00")
        #expect(StartDate.isLead(start: Fixed.date("2026-11-22 00:00"), due: monday, recurrence: .weekdays, calendar: calendar))
        #expect(!StartDate.isLead(start: Fixed.date("2026-11-20 09:00"), due: monday, recurrence: .weekdays, calendar: calendar))
        #expect(StartDate.isLead(start: Fixed.date("2026-11-01 09:00"), due: Fixed.date("2026-11-30 09:00"), recurrence: .monthly, calendar: calendar))
        #expect(!StartDate.isLead(start: Fixed.date("2026-10-30 09:00"), due: Fixed.date("2026-11-30 09:00"), recurrence: .monthly, calendar: calendar))
    }

    @Test("a moved start keeps its days before the due date and its clock time")
    func moved() {
        let moved = StartDate.moved(Fixed.date("2026-11-23 08:00"), from: Fixed.date("2026-11-27 17:00"), to: Fixed.date("2026-12-04 17:00"),
                                    recurrence: .weeks(1), calendar: calendar)
        expectEqual(moved, Fixed.date("2026-11-30 08:00"))
    }

    @Test("a weekday item's start from the Friday before a Monday, moved to Tuesday, starts Tuesday at 00:00: Saturday would be no lead")
    func movedOnWeekdays() {
        let moved = StartDate.moved(Fixed.date("2026-11-20 18:00"), from: Fixed.date("2026-11-23 09:00"), to: Fixed.date("2026-11-24 09:00"),
                                    recurrence: .weekdays, calendar: calendar)
        expectEqual(moved, Fixed.date("2026-11-24 00:00"))
        // Due at 00:00 itself: a minute before.
        let midnight = StartDate.moved(Fixed.date("2026-11-20 18:00"), from: Fixed.date("2026-11-23 00:00"), to: Fixed.date("2026-11-24 00:00"),
                                       recurrence: .weekdays, calendar: calendar)
        expectEqual(midnight, Fixed.date("2026-11-23 23:59"))
    }

    @Test("stored with the item, and a start after the due date is refused with nothing written")
    func storedAndRefused() throws {
        let database = try database()
        let id = try add(database, ItemDraft(text: "report", dueDate: Fixed.date("2026-11-27 17:00"), startDate: Fixed.date("2026-11-23 00:00")))
        try expectEqual(database.item(id: id)?.startDate, Fixed.date("2026-11-23 00:00"))
        try expectEqual(database.item(id: id)?.hasStarted(now: now), false)
        #expect(throws: StorageError.badStart(reason: "The start is not before the due date: move the start or the due date.")) {
            try database.apply(.updateItem(id: id, ItemDraft(text: "report", dueDate: Fixed.date("2026-11-27 17:00"),
                                                             startDate: Fixed.date("2026-11-28 00:00"))), now: now)
        }
        try expectEqual(database.item(id: id)?.startDate, Fixed.date("2026-11-23 00:00"))
        #expect(throws: StorageError.self) {
            try database.apply(.addItem(checklistID: 1, ItemDraft(text: "late", dueDate: Fixed.date("2026-11-22 09:00"),
                                                                  startDate: Fixed.date("2026-11-23 09:00"))), now: now)
        }
        try expectEqual(database.listedItems(checklistID: 1, includeChecked: true, dueFrom: nil, before: nil).map(\.item.text), ["report"])
    }

    @Test("not due until it starts: the Due view's items and count, list's --due window and status leave it out")
    func notDueBeforeItStarts() throws {
        let database = try database()
        _ = try add(database, ItemDraft(text: "overdue, started", dueDate: Fixed.date("2026-11-20 09:00"), startDate: Fixed.date("2026-11-19 00:00")))
        _ = try add(database, ItemDraft(text: "due today, starts at noon", dueDate: Fixed.date("2026-11-21 18:00"),
                                        startDate: Fixed.date("2026-11-21 12:00")))
        _ = try add(database, ItemDraft(text: "due today", dueDate: Fixed.date("2026-11-21 17:00")))
        let endOfToday = Fixed.date("2026-11-22 00:00")
        try expectEqual(database.pendingItems(dueBefore: endOfToday, startedBy: now, limit: 10).map(\.item.text), ["overdue, started", "due today"])
        try expectEqual(database.pendingCount(dueFrom: nil, before: endOfToday, startedBy: now), 2)
        // A cap counts the started ones only: the one not started is no part of it.
        try expectEqual(database.pendingCount(dueFrom: nil, before: endOfToday, startedBy: now, upTo: 1), 1)
        try expectEqual(database.pendingCount(dueFrom: nil, before: endOfToday, startedBy: now, upTo: 2), 2)
        try expectEqual(database.pendingCount(dueFrom: nil, before: endOfToday, startedBy: now, upTo: 3), 2)
        try expectEqual(database.pendingCount(dueFrom: now, before: endOfToday, startedBy: now), 1)
        let noon = Fixed.date("2026-11-21 12:00")
        try expectEqual(database.pendingItems(dueBefore: endOfToday, startedBy: noon, limit: 10).map(\.item.text), ["overdue, started", "due today", "due today, starts at noon"])
        try expectEqual(database.pendingCount(dueFrom: nil, before: endOfToday, startedBy: noon), 3)
        // Without a window every item is listed, started or not.
        try expectEqual(database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: nil).count, 3)
        try expectEqual(database.listedItems(checklistID: nil, includeChecked: false, dueFrom: nil, before: endOfToday, startedBy: now).count, 2)
        try expectEqual(database.nextStart(after: now), noon)
        #expect(try database.nextStart(after: noon) == nil)
    }

    @Test("checking off a repeating item moves its start with its due date; undo puts both back")
    func repeatMovesStart() throws {
        let database = try database()
        let id = try add(database, ItemDraft(text: "timesheet", dueDate: Fixed.date("2026-11-20 17:00"), recurrence: .weeks(1),
                                             startDate: Fixed.date("2026-11-16 08:00")))
        try database.apply(.setChecked(itemID: id, true), now: now)
        let item = try #require(try database.item(id: id))
        expectEqual(item.dueDate, Fixed.date("2026-11-27 17:00"))
        expectEqual(item.startDate, Fixed.date("2026-11-23 08:00"))
        #expect(!item.hasStarted(now: now))
        guard case .applied = try database.step(.undo, now: now) else { Issue.record("not undone"); return }
        try expectEqual(database.item(id: id)?.startDate, Fixed.date("2026-11-16 08:00"))
        try expectEqual(database.item(id: id)?.dueDate, Fixed.date("2026-11-20 17:00"))
    }

    @Test("v18 on a database of v17: items keep everything and have no start")
    func migratesFromVersion17() throws {
        let path = folder.file("old.sqlite")
        do {
            let queue = try olderDatabase(at: path, upTo: "v17: tags")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO checklist (id, name) VALUES (1, 'List');
                    INSERT INTO item (id, checklistID, text, uid, dueAt, tags) VALUES (1, 1, 'mine', 'u1', 1795338000, 'work');
                    INSERT INTO preference (key, value) VALUES ('initialized', '1');
                    """)
            }
        }
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false), options: .init(busyTimeout: 1))
        let item = try #require(try database.item(id: 1))
        #expect(item.startDate == nil)
        expectEqual(item.tags, ["work"])
        expectEqual(item.dueDate, Date(timeIntervalSince1970: 1_795_338_000))
    }
}
