import Foundation
import Testing
@testable import ChecklistsModel
import TestSupport

/// The reminder rule, case by case: the pure rule, then the database that
/// stores its answer. Times are passed in; nothing sleeps.
@Suite("Reminder rule")
struct ReminderRuleTests {
    let now = Fixed.now
    let ahead = Fixed.now.addingTimeInterval(3600)
    let past = Fixed.now.addingTimeInterval(-60)

    @Test("a reminder exists exactly when Remind Me is on, the item is not checked, and it is due ahead")
    func rule() {
        expectEqual(ReminderRule.reminderDate(shouldRemind: true, isChecked: false, dueDate: ahead, now: now), ahead)
        #expect(ReminderRule.reminderDate(shouldRemind: false, isChecked: false, dueDate: ahead, now: now) == nil)
        #expect(ReminderRule.reminderDate(shouldRemind: true, isChecked: true, dueDate: ahead, now: now) == nil)
        #expect(ReminderRule.reminderDate(shouldRemind: true, isChecked: false, dueDate: past, now: now) == nil)
        #expect(ReminderRule.reminderDate(shouldRemind: true, isChecked: false, dueDate: now, now: now) == nil)
    }

    @Test("a reminder at 09:00 local stays at 09:00 local across a DST change")
    func dst() {
        // 09:00 in Berlin on the Saturday before and the Monday after the
        // change of 29 March 2026: both are 09:00 wall time, 49 hours apart.
        let style = DueDateStyle(locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let saturday = Fixed.date("2026-03-28 09:00", timeZone: "Europe/Berlin")
        let monday = DatePickerMath.adding(2, to: .day, of: saturday, calendar: style.calendar)
        expectEqual(monday.timeIntervalSince(saturday), 47 * 3600)
        expectEqual(style.format(monday), "30.03.2026, 09:00")
        expectEqual(ReminderRule.reminderDate(shouldRemind: true, isChecked: false, dueDate: monday, now: saturday), monday)
    }
}

@Suite("Reminders in the database")
struct ReminderStorageTests {
    let folder = TemporaryFolder()
    let now = Fixed.now
    let ahead = Fixed.now.addingTimeInterval(3600)

    func setUp() throws -> (ChecklistsDatabase, Int64) {
        let database = try ChecklistsDatabase.temporary(in: folder)
        return (database, try database.checklistSummaries()[0].id)
    }

    func add(_ database: ChecklistsDatabase, _ list: Int64, due: Date, remind: Bool = true) throws -> Int64 {
        guard case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: "call", dueDate: due, shouldRemind: remind)), now: now) else {
            throw StorageError.notFound(what: "the new item")
        }
        return id
    }

    @Test("1, 2: adding with Remind Me and a future date schedules; a past date or Remind Me off schedules nothing")
    func adding() throws {
        let (database, list) = try setUp()
        let scheduled = try add(database, list, due: ahead)
        let pastDue = try add(database, list, due: now.addingTimeInterval(-3600))
        let off = try add(database, list, due: ahead, remind: false)
        try expectEqual(database.reminderDate(ofItem: scheduled), ahead)
        #expect(try database.reminderDate(ofItem: pastDue) == nil)
        #expect(try database.reminderDate(ofItem: off) == nil)
        try expectEqual(database.nextReminderDate(), ahead)
        folder.remove()
    }

    @Test("3: editing: off→on schedules, on→off cancels, a new date moves it, the same date keeps it, off stays off")
    func editing() throws {
        let (database, list) = try setUp()
        let id = try add(database, list, due: ahead, remind: false)
        try database.apply(.updateItem(id: id, ItemDraft(text: "call", dueDate: ahead, shouldRemind: true)), now: now)
        try expectEqual(database.reminderDate(ofItem: id), ahead)
        let later = ahead.addingTimeInterval(600)
        try database.apply(.updateItem(id: id, ItemDraft(text: "call", dueDate: later, shouldRemind: true)), now: now)
        try expectEqual(database.reminderDate(ofItem: id), later)
        // Same date, other text: kept. Delivered, then edited again: not again.
        try database.apply(.updateItem(id: id, ItemDraft(text: "call mum", dueDate: later, shouldRemind: true)), now: now)
        try expectEqual(database.reminderDate(ofItem: id), later)
        try expectEqual(database.claimDueReminders(now: later).map(\.item.id), [id])
        try database.apply(.updateItem(id: id, ItemDraft(text: "call mum!", dueDate: later, shouldRemind: true)), now: later)
        #expect(try database.reminderDate(ofItem: id) == nil)
        try database.apply(.updateItem(id: id, ItemDraft(text: "x", dueDate: later.addingTimeInterval(3600), shouldRemind: false)), now: later)
        #expect(try database.reminderDate(ofItem: id) == nil)
        try database.apply(.updateItem(id: id, ItemDraft(text: "y", dueDate: later.addingTimeInterval(7200), shouldRemind: false)), now: later)
        #expect(try database.reminderDate(ofItem: id) == nil)
        folder.remove()
    }

    @Test("4: deleting the item, or its whole checklist, cancels the reminders")
    func deleting() throws {
        let (database, list) = try setUp()
        let id = try add(database, list, due: ahead)
        try database.apply(.deleteItem(id: id), now: now)
        #expect(try database.nextReminderDate() == nil)
        guard case let .checklist(other) = try database.apply(.addChecklist(name: "Other", icon: .none), now: Fixed.now) else { Issue.record("the change did not return the new id"); return }
        _ = try add(database, other, due: ahead)
        _ = try add(database, other, due: ahead.addingTimeInterval(60))
        try expectEqual(database.nextReminderDate(), ahead)
        try database.apply(.deleteChecklist(id: other), now: now)
        #expect(try database.nextReminderDate() == nil)
        #expect(try database.claimDueReminders(now: ahead.addingTimeInterval(86_400)).isEmpty)
        folder.remove()
    }

    @Test("5: checking off cancels; unchecking schedules again while the date is ahead, not after")
    func checking() throws {
        let (database, list) = try setUp()
        let id = try add(database, list, due: ahead)
        try database.apply(.setChecked(itemID: id, true), now: now)
        #expect(try database.reminderDate(ofItem: id) == nil)
        try database.apply(.setChecked(itemID: id, false), now: now)
        try expectEqual(database.reminderDate(ofItem: id), ahead)
        try database.apply(.setChecked(itemID: id, true), now: now)
        try database.apply(.setChecked(itemID: id, false), now: ahead.addingTimeInterval(1))
        #expect(try database.reminderDate(ofItem: id) == nil)
        folder.remove()
    }

    @Test("a claim or a read that finds nothing due asks only for the earliest reminder; one that finds some reads them with their items")
    func nothingDueAsksOnlyTheEarliest() throws {
        let log = StatementLog()
        let database = try ChecklistsDatabase.traced(in: folder, name: "traced.sqlite", log: log)
        let list = try database.checklistSummaries()[0].id
        let id = try add(database, list, due: ahead)
        let joins = { log.statements.filter { $0.contains("FROM reminder JOIN item") }.count }
        log.clear()
        #expect(try database.claimDueReminders(now: now).isEmpty)
        #expect(try database.dueReminders(now: ahead.addingTimeInterval(-1)).isEmpty)
        expectEqual(joins(), 0)
        expectEqual(log.statements.filter { $0.contains("MIN(fireAt)") }.count, 2)
        try expectEqual(database.dueReminders(now: ahead).map(\.item.id), [id])
        try expectEqual(database.claimDueReminders(now: ahead).map(\.item.id), [id])
        expectEqual(joins(), 2)
        // Claimed: the earliest is gone, and nothing is read again.
        #expect(try database.claimDueReminders(now: ahead).isEmpty)
        expectEqual(joins(), 2)
        folder.remove()
    }

    @Test("6: reminders live in the database and survive a restart")
    func restart() throws {
        let (database, list) = try setUp()
        let id = try add(database, list, due: ahead)
        _ = database
        let reopened = try ChecklistsDatabase.temporary(in: folder)
        try expectEqual(reopened.nextReminderDate(), ahead)
        try expectEqual(reopened.claimDueReminders(now: ahead).map(\.item.id), [id])
        folder.remove()
    }

    @Test("claiming delivers each reminder once, even from two connections; many due together are all claimed")
    func exactlyOnce() throws {
        let (database, list) = try setUp()
        var ids: [Int64] = []
        for minute in 0..<1000 {
            ids.append(try add(database, list, due: ahead.addingTimeInterval(Double(minute % 3) * 60)))
        }
        let other = try ChecklistsDatabase.temporary(in: folder)
        let first = try database.claimDueReminders(now: ahead.addingTimeInterval(120))
        let second = try other.claimDueReminders(now: ahead.addingTimeInterval(120))
        expectEqual(first.count, 1000)
        #expect(second.isEmpty)
        expectEqual(Set(first.map(\.item.id)), Set(ids))
        #expect(first.allSatisfy { $0.checklistName == "List" })
        folder.remove()
    }

    @Test("a clock that jumps back never delivers twice; one that jumps forward delivers what became due")
    func clockJumps() throws {
        let (database, list) = try setUp()
        let id = try add(database, list, due: ahead)
        try expectEqual(database.claimDueReminders(now: ahead.addingTimeInterval(7200)).map(\.item.id), [id])
        #expect(try database.claimDueReminders(now: ahead).isEmpty)
        #expect(try database.claimDueReminders(now: ahead.addingTimeInterval(7200)).isEmpty)
        folder.remove()
    }

    @Test("snoozing fires the reminder again later and keeps the due date")
    func snooze() throws {
        let (database, list) = try setUp()
        let id = try add(database, list, due: ahead)
        _ = try database.claimDueReminders(now: ahead)
        let later = ahead.addingTimeInterval(300)
        try database.apply(.snooze(itemID: id, until: later), now: ahead)
        #expect(try database.claimDueReminders(now: ahead.addingTimeInterval(299)).isEmpty)
        try expectEqual(database.claimDueReminders(now: later).map(\.item.id), [id])
        try expectEqual(database.item(id: id)?.dueDate, ahead)
        folder.remove()
    }
}

@Suite("Reminders across time zones and DST")
struct ReminderTimeZoneTests {
    let folder = TemporaryFolder()

    @Test("09:00 in New York stays 09:00 across the November fall-back: one day later is 25 hours later")
    func newYorkFallBack() {
        let style = DueDateStyle(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!)
        let saturday = Fixed.date("2026-10-31 09:00", timeZone: "America/New_York")
        let sunday = DatePickerMath.adding(1, to: .day, of: saturday, calendar: style.calendar)
        expectEqual(sunday.timeIntervalSince(saturday), 25 * 3600)
        #expect(style.format(sunday) == "Nov 1, 2026 at 9:00 AM" || style.format(sunday) == "Nov 1, 2026, 9:00 AM")
        expectEqual(ReminderRule.reminderDate(shouldRemind: true, isChecked: false, dueDate: sunday, now: saturday), sunday)
    }

    @Test("a due date is an instant: set in Berlin, the reminder fires at the same moment when the next run is in New York, shown in New York time")
    func timeZoneChangeBetweenRuns() throws {
        let berlin = DueDateStyle(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let newYork = DueDateStyle(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!)
        let now = Fixed.now
        let nineInBerlin = try DueDateParser(calendar: berlin.calendar).parse("2026-11-22 09:00", now: now).get()
        expectEqual(nineInBerlin, Fixed.date("2026-11-22 08:00"))
        do {
            let database = try ChecklistsDatabase.temporary(in: folder)
            let list = try database.checklistSummaries()[0].id
            try database.apply(.addItem(checklistID: list, ItemDraft(text: "call", dueDate: nineInBerlin, shouldRemind: true)), now: now)
        }
        // The next run, with TZ=America/New_York.
        let database = try ChecklistsDatabase.temporary(in: folder)
        try expectEqual(database.nextReminderDate(), nineInBerlin)
        let item = try #require(try database.itemsPage(checklistID: database.checklistSummaries()[0].id, sortOrder: .added, offset: 0, limit: 1).items.first)
        let due = try #require(item.dueDate)
        expectEqual(newYork.calendar.component(.hour, from: due), 3)
        #expect(newYork.format(due).contains("3:00 AM"))
        #expect(try database.claimDueReminders(now: nineInBerlin.addingTimeInterval(-1)).isEmpty)
        try expectEqual(database.claimDueReminders(now: nineInBerlin).map(\.item.text), ["call"])
        folder.remove()
    }

    @Test("a wall time that does not exist on the spring-forward day becomes the first moment after the change, never one before it")
    func springForwardGap() throws {
        let style = DueDateStyle(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!)
        let now = Fixed.date("2027-03-13 12:00", timeZone: "America/New_York")
        // 02:30 on 14 March 2027 does not exist in New York (02:00 → 03:00).
        let date = try DueDateParser(calendar: style.calendar).parse("2027-03-14 02:30", now: now).get()
        expectEqual(date, Fixed.date("2027-03-14 03:00", timeZone: "America/New_York"), "\(style.format(date))")
    }
}
