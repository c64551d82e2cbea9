import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Quick add through the built binary: `add --quick` from the shell, the
/// Inbox it goes to, `[add]` in config.toml; and Add Item's preview line in
/// tmux at 40 and 120 columns. Dates carry their year, so nothing depends
/// on the clock but "is it past".
@Suite("Quick add through the binary", .serialized)
struct QuickAddEndToEndTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }

    func command(_ arguments: [String], config: String = "/dev/null") -> (status: Int32, output: String) {
        runCommand([PackagePaths.binary, "--db", database] + arguments,
                   environment: ["TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "CHECKLISTS_CONFIG": config])
    }

    @Test("add --quick reads the line; add alone keeps it; both go to an Inbox made on the first add; [add] decides the rest")
    func addQuickFromTheShell() throws {
        defer { folder.remove() }
        expectEqual(command(["new-list", "Work"]).status, 0)
        expectEqual(command(["add", "--quick", "Pay rent 2027-01-04 9:00 #home !high every month remind 1h before "]).output, "1\n")
        expectEqual(command(["add", "Buy 2 kg rice tomorrow "]).output, "2\n")
        expectEqual(command(["add", "--quick", "Call 3M about order 42"]).output, "3\n")
        let listed = command(["list", "--all", "--json"]).output
        #expect(listed.contains(#""id": 1, "text": "Pay rent", "list": "Inbox""#), "\(listed)")
        #expect(listed.contains(#""due": "2027-01-04T09:00:00+00:00""#), "\(listed)")
        #expect(listed.contains(#""reminders": [{"before": "1h"}]"#), "\(listed)")
        #expect(listed.contains(#""repeat": "FREQ=MONTHLY""#) && listed.contains(#""priority": "high", "tags": ["home"]"#), "\(listed)")
        #expect(listed.contains(#""id": 2, "text": "Buy 2 kg rice tomorrow", "list": "Inbox", "listId": 3, "due": null"#), "\(listed)")
        #expect(listed.contains(#""id": 3, "text": "Call 3M about order 42", "list": "Inbox", "listId": 3, "due": null"#), "\(listed)")
        // One Inbox, made once.
        expectEqual(command(["lists"]).output.components(separatedBy: "Inbox").count, 2)
        // Words and an option that disagree: refused, nothing added.
        let clash = command(["add", "--quick", "Call Ann 2027-01-05", "--due", "2027-01-06"])
        expectEqual(clash.status, 2)
        #expect(clash.output.contains("the text says due Jan 5, 2027, 9:00 AM and --due says Jan 6, 2027, 9:00 AM; give one"), "\(clash.output)")
        // [add]: quick by default, to Work; --literal keeps one line as typed.
        let config = folder.file("config.toml")
        try "[add]\ndefault_list = \"work\"\nquick = true\n".write(toFile: config, atomically: true, encoding: .utf8)
        chmod(config, 0o600)
        expectEqual(command(["add", "Ship it 2027-02-01 #release"], config: config).output, "4\n")
        expectEqual(command(["add", "--literal", "Ship it 2027-02-01 #release"], config: config).output, "5\n")
        let work = command(["list", "--list", "Work"]).output
        #expect(work.contains("Feb 1, 2027, 9:00 AM  Work  Ship it #release"), "\(work)")
        #expect(work.contains("Work  Ship it 2027-02-01 #release"), "\(work)")
        // A default_list no list has: one line naming the lists, nothing added.
        try "[add]\ndefault_list = \"Shopping\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let missing = command(["add", "x"], config: config)
        expectEqual(missing.status, 2)
        #expect(missing.output.contains(#"config [add] default_list: no list is named "Shopping"; the lists are "Inbox", "#), "\(missing.output)")
        #expect(!command(["list", "--all"]).output.contains(" x\n"))
    }

    @Test("Add Item in tmux: the preview line fits at 40 and at 120 columns, and Enter saves what it said", arguments: [40, 120])
    func previewInTmux(width: Int) throws {
        defer { folder.remove() }
        expectEqual(command(["new-list", "Errands"]).status, 0)
        let app = shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database)
        let tmux = TmuxSession(width: width, height: 20, command: "CHECKLISTS_CONFIG=/dev/null TZ=UTC LANG=C.UTF-8 " + app)
        defer { tmux.kill() }
        #expect(tmux.waitFor("Errands"), "\(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("No Items"), "\(tmux.text)")
        tmux.press("a")
        #expect(tmux.waitFor("Add Item"), "\(tmux.text)")
        tmux.type("Pay rent 2027-01-04 9:00 #home !high every month")
        #expect(tmux.waitUntil { $0.contains("→ Pay rent") }, "\(tmux.text)")
        let preview = try #require(tmux.screen().first { $0.contains("→ Pay rent") })
        #expect(preview.count <= width)
        if width == 120 {
            expectEqual(preview, "              → Pay rent · Mon, Jan 4, 2027, 9:00 AM · #home · !!! · monthly  Ctrl-L: as typed")
        } else {
            #expect(preview.hasPrefix("  → Pay rent · "), "\(preview)")
        }
        tmux.press("Enter")
        #expect(tmux.waitUntil { $0.contains("Pay rent #home") }, "\(tmux.text)")
        let listed = command(["list", "--json"]).output
        #expect(listed.contains(#""text": "Pay rent", "list": "Errands""#) && listed.contains(#""due": "2027-01-04T09:00:00+00:00""#), "\(listed)")
    }

    @Test("text typed into Add Item survives Ctrl-C: kept beside the database, owner-only, and back in the next Add Item on that list")
    func draftSurvivesCtrlC() throws {
        defer { folder.remove() }
        expectEqual(command(["new-list", "Errands"]).status, 0)
        let app = "CHECKLISTS_CONFIG=/dev/null TZ=UTC LANG=C.UTF-8 " + shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database)
        let first = TmuxSession(width: 80, height: 24, command: app)
        #expect(first.waitFor("Errands"), "\(first.text)")
        first.press("Enter")
        #expect(first.waitFor("No Items"), "\(first.text)")
        first.press("a")
        #expect(first.waitFor("Add Item"), "\(first.text)")
        first.type("Call the plumber about")
        #expect(first.waitFor("› Text        Call the plumber about"), "\(first.text)")
        first.press("C-c")
        let draft = database + ".draft"
        #expect(first.waitUntil { _ in FileManager.default.fileExists(atPath: draft) }, "no draft at \(draft)")
        first.kill()
        let mode = try FileManager.default.attributesOfItem(atPath: draft)[.posixPermissions] as? Int
        expectEqual(mode, 0o600)
        let second = TmuxSession(width: 80, height: 24, command: app)
        defer { second.kill() }
        #expect(second.waitFor("No Items"), "\(second.text)")
        second.press("a")
        #expect(second.waitFor("› Text        Call the plumber about"), "\(second.text)")
        #expect(second.waitFor("The text you were typing when the app closed is back; Esc drops it."), "\(second.text)")
        second.type(" the boiler")
        second.press("Enter")
        #expect(second.waitFor("Call the plumber about the boiler"), "\(second.text)")
        second.press("q")
        #expect(second.waitFor("Checklists"), "\(second.text)")
        second.press("q")
        // Done and quit: no draft is left behind.
        #expect(second.waitUntil { _ in !FileManager.default.fileExists(atPath: draft) }, "the draft is still there")
    }
}
