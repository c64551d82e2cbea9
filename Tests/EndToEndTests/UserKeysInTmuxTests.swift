import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// The user's `[keys]` and `[colors]` in the built binary: a remapped key
/// works and the hint line says so, the colours reach the terminal unless
/// NO_COLOR is set, and a bad file stops the app before it starts.
@Suite("User keys and colours in tmux", .serialized)
struct UserKeysInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var config: String { folder.file("config.toml") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) + " --config " + shellQuoted(config) }

    @Test("add = n: the hint line says n add, n opens Add Item, a does nothing; overdue = 208 is drawn in colour 208 unless NO_COLOR")
    func remappedKeyAndColour() throws {
        try ChecklistsDatabase.withOverdueAndAheadItems(at: database)
        try """
            [keys]
            add = "n"

            [colors]
            overdue = 208
            """.write(toFile: config, atomically: true, encoding: .utf8)
        defer { folder.remove() }
        for noColour in [false, true] {
            let tmux = TmuxSession(width: 80, height: 10, command: (noColour ? "NO_COLOR=1 " : "") + app)
            defer { tmux.kill() }
            #expect(tmux.waitFor("far ahead"), "screen: \(tmux.text)")
            // At 80 columns the checklist's line is in its tight form ("n:add").
            #expect(tmux.text.contains("n:add") || tmux.text.contains("n add"), "hint line: \(tmux.text)")
            #expect(!tmux.text.contains("a add") && !tmux.text.contains("a:add"), "hint line: \(tmux.text)")
            tmux.press("j")                                      // the selection bar off the overdue row
            // SGR 38;5;208: the 256-colour foreground the file asked for.
            let coloured = tmux.waitUntil { _ in
                tmux.selectedRow?.contains("far ahead") == true
            }
            #expect(coloured, "selected: \(tmux.text)")
            let styled = tmux.tmux(["capture-pane", "-p", "-e", "-t", tmux.target]).output
            expectEqual(styled.contains("38;5;208"), !noColour, "NO_COLOR=\(noColour): \(styled.debugDescription)")
            #expect(!styled.contains("\u{1B}[31m"), "the default red is replaced: \(styled.debugDescription)")
            tmux.press("a")
            tmux.press("n")
            #expect(tmux.waitFor("Add Item"), "n adds: \(tmux.text)")
            tmux.press("Escape")
            #expect(tmux.waitUntil { !$0.contains("Add Item") && $0.contains("far ahead") }, "a added nothing: \(tmux.text)")
        }
    }

    @Test("selection = { fg = black, bg = cyan } draws the bar in those colours; NO_COLOR draws it reversed")
    func selectionColours() throws {
        try """
            [colors]
            selection = { fg = "black", bg = "cyan" }
            """.write(toFile: config, atomically: true, encoding: .utf8)
        defer { folder.remove() }
        for noColour in [false, true] {
            let tmux = TmuxSession(width: 60, height: 8, command: (noColour ? "NO_COLOR=1 " : "") + app)
            defer { tmux.kill() }
            #expect(tmux.waitFor("(No Items)"), "screen: \(tmux.text)")
            let rows = tmux.tmux(["capture-pane", "-p", "-e", "-t", tmux.target]).output.components(separatedBy: "\n")
            let bar = rows.first { $0.contains("(No Items)") } ?? ""
            // SGR 30 and 46: black on cyan, not reversed; without colour, reverse (SGR 7) alone.
            expectEqual(bar.contains("\u{1B}[30m\u{1B}[46m"), !noColour, "NO_COLOR=\(noColour): \(bar.debugDescription)")
            expectEqual((tmux.selectedRow?.contains("(No Items)") == true), noColour, "reversed: \(bar.debugDescription)")
        }
    }

    @Test("a bad [keys] line stops the app with file:line:column and exit 2, before any terminal or database")
    func badConfigRefused() throws {
        try """
            [keys]
            add = "n"
            quit = ["q", "C-c"]
            """.write(toFile: config, atomically: true, encoding: .utf8)
        defer { folder.remove() }
        let result = runCommand([PackagePaths.binary, "--db", database, "--config", config])
        expectEqual(result.status, 2)
        expectEqual(result.output, "checklists: \(config):3:1: C-c cannot be bound: it always quits, so that a stuck app can be left\n")
        #expect(!FileManager.default.fileExists(atPath: database))
    }
}
