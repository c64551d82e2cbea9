import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

/// `--note` on add and edit, `move`, and the note in JSON, the export and
/// iCalendar (DESCRIPTION), on a real database.
@Suite("notes and move from the command line")
struct NotesAndMoveCommandsTests {
    let harness = Harness()

    private func addHome() throws {
        try harness.database().apply(.addChecklist(name: "Home", icon: .chores), now: Fixed.now)
    }

    @Test("add --note stores the note, lines and all; edit --note changes it and --note '' clears it; list --json carries it")
    func noteOnAddAndEdit() throws {
        let printed = harness.lines { context in
            try ItemCommands.add(text: "Call the plumber", list: "List", due: nil, remind: false, note: "Ask about the boiler\nbefore Friday", context: context)
        }
        let id = try #require(Int64(printed.first ?? ""))
        try expectEqual(harness.item(id)?.note, "Ask about the boiler\nbefore Friday")
        #expect(harness.lines { context in try ItemQueryCommands.list(list: nil, due: nil, all: false, json: true, context: context) } == [
            "[",
            #"  {"id": 1, "text": "Call the plumber", "list": "List", "listId": 1, "due": null, "checked": false, "remind": false, "reminders": [], "nextReminder": null, "overdue": false, "repeat": null, "lastDone": null, "note": "Ask about the boiler\nbefore Friday", "priority": "none", "tags": [], "start": null, "parent": null}"#,
            "]",
        ])
        #expect(harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, note: "rye", context: context) } == nil)
        try expectEqual(harness.item(id)?.note, "rye")
        try expectEqual(harness.item(id)?.text, "Call the plumber")
        #expect(harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, note: "", context: context) } == nil)
        try expectEqual(harness.item(id)?.note, "")
    }

    @Test("a note with a NUL: one line, exit 2, nothing stored")
    func badNote() throws {
        let id = harness.add("Milk")
        let error = harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, note: "a\u{0}b", context: context) }
        expectEqual(error?.exitStatus, 2)
        expectEqual(error?.description, "--note: the note contains a NUL character (U+0000), which cannot be stored; remove it and try again")
        try expectEqual(harness.item(id)?.note, "")
    }

    @Test("move takes an item to another list by name, keeping id, due date, reminder and note; --json prints it")
    func move() throws {
        try addHome()
        let id = harness.add("Call the plumber", list: "List", due: "2026-11-24 09:00", remind: true)
        harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, note: "boiler", context: context) }
        let reminder = try harness.reminder(id)
        #expect(harness.lines { context in try ItemCommands.move(id: id, toList: "home", json: true, context: context) } == [
            #"{"id": 1, "text": "Call the plumber", "list": "Home", "listId": 2, "due": "2026-11-24T09:00:00+00:00", "checked": false, "remind": true, "reminders": [{"before": "0m"}], "nextReminder": "2026-11-24T09:00:00+00:00", "overdue": false, "repeat": null, "lastDone": null, "note": "boiler", "priority": "none", "tags": [], "start": null, "parent": null}"#,
        ])
        let moved = try #require(try harness.item(id))
        #expect(moved.checklistID == 2 && moved.note == "boiler" && moved.shouldRemind)
        try expectEqual(harness.reminder(id), reminder)
        // Without --json it prints nothing, as the other item commands.
        #expect(harness.lines { context in try ItemCommands.move(id: id, toList: "List", context: context) } == [])
        try expectEqual(harness.item(id)?.checklistID, 1)
    }

    @Test("move with an unknown id or list: one line, exit 1, nothing changed")
    func moveRefused() throws {
        try addHome()
        let id = harness.add("Milk", list: "List")
        let noList = harness.run { context in try ItemCommands.move(id: id, toList: "Garage", context: context) }
        expectEqual(noList?.exitStatus, 1)
        expectEqual(noList?.description, #"no list is named "Garage"; the lists are "Home", "List""#)
        let noItem = harness.run { context in try ItemCommands.move(id: 99, toList: "Home", context: context) }
        expectEqual(noItem?.exitStatus, 1)
        expectEqual(noItem?.description, "there is no item 99; `checklists list --all` shows the ids")
        try expectEqual(harness.item(id)?.checklistID, 1)
    }

    @Test("export carries the note and the position; import gives them back; a file without them keeps the order of ids")
    func exportImport() throws {
        let first = harness.add("a"), second = harness.add("b")
        harness.run { context in try ItemCommands.edit(id: second, text: nil, due: nil, remind: nil, note: "two\nlines", context: context) }
        try harness.database().apply(.swapPositions(itemID: second, otherItemID: first), now: Fixed.now)
        let exported = harness.lines { context in try ExportImportCommands.export(context: context) }
        #expect(exported.contains(#"      {"id": 2, "text": "b", "due": null, "checked": false, "remind": false, "reminder": null, "note": "two\nlines", "position": 1, "uid": "uid-2", "modified": "2026-11-21T10:30:00+00:00"}"#))
        let target = Harness()
        let file = target.folder.file("export.json")
        try Data(exported.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        #expect(target.run { context in try ExportImportCommands.importFile(path: file, replace: false, context: context) } == nil)
        try expectEqual(target.item(second)?.note, "two\nlines")
        try expectEqual(target.database().itemsPage(checklistID: 1, sortOrder: .added, offset: 0, limit: 10).items.map(\.text), ["b", "a"])
    }

    @Test("iCalendar: the note is the VTODO's DESCRIPTION, out and back; another app's DESCRIPTION shows as the note and goes back unchanged in meaning")
    func descriptionRoundTrip() throws {
        let id = harness.add("Call the plumber", due: "2026-11-24 09:00", remind: true)
        harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, note: "Ask about the boiler, before Friday\nthen; call back", context: context) }
        let out = harness.folder.file("vdir")
        harness.run { context in try CalendarFileCommands.export(to: out, context: context) }
        let written = try String(contentsOfFile: out + "/List/uid-1.ics", encoding: .utf8)
        #expect(written.contains("\r\nDESCRIPTION:Ask about the boiler\\, before Friday\\nthen\\; call back\r\n"))
        // The alarm keeps its own DESCRIPTION (the text), apart from the note.
        #expect(written.contains("\r\nDESCRIPTION:Call the plumber\r\n"))
        let target = Harness(uidPrefix: "target-")
        target.run { context in try CalendarFileCommands.importFiles(path: out, list: nil, context: context) }
        let back = try #require(try target.database().listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil).first?.item)
        expectEqual(back.note, "Ask about the boiler, before Friday\nthen; call back")

        // Another app's to-do: folded, with a language parameter and other properties we do not model.
        let other = harness.folder.file("other.ics")
        try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\nBEGIN:VTODO\r\nUID:other-1\r\nSUMMARY:Paint the fence\r\n"
            + "DESCRIPTION;LANGUAGE=en:White\\, two coats.\\nBuy brushes\r\n  first\r\nPRIORITY:1\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").utf8)
            .write(to: URL(fileURLWithPath: other))
        let third = Harness(uidPrefix: "third-")
        third.run { context in try CalendarFileCommands.importFiles(path: other, list: "Home", context: context) }
        let painted = try #require(try third.database().listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil).first?.item)
        expectEqual(painted.note, "White, two coats.\nBuy brushes first")
        let again = third.folder.file("again")
        third.run { context in try CalendarFileCommands.export(to: again, context: context) }
        let rewritten = try String(contentsOfFile: again + "/Home/other-1.ics", encoding: .utf8)
        // Unchanged: written back exactly as read, PRIORITY and the language too.
        #expect(rewritten.contains("DESCRIPTION;LANGUAGE=en:White\\, two coats.\\nBuy brushes first\r\n") && rewritten.contains("PRIORITY:1\r\n"))
        // Changed here: the new note replaces it, and PRIORITY stays.
        third.run { context in try ItemCommands.edit(id: painted.id, text: nil, due: nil, remind: nil, note: "Green", context: context) }
        third.run { context in try CalendarFileCommands.export(to: again, context: context) }
        let edited = try String(contentsOfFile: again + "/Home/other-1.ics", encoding: .utf8)
        #expect(edited.contains("\r\nDESCRIPTION:Green\r\n") && edited.contains("PRIORITY:1\r\n") && !edited.contains("White"))
        // Cleared: no DESCRIPTION at all.
        third.run { context in try ItemCommands.edit(id: painted.id, text: nil, due: nil, remind: nil, note: "", context: context) }
        third.run { context in try CalendarFileCommands.export(to: again, context: context) }
        #expect(try !String(contentsOfFile: again + "/Home/other-1.ics", encoding: .utf8).contains("\r\nDESCRIPTION"))
    }
}
