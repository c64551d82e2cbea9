import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

/// An item's start in the JSON export: written as `due` is, absent without
/// one (older files and items without a start are unchanged), and refused
/// at its place in the file when the item cannot have it.
@Suite("start dates in the export and import")
struct StartDateExportTests {
    let source = Harness()
    let target = Harness(uidPrefix: "target-")

    private func export(_ harness: Harness) -> String {
        harness.lines { context in try ExportImportCommands.export(context: context) }.joined(separator: "\n")
    }

    private func importText(_ text: String, into harness: Harness) -> CommandLineError? {
        let file = harness.folder.file("import.json")
        try? Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return harness.run { context in try ExportImportCommands.importFile(path: file, replace: false, context: context) }
    }

    /// A file of one item whose members after `text` are `members`.
    private func file(_ members: String) -> String {
        """
        {
          "format": "checklists",
          "version": 3,
          "lists": [
            {"id": 1, "name": "List", "items": [
              {"id": 1, "text": "Timesheet", \(members)}
            ]}
          ]
        }
        """
    }

    @Test("a start, of an item that repeats or not, is written after the due date and comes back from a round trip; none writes nothing")
    func roundTrip() throws {
        let database = try source.database()
        let report = source.add("Report", due: "2026-11-27 17:00")
        let timesheet = source.add("Timesheet", due: "2026-11-27 17:00", repeatRule: "weekly")
        let plain = source.add("Plain", due: "2026-11-27 17:00")
        for (id, start) in [(report, "2026-11-25 00:00"), (timesheet, "2026-11-23 09:00")] {
            var draft = try #require(try database.item(id: id)).draft
            draft.startDate = Fixed.date(start)
            try database.apply(.updateItem(id: id, draft), now: Fixed.now)
        }
        let text = export(source)
        #expect(text.contains(#"{"id": 1, "text": "Report", "due": "2026-11-27T17:00:00+00:00", "start": "2026-11-25T00:00:00+00:00", "checked": false"#),
                "\(text)")
        #expect(text.contains(#""text": "Timesheet", "due": "2026-11-27T17:00:00+00:00", "start": "2026-11-23T09:00:00+00:00", "checked""#))
        #expect(text.contains(#"{"id": 3, "text": "Plain", "due": "2026-11-27T17:00:00+00:00", "checked""#))
        #expect(!text.components(separatedBy: "\n").contains { $0.contains("Plain") && $0.contains("start") })
        #expect(importText(text, into: target) == nil)
        try expectEqual(target.item(timesheet)?.startDate, Fixed.date("2026-11-23 09:00"))
        #expect(try target.item(plain)?.startDate == nil)
        try expectEqual(target.database().snapshot(), database.snapshot())
        expectEqual(export(target), text)
    }

    @Test("a file without starts (an older export) imports as items without one")
    func olderFile() throws {
        #expect(importText(file(#""due": "2026-11-27T17:00:00+00:00""#), into: target) == nil)
        #expect(try target.item(1)?.startDate == nil)
        #expect(importText(file(#""due": null, "start": null"#), into: Harness()) == nil)
    }

    @Test("a start the item cannot have is refused where it is in the file, and nothing is imported", arguments: [
        (#""due": "2026-11-27T17:00:00+00:00", "start": "2026-11-28T09:00:00+00:00""#,
         "import.json:6:83: item 1: the start is not before the due date: move the start or the due date"),
        (#""due": "2026-11-27T17:00:00+00:00", "repeat": "FREQ=WEEKLY", "start": "2026-11-20T09:00:00+00:00""#,
         "import.json:6:108: item 1: a repeating item must start before it is due and less than one repeat before: move the start"),
        (#""due": "2026-11-27T17:00:00+00:00", "start": "2026-11-23T09:00:30+00:00""#,
         "import.json:6:83: item 1: starts are whole minutes (seconds must be 00)"),
        (#""due": "2026-11-27T17:00:00+00:00", "start": "Monday""#,
         #"import.json:6:83: item 1: start must be a date like "2026-12-24T18:00:00+01:00" (years 1970-9999, with its UTC offset)"#),
    ])
    func refused(members: String, message: String) throws {
        _ = try target.database()
        let before = try target.database().snapshot()
        let error = importText(file(members), into: target)
        expectEqual(error?.exitStatus, 2)
        expectEqual(error?.description, target.folder.path + "/" + message + "; nothing was imported")
        try expectEqual(target.database().snapshot(), before)
    }

    @Test("a start without a due date is kept")
    func withoutDue() throws {
        #expect(importText(file(#""start": "2026-11-30T08:00:00+00:00""#), into: target) == nil)
        try expectEqual(target.item(1)?.startDate, Fixed.date("2026-11-30 08:00"))
        #expect(try target.item(1)?.dueDate == nil)
    }
}
