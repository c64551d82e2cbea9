import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// A paste is text, never keys, in a real terminal: tmux's `paste-buffer -p`
/// wraps the text in bracketed-paste markers when the app asked for them,
/// and plain `paste-buffer` sends it as typed keys, newlines as Enter. Once
/// a pasted line and newline followed by "dy" saved an item and deleted
/// the selected one.
@Suite("Pastes in tmux", .serialized)
struct PasteInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    /// The first list, holding "Keep me", open at start.
    func makeData() throws {
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: self.database, createsFolder: false))
        let list = try database.checklistSummaries()[0].id
        try database.apply(.addItem(checklistID: list, ItemDraft(text: "Keep me", dueDate: Date(timeIntervalSince1970: 4_000_000_000))), now: Date())
        try database.apply(.setOpenChecklist(id: list), now: Date())
    }

    func storedTexts() throws -> [String] {
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: self.database, createsFolder: false))
        let list = try database.checklistSummaries()[0]
        return try database.itemsPage(checklistID: list.id, sortOrder: .added, offset: 0, limit: 100).items.map(\.text)
    }

    /// The app on the data of `makeData`, with Add Item open.
    func openAddItem(sourceLocation: SourceLocation = #_sourceLocation) throws -> TmuxSession {
        try makeData()
        let tmux = TmuxSession(width: 70, height: 12, command: app)
        #expect(tmux.waitFor("Keep me"), "opened: \(tmux.text)", sourceLocation: sourceLocation)
        tmux.press("a")
        #expect(tmux.waitFor("Add Item"), sourceLocation: sourceLocation)
        return tmux
    }

    func paste(_ text: String, bracketed: Bool, into tmux: TmuxSession) {
        tmux.tmux(["set-buffer", "-b", "pasted", text])
        tmux.tmux(["paste-buffer"] + (bracketed ? ["-p"] : []) + ["-b", "pasted", "-t", tmux.pane])
    }

    @Test("a line, a newline and d y pasted into Add Item is the item's text; nothing is saved or deleted until Done; on the list a paste is ignored",
          arguments: [true, false])
    func pasteIsText(bracketed: Bool) throws {
        let tmux = try openAddItem()
        defer { tmux.kill(); folder.remove() }

        paste("Pasted line\ndy", bracketed: bracketed, into: tmux)
        #expect(tmux.waitFor("› Text        Pasted line dy"), "after the paste: \(tmux.text)")
        usleep(300_000)                                      // anything the paste might still set off
        #expect(tmux.text.contains("Add Item"), "the form must stay open: \(tmux.text)")
        try expectEqual(storedTexts(), ["Keep me"])

        tmux.press("C-s")
        #expect(tmux.waitFor("2 Remaining"), "saved: \(tmux.text)")
        try expectEqual(storedTexts(), ["Keep me", "Pasted line dy"])

        // On the list, the same paste must neither add nor ask to delete.
        paste("Pasted line\ndy", bracketed: bracketed, into: tmux)
        #expect(tmux.waitFor("Paste ignored: not in a text field."), "on the list: \(tmux.text)")
        usleep(300_000)
        #expect(!tmux.text.contains("Delete"), "no question: \(tmux.text)")
        #expect(!tmux.text.contains("Add Item"))
        try expectEqual(storedTexts(), ["Keep me", "Pasted line dy"])

        if bracketed {
            // Without a newline only the markers tell a paste from typing:
            // typed, x would check the selected item.
            tmux.press("Down")
            #expect(tmux.waitUntil { !$0.contains("Paste ignored") })
            paste("xxx", bracketed: true, into: tmux)
            #expect(tmux.waitFor("Paste ignored: not in a text field."), "xxx on the list: \(tmux.text)")
            #expect(!tmux.text.contains("[x]"), "nothing checked: \(tmux.text)")
        }
    }

    /// A terminal's write may end inside a character (a large paste comes
    /// in many writes), and the app may read between the two: `wget_wch`
    /// then dropped the first bytes, and up to 145 after them as one
    /// broken character; a 600 KB multilingual paste lost a line or two.
    @Test("a character whose bytes arrive in two reads is typed whole, and what follows it is kept")
    func characterSplitAcrossReads() throws {
        let tmux = try openAddItem()
        defer { tmux.kill(); folder.remove() }
        // "a" and the first byte of 日 (E6 97 A5); the app reads them and waits.
        tmux.tmux(["send-keys", "-t", tmux.pane, "-H", "61", "e6"])
        #expect(tmux.waitFor("› Text        a"), "a typed: \(tmux.text)")
        usleep(300_000)
        tmux.tmux(["send-keys", "-t", tmux.pane, "-H", "97", "a5", "62", "63"])
        #expect(tmux.waitFor("› Text        a日bc"), "the rest: \(tmux.text)")
        tmux.press("C-s")
        #expect(tmux.waitFor("2 Remaining"), "saved: \(tmux.text)")
        try expectEqual(storedTexts(), ["Keep me", "a日bc"])
    }

    /// After the app ends the pane reads one line; a paste into it must be
    /// the bare text, which it is only once the app turned bracketed paste off.
    @Test("however the app ends, the shell gets the terminal back with bracketed paste off",
          arguments: ["C-c", "TERM", "USR1"])
    func shellGetsPlainPastes(ending: String) throws {
        let line = folder.file("line")
        let tmux = TmuxSession(width: 70, height: 12, command: "\(app); head -n 1 > \(shellQuoted(line)); exec sleep 600")
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("(No Items)"), "started: \(tmux.text)")
        if ending == "C-c" {
            tmux.press("C-c")
        } else {
            let killed = runCommand(["pkill", "-\(ending)", "-f", "--", "--db \(database)"])
            expectEqual(killed.status, 0, "pkill: \(killed.output)")
        }
        #expect(tmux.waitUntil { _ in tmux.children(named: "head").count == 1 }, "the shell never got back after \(ending)")
        paste("probe\n", bracketed: true, into: tmux)
        #expect(waitForFile(line))
        #expect(tmux.waitUntil(timeout: 5) { _ in fileLine(line) == "probe" }, "read after \(ending): \(fileLine(line).debugDescription)")
    }
}
