import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// The built binary in a real terminal (tmux), with a temporary database:
/// what a new user meets. Serialized: each test owns a tmux server, and two
/// cores are better spent on one app at a time.
@Suite("The app in tmux", .serialized)
struct AppInTmuxTests {
    /// Keeps the pane's shell alive after the app exits: tmux stops reading
    /// a pane whose process has died, and may drop the app's last message.
    static let holdPane = "exec sleep 600"

    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }

    @Test("a new user's first use: add a list with an icon, an item with CJK text and a picked date, check it, quit, start again")
    func firstUse() throws {
        let tmux = TmuxSession(width: 80, height: 24, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("(No Items)"), "home screen: \(tmux.text)")
        #expect(tmux.text.contains("List"))

        // Add a list named Groceries with the Groceries icon.
        tmux.press("a")
        #expect(tmux.waitFor("Add Checklist"))
        tmux.type("Groceries")
        tmux.press("Tab", "Enter")
        #expect(tmux.waitFor("Appointments"), "icon choice: \(tmux.text)")
        for _ in 0..<6 { tmux.press("Down") }              // No Icon … Groceries is the 7th
        tmux.press("Enter")
        #expect(tmux.waitFor("🛒 Groceries"), "icon chosen: \(tmux.text)")
        tmux.press("C-s")
        #expect(tmux.waitUntil { $0.contains("2 lists") && $0.contains("🛒 Groceries") }, "list added: \(tmux.text)")

        // The new list is selected: open it and add an item.
        tmux.press("Enter")
        #expect(tmux.waitFor("No items. Press a to add one."), "opened: \(tmux.text)")
        tmux.press("a")
        #expect(tmux.waitFor("Add Item"))
        tmux.type("牛乳とパンを買う")
        tmux.press("Tab", "Tab", "Tab", "Enter")             // past the note to Due Date: open the picker
        #expect(tmux.waitFor("▸"), "picker open: \(tmux.text)")
        tmux.press("Left", "Left")                           // day → month → year
        tmux.type("2027")                                    // year, then month is focused
        tmux.type("03")
        tmux.type("14")
        tmux.type("1830")                                    // hour 18, minute 30
        #expect(tmux.waitFor("2027-03-14  18:30"), "picker fields: \(tmux.text)")
        tmux.press("Enter")                                  // close the picker
        #expect(tmux.waitUntil { !$0.contains("▸") })
        #expect(tmux.text.contains("Mar 14, 2027"), "due date row: \(tmux.text)")
        tmux.press("C-s")
        // The text is on the form too: wait for the list's count, which only the list shows.
        #expect(tmux.waitFor("1 Remaining"), "back on the list: \(tmux.text)")
        #expect(tmux.text.contains("牛乳とパンを買う"), "item listed: \(tmux.text)")

        // Check it off, then quit with Ctrl-C while the list is open.
        tmux.press("Space")
        #expect(tmux.waitFor("[x] 牛乳とパンを買う"), "checked: \(tmux.text)")
        #expect(tmux.text.contains("All Done!"))
        tmux.press("C-c")
        #expect(tmux.waitUntil { _ in tmux.isDead })

        // Start again: the same list is open and everything is there.
        let again = TmuxSession(width: 80, height: 24, command: app)
        defer { again.kill() }
        #expect(again.waitFor("[x] 牛乳とパンを買う"), "after restart: \(again.text)")
        #expect(again.text.contains("🛒 Groceries"))
        #expect(again.text.contains("Mar 14, 2027"))
    }

    @Test("the layout follows the terminal's size, with a notice when it is too small")
    func resize() throws {
        let tmux = TmuxSession(width: 80, height: 24, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("(No Items)"))
        tmux.resize(width: 40, height: 12)
        #expect(tmux.waitUntil { screen in
            let lines = screen.components(separatedBy: "\n")
            return lines.count >= 12 && lines[1].contains("List") && lines[1].contains("(No Items)") && lines[11].contains("q:quit") && lines[10].contains("Enter:open")
        }, "40×12: \(tmux.text)")
        tmux.resize(width: 20, height: 5)
        #expect(tmux.waitFor("Terminal too small"), "20×5: \(tmux.text)")
        tmux.resize(width: 100, height: 30)
        #expect(tmux.waitUntil { $0.contains("(No Items)") && !$0.contains("too small") }, "100×30: \(tmux.text)")
        let title = tmux.screen()[0]
        #expect(title.hasSuffix("1 list"), "title at 100 columns: \(title)")
        #expect(title.count >= 90)
    }

    @Test("a resize after the first frame and before the app watches for resizes is not lost")
    func resizeWhileOpening() throws {
        // The first-frame marker is written just after the first frame,
        // before the signal sources exist. A FIFO holds the app there: its
        // write waits until the test opens the FIFO. Opened for reading and
        // writing, which never waits: an app whose write was cut short by
        // the signal does not hang the test.
        let marker = folder.file("first-frame")
        expectEqual(mkfifo(marker, 0o600), 0)
        let tmux = TmuxSession(width: 80, height: 24, command:
            "CHECKLISTS_FIRST_FRAME_FILE=\(shellQuoted(marker)) \(app)")
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("(No Items)"), "first frame: \(tmux.text)")
        tmux.resize(width: 40, height: 12)
        let reader = open(marker, O_RDWR)
        #expect(reader >= 0)
        defer { close(reader) }
        #expect(tmux.waitUntil { screen in
            let lines = screen.components(separatedBy: "\n")
            return lines.count >= 12 && lines[1].contains("(No Items)") && lines[11].contains("q:quit") && lines[10].contains("Enter:open")
        }, "40×12: \(tmux.text)")
    }

    /// The signals that end the app and the status the shell sees: SIGTERM,
    /// SIGHUP and SIGINT end it the orderly way; the rest are ones whose
    /// default action ends a process, restored by the crash guard.
    static let endingSignals = ["TERM": 143, "HUP": 129, "INT": 130, "QUIT": 131, "USR1": 138, "USR2": 140, "ALRM": 142]

    @Test("a signal that ends the app restores the terminal exactly as it was, and the status is 128 + the signal",
          arguments: endingSignals.keys.sorted())
    func signalRestoresTerminal(signal: String) throws {
        let before = folder.file("stty-before")
        let after = folder.file("stty-after")
        let status = folder.file("status")
        // No core file from SIGQUIT in the test's folder.
        let tmux = TmuxSession(width: 80, height: 24, command:
            "ulimit -c 0; stty -g > \(shellQuoted(before)); \(app); echo $? > \(shellQuoted(status)); stty -g > \(shellQuoted(after)); exec sleep 600")
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("(No Items)"))
        let killed = runCommand(["pkill", "-\(signal)", "-f", "--", "--db \(database)"])
        expectEqual(killed.status, 0, "pkill: \(killed.output)")
        #expect(waitForFile(after), "the shell never got back after \(signal)")
        expectEqual(fileLine(status), "\(Self.endingSignals[signal]!)")
        expectEqual(fileLine(before), fileLine(after))
        expectEqual(tmux.modes, TmuxSession.shellModes)
    }

    @Test("a corrupt database is refused with a message, a non-zero exit, and the file unchanged")
    func corruptDatabase() throws {
        var bytes = Data("SQLite format 3\u{0}".utf8)
        bytes.append(Data((0..<16_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        try bytes.write(to: URL(fileURLWithPath: database))
        let status = folder.file("status")
        let tmux = TmuxSession(width: 100, height: 10, command: "\(app); echo $? > \(shellQuoted(status)); \(Self.holdPane)")
        defer { tmux.kill(); folder.remove() }
        #expect(waitForFile(status))
        try expectEqual(String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "3")
        #expect(tmux.waitFor("is not a Checklists database"), "message: \(tmux.text)")
        try expectEqual(Data(contentsOf: URL(fileURLWithPath: database)), bytes)
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
    }

    @Test("two copies opening a new database at the same moment both start, and it holds one List")
    func concurrentFirstOpen() throws {
        let first = TmuxSession(width: 60, height: 12, command: app)
        let second = TmuxSession(width: 60, height: 12, command: app)
        defer { first.kill(); second.kill(); folder.remove() }
        #expect(first.waitFor("(No Items)"), "first: \(first.text)")
        #expect(second.waitFor("(No Items)"), "second: \(second.text)")
        first.press("q")
        second.press("q")
        #expect(first.waitUntil { _ in first.isDead } && second.waitUntil { _ in second.isDead })
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: self.database, createsFolder: false))
        try expectEqual(database.checklistSummaries().map(\.checklist.name), ["List"])
    }

    @Test("overdue items are red with colour, and NO_COLOR turns colour off but keeps the ! marker")
    func noColor() throws {
        try ChecklistsDatabase.withOverdueAndAheadItems(at: database)
        defer { folder.remove() }
        for noColour in [false, true] {
            let tmux = TmuxSession(width: 80, height: 10, command: (noColour ? "NO_COLOR=1 " : "") + app)
            defer { tmux.kill() }
            #expect(tmux.waitFor("far ahead"), "screen: \(tmux.text)")
            #expect(tmux.text.contains("! Sep 9, 2001"))
            tmux.press("j")                                      // the selection bar off the overdue row
            usleep(300_000)
            let styled = tmux.tmux(["capture-pane", "-p", "-e", "-t", tmux.target]).output
            // SGR 31: red foreground.
            expectEqual(styled.contains("\u{1B}[31m"), !noColour, "NO_COLOR=\(noColour): \(styled.debugDescription)")
        }
    }

    @Test("Backspace on the Due Date row clears an item's due date: the form says None, the row shows no date, and it stays so")
    func clearDueDate() throws {
        do {
            let database = try ChecklistsDatabase.open(DatabaseLocation(path: self.database, createsFolder: false))
            let list = try database.checklistSummaries()[0].id
            let now = Date()
            try database.apply(.addItem(checklistID: list, ItemDraft(text: "fix the shelf", dueDate: Date(timeIntervalSince1970: 4_000_000_000),
                                                                     shouldRemind: true)), now: now)
            try database.apply(.setOpenChecklist(id: list), now: now)
        }
        let tmux = TmuxSession(width: 80, height: 12, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("Oct 2, 2096"), "list: \(tmux.text)")
        tmux.press("Enter")                                  // edit the item
        #expect(tmux.waitFor("Edit Item"))
        tmux.press("Tab", "Tab", "Tab", "BSpace")            // Due Date, clear it
        #expect(tmux.waitUntil { $0.contains("None") && $0.contains("[ ] Off") }, "cleared: \(tmux.text)")
        tmux.press("C-s")
        #expect(tmux.waitUntil { $0.contains("fix the shelf") && !$0.contains("Edit Item") }, "saved: \(tmux.text)")
        #expect(!tmux.text.contains("2096"), "no date on the row: \(tmux.text)")
        tmux.press("C-c")
        #expect(tmux.waitUntil { _ in tmux.isDead })
        let database = try ChecklistsDatabase.open(DatabaseLocation(path: self.database, createsFolder: false))
        let item = try #require(try database.item(id: 1))
        #expect(item.dueDate == nil)
        expectEqual(item.shouldRemind, false)
    }

    @Test("a repeat set on the Repeat row: checking the item off keeps it open at its next due date, and the row says it was done")
    func repeatAndCheckOff() throws {
        do {
            let database = try ChecklistsDatabase.open(DatabaseLocation(path: self.database, createsFolder: false))
            let list = try database.checklistSummaries()[0].id
            let now = Date()
            // Far ahead, so the next occurrence is a week after it whatever the clock says.
            try database.apply(.addItem(checklistID: list, ItemDraft(text: "water the plants", dueDate: Date(timeIntervalSince1970: 4_000_000_000))),
                               now: now)
            try database.apply(.setOpenChecklist(id: list), now: now)
        }
        let tmux = TmuxSession(width: 80, height: 12, command: app)
        defer { tmux.kill(); folder.remove() }
        #expect(tmux.waitFor("Oct 2, 2096"), "list: \(tmux.text)")
        tmux.press("Enter")
        #expect(tmux.waitFor("Edit Item"))
        tmux.press("Tab", "Tab", "Tab", "Tab", "Tab")        // the Repeat row
        #expect(tmux.waitFor("Never"), "repeat row: \(tmux.text)")
        tmux.press("Right", "Right", "Right")                // every day, weekdays, every week
        #expect(tmux.waitFor("every week"), "weekly: \(tmux.text)")
        tmux.press("C-s")
        #expect(tmux.waitFor("↻ weekly"), "saved: \(tmux.text)")
        tmux.press("Space")
        #expect(tmux.waitUntil { $0.contains("Oct 9, 2096") && $0.contains("· done") }, "checked off: \(tmux.text)")
        #expect(tmux.text.contains("[ ] water the plants"), "still open: \(tmux.text)")
        #expect(tmux.text.contains("1 Remaining"))
    }

    @Test("no terminal: a clear message, exit 2, and no database created")
    func notATerminal() {
        let result = runCommand([PackagePaths.binary, "--db", database])
        defer { folder.remove() }
        expectEqual(result.status, 2)
        #expect(result.output.contains("must be a terminal"), "output: \(result.output)")
        #expect(!FileManager.default.fileExists(atPath: database))
        // `checklists --db P` is launched without the argument parser; the
        // parser's way (`--db=P`) says exactly the same.
        let parsed = runCommand([PackagePaths.binary, "--db=\(database)"])
        #expect(parsed.status == result.status && parsed.output == result.output, "parsed: \(parsed.output)")
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test("--help and --version")
    func helpAndVersion() {
        let help = runCommand([PackagePaths.binary, "--help"])
        expectEqual(help.status, 0)
        #expect(help.output.contains("--db <path>"))
        let version = runCommand([PackagePaths.binary, "--version"])
        expectEqual(version.status, 0)
        #expect(version.output.hasPrefix("checklists "))
        folder.remove()
    }
}
