import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// The mouse in the built binary: the app turns on SGR mouse reporting, so a
/// click selects, a double click opens and the wheel scrolls, both for
/// reports written to the pane and for real clicks that a tmux client with
/// `mouse on` passes on; however the app ends, reporting is off again.
@Suite("The mouse in tmux", .serialized)
struct MouseInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    /// "Chores" with "Chore 1" to "Chore 40", open at start.
    func chores() throws {
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        guard case let .checklist(list) = try store.apply(.addChecklist(name: "Chores", icon: .none), now: Date()) else {
            throw StorageError.notFound(what: "the new list")
        }
        let start = Date(timeIntervalSince1970: 4_000_000_000)
        for number in 1...40 {
            try store.apply(.addItem(checklistID: list, ItemDraft(text: "Chore \(number)", dueDate: start.addingTimeInterval(Double(number) * 60))), now: Date())
        }
        try store.apply(.setOpenChecklist(id: list), now: Date())
    }

    /// An SGR mouse report for the 1-based cell, as a terminal writes it.
    func report(_ button: Int, column: Int, row: Int, press: Bool = true) -> String {
        "\u{1B}[<\(button);\(column);\(row)\(press ? "M" : "m")"
    }

    @Test("reports written to the pane: a click selects, the wheel scrolls, a double click opens; the title bar says where")
    func reportsWrittenToThePane() throws {
        try chores()
        let tmux = TmuxSession(width: 40, height: 12, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("40 Remaining · 1/40"), "opened: \(tmux.text)")
        expectEqual(tmux.format("#{mouse_sgr_flag} #{mouse_standard_flag}"), "1 1", "mouse reporting on")

        tmux.type(report(0, column: 10, row: 5) + report(0, column: 10, row: 5, press: false))
        #expect(tmux.waitFor("40 Remaining · 4/40"), "clicked row 5: \(tmux.text)")
        expectEqual(tmux.selectedRow?.contains("Chore 4"), true, "selected: \(tmux.text)")

        tmux.type(report(65, column: 10, row: 5))
        #expect(tmux.waitUntil { $0.contains("40 Remaining · 4/40") && $0.contains("Chore 12") && !$0.contains("Chore 3 ") },
                "scrolled three rows: \(tmux.text)")
        tmux.type(report(65, column: 10, row: 5))
        #expect(tmux.waitFor("40 Remaining · 7/40"), "the selection kept on screen: \(tmux.text)")

        let click = report(0, column: 12, row: 3) + report(0, column: 12, row: 3, press: false)
        tmux.type(click + click)
        #expect(tmux.waitFor("Edit Item"), "double click: \(tmux.text)")
        #expect(tmux.text.contains("Text        Chore 8"), "the item under the pointer: \(tmux.text)")
    }

    @Test("a real click through a tmux client with mouse on reaches the app")
    func clickThroughTmux() throws {
        try chores()
        let tmux = TmuxSession(width: 40, height: 12, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("40 Remaining · 1/40"), "opened: \(tmux.text)")
        tmux.tmux(["set-option", "-g", "mouse", "on"])
        // A second server's pane runs a client of the first: the mouse
        // reports written to that pane are what a terminal sends the client,
        // and the client's tmux passes them on to the app as clicks.
        let outer = TmuxSession(width: 40, height: 13, command: "tmux -L \(tmux.server) attach -t \(tmux.target)")
        defer { outer.kill() }
        #expect(outer.waitFor("40 Remaining · 1/40"), "attached: \(outer.text)")
        outer.type(report(0, column: 10, row: 7) + report(0, column: 10, row: 7, press: false))
        #expect(tmux.waitFor("40 Remaining · 6/40"), "clicked row 7: \(tmux.text)")
        outer.type(report(65, column: 10, row: 7))
        #expect(tmux.waitUntil { $0.contains("Chore 12") && !$0.contains("Chore 3 ") }, "wheel: \(tmux.text)")
    }

    @Test("however the app ends, mouse reporting is off again", arguments: ["q", "C-c", "USR1"])
    func reportingOffAtTheEnd(ending: String) throws {
        let tmux = TmuxSession(width: 40, height: 12, command: "\(app); exec sleep 600")
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("(No Items)"), "started: \(tmux.text)")
        expectEqual(tmux.format("#{mouse_sgr_flag} #{mouse_standard_flag}"), "1 1")
        if ending == "USR1" {
            for pid in tmux.children(named: "checklists") { kill(pid, SIGUSR1) }
        } else {
            tmux.press(ending)
        }
        #expect(tmux.waitUntil { _ in tmux.children(named: "checklists").isEmpty }, "the app never ended after \(ending)")
        expectEqual(tmux.format("#{mouse_sgr_flag} #{mouse_standard_flag} #{mouse_any_flag}"), "0 0 0", "after \(ending)")
    }
}
