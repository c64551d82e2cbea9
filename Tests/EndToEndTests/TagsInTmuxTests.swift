import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Tags as a user meets them in the built binary: typed on Item Detail's
/// Tags row with Tab completing from the tags in use, shown after the text,
/// and the tag view `#` opens from All Lists, across lists. The items are
/// undated, so the screens do not depend on the clock.
@Suite("Tags in tmux", .serialized)
struct TagsInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    func command(_ arguments: [String]) -> (status: Int32, output: String) {
        runCommand([PackagePaths.binary, "--db", database] + arguments, environment: ["TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    }

    @Test("80×24: tags typed with Tab completion, shown on the row; # lists the tags, then every open item with one, across lists")
    func tagsAndTagView() throws {
        for arguments in [["new-list", "Errands"], ["new-list", "Office"], ["add", "Call the bank", "--list", "Errands", "--tag", "work"],
                          ["add", "Milk", "--list", "Errands"], ["add", "Send the report", "--list", "Office", "--tag", "Work"]] {
            let result = command(arguments)
            expectEqual(result.status, 0, "\(result.output)")
        }
        let tmux = TmuxSession(width: 80, height: 24, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("Errands"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("[ ] Milk"), "\(tmux.text)")
        // Milk's form: Tab to Tags (text, note, Remind Me, Due Date, Starts, Repeat, Priority, Tags).
        tmux.press("G", "Enter", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab")
        #expect(tmux.waitUntil { $0.contains("› Tags") }, "\(tmux.text)")
        tmux.type("WO")
        #expect(tmux.waitUntil { $0.contains("› Tags        WO") && $0.contains("Tab: #work") }, "\(tmux.text)")
        tmux.press("Tab")
        tmux.type("urgent")
        #expect(tmux.waitUntil { $0.contains("› Tags        work urgent") }, "\(tmux.text)")
        tmux.press("C-s")
        #expect(tmux.waitFor(" [ ] Milk #work #urgent"), "\(tmux.text)")
        // All Lists, then the tags in use: urgent (1), work (3, whatever the case).
        tmux.press("Escape")
        #expect(tmux.waitFor("Office"), "\(tmux.text)")
        tmux.press("#")
        #expect(tmux.waitFor("2 tags"), "\(tmux.text)")
        expectEqual(Array(tmux.screen().prefix(4)), [
            " Tags                                                                    2 tags",
            "  1 #urgent",
            "  3 #work",
            "",
        ])
        tmux.press("Down", "Enter")
        #expect(tmux.waitFor("3 open"), "\(tmux.text)")
        expectEqual(Array(tmux.screen().prefix(5)), [
            " #work                                                                   3 open",
            " [ ] Call the bank #work    Errands",
            " [ ] Milk #work #urgent     Errands",
            " [ ] Send the report #Work  Office",
            "",
        ])
        // Space checks the first off: it leaves the view, here and on the command line.
        tmux.press("Space")
        #expect(tmux.waitFor("2 open"), "\(tmux.text)")
        let listed = command(["list", "--tag", "WORK"]).output
        #expect(!listed.contains("Call the bank") && listed.contains("Milk #work #urgent") && listed.contains("Send the report #Work"), "\(listed)")
        // Esc: back to the tags, then to All Lists.
        tmux.press("Escape")
        #expect(tmux.waitFor("2 tags"), "\(tmux.text)")
        tmux.press("Escape")
        #expect(tmux.waitFor("Checklists"), "\(tmux.text)")
    }
}
