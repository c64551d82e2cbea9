import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

/// Items without a due date through the command line, on a real database
/// at Saturday 21 November 2026, 10:30 UTC.
@Suite("undated items: add, edit --no-due, list, JSON, export and import")
struct UndatedCommandsTests {
    let harness = Harness()

    private func list(all: Bool = false, json: Bool = false, due: DueFilter? = nil) -> [String] {
        harness.lines { context in try ItemQueryCommands.list(list: nil, due: due, all: all, json: json, context: context) }
    }

    @Test("add without --due makes an undated item; list shows it after the dated ones with an empty date column, and in no window")
    func listUndatedLast() throws {
        let someday = harness.add("Someday")
        _ = harness.add("Rent", due: "2026-11-20 09:00")
        _ = harness.add("Later", due: "2026-11-27 09:00")
        #expect(try harness.item(someday)?.dueDate == nil)
        expectEqual(list(), [
            "2  !  Nov 20, 2026, 9:00 AM  List  Rent",
            "3     Nov 27, 2026, 9:00 AM  List  Later",
            "1                            List  Someday",
        ])
        expectEqual(list(due: .week).map { $0.split(separator: " ")[0] }, ["3"])
        expectEqual(list(json: true).suffix(2), [
            #"  {"id": 1, "text": "Someday", "list": "List", "listId": 1, "due": null, "checked": false, "remind": false, "reminders": [], "nextReminder": null, "overdue": false, "repeat": null, "lastDone": null, "note": "", "priority": "none", "tags": [], "start": null, "parent": null}"#,
            "]",
        ])
    }

    @Test("edit --no-due clears the due date and Remind Me with its reminder; --remind needs a due date (exit 2, nothing changed)")
    func editNoDue() throws {
        let id = harness.add("Call", due: "tomorrow 9:00", remind: true)
        try expectEqual(harness.reminder(id), Fixed.date("2026-11-22 09:00"))
        #expect(harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, noDue: true, remind: nil, context: context) } == nil)
        let item = try #require(try harness.item(id))
        #expect(item.dueDate == nil)
        expectEqual(item.shouldRemind, false)
        #expect(try harness.reminder(id) == nil)

        let cases: [(String?, Bool, Bool?, String)] = [
            (nil, false, true, "item \(id) has no due date, and --remind needs one: give --due too"),
            (nil, true, true, "--remind needs a due date: give --due too"),
            ("tomorrow", true, nil, "--due and --no-due contradict each other; give one"),
        ]
        for (due, noDue, remind, message) in cases {
            let error = harness.run { context in try ItemCommands.edit(id: id, text: nil, due: due, noDue: noDue, remind: remind, context: context) }
            expectEqual(error?.exitStatus, 2)
            expectEqual(error?.description, message)
        }
        let addError = harness.run { context in try ItemCommands.add(text: "Ping", list: "List", due: nil, remind: true, context: context) }
        expectEqual(addError?.description, "--remind needs a due date: give --due too")
        try expectEqual(harness.database().checklistSummaries()[0].itemCount, 1)
        // A date given back brings the reminder back with --remind.
        harness.run { context in try ItemCommands.edit(id: id, text: nil, due: "tomorrow 9:00", remind: true, context: context) }
        try expectEqual(harness.reminder(id), Fixed.date("2026-11-22 09:00"))
    }

    @Test("export writes \"due\": null; import takes null or a missing due as no due date, and refuses Remind Me without one")
    func exportImportUndated() throws {
        let someday = harness.add("Someday")
        let exported = harness.lines { context in try ExportImportCommands.export(context: context) }
        #expect(exported.contains(#"      {"id": \#(someday), "text": "Someday", "due": null, "checked": false, "remind": false, "reminder": null, "position": 1, "uid": "uid-1", "modified": "2026-11-21T10:30:00+00:00"}"#))
        let target = Harness()
        let file = target.folder.file("in.json")
        func importing(_ items: String) -> CommandLineError? {
            let text = """
                {"format": "checklists", "version": 2, "lists": [{"id": 1, "name": "List", "items": [
                \(items)
                ]}]}
                """
            try? Data(text.utf8).write(to: URL(fileURLWithPath: file))
            return target.run { context in try ExportImportCommands.importFile(path: file, replace: true, context: context) }
        }
        #expect(importing(#"{"id": 1, "text": "a", "due": null}, {"id": 2, "text": "b"}"#) == nil)
        #expect(try target.item(1)?.dueDate == nil)
        #expect(try target.item(2)?.dueDate == nil)
        let error = importing(#"{"id": 3, "text": "c", "remind": true}"#)
        expectEqual(error?.description, file + #":2:34: item 3: "remind": true needs a due date (Remind Me reminds at the due date); nothing was imported"#)
        #expect(try target.item(1) != nil)
    }
}
