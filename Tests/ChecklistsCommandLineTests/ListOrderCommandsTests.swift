import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

/// `lists` and `add` without `--list` follow All Lists' order: by name the
/// way people sort, or the order set by hand once it is in force.
@Suite("lists and add in All Lists order, by name or by hand")
struct ListOrderCommandsTests {
    let harness = Harness()

    private func lists(json: Bool = false) -> [String] {
        harness.lines { context in try ChecklistCommands.lists(json: json, context: context) }
    }

    @Test("by name, then by hand: lists prints each order, --json too; add without --list goes to the Inbox, whatever the order")
    func followsTheOrder() throws {
        let database = try harness.database()
        for name in ["Work", "List 10"] { try database.apply(.addChecklist(name: name, icon: .none), now: Fixed.now) }
        expectEqual(lists(), ["List     (No Items)", "List 10  (No Items)", "Work     (No Items)"])
        let work = try #require(try database.checklistSummaries().last?.id)
        // Work up twice: first in the order set by hand, now in force.
        try database.apply(.moveList(id: work, down: false), now: Fixed.now)
        try database.apply(.moveList(id: work, down: false), now: Fixed.now)
        expectEqual(lists(), ["Work     (No Items)", "List     (No Items)", "List 10  (No Items)"])
        expectEqual(lists(json: true).joined(separator: "\n"), """
            [
              {"id": 2, "name": "Work", "icon": "none", "items": 0, "remaining": 0},
              {"id": 1, "name": "List", "icon": "none", "items": 0, "remaining": 0},
              {"id": 3, "name": "List 10", "icon": "none", "items": 0, "remaining": 0}
            ]
            """)
        // Where add puts an item without --list does not follow the order:
        // the Inbox either way.
        let id = harness.add("Call the bank", list: nil)
        let inbox = try #require(try database.checklists().first { $0.name == "Inbox" }?.id)
        try expectEqual(harness.item(id)?.checklistID, inbox)
        try database.apply(.setListOrder(.byName), now: Fixed.now)
        let other = harness.add("Buy stamps", list: nil)
        try expectEqual(harness.item(other)?.checklistID, inbox)
    }
}
