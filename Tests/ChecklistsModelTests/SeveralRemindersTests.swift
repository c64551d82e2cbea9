import Foundation
import Testing
import GRDB
@testable import ChecklistsModel
import TestSupport

/// Several reminders per item on a real SQLite file: each rings once,
/// is snoozed on its own, survives a restart and an undo, and v16 turns
/// what an older version stored into reminder rows without changing what
/// the user set.
@Suite("Several reminders per item on a real SQLite file")
struct SeveralRemindersTests {
    let folder = TemporaryFolder()
    let now = Fixed.now   // 2026-11-21 10:30 UTC

    func open(_ name: String = "test.sqlite") throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: folder.file(name), createsFolder: false), options: .init(busyTimeout: 1))
    }

    @discardableResult
    func add(_ database: ChecklistsDatabase, _ text: String, due: String?, reminders: [ReminderTime]) throws -> Int64 {
        let draft = ItemDraft(text: text, dueDate: due.map { Fixed.date($0) }, reminders: reminders)
        guard case let .item(id) = try database.apply(.addItem(checklistID: 1, draft), now: now) else {
            Issue.record("adding \(text) returned no id")
            return 0
        }
        return id
    }

    /// What a claim at `time` delivers, as "text reminder" pairs.
    func claim(_ database: ChecklistsDatabase, at time: String) throws -> [String] {
        try database.claimDueReminders(now: Fixed.date(time)).map { "\($0.item.text) \($0.reminder.code) \(Fixed.text($0.remindAt))" }
    }

    @Test("an item's reminders at the due time, a day and an hour before it and at a time of its own each ring once, in time order")
    func eachRingsOnce() throws {
        let database = try open()
        let id = try add(database, "Pay rent", due: "2026-11-25 09:00",
                         reminders: [.atDue, .beforeDue(minutes: 60), .beforeDue(minutes: 24 * 60), .at(Fixed.date("2026-11-22 18:00"))])
        try expectEqual(database.item(id: id)?.reminders, [.atDue, .beforeDue(minutes: 60), .beforeDue(minutes: 1440), .at(Fixed.date("2026-11-22 18:00"))])
        try expectEqual(database.nextReminderDate(), Fixed.date("2026-11-22 18:00"))
        try expectEqual(database.item(id: id)?.remindAt, Fixed.date("2026-11-22 18:00"))
        try expectEqual(claim(database, at: "2026-11-22 17:59"), [])
        try expectEqual(claim(database, at: "2026-11-22 18:00"), ["Pay rent a1795370400 2026-11-22 18:00"])
        try expectEqual(claim(database, at: "2026-11-22 18:00"), [])
        try expectEqual(database.nextReminderDate(), Fixed.date("2026-11-24 09:00"))
        // Asleep through two of them: both come at once, each once.
        try expectEqual(claim(database, at: "2026-11-25 08:30"), ["Pay rent b1440 2026-11-24 09:00", "Pay rent b60 2026-11-25 08:00"])
        try expectEqual(claim(database, at: "2026-11-25 09:00"), ["Pay rent b0 2026-11-25 09:00"])
        try expectEqual(claim(database, at: "2026-11-26 09:00"), [])
        #expect(try database.nextReminderDate() == nil)
        #expect(try database.item(id: id)?.remindAt == nil)
    }

    @Test("the notifier's way: read without claiming, record each delivered one alone; a snooze made meanwhile stands")
    func notifierRecordsEachOnItsOwn() throws {
        let database = try open()
        let id = try add(database, "Pay rent", due: "2026-11-25 09:00", reminders: [.atDue, .beforeDue(minutes: 60)])
        let due = try database.dueReminders(now: Fixed.date("2026-11-25 09:00"))
        expectEqual(due.map(\.reminder), [.beforeDue(minutes: 60), .atDue])
        // Another process snoozes the one at the due time before the notifier records.
        try database.apply(.snooze(itemID: id, until: Fixed.date("2026-11-25 09:10")), now: Fixed.date("2026-11-25 09:00"))
        try database.recordDelivered(due)
        try expectEqual(database.pendingReminders(ofItem: id), [.atDue: Fixed.date("2026-11-25 09:10")])
        try expectEqual(database.dueReminders(now: Fixed.date("2026-11-25 09:05")), [])
    }

    @Test("a reminder snoozed is moved alone: the others ring at their own times, and a text edit keeps the snooze")
    func snoozedOnItsOwn() throws {
        let database = try open()
        let id = try add(database, "Pay rent", due: "2026-11-25 09:00", reminders: [.atDue, .beforeDue(minutes: 60)])
        try expectEqual(claim(database, at: "2026-11-25 08:00"), ["Pay rent b60 2026-11-25 08:00"])
        try database.apply(.snooze(itemID: id, until: Fixed.date("2026-11-25 09:30"), reminder: .beforeDue(minutes: 60)), now: Fixed.date("2026-11-25 08:00"))
        try expectEqual(database.pendingReminders(ofItem: id), [.atDue: Fixed.date("2026-11-25 09:00"), .beforeDue(minutes: 60): Fixed.date("2026-11-25 09:30")])
        var draft = try #require(try database.item(id: id)).draft
        draft.text = "Pay the rent"
        try database.apply(.updateItem(id: id, draft), now: Fixed.date("2026-11-25 08:10"))
        try expectEqual(claim(database, at: "2026-11-25 09:00"), ["Pay the rent b0 2026-11-25 09:00"])
        try expectEqual(claim(database, at: "2026-11-25 09:30"), ["Pay the rent b60 2026-11-25 09:30"])
        try expectEqual(claim(database, at: "2026-11-26 09:30"), [])
    }

    @Test("a banner's snooze after the reminder was removed is refused and makes no row: nothing rings with the reminder off")
    func snoozeOfARemovedReminder() throws {
        let database = try open()
        let id = try add(database, "Pay rent", due: "2026-11-25 09:00", reminders: [.atDue, .beforeDue(minutes: 60)])
        try expectEqual(claim(database, at: "2026-11-25 08:00"), ["Pay rent b60 2026-11-25 08:00"])
        // The banner for the hour-before reminder is still up when the item is edited to drop it and Remind Me.
        var draft = try #require(try database.item(id: id)).draft
        draft.reminders = []
        try database.apply(.updateItem(id: id, draft), now: Fixed.date("2026-11-25 08:01"))
        #expect(throws: StorageError.notFound(what: "the reminder")) {
            try database.apply(.snooze(itemID: id, until: Fixed.date("2026-11-25 08:10"), reminder: .beforeDue(minutes: 60)),
                               now: Fixed.date("2026-11-25 08:02"))
        }
        try expectEqual(database.pendingReminders(ofItem: id), [:])
        #expect(try database.item(id: id)?.remindAt == nil)
        try expectEqual(claim(database, at: "2026-11-26 09:00"), [])
    }

    @Test("pending reminders are in the file: another process after a restart claims each of them once")
    func survivesRestart() throws {
        do {
            let database = try open()
            try add(database, "Boiler", due: "2026-11-23 12:00", reminders: [.atDue, .beforeDue(minutes: 15)])
        }
        let reopened = try open()
        try expectEqual(reopened.nextReminderDate(), Fixed.date("2026-11-23 11:45"))
        try expectEqual(claim(reopened, at: "2026-11-23 12:00"), ["Boiler b15 2026-11-23 11:45", "Boiler b0 2026-11-23 12:00"])
        let again = try open()
        try expectEqual(claim(again, at: "2026-11-23 12:00"), [])
    }

    @Test("moving the due date moves the reminders before it; checking off cancels all, unchecking brings back those still ahead")
    func followTheRule() throws {
        let database = try open()
        let id = try add(database, "Dentist", due: "2026-11-25 09:00", reminders: [.beforeDue(minutes: 60), .at(Fixed.date("2026-11-21 12:00"))])
        var draft = try #require(try database.item(id: id)).draft
        draft.dueDate = Fixed.date("2026-11-26 10:00")
        try database.apply(.updateItem(id: id, draft), now: now)
        try expectEqual(database.pendingReminders(ofItem: id), [.beforeDue(minutes: 60): Fixed.date("2026-11-26 09:00"), .at(Fixed.date("2026-11-21 12:00")): Fixed.date("2026-11-21 12:00")])
        try database.apply(.setChecked(itemID: id, true), now: now)
        try expectEqual(database.pendingReminders(ofItem: id), [:])
        #expect(try database.item(id: id)?.remindAt == nil)
        try database.apply(.setChecked(itemID: id, false), now: Fixed.date("2026-11-22 08:00"))
        // The one at noon yesterday stays past: it is not rung late.
        try expectEqual(database.pendingReminders(ofItem: id), [.beforeDue(minutes: 60): Fixed.date("2026-11-26 09:00")])
        // Removing one removes its row; the other stays as it was.
        draft = try #require(try database.item(id: id)).draft
        draft.reminders = [.atDue]
        try database.apply(.updateItem(id: id, draft), now: Fixed.date("2026-11-22 08:00"))
        try expectEqual(database.pendingReminders(ofItem: id), [.atDue: Fixed.date("2026-11-26 10:00")])
    }

    @Test("undo of an added reminder takes its row away, redo puts it back; a reminder delivered since is no conflict")
    func undoAndRedo() throws {
        let database = try open()
        let id = try add(database, "Call mum", due: "2026-11-25 18:00", reminders: [.atDue])
        let atDue = Fixed.date("2026-11-25 18:00"), halfAnHourBefore = Fixed.date("2026-11-25 17:30")
        var draft = try #require(try database.item(id: id)).draft
        draft.reminders = [.atDue, .beforeDue(minutes: 30)]
        try database.apply(.updateItem(id: id, draft), now: now)
        try expectEqual(database.pendingReminders(ofItem: id), [.atDue: atDue, .beforeDue(minutes: 30): halfAnHourBefore])
        guard case .applied = try database.step(.undo, now: now) else { Issue.record("undo refused"); return }
        try expectEqual(database.item(id: id)?.reminders, [.atDue])
        try expectEqual(database.pendingReminders(ofItem: id), [.atDue: atDue])
        try expectEqual(database.item(id: id)?.remindAt, atDue)
        // Nothing rang early, and the redo later on puts the row back.
        try expectEqual(claim(database, at: "2026-11-25 17:00"), [])
        guard case .applied = try database.step(.redo, now: Fixed.date("2026-11-25 17:00")) else { Issue.record("redo refused"); return }
        try expectEqual(database.item(id: id)?.reminders, [.atDue, .beforeDue(minutes: 30)])
        try expectEqual(database.pendingReminders(ofItem: id), [.atDue: atDue, .beforeDue(minutes: 30): halfAnHourBefore])
        try expectEqual(database.item(id: id)?.remindAt, halfAnHourBefore)
        try expectEqual(claim(database, at: "2026-11-25 18:00"), ["Call mum b30 2026-11-25 17:30", "Call mum b0 2026-11-25 18:00"])
    }

    @Test("v16 on a database of v14: Remind Me becomes one reminder at the due time, pending, snoozed or delivered as it was")
    func migratesFromVersion14() throws {
        let path = folder.file("old.sqlite")
        let past = Int64(Fixed.date("2026-11-20 09:00").timeIntervalSince1970)
        let due = Int64(Fixed.date("2026-11-25 09:00").timeIntervalSince1970)
        let snoozedTo = Int64(Fixed.date("2026-11-21 11:00").timeIntervalSince1970)
        do {
            let queue = try olderDatabase(at: path, upTo: "v14: calendar deleted on the server")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO checklist (id, name) VALUES (1, 'List');
                    INSERT INTO item (id, checklistID, text, dueAt, shouldRemind, remindAt, uid) VALUES
                        (1, 1, 'pending', \(due), 1, \(due), 'u1'),
                        (2, 1, 'snoozed', \(past), 1, \(snoozedTo), 'u2'),
                        (3, 1, 'delivered', \(past), 1, NULL, 'u3'),
                        (4, 1, 'off', \(due), 0, NULL, 'u4'),
                        (5, 1, 'delivered, still ahead', \(due), 1, NULL, 'u5');
                    INSERT INTO preference (key, value) VALUES ('initialized', '1');
                    """)
            }
        }
        let database = try open("old.sqlite")
        #expect(try (1...5).map { try database.item(id: $0)?.reminders } == [[.atDue], [.atDue], [.atDue], [], [.atDue]])
        try expectEqual(database.pendingReminders(ofItem: 1), [.atDue: Fixed.date("2026-11-25 09:00")])
        try expectEqual(database.pendingReminders(ofItem: 2), [.atDue: Fixed.date("2026-11-21 11:00")])
        try expectEqual(database.pendingReminders(ofItem: 3), [:])
        try expectEqual(database.pendingReminders(ofItem: 5), [:])
        try expectEqual(database.item(id: 2)?.remindAt, Fixed.date("2026-11-21 11:00"))
        // The snooze still rings at its end, and each rings once.
        try expectEqual(claim(database, at: "2026-11-21 11:00"), ["snoozed b0 2026-11-21 11:00"])
        try expectEqual(claim(database, at: "2026-11-25 09:00"), ["pending b0 2026-11-25 09:00"])
        try expectEqual(claim(database, at: "2026-11-30 09:00"), [])
        // A text edit of the one delivered does not ring it again.
        var draft = try #require(try database.item(id: 5)).draft
        draft.text = "edited"
        try database.apply(.updateItem(id: 5, draft), now: now)
        try expectEqual(database.pendingReminders(ofItem: 5), [:])
    }

    @Test("offsets read as typed: units, combinations, a time of day before the due day; nonsense is refused")
    func typedOffsets() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let due = Fixed.date("2026-11-25 17:00")
        expectEqual(["5m", "1h", "1d", "2w", "1d9h", "90 min", "2 days"].map { ReminderTime.parseBefore($0, dueDate: due, calendar: calendar) }, [5, 60, 1440, 20160, 1980, 90, 2880])
        expectEqual(ReminderTime.parseBefore("2 days before 9:00", dueDate: due, calendar: calendar), 2 * 1440 + 8 * 60)
        #expect(ReminderTime.parseBefore("0 days before 18:00", dueDate: due, calendar: calendar) == nil)   // after the due time
        expectEqual(["", "h", "1x", "-1h", "400d", "tomorrow"].map { ReminderTime.parseBefore($0, dueDate: due, calendar: calendar) }, Array(repeating: nil, count: 6))
        expectEqual([0, 15, 60, 1980, 20160, 10080 + 60].map(ReminderTime.shortOffset), ["0m", "15m", "1h", "1d9h", "2w", "7d1h"])
        expectEqual([60, 1980, 20160].map(ReminderTime.durationWords), ["1 hour", "1 day 9 hours", "2 weeks"])
    }
}
