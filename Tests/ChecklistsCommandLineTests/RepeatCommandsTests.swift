import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

/// Repeating items through the command line, on a real database at
/// Saturday 21 November 2026, 10:30 UTC.
@Suite("repeating items: add and edit --repeat, done, list --json, export and import")
struct RepeatCommandsTests {
    let harness = Harness()

    @Test("add --repeat stores the rule; done moves the item to its next due date and keeps it open; list --json shows both as RRULE and lastDone")
    func addAndDone() throws {
        let id = harness.add("Water plants", due: "today 9:00", repeatRule: "every 2 days")
        try expectEqual(harness.item(id)?.recurrence, .days(2))
        harness.run { context in try ItemCommands.setChecked(id: id, true, context: context) }
        let item = try #require(try harness.item(id))
        expectEqual(item.isChecked, false)
        expectEqual(item.dueDate, Fixed.date("2026-11-23 09:00"))
        #expect(harness.lines { context in try ItemQueryCommands.list(list: nil, due: nil, all: false, json: true, context: context) } == [
            "[",
            #"  {"id": 1, "text": "Water plants", "list": "List", "listId": 1, "due": "2026-11-23T09:00:00+00:00", "checked": false, "remind": false, "reminders": [], "nextReminder": null, "overdue": false, "repeat": "FREQ=DAILY;INTERVAL=2", "lastDone": "2026-11-21T10:30:00+00:00", "note": "", "priority": "none", "tags": [], "start": null, "parent": null}"#,
            "]",
        ])
    }

    @Test("edit --repeat and --no-repeat; a repeat needs a due date; unknown repeats are refused (exit 2)")
    func edit() throws {
        let id = harness.add("Bins", due: "2026-11-23 07:00")
        #expect(harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, repeat: "FREQ=WEEKLY", context: context) } == nil)
        try expectEqual(harness.item(id)?.recurrence, .weeks(1))
        #expect(harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, noRepeat: true, context: context) } == nil)
        #expect(try harness.item(id)?.recurrence == nil)
        harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, repeat: "weekdays", context: context) }
        // --no-due takes the repeat with it.
        harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, noDue: true, remind: nil, context: context) }
        #expect(try harness.item(id)?.recurrence == nil)

        let errors: [(CommandLineContext) throws -> Void] = [
            { try ItemCommands.add(text: "x", list: "List", due: nil, remind: false, repeat: "daily", context: $0) },
            { try ItemCommands.add(text: "x", list: "List", due: "tomorrow", remind: false, repeat: "every 2 months", context: $0) },
            { try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, repeat: "daily", context: $0) },
            { try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, repeat: "daily", noRepeat: true, context: $0) },
        ]
        let messages = errors.map { harness.run($0)?.description }
        expectEqual(messages, [
            "--repeat needs a due date: give --due too",
            #"--repeat: "every 2 months" is not a repeat; give daily, weekdays, weekly, monthly, yearly, "every N days" or "every N weeks""#,
            "item \(id) has no due date, and --repeat needs one: give --due too",
            "--repeat and --no-repeat contradict each other; give one",
        ])
        try expectEqual(harness.database().checklistSummaries()[0].itemCount, 1)
    }

    @Test("export carries the repeat as an RRULE, its start and when it was last done; import gives the same items back")
    func exportImport() throws {
        let id = harness.add("Rent", due: "2026-11-30 09:00", repeatRule: "monthly")
        harness.run { context in try ItemCommands.setChecked(id: id, true, context: context) }
        let exported = harness.lines { context in try ExportImportCommands.export(context: context) }
        #expect(exported.contains(#"      {"id": 1, "text": "Rent", "due": "2026-12-30T09:00:00+00:00", "checked": false, "remind": false, "reminder": null, "repeat": "FREQ=MONTHLY", "repeatStart": "2026-11-30T09:00:00+00:00", "lastDone": "2026-11-21T10:30:00+00:00", "position": 1, "uid": "uid-1", "modified": "2026-11-21T10:30:00+00:00"}"#))
        let target = Harness()
        let file = target.folder.file("in.json")
        try Data(exported.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        #expect(target.run { context in try ExportImportCommands.importFile(path: file, replace: false, context: context) } == nil)
        try expectEqual(target.database().snapshot(), harness.database().snapshot())
        // A rule this version cannot keep is refused with its place.
        let bad = exported.joined(separator: "\n").replacingOccurrences(of: "FREQ=MONTHLY", with: "FREQ=HOURLY")
        try Data(bad.utf8).write(to: URL(fileURLWithPath: file))
        let error = target.run { context in try ExportImportCommands.importFile(path: file, replace: true, context: context) }
        expectEqual(error?.exitStatus, 2)
        expectEqual(error?.description.contains(#"item 1: repeat "FREQ=HOURLY" is not a rule this version keeps"#), true)
    }
}
