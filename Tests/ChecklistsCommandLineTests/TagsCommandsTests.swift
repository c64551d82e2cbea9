import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

/// `--tag` on add, edit and list, `--no-tag` and `--no-tags`, the tags in
/// `list` lines, `list --json`, the JSON export and import, and iCalendar
/// files (CATEGORIES), on a real database.
@Suite("tags from the command line")
struct TagsCommandsTests {
    let harness = Harness()

    private func add(_ text: String, tags: [String]) -> Int64 {
        Int64(harness.lines { context in
            try ItemCommands.add(text: text, list: "List", due: nil, remind: false, tags: tags, context: context)
        }.first ?? "") ?? 0
    }

    @Test("add --tag (repeatable, # optional); edit --tag adds, --no-tag removes (case ignored), --no-tags clears first")
    func addAndEdit() throws {
        let id = add("Call the bank", tags: ["#Work", "phone", "work"])
        try expectEqual(harness.item(id)?.tags, ["Work", "phone"])
        #expect(harness.run { context in
            try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, tags: ["urgent"], noTag: ["WORK"], context: context)
        } == nil)
        try expectEqual(harness.item(id)?.tags, ["phone", "urgent"])
        #expect(harness.run { context in
            try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, tags: ["home"], noTags: true, context: context)
        } == nil)
        try expectEqual(harness.item(id)?.tags, ["home"])
    }

    @Test("a tag with a space, a comma or nothing in it: one line, exit 2, nothing changed")
    func badTags() throws {
        let id = add("Milk", tags: ["home"])
        for bad in ["two words", "a,b", "#", "a#b"] {
            let error = harness.run { context in try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, tags: [bad], context: context) }
            expectEqual(error?.exitStatus, 2)
            expectEqual(error?.description, "--tag: \"\(bad)\" is not a tag; a tag is one word without spaces, commas or #, e.g. --tag work")
        }
        let both = harness.run { context in
            try ItemCommands.edit(id: id, text: nil, due: nil, remind: nil, tags: ["x"], noTag: ["X"], context: context)
        }
        expectEqual(both?.description, "--tag x and --no-tag x contradict each other; give one")
        try expectEqual(harness.item(id)?.tags, ["home"])
    }

    @Test("list --tag keeps items having every tag given, case ignored; lines show the tags after the text; --json carries them")
    func listing() throws {
        _ = add("Call the bank", tags: ["work", "phone"])
        _ = add("Buy milk", tags: ["Home"])
        _ = add("Write report", tags: ["work"])
        let lines = harness.lines { context in
            try ItemQueryCommands.list(list: nil, due: nil, all: false, json: false, fields: FieldFilter(tags: ["WORK"]), context: context)
        }
        expectEqual(lines, [
            "1       List  Call the bank #work #phone",
            "3       List  Write report #work",
        ])
        let both = harness.lines { context in
            try ItemQueryCommands.list(list: nil, due: nil, all: false, json: true, fields: try FieldFilter(priority: nil as String?, tags: ["#phone", "work"]),
                                       context: context)
        }
        expectEqual(both, [
            "[",
            #"  {"id": 1, "text": "Call the bank", "list": "List", "listId": 1, "due": null, "checked": false, "remind": false, "reminders": [], "nextReminder": null, "overdue": false, "repeat": null, "lastDone": null, "note": "", "priority": "none", "tags": ["work", "phone"], "start": null, "parent": null}"#,
            "]",
        ])
    }

    @Test("the JSON export writes tags and an import reads them back; a bad tag in a file names its line")
    func exportImport() throws {
        _ = add("Call the bank", tags: ["work", "phone"])
        let text = harness.lines { context in try ExportImportCommands.export(context: context) }.joined(separator: "\n")
        #expect(text.contains(#""tags": ["work", "phone"]"#))
        let target = Harness(uidPrefix: "target-")
        let file = target.folder.file("import.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        #expect(target.run { context in try ExportImportCommands.importFile(path: file, replace: true, context: context) } == nil)
        try expectEqual(target.item(1)?.tags, ["work", "phone"])
        try Data(text.replacingOccurrences(of: #"["work", "phone"]"#, with: #"["work", "two words"]"#).utf8).write(to: URL(fileURLWithPath: file))
        let error = target.run { context in try ExportImportCommands.importFile(path: file, replace: true, context: context) }
        expectEqual(error?.description.contains(#"tags: "two words" is not a tag"#), true, "\(String(describing: error))")
    }
}
