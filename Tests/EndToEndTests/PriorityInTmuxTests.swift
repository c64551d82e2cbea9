import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Priority as a user meets it in the built binary: the marks at 40 and at
/// 120 columns, p on a row, the Priority row of the form, the sort, and the
/// command line reading what the app wrote. The items are undated, so the
/// screens do not depend on the clock.
@Suite("Priority in tmux", .serialized)
struct PriorityInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    func command(_ arguments: [String]) -> (status: Int32, output: String) {
        runCommand([PackagePaths.binary, "--db", database] + arguments, environment: ["TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    }

    /// "Errands" holding four items, added from the command line.
    func errands() {
        expectEqual(command(["new-list", "Errands"]).status, 0)
        for (text, priority) in [("Call the bank", "high"), ("Water the plants on the balcony", "medium"), ("Milk", "low"), ("Bread", "none")] {
            let added = command(["add", text, "--list", "Errands", "--priority", priority])
            expectEqual(added.status, 0, "\(added.output)")
        }
    }

    @Test("120×12: the marks in one column; p, the form's Priority row and the sort by priority; the command line sees the result")
    func widePane() throws {
        errands()
        let tmux = TmuxSession(width: 120, height: 12, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("Errands"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("[ ] Bread"), "\(tmux.text)")
        expectEqual(Array(tmux.screen().prefix(6)), [
            " Errands                                                                                      4 Remaining · by due date",
            " [ ] Call the bank                    !!!",
            " [ ] Water the plants on the balcony  !!",
            " [ ] Milk                             !",
            " [ ] Bread",
            "",
        ])
        // p on Bread: none to low.
        tmux.press("G", "p")
        #expect(tmux.waitFor(" [ ] Bread                            !"), "\(tmux.text)")
        // The form: Tab to Priority (text, note, Remind Me, Due Date, Starts, Repeat, Priority), Right twice: high. Done.
        tmux.press("Enter", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab")
        #expect(tmux.waitUntil { $0.contains("› Priority") && $0.contains("! Low") }, "\(tmux.text)")
        tmux.press("Right", "Right", "C-s")
        #expect(tmux.waitFor(" [ ] Bread                            !!!"), "\(tmux.text)")
        // s three times: by text, by order added, by priority (high first, then the order of due dates and ids).
        tmux.press("s", "s", "s")
        #expect(tmux.waitFor("by priority"), "\(tmux.text)")
        expectEqual(Array(tmux.screen().prefix(5).dropFirst()), [
            " [ ] Call the bank                    !!!",
            " [ ] Bread                            !!!",
            " [ ] Water the plants on the balcony  !!",
            " [ ] Milk                             !",
        ])
        let listed = command(["list", "--list", "Errands", "--priority", "high"]).output
        #expect(listed.contains("!!! Call the bank") && listed.contains("!!! Bread") && !listed.contains("Milk"), "\(listed)")
    }

    @Test("40×12: the text first, the mark in one column after it (H, M, L), a long text cut before it")
    func narrowPane() throws {
        errands()
        let tmux = TmuxSession(width: 40, height: 12, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("Errands"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("[ ] Bread"), "\(tmux.text)")
        expectEqual(Array(tmux.screen().prefix(6)), [
            " Errands           4 Remaining · by du…",
            " [ ] Call the bank                   H",
            " [ ] Water the plants on the balco…  M",
            " [ ] Milk                            L",
            " [ ] Bread",
            "",
        ])
    }
}
