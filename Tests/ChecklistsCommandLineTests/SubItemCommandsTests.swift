import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel
import TestSupport

/// Sub-items from the command line, on a real database: `add --parent`,
/// `edit --parent ID|none`, `list` keeping families together (and
/// `--flat`), `list --json`'s `parent`, and `done`/`delete` on a parent.
@Suite("sub-items from the command line")
struct SubItemCommandsTests {
    let harness = Harness()

    @discardableResult
    private func add(_ text: String, due: String? = nil, parent: Int64? = nil, list: String? = "List") -> Int64 {
        Int64(harness.lines { context in
            try ItemCommands.add(text: text, list: list, due: due, remind: false, parent: parent, context: context)
        }.first ?? "") ?? 0
    }

    private func list(_ name: String? = nil, all: Bool = false, due: DueFilter? = nil, flat: Bool = false, json: Bool = false) -> [String] {
        harness.lines { context in try ItemQueryCommands.list(list: name, due: due, all: all, json: json, flat: flat, context: context) }
    }

    /// "Trip 旅行" (due Thursday) with "Book hotel 🏨" (Saturday) and
    /// "Pack" (undated) under it, "Socks" under "Pack"; "Rent" (Tuesday).
    private func trip() {
        add("Trip 旅行", due: "thu 9:00")
        add("Rent", due: "tue 9:00")
        add("Book hotel 🏨", due: "sat 9:00", parent: 1)
        add("Pack", parent: 1)
        add("Socks", parent: 4)
    }

    @Test("list shows each sub-item under its parent, indented, whatever its own date; --flat in due order; --json names the parent")
    func listing() throws {
        trip()
        expectEqual(list(), [
            "2     Nov 24, 2026, 9:00 AM  List  Rent",
            "1     Nov 26, 2026, 9:00 AM  List  Trip 旅行",
            "3     Nov 28, 2026, 9:00 AM  List    Book hotel 🏨",
            "4                            List    Pack",
            "5                            List      Socks",
        ])
        expectEqual(list(flat: true), [
            "2     Nov 24, 2026, 9:00 AM  List  Rent",
            "1     Nov 26, 2026, 9:00 AM  List  Trip 旅行",
            "3     Nov 28, 2026, 9:00 AM  List  Book hotel 🏨",
            "4                            List  Pack",
            "5                            List  Socks",
        ])
        let json = list(json: true)
        #expect(json[3].hasSuffix(#""tags": [], "start": null, "parent": 1},"#), "Book hotel's parent is Trip")
        #expect(json[5].hasSuffix(#""tags": [], "start": null, "parent": 4}"#), "Socks' parent is Pack")
        // Outside the week, Trip's family stands apart: what is listed without its parent says whose it is.
        #expect(list(due: .today).isEmpty)
        harness.now = Fixed.date("2026-11-28 08:00")
        expectEqual(list(due: .today), ["3     Nov 28, 2026, 9:00 AM  List  Book hotel 🏨  ‹ Trip 旅行"])
    }

    @Test("under its parent, sub-items come in due order, the undated last, whatever order they were made in, in every listing")
    func siblingsInDueOrder() throws {
        add("Trip 旅行", due: "thu 9:00")
        add("Pack", parent: 1)
        add("Book hotel 🏨", due: "sat 9:00", parent: 1)
        add("Visa", due: "tue 9:00", parent: 1)
        add("Socks", parent: 2)
        add("Passport", due: "wed 9:00", parent: 2)
        add("Towels", parent: 1)
        let family = [
            "1     Nov 26, 2026, 9:00 AM  List  Trip 旅行",
            "4     Nov 24, 2026, 9:00 AM  List    Visa",
            "3     Nov 28, 2026, 9:00 AM  List    Book hotel 🏨",
            "2                            List    Pack",
            "6     Nov 25, 2026, 9:00 AM  List      Passport",
            "5                            List      Socks",
            "7                            List    Towels",
        ]
        expectEqual(list(), family, "every pending item")
        expectEqual(list("List"), family, "one list")
        expectEqual(list(all: true), family, "checked items too")
        // A checked sibling keeps its place in --all, and leaves the pending listing.
        _ = harness.lines { context in try ItemCommands.setChecked(id: 4, true, context: context) }
        expectEqual(list(all: true)[1], "4  x  Nov 24, 2026, 9:00 AM  List    Visa")
        expectEqual(list(), family.filter { !$0.hasPrefix("4 ") })
    }

    @Test("done leaves open sub-items open and says so; --with-sub-items checks them; undone on a sub-item reopens its parent")
    func checking() throws {
        trip()
        _ = harness.lines { context in try ItemCommands.setChecked(id: 1, true, context: context) }
        expectEqual(harness.notices.last, "item 1 has 3 open sub-items, left open; `checklists done --with-sub-items 1` checks them off too")
        #expect(try [1, 3, 4, 5].map { try harness.item($0)?.isChecked } == [true, false, false, false])
        expectEqual(list(), [
            "2     Nov 24, 2026, 9:00 AM  List  Rent",
            "3     Nov 28, 2026, 9:00 AM  List  Book hotel 🏨  ‹ Trip 旅行",
            "4                            List  Pack  ‹ Trip 旅行",
            "5                            List    Socks",
        ])
        _ = harness.lines { context in try ItemCommands.setChecked(id: 5, false, context: context) }
        #expect(try [1, 5].map { try harness.item($0)?.isChecked } == [true, false], "Socks was open: unchecking it changes nothing")
        _ = harness.lines { context in try ItemCommands.setChecked(id: 4, true, withSubItems: true, context: context) }
        #expect(try [4, 5].map { try harness.item($0)?.isChecked } == [true, true])
        _ = harness.lines { context in try ItemCommands.setChecked(id: 5, false, context: context) }
        #expect(try [1, 4, 5].map { try harness.item($0)?.isChecked } == [false, false, false], "Socks reopened Pack and Trip")
    }

    @Test("delete refuses a parent without --with-sub-items, exit 2, nothing deleted; with it the family goes, and undo brings it back")
    func deleting() throws {
        trip()
        let refused = harness.run { context in try ItemCommands.delete(id: 1, context: context) }
        expectEqual(refused?.exitStatus, 2)
        expectEqual(refused?.description, "item 1 has 3 sub-items: `checklists delete --with-sub-items 1` deletes them too; nothing was deleted")
        expectEqual(list(flat: true).count, 5)
        _ = harness.lines { context in try ItemCommands.delete(id: 1, withSubItems: true, context: context) }
        expectEqual(list(), ["2     Nov 24, 2026, 9:00 AM  List  Rent"])
        let undone = harness.lines { context in try HistoryCommands.step(.undo, context: context) }
        expectEqual(undone.first?.hasPrefix("Undone: delete “Trip 旅行” and its 3 sub-items"), true)
        expectEqual(list(flat: true).count, 5)
    }

    @Test("edit --parent moves an item under another and back with none; a wrong parent is one line, exit 2, nothing changed")
    func reparenting() throws {
        trip()
        _ = harness.lines { context in try ItemCommands.edit(id: 2, text: nil, due: nil, remind: nil, parent: "4", context: context) }
        try expectEqual(harness.item(2)?.parentID, 4)
        _ = harness.lines { context in try ItemCommands.edit(id: 4, text: "Pack bags", due: nil, remind: nil, parent: "none", context: context) }
        #expect(try harness.item(4)?.parentID == nil && harness.item(4)?.text == "Pack bags")
        let undone = harness.lines { context in try HistoryCommands.step(.undo, context: context) }
        expectEqual(undone.count, 1, "text and parent were one change")
        #expect(try harness.item(4)?.parentID == 1 && harness.item(4)?.text == "Pack")

        for (parent, message) in [("x", "--parent takes an item id, or none for the top level; not x"),
                                  ("99", "there is no item 99; `checklists list --all` shows the ids"),
                                  ("5", "an item cannot be put under itself or one of its own sub-items.")] {
            let error = harness.run { context in try ItemCommands.edit(id: 1, text: nil, due: nil, remind: nil, parent: parent, context: context) }
            expectEqual(error?.description, message)
            #expect(try harness.item(1)?.parentID == nil)
        }
        _ = harness.lines { context in try ChecklistCommands.newList(name: "Home", icon: nil, context: context) }
        let elsewhere = harness.run { context in
            try ItemCommands.add(text: "Towels", list: "Home", due: nil, remind: false, parent: 1, context: context)
        }
        expectEqual(elsewhere?.description, "item 1 is in another list; a sub-item goes in its parent's list: leave out --list")
        expectEqual(list(flat: true).count, 5)
    }
}
