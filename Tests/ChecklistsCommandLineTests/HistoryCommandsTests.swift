import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

@Suite("undo, redo and undo --list on the command line")
struct HistoryCommandsTests {
    @Test("undo says what it undid and where it came from; redo does it again; --list shows the history newest first")
    func undoRedoList() {
        let harness = Harness()
        let id = harness.add("Milk", due: "2026-11-22 09:00", remind: true)
        harness.run { try ItemCommands.setChecked(id: id, true, context: $0) }
        #expect(harness.lines { try HistoryCommands.list(json: false, context: $0) } == [
            "Nov 21, 2026, 10:30 AM  command line  check “Milk”",
            "Nov 21, 2026, 10:30 AM  command line  add “Milk”",
        ])
        #expect(harness.lines { try HistoryCommands.step(.undo, context: $0) } == [
            "Undone: check “Milk” (made from the command line, Nov 21, 2026, 10:30 AM)",
        ])
        #expect(harness.lines { try ItemQueryCommands.list(list: nil, due: nil, all: false, json: false, context: $0) }.count == 1)
        #expect(harness.lines { try HistoryCommands.list(json: true, context: $0) } == [
            "[",
            #"  {"id": 2, "time": "2026-11-21T10:30:00+00:00", "origin": "command line", "description": "check “Milk”", "undone": true},"#,
            #"  {"id": 1, "time": "2026-11-21T10:30:00+00:00", "origin": "command line", "description": "add “Milk”", "undone": false}"#,
            "]",
        ])
        #expect(harness.lines { try HistoryCommands.step(.redo, context: $0) } == [
            "Redone: check “Milk” (made from the command line, Nov 21, 2026, 10:30 AM)",
        ])
        #expect(harness.lines { try ItemQueryCommands.list(list: nil, due: nil, all: false, json: false, context: $0) } == [])
    }

    @Test("nothing to undo or redo is exit status 1 with a line saying what to do")
    func nothing() {
        let harness = Harness()
        let error = harness.run { try HistoryCommands.step(.redo, context: $0) }
        expectEqual(error, .notFound("nothing to redo; `checklists undo --list` shows the history"))
        expectEqual(error?.exitStatus, 1)
    }

    @Test("undoing a list delete from the command line brings the list and its items back under the same ids")
    func listDelete() {
        let harness = Harness()
        harness.run { try ChecklistCommands.newList(name: "Groceries", icon: "groceries", context: $0) }
        let ids = ["Milk", "Eggs"].map { harness.add($0, list: "Groceries") }
        harness.run { try ChecklistCommands.deleteList(name: "Groceries", context: $0) }
        #expect(harness.lines { try HistoryCommands.step(.undo, context: $0) } == [
            "Undone: delete list “Groceries”, 2 items (made from the command line, Nov 21, 2026, 10:30 AM)",
        ])
        let listed = harness.lines { try ItemQueryCommands.list(list: "Groceries", due: nil, all: false, json: false, context: $0) }
        expectEqual(listed.map { String($0.split(separator: " ")[0]) }, ids.map { String($0) })
    }
}
