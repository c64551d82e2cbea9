import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Search in the built binary at 80×24: `/` from the home screen, typing
/// narrows (accents and case ignored, CJK found inside a word), Enter opens
/// the match in its list with it selected, n steps on, Esc from a search
/// goes back to the screen it came from. Each step waits for its screen.
@Suite("Search in tmux", .serialized)
struct SearchInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    /// "Courses" with three items, and one in the first-use "List".
    func courses() throws {
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        guard case let .checklist(list) = try store.apply(.addChecklist(name: "Courses", icon: .groceries), now: Date()) else {
            throw StorageError.notFound(what: "the new list")
        }
        for (text, target) in [("Café crème", list), ("Bread", list), ("買う牛乳を", list), ("CAFE tables", 1), ("cafeteria card", list)] {
            try store.apply(.addItem(checklistID: target, ItemDraft(text: text, dueDate: nil)), now: Date())
        }
    }

    @Test("/ cafe narrows to the matches with their lists; Enter opens one selected; n steps; Esc from a search comes back")
    func searchAndOpen() throws {
        try courses()
        let tmux = TmuxSession(width: 80, height: 24, command: app)
        defer { tmux.kill(); folder.remove() }
        func expectScreen(_ what: String, showing texts: [String], without gone: [String] = []) {
            #expect(tmux.waitUntil { screen in texts.allSatisfy { screen.contains($0) } && !gone.contains { screen.contains($0) } },
                    "\(what): \(tmux.text)")
        }
        expectScreen("home", showing: ["Courses", "4 Remaining"])

        tmux.press("/")
        expectScreen("the search", showing: ["Search", "Type to search all lists", "Enter open in its list"])
        tmux.type("CAFÉ")
        expectScreen("narrowed", showing: ["3 matches", "Café crème", "CAFE tables", "cafeteria card", "Courses", "List"],
                     without: ["Bread"])
        tmux.type(" t")
        expectScreen("narrowed again", showing: ["1 match", "CAFE tables"], without: ["Café crème", "cafeteria card"])
        tmux.press("BSpace")
        tmux.press("BSpace")
        expectScreen("widened", showing: ["3 matches", "cafeteria card"])
        tmux.press("Down")
        tmux.press("Down")
        #expect(tmux.waitUntil { _ in tmux.selectedRow?.contains("cafeteria card") == true }, "selected: \(tmux.text)")

        tmux.press("Enter")
        expectScreen("the list, the match selected", showing: ["Courses", "n/N: next/previous match for “CAFÉ” in this list."],
                     without: ["Search"])
        expectEqual(tmux.selectedRow?.contains("cafeteria card"), true, "selected in the list: \(tmux.text)")
        tmux.press("n")
        expectScreen("the next match, from the top", showing: ["1 of 2 matches for “CAFÉ” (from the top)"])
        expectEqual(tmux.selectedRow?.contains("Café crème"), true, "after n: \(tmux.text)")

        // From the list: a search for 牛乳 (inside a word), then Esc back to the same row.
        tmux.press("/")
        expectScreen("a new search", showing: ["Type to search all lists"])
        tmux.type("牛乳")
        expectScreen("CJK found", showing: ["1 match", "買う牛乳を"])
        tmux.press("Escape")
        expectScreen("back in the list", showing: ["Courses", "Bread"], without: ["Search", "1 match"])
        expectEqual(tmux.selectedRow?.contains("Café crème"), true, "after Esc: \(tmux.text)")
        #expect(!tmux.isDead)
    }
}
