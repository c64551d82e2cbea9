import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Filters and smart lists as a user meets them in the built binary: f on
/// All Lists, a bad word, the items, S to keep them, the smart list on All
/// Lists with its count, a change from the command line showing at once,
/// d and u; at 40×12, 80×24 and 200×50. Undated items only, so the screens
/// do not depend on the day the test runs.
@Suite("Filters in tmux", .serialized)
struct FiltersInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    func command(_ arguments: [String]) -> (status: Int32, output: String) {
        runCommand([PackagePaths.binary, "--db", database] + arguments, environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    }

    func fill() {
        for arguments in [["new-list", "Home"], ["new-list", "Office"],
                          ["add", "Call the bank", "--list", "Office", "--tag", "work", "--priority", "high"],
                          ["add", "Write report", "--list", "Office", "--tag", "work"],
                          ["add", "Fix printer", "--list", "Home", "--tag", "work", "--priority", "high"],
                          ["add", "Buy milk", "--list", "Home"]] {
            let result = command(arguments)
            expectEqual(result.status, 0, "\(result.output)")
        }
    }

    @Test("80×24: f, a bad word, the items, S keeps them; the smart list's count follows the command line; d asks, u brings it back")
    func filterAndKeep() throws {
        fill()
        let tmux = TmuxSession(width: 80, height: 24, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("Office"), "\(tmux.text)")
        tmux.press("f")
        #expect(tmux.waitFor("Enter shows the items"), "\(tmux.text)")
        tmux.type("!urgent")
        tmux.press("Enter")
        #expect(tmux.waitFor("is not a filter"), "\(tmux.text)")
        for _ in 0..<7 { tmux.press("BSpace") }
        tmux.type("#work !high")
        tmux.press("Enter")
        #expect(tmux.waitFor("2 of 4 open"), "\(tmux.text)")
        let screen = tmux.screen()
        expectEqual(Array(screen.prefix(3)), [
            " #work !high                                                        2 of 4 open",
            " [ ] Call the bank #work  !!! Office",
            " [ ] Fix printer #work    !!! Home",
        ], "\(tmux.text)")
        tmux.press("S")
        #expect(tmux.waitFor("Keep as"), "\(tmux.text)")
        tmux.type("Urgent at work")
        tmux.press("Enter")
        #expect(tmux.waitFor("Kept as"), "\(tmux.text)")
        tmux.press("Escape")
        #expect(tmux.waitFor("Smart lists"), "\(tmux.text)")
        #expect(tmux.screen().contains { $0.hasPrefix("  ⚲  Urgent at work") && $0.hasSuffix(" 2") }, "\(tmux.text)")
        // Another process adds a matching item: the count follows at once.
        expectEqual(command(["add", "Renew passport", "--list", "Home", "--tag", "work", "--priority", "high"]).status, 0)
        #expect(tmux.waitUntil { $0.split(separator: "\n").contains { $0.hasPrefix("  ⚲  Urgent at work") && $0.hasSuffix(" 3") } }, "\(tmux.text)")
        expectEqual(command(["list", "--filter", "urgent at work", "--count"]).output, "3\n")
        // Open it: its name in the title; the command line's item is there.
        tmux.press("G")
        tmux.press("Enter")
        #expect(tmux.waitFor("#work !high · 3 of 5"), "\(tmux.text)")
        #expect(tmux.text.contains("Renew passport"))
        tmux.press("Escape")
        #expect(tmux.waitFor("Smart lists"), "\(tmux.text)")
        tmux.press("d")
        #expect(tmux.waitFor("Delete the smart list"), "\(tmux.text)")
        tmux.press("y")
        #expect(tmux.waitFor("Deleted smart list"), "\(tmux.text)")
        #expect(!tmux.screen().contains { $0.hasPrefix("  ⚲  Urgent at work") }, "\(tmux.text)")
        tmux.press("u")
        #expect(tmux.waitFor("Undone: delete smart list"), "\(tmux.text)")
        #expect(tmux.screen().contains { $0.hasPrefix("  ⚲  Urgent at work") }, "\(tmux.text)")
    }

    @Test("40×12 and 200×50: the items and All Lists' smart lists fit the pane")
    func sizes() throws {
        fill()
        expectEqual(command(["smart-lists", "--add", "Work", "--filter", "#work"]).status, 0)
        for (width, height) in [(40, 12), (200, 50)] {
            let tmux = TmuxSession(width: width, height: height, command: app)
            defer { tmux.kill() }
            #expect(tmux.waitFor("Smart lists"), "\(tmux.text)")
            #expect(tmux.screen().contains { $0.hasPrefix("  ⚲  Work") && $0.hasSuffix(" 3") }, "\(tmux.text)")
            tmux.press("G")
            tmux.press("Enter")
            // The help line is drawn last: waiting for the title alone could
            // read a frame tmux has only half received.
            #expect(tmux.waitUntil { $0.contains("3 of 4") && $0.contains("Esc") }, "\(tmux.text)")
            let screen = tmux.screen()
            // The help line is the pane's last: nothing drawn past the bottom.
            #expect(screen.count >= height && screen[height - 1].contains("Esc"), "\(tmux.text)")
            #expect(screen.allSatisfy { TextWidth.columns(of: $0) <= width }, "\(tmux.text)")
            #expect(screen[1].hasPrefix(" [ ] Call the bank #work"), "\(tmux.text)")
            tmux.press("Escape")
            #expect(tmux.waitFor("Smart lists"), "\(tmux.text)")
        }
        folder.remove()
    }
}
