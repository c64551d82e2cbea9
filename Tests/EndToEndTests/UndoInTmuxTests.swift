import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// u and Ctrl-R in the real binary, in tmux at 80x24: the history is in
/// the database, so it outlives the app, and it holds the command line's
/// changes too (asked about before they are undone).
@Suite("Undo in tmux", .serialized)
struct UndoInTmuxTests {
    let folder = TemporaryFolder()
    var databasePath: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(databasePath) }

    @discardableResult
    func cli(_ arguments: String...) -> (status: Int32, output: String) {
        runCommand([PackagePaths.binary] + arguments + ["--db", databasePath],
                   environment: ["TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    }

    @Test("an item added before a restart is undone after it, without a question; Ctrl-R brings it back")
    func undoAfterRestart() throws {
        defer { folder.remove() }
        do {
            let tmux = TmuxSession(width: 80, height: 24, command: app)
            defer { tmux.kill() }
            #expect(tmux.waitFor("(No Items)"))
            tmux.press("Enter")
            #expect(tmux.waitFor("by due date"))
            tmux.press("a")
            #expect(tmux.waitFor("Add Item"))
            tmux.type("Buy milk")
            tmux.press("Enter")
            #expect(tmux.waitFor("[ ] Buy milk"), "not added: \(tmux.text)")
            tmux.press("Escape")
            #expect(tmux.waitFor(" Checklists "))
            tmux.press("q")
            #expect(tmux.waitUntil { _ in tmux.isDead }, "did not quit: \(tmux.text)")
        }
        let tmux = TmuxSession(width: 80, height: 24, command: app)
        defer { tmux.kill() }
        #expect(tmux.waitFor("1 Remaining"), "after restart: \(tmux.text)")
        tmux.press("u")
        #expect(tmux.waitFor("Undone: add “Buy milk”"), "no undo: \(tmux.text)")
        #expect(tmux.text.contains("(No Items)"))
        #expect(!tmux.text.contains("(y/n)"))
        tmux.press("C-r")
        #expect(tmux.waitFor("Redone: add “Buy milk”"), "no redo: \(tmux.text)")
        #expect(tmux.text.contains("1 Remaining"))
    }

    @Test("a list deleted from the command line: u asks what, from where and when; y brings it back with its items")
    func undoCommandLineChange() throws {
        defer { folder.remove() }
        expectEqual(cli("new-list", "Groceries").status, 0)
        for text in ["Milk", "Eggs", "Bread"] { expectEqual(cli("add", text, "--list", "Groceries").status, 0) }
        let tmux = TmuxSession(width: 80, height: 24, command: app)
        defer { tmux.kill() }
        #expect(tmux.waitFor("3 Remaining"))
        expectEqual(cli("delete-list", "Groceries").status, 0)
        #expect(tmux.waitUntil { !$0.contains("Groceries") }, "still shown: \(tmux.text)")
        tmux.press("u")
        #expect(tmux.waitFor("Undo delete list “Groceries”, 3 items (from the command line, "), "no question: \(tmux.text)")
        #expect(tmux.text.contains("? (y/n)"))
        tmux.press("n")
        #expect(tmux.waitUntil { !$0.contains("(y/n)") })
        #expect(!tmux.text.contains("Groceries"))
        tmux.press("u")
        #expect(tmux.waitFor("(y/n)"))
        tmux.press("y")
        #expect(tmux.waitFor("Undone: delete list “Groceries”, 3 items"), "not undone: \(tmux.text)")
        #expect(tmux.text.contains("3 Remaining"))
        // The command line sees it, with the same ids as before.
        let listed = cli("list", "--list", "Groceries")
        expectEqual(listed.output.split(separator: "\n").map { String($0.prefix(1)) }, ["1", "2", "3"], "\(listed.output)")
        // And its history says where each change came from.
        let history = cli("undo", "--list").output
        #expect(history.contains("(undone) delete list “Groceries”, 3 items"), "\(history)")
    }

    @Test("from the shell: nothing to undo exits 1 with one line on stderr; --json without --list is bad usage, 2")
    func shellErrors() {
        defer { folder.remove() }
        let nothing = cli("undo")
        expectEqual(nothing.status, 1)
        expectEqual(nothing.output, "checklists: nothing to undo; `checklists undo --list` shows the history\n")
        expectEqual(cli("undo", "--json").status, 2)
        expectEqual(cli("new-list", "Trips").status, 0)
        let undone = cli("undo")
        expectEqual(undone.status, 0)
        #expect(undone.output.hasPrefix("Undone: add list “Trips” (made from the command line, "), "\(undone.output)")
        expectEqual(cli("redo").status, 0)
        #expect(cli("lists").output.contains("Trips"))
    }
}
