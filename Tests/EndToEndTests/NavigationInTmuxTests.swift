import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Navigation in the built binary at 40×12, the narrowest ordinary pane:
/// Esc goes back where the user came from, q in a list goes back, a in the
/// Due view adds to that row's list, a changed form asks before Esc drops
/// it, help pages. Each step waits for its whole screen before the next key
/// (an Esc followed at once by a letter would arrive as Alt-letter).
@Suite("Navigation in tmux", .serialized)
struct NavigationInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    /// "Errands" with "Pay rent", overdue by an hour, beside the first-use "List".
    func errandsWithOverdueRent() throws {
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        guard case let .checklist(list) = try store.apply(.addChecklist(name: "Errands", icon: .none), now: Date()) else {
            throw StorageError.notFound(what: "the new list")
        }
        let anHourAgo = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 3600)
        try store.apply(.addItem(checklistID: list, ItemDraft(text: "Pay rent", dueDate: anHourAgo)), now: Date())
    }

    @Test("Due view → item → Esc → Due view; a adds to the row's list; a changed form asks; q leaves a list; help pages")
    func roundTrips() throws {
        try errandsWithOverdueRent()
        let tmux = TmuxSession(width: 40, height: 12, command: app)
        defer { tmux.kill(); folder.remove() }
        func expectScreen(_ what: String, showing texts: [String], without gone: [String] = []) {
            #expect(tmux.waitUntil { screen in texts.allSatisfy { screen.contains($0) } && !gone.contains { screen.contains($0) } },
                    "\(what): \(tmux.text)")
        }
        expectScreen("home", showing: ["Due today and overdue", "Pay rent", "a:add item"])
        expectEqual(tmux.selectedRow?.contains("Pay rent"), true, "selected: \(tmux.text)")

        // Enter on the due item, Esc: the Due view, the same row selected.
        tmux.press("Enter")
        expectScreen("item detail", showing: ["Edit Item", "Errands", "Pay rent"])
        tmux.press("Escape")
        expectScreen("the Due view again", showing: ["Due today and overdue"], without: ["Edit Item"])
        expectEqual(tmux.selectedRow?.contains("Pay rent"), true, "selected after Esc: \(tmux.text)")

        // a: a new item in Errands; typing makes Esc ask; n keeps it, y drops it.
        tmux.press("a")
        expectScreen("add item", showing: ["Add Item", "Errands"])
        tmux.type("Post")
        expectScreen("typed", showing: ["Text        Post"])
        tmux.press("Escape")
        expectScreen("the question", showing: ["Discard changes? (y/n)", "y yes  n no  Esc cancel", "Text        Post"])
        tmux.press("n")
        expectScreen("still the form", showing: ["Add Item", "Text        Post"], without: ["Discard"])
        tmux.press("Escape")
        expectScreen("asked again", showing: ["Discard changes? (y/n)"])
        tmux.press("y")
        expectScreen("the Due view after discarding", showing: ["Due today and overdue"], without: ["Add Item", "Post"])

        // a, type, Ctrl-S: saved to Errands, and back on the Due view.
        tmux.press("a")
        expectScreen("add item", showing: ["Add Item", "Errands"])
        tmux.type("Post the letter")
        tmux.press("C-s")
        expectScreen("home after saving", showing: ["Due today and overdue", "2 Remaining"], without: ["Add Item"])

        // A list: q goes back to the home screen instead of doing nothing.
        tmux.press("G")
        #expect(tmux.waitUntil { _ in tmux.selectedRow?.contains("List") == true }, "G: \(tmux.text)")
        tmux.press("Enter")
        expectScreen("the list", showing: ["No items. Press a to add one.", "Esc:back"])
        tmux.press("q")
        expectScreen("home after q", showing: ["Due today and overdue"], without: ["No items"])
        #expect(!tmux.isDead)

        // Help: PgDn pages, G to the end, g back to the top, q closes.
        tmux.press("?")
        expectScreen("help", showing: ["Keys", "1–9 of", "PgUp/PgDn:page"])
        tmux.press("PageDown")
        expectScreen("help, page 2", showing: ["10–18 of"])
        tmux.press("G")
        expectScreen("help, the end", showing: ["Reminders while the app is closed", "README has a systemd unit, tmux line"])
        tmux.press("g")
        expectScreen("help, the top", showing: ["1–9 of"])
        tmux.press("q")
        expectScreen("home after help", showing: ["Due today and overdue"], without: ["Keys"])
        tmux.press("q")
        #expect(tmux.waitUntil { _ in tmux.isDead }, "q on home quits: \(tmux.text)")

        let saved = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        let errands = try #require(try saved.checklistSummaries().first { $0.checklist.name == "Errands" })
        expectEqual(errands.itemCount, 2)
        // Left from the home screen, the app starts there again.
        #expect(try saved.openChecklistID() == nil)
    }
}
