import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// The built binary in tmux (80x24): a note of two lines typed in Item
/// Detail, an item moved to another list with m, another reordered with J;
/// then what the database holds, read by a second process.
@Suite("Notes and moving items in tmux", .serialized)
struct NotesAndMovingInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    @Test("a two-line note typed with Enter and saved with Ctrl-S, ✎ on the row; m moves an item to Home; J moves one down in the order added")
    func noteMoveAndReorder() throws {
        let ids: (plumber: Int64, milk: Int64, bread: Int64)
        do {
            let database = try ChecklistsDatabase.open(DatabaseLocation(path: self.database, createsFolder: false))
            let list = try database.checklistSummaries()[0].id
            try database.apply(.addChecklist(name: "Home", icon: .chores), now: Date())
            func add(_ text: String) throws -> Int64 {
                guard case let .item(id) = try database.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: nil)), now: Date()) else { return 0 }
                return id
            }
            ids = (try add("Call the plumber"), try add("Milk"), try add("Bread"))
            try database.apply(.setSortOrder(checklistID: list, .added), now: Date())
            try database.apply(.setOpenChecklist(id: list), now: Date())
        }
        let tmux = TmuxSession(width: 80, height: 24, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitUntil { $0.contains("Call the plumber") && $0.contains("by order added") }, "list: \(tmux.text)")

        // The note: Tab from the text into it, two lines, Ctrl-S.
        tmux.press("Enter")
        #expect(tmux.waitFor("Edit Item"))
        tmux.press("Tab")
        #expect(tmux.waitFor("Notes (Enter: new line)"), "note focused: \(tmux.text)")
        tmux.type("Ask about the boiler")
        tmux.press("Enter")
        tmux.type("before Friday")
        #expect(tmux.waitUntil { $0.contains("Note        Ask about the boiler") && $0.contains("              before Friday") },
                "two lines: \(tmux.text)")
        #expect(tmux.text.contains("Edit Item"), "Enter in the note is no Done: \(tmux.text)")
        tmux.press("C-s")
        #expect(tmux.waitFor("Call the plumber ✎"), "the row marks the note: \(tmux.text)")

        // m on it: the chooser shows the other list; Enter moves it there.
        tmux.press("m")
        #expect(tmux.waitUntil { $0.contains("Move “Call the plumber” to") && $0.contains("🧹 Home") }, "chooser: \(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Moved “Call the plumber” to Home"), "moved: \(tmux.text)")
        #expect(tmux.waitUntil { !$0.contains("Call the plumber ✎") && $0.contains("2 Remaining") }, "gone from the list: \(tmux.text)")

        // J on Milk (selected where the moved item was): below Bread.
        #expect(tmux.waitUntil { _ in tmux.selectedRow?.contains("Milk") == true }, "Milk selected: \(tmux.text)")
        tmux.press("J")
        #expect(tmux.waitUntil { text in
            guard let bread = text.range(of: "Bread"), let milk = text.range(of: "Milk") else { return false }
            return bread.lowerBound < milk.lowerBound
        }, "reordered: \(tmux.text)")
        #expect(tmux.waitUntil { _ in tmux.selectedRow?.contains("Milk") == true }, "the selection went with Milk: \(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.waitUntil { _ in tmux.isDead })

        // What another process reads: the note, the move (same id), the order.
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: self.database, createsFolder: false))
        let plumber = try #require(try database.item(id: ids.plumber))
        expectEqual(plumber.note, "Ask about the boiler\nbefore Friday")
        try expectEqual(database.checklistSummaries().first { $0.checklist.name == "Home" }?.id, plumber.checklistID)
        let list = try database.checklistSummaries().first { $0.checklist.name != "Home" }?.id ?? 0
        try expectEqual(database.itemsPage(checklistID: list, sortOrder: .added, offset: 0, limit: 10).items.map(\.id), [ids.bread, ids.milk])
    }
}
