import Foundation
import Testing
import GRDB
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

@Suite("list, lists, new-list, delete-list, status on a real database")
struct ListingTests {
    let harness = Harness()

    /// Now is Saturday 21 November 2026, 10:30 UTC.
    private func fill() throws {
        let database = try harness.database()
        try database.apply(.addChecklist(name: "Groceries", icon: .groceries), now: Fixed.now)
        _ = harness.add("Pay rent", list: "List", due: "2026-11-20 09:00")                       // 1: overdue since yesterday
        _ = harness.add("Stand-up", list: "List", due: "2026-11-21 09:00")                       // 2: overdue since this morning
        _ = harness.add("Milk \u{1B}[2J", list: "Groceries", due: "2026-11-21 18:00", remind: true)  // 3: later today
        _ = harness.add("Dentist", list: "List", due: "2026-11-27 08:00")                        // 4: within the week
        _ = harness.add("Taxes", list: "List", due: "2026-11-28 09:00")                          // 5: after the week
        let done = harness.add("Old", list: "List", due: "2026-11-21 08:00")                     // 6: checked off
        harness.run { context in try ItemCommands.setChecked(id: done, true, context: context) }
    }

    private func list(list: String? = nil, due: DueFilter? = nil, all: Bool = false, json: Bool = false) -> [String] {
        harness.lines { context in try ItemQueryCommands.list(list: list, due: due, all: all, json: json, context: context) }
    }

    @Test("list: pending items by due date; id, a ! for overdue, the local due date, list, text; control characters as stand-ins")
    func listAll() throws {
        try fill()
        expectEqual(list(), [
            "1  !  Nov 20, 2026, 9:00 AM  List       Pay rent",
            "2  !  Nov 21, 2026, 9:00 AM  List       Stand-up",
            "3     Nov 21, 2026, 6:00 PM  Groceries  Milk ␛[2J",
            "4     Nov 27, 2026, 8:00 AM  List       Dentist",
            "5     Nov 28, 2026, 9:00 AM  List       Taxes",
        ])
        #expect(list(all: true).contains("6  x  Nov 21, 2026, 8:00 AM  List       Old"))
        expectEqual(list(all: true).count, 6)
    }

    @Test("--due today is midnight to midnight; overdue is everything due by now; week is today and the next 6 days")
    func dueWindows() throws {
        try fill()
        let ids = { (lines: [String]) in lines.map { $0.split(separator: " ")[0] } }
        expectEqual(ids(list(due: .today)), ["2", "3"])
        expectEqual(ids(list(due: .today, all: true)), ["6", "2", "3"])
        expectEqual(ids(list(due: .overdue)), ["1", "2"])
        expectEqual(ids(list(due: .overdue, all: true)), ["1", "2"])
        expectEqual(ids(list(due: .week)), ["2", "3", "4"])
        expectEqual(ids(list(list: "groceries")), ["3"])
        expectEqual(ids(list(list: "List", due: .overdue)), ["1", "2"])
    }

    @Test("today follows the user's time zone")
    func todayInTimeZone() throws {
        try fill()
        // In Tokyo it is already 19:30 on the 21st: 18:00 UTC is 03:00 on the 22nd there.
        harness.style = DueDateStyle(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        expectEqual(list(due: .today).map { $0.split(separator: " ")[0] }, ["2"])
    }

    @Test("list --json: the documented shape, ISO 8601 dates with the user's offset, control characters escaped")
    func listJSON() throws {
        try fill()
        harness.style = DueDateStyle(locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "Europe/Berlin")!)
        expectEqual(list(due: .today, json: true), [
            "[",
            #"  {"id": 2, "text": "Stand-up", "list": "List", "listId": 1, "due": "2026-11-21T10:00:00+01:00", "checked": false, "remind": false, "reminders": [], "nextReminder": null, "overdue": true, "repeat": null, "lastDone": null, "note": "", "priority": "none", "tags": [], "start": null, "parent": null},"#,
            #"  {"id": 3, "text": "Milk \u001b[2J", "list": "Groceries", "listId": 2, "due": "2026-11-21T19:00:00+01:00", "checked": false, "remind": true, "reminders": [{"before": "0m"}], "nextReminder": "2026-11-21T19:00:00+01:00", "overdue": false, "repeat": null, "lastDone": null, "note": "", "priority": "none", "tags": [], "start": null, "parent": null}"#,
            "]",
        ])
        expectEqual(list(list: "Groceries", due: .overdue, json: true), ["[]"])
    }

    @Test("list --list with an unknown name: exit 1")
    func listUnknown() throws {
        try fill()
        let error = harness.run { context in try ItemQueryCommands.list(list: "Work", due: nil, all: false, json: false, context: context) }
        expectEqual(error?.exitStatus, 1)
        expectEqual(error?.description, #"no list is named "Work"; the lists are "Groceries", "List""#)
    }

    @Test("status: due later today and overdue, in one short line; nothing due says so")
    func status() throws {
        _ = try harness.database()
        #expect(harness.lines { context in try ItemQueryCommands.status(context: context) } == ["nothing due"])
        try fill()
        #expect(harness.lines { context in try ItemQueryCommands.status(context: context) } == ["1 due today, 2 overdue"])
        harness.now = Fixed.date("2026-11-21 19:00")
        #expect(harness.lines { context in try ItemQueryCommands.status(context: context) } == ["3 overdue"])
        harness.now = Fixed.date("2026-11-19 12:00")
        #expect(harness.lines { context in try ItemQueryCommands.status(context: context) } == ["nothing due"])
        harness.now = Fixed.date("2026-11-20 08:00")
        #expect(harness.lines { context in try ItemQueryCommands.status(context: context) } == ["1 due today"])
    }

    @Test("status stops counting at 999: a big backlog costs no more than a small one")
    func statusCap() throws {
        let database = try harness.database()
        let list = try database.checklists()[0].id
        try database.applyAll((0..<1_001).map { index in
            .addItem(checklistID: list, ItemDraft(text: "old \(index)", dueDate: Fixed.date("2026-11-01 09:00")))
        } + (0..<999).map { index in
            .addItem(checklistID: list, ItemDraft(text: "today \(index)", dueDate: Fixed.date("2026-11-21 20:00")))
        }, now: Fixed.now)
        #expect(harness.lines { context in try ItemQueryCommands.status(context: context) } == ["999 due today, 999+ overdue"])
    }

    @Test("lists: names in All Lists order with the app's detail; --json with ids and counts")
    func lists() throws {
        try fill()
        try harness.database().apply(.addChecklist(name: "List 10", icon: .none), now: Fixed.now)
        try harness.database().apply(.addChecklist(name: "日本語", icon: .trips), now: Fixed.now)
        #expect(harness.lines { context in try ChecklistCommands.lists(json: false, context: context) } == [
            "Groceries  1 Remaining",
            "List       4 Remaining",
            "List 10    (No Items)",
            "日本語     (No Items)",
        ])
        #expect(harness.lines { context in try ChecklistCommands.lists(json: true, context: context) } == [
            "[",
            #"  {"id": 2, "name": "Groceries", "icon": "groceries", "items": 1, "remaining": 1},"#,
            #"  {"id": 1, "name": "List", "icon": "none", "items": 5, "remaining": 4},"#,
            #"  {"id": 3, "name": "List 10", "icon": "none", "items": 0, "remaining": 0},"#,
            #"  {"id": 4, "name": "日本語", "icon": "trips", "items": 0, "remaining": 0}"#,
            "]",
        ])
    }

    @Test("new-list makes a list with its icon; blank names, unknown icons and names in use are refused (exit 2)")
    func newList() throws {
        #expect(harness.run { context in try ChecklistCommands.newList(name: "Trips", icon: "Trips", context: context) } == nil)
        try expectEqual(harness.database().checklists().map(\.icon), [.none, .trips])
        let refusals: [(String, String?, String)] = [
            (" ", nil, "the list name is empty; give some text"),
            ("Home", "house", "--icon: there is no icon \"house\"; choose one of none, appointments, birthdays, chores, drinks, folder, groceries, inbox, photos, trips"),
            ("trips ", nil, "a list named \"Trips\" already exists; choose another name"),
        ]
        for (name, icon, message) in refusals {
            let error = harness.run { context in try ChecklistCommands.newList(name: name, icon: icon, context: context) }
            expectEqual(error?.exitStatus, 2)
            expectEqual(error?.description, message)
        }
        try expectEqual(harness.database().checklists().count, 2)
    }

    @Test("delete-list deletes the list, its items and their reminders; unknown is exit 1; two of one name are not guessed between")
    func deleteList() throws {
        try fill()
        #expect(harness.run { context in try ChecklistCommands.deleteList(name: "groceries", context: context) } == nil)
        try expectEqual(harness.database().checklists().map(\.name), ["List"])
        #expect(try harness.item(3) == nil)
        #expect(try harness.database().nextReminderDate() == nil)
        #expect(harness.run { context in try ChecklistCommands.deleteList(name: "Groceries", context: context) }?.exitStatus == 1)
        // The app allows two lists of one name.
        // Two of one name come from a sync or an older database; no command makes them.
        try harness.database().writeWithoutHistoryForTesting("INSERT INTO checklist (name) VALUES ('Twin'), ('Twin')")
        let error = harness.run { context in try ChecklistCommands.deleteList(name: "Twin", context: context) }
        expectEqual(error?.exitStatus, 2)
        expectEqual(error?.description, #"2 lists are named "Twin" (ids 3, 4); rename one in the app to tell them apart"#)
        try expectEqual(harness.database().checklists().count, 3)
    }

    @Test("a database other users can read: a notice for stderr at each read until a change records it, then once more and no more; the output is unchanged")
    func openToOthersNotice() {
        _ = harness.add("Milk", due: "2026-11-22 09:00")
        chmod(harness.path, 0o604)
        // A read writes nothing, so it cannot record that it said so.
        let untilSaved = "other users can read \(harness.path) (mode 604); chmod 600 it to keep your lists private (said until a change is saved)"
        let firstOutput = harness.lines { context in try ItemQueryCommands.list(list: nil, due: nil, all: false, json: false, context: context) }
        expectEqual(harness.notices, [untilSaved])
        let secondOutput = harness.lines { context in try ItemQueryCommands.list(list: nil, due: nil, all: false, json: false, context: context) }
        expectEqual(harness.notices, [untilSaved, untilSaved])
        // A change records it (said once); reads after it say nothing.
        _ = harness.add("Eggs", due: "2026-11-22 10:00")
        expectEqual(harness.notices.count, 3)
        expectEqual(harness.notices.last, "other users can read \(harness.path) (mode 604); chmod 600 it to keep your lists private (said once)")
        let thirdOutput = harness.lines { context in try ItemQueryCommands.list(list: nil, due: nil, all: false, json: false, context: context) }
        expectEqual(harness.notices.count, 3)
        expectEqual(firstOutput, secondOutput)
        expectEqual(firstOutput.count, 1)
        expectEqual(thirdOutput.count, 2)
    }

    @Test("a file that is not a database: exit 3 with the storage message, and the file is left untouched")
    func notADatabase() throws {
        try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: harness.path))
        let commands: [(CommandLineContext) throws -> Void] = [
            { context in try ItemQueryCommands.status(context: context) },
            { context in try ItemCommands.add(text: "x", list: "List", due: nil, remind: false, context: context) },
            { context in try ExportImportCommands.export(context: context) },
        ]
        for command in commands {
            let error = harness.run(command)
            expectEqual(error?.exitStatus, 3)
            expectEqual(error?.description.contains("is not a Checklists database"), true)
        }
        try expectEqual(Data(contentsOf: URL(fileURLWithPath: harness.path)), Data("not a database\n".utf8))
    }

    @Test("a database locked by another writer: exit 3 with the storage message, nothing changed")
    func locked() throws {
        _ = harness.add("Keep", due: "tomorrow 9:00")
        let holder = try DatabaseQueue(path: harness.path)
        var error: CommandLineError?
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            error = harness.run { context in try ItemCommands.add(text: "x", list: "List", due: nil, remind: false, context: context) }
            try db.execute(sql: "ROLLBACK")
        }
        expectEqual(error?.exitStatus, 3)
        expectEqual(error?.description.contains("is locked by another program"), true)
        try expectEqual(harness.database().checklistSummaries()[0].itemCount, 1)
    }
}

@Suite("The process's environment")
struct ProcessEnvironmentTests {
    @Test("read from environ, it is Foundation's dictionary")
    func sameAsFoundation() {
        setenv("CHECKLISTS_TEST_ÉTÉ", "a=b=c ünï", 1)
        setenv("CHECKLISTS_TEST_EMPTY", "", 1)
        defer { unsetenv("CHECKLISTS_TEST_ÉTÉ"); unsetenv("CHECKLISTS_TEST_EMPTY") }
        let read = ProcessEnvironment.read()
        expectEqual(read, ProcessInfo.processInfo.environment)
        expectEqual(read["CHECKLISTS_TEST_ÉTÉ"], "a=b=c ünï")
        expectEqual(read["CHECKLISTS_TEST_EMPTY"], "")
    }
}
