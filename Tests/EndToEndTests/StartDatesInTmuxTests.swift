import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// A start date as a user sets one in the built binary: typed on Item
/// Detail's Starts row, the item leaves the Due view, its row in the list is
/// dimmed with its start, w hides it and shows it again, and `list --due
/// today` leaves it out. The app runs in a time zone where it is about 6:00,
/// so an item due at 22:00 today that starts in two hours is both due today
/// and not started, whenever the test runs.
@Suite("Start dates in tmux", .serialized)
struct StartDatesInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }

    /// An `Etc/GMT` zone whose local time is now between 6:00 and 7:00
    /// (its sign is the POSIX one: Etc/GMT+5 is five hours behind UTC).
    static let zone: String = {
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).hour ?? 0
        var behind = hour - 6
        if behind > 12 { behind -= 24 }
        if behind < -14 { behind += 24 }
        return behind == 0 ? "Etc/GMT" : "Etc/GMT\(behind > 0 ? "+" : "-")\(abs(behind))"
    }()

    func command(_ arguments: [String]) -> (status: Int32, output: String) {
        runCommand([PackagePaths.binary, "--db", database] + arguments, environment: ["TZ": Self.zone, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    }

    /// The row holding `text`, as capture-pane -e gives it: whether it is drawn dim (SGR 2).
    func isDim(_ tmux: TmuxSession, _ text: String) -> Bool {
        let line = tmux.tmux(["capture-pane", "-p", "-e", "-t", tmux.pane]).output.components(separatedBy: "\n").first { $0.contains(text) } ?? ""
        guard let textStart = line.range(of: text) else { return false }
        let before = line[..<textStart.lowerBound]
        guard let sgr = before.range(of: "\u{1B}[", options: .backwards) else { return false }
        let codes = before[sgr.upperBound...].prefix { $0 != "m" }.split(separator: ";")
        return codes.contains("2")
    }

    @Test("a start typed on Starts takes the item out of the Due view; its row is dimmed with its start; w hides and shows it",
          arguments: [(80, 24), (40, 12), (120, 30)])
    func startInTheApp(width: Int, height: Int) throws {
        defer { folder.remove() }
        expectEqual(command(["add", "--list", "List", "Water plants", "--due", "today 22:00"]).status, 0)
        #expect(command(["list", "--due", "today"]).output.contains("Water plants"))
        let tmux = TmuxSession(width: width, height: height, command: "TZ=\(Self.zone) LANG=C.UTF-8 " + shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database))
        defer { tmux.kill() }
        #expect(tmux.waitFor("• Water plants"), "\(tmux.text)")
        // Enter on the Due view's row opens its form; Starts is four rows down.
        tmux.press("Enter")
        #expect(tmux.waitFor("Edit Item"), "\(tmux.text)")
        tmux.press("Tab", "Tab", "Tab", "Tab")
        #expect(tmux.waitFor("› Starts"), "\(tmux.text)")
        tmux.press("Enter")
        tmux.type("+2h")
        #expect(tmux.waitFor("→ "), "\(tmux.text)")
        tmux.press("Enter")
        tmux.press("C-s")
        // Back on the home screen: the Due view no longer holds it.
        #expect(tmux.waitUntil { $0.contains("nothing due") || !$0.contains("Water plants") && $0.contains("1 Remaining") }, "\(tmux.text)")
        #expect(!tmux.text.contains("Water plants"), "\(tmux.text)")
        // In its list the row is dimmed and says when it starts: in words
        // where the row has room, after a mark where it is narrow.
        tmux.press("G", "Enter")
        #expect(tmux.waitFor("[ ] Water plants"), "\(tmux.text)")
        let row = try #require(tmux.screen().first { $0.contains("Water plants") })
        #expect(row.contains(width >= 64 ? "Starts Today" : "› "), "\(row)")
        #expect(isDim(tmux, "Water plants"), "\(tmux.tmux(["capture-pane", "-p", "-e", "-t", tmux.pane]).output)")
        tmux.press("w")
        #expect(tmux.waitFor("1 hidden"), "\(tmux.text)")
        #expect(!tmux.text.contains("Water plants"), "\(tmux.text)")
        tmux.press("w")
        #expect(tmux.waitFor("[ ] Water plants"), "\(tmux.text)")
        // The command line agrees: not due today until it starts.
        #expect(!command(["list", "--due", "today"]).output.contains("Water plants"))
        #expect(command(["list"]).output.contains("Water plants"))
    }
}
