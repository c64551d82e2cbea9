import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Terminal abuse, on the built binary in tmux: a storm of resizes,
/// suspending and resuming under a job-control shell, a stray SIGCONT, and
/// the terminals and outputs the app must refuse. Every test ends with the
/// terminal's modes (`stty -g`) compared byte for byte with what they were
/// before the app started.
@Suite("Terminal abuse in tmux", .serialized)
struct TerminalAbuseInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }
    var app: String { shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database) }
    var before: String { folder.file("stty-before") }
    var after: String { folder.file("stty-after") }
    var status: String { folder.file("status") }

    /// Keeps the pane's shell alive after the app exits, so its last screen
    /// and tmux's view of the terminal can still be read.
    static let holdPane = "exec sleep 600"

    /// The list "Errands" with four items due in 2031, opened at start: a
    /// screen that cannot change by itself during a test (nothing becomes
    /// overdue), so a screen seen before the abuse must come back exactly.
    func seed() throws {
        let store = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        guard case let .checklist(list) = try store.apply(.addChecklist(name: "Errands", icon: .none), now: Fixed.now) else {
            throw StorageError.notFound(what: "the new list")
        }
        for (day, text) in [(3, "Book flights"), (5, "Renew passport"), (8, "Water the plants"), (13, "Call the bank")] {
            try store.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: Fixed.date("2031-03-\(10 + day) 09:00"))), now: Fixed.now)
        }
        try store.apply(.setOpenChecklist(id: list), now: Fixed.now)
    }

    /// The app's process: the only `checklists` child of the pane's shell.
    func appProcess(_ tmux: TmuxSession) throws -> pid_t {
        try #require(tmux.children(named: "checklists").first, "no app process in the pane: \(tmux.text)")
    }

    /// Waits for the whole first frame of the seeded list, down to its help
    /// line, so a screen kept to compare with later is not caught half drawn.
    static func waitForList(_ tmux: TmuxSession) -> Bool {
        // The help line ends in "? help", or "?:help" when packed tight to fit.
        tmux.waitUntil { $0.contains("Errands") && $0.contains("Call the bank") && ($0.contains("? help") || $0.contains("?:help")) }
    }

    /// `TmuxSession.modes` while a list is shown: the alternate screen, the
    /// cursor hidden, the cursor keys in application mode.
    static let listModes = "alternate 1, cursor 0, keypad 1"

    /// The app run by `sh -c` between two `stty -g`, its exit status saved
    /// and the pane held open after it; returns once the list is on screen.
    func startBetweenStty() -> TmuxSession {
        let tmux = TmuxSession(width: 80, height: 24, command:
            "stty -g > \(shellQuoted(before)); \(app); echo $? > \(shellQuoted(status)); stty -g > \(shellQuoted(after)); \(Self.holdPane)")
        #expect(Self.waitForList(tmux), "start: \(tmux.text)")
        return tmux
    }

    /// Quits from the open list, then checks what the shell saw: exit 0,
    /// the modes exactly as before, the main screen and a visible cursor.
    func quitAndExpectRestored(_ tmux: TmuxSession) {
        Self.quit(tmux)
        #expect(waitForFile(after), "the shell never got back: \(tmux.text)")
        expectEqual(fileLine(status), "0")
        expectEqual(fileLine(after), fileLine(before), "modes after quitting")
        expectEqual(tmux.modes, TmuxSession.shellModes)
    }

    // MARK: - Resize storm

    /// 100 sizes in a zigzag from 80×24 down to 1×1 (twice) and back up,
    /// crossing the 30×8 minimum both ways, with widths and heights out of step.
    static let stormSizes: [(width: Int, height: Int)] = (0..<100).map { step in
        let phase = step % 50
        let depth = phase <= 25 ? phase : 50 - phase           // 0 … 25 … 1
        return (max(1, 80 - depth * 80 / 25), max(1, 24 - (depth * 24 + step % 3 * 8) / 25))
    }

    @Test("100 resizes in about a second, down to 1×1 and back, through tmux and straight to the app: it lives, shows the notice when too small, then the same screen as before, keys work, and quitting restores the terminal")
    func resizeStorm() throws {
        try seed()
        let output = folder.file("output")
        let tmux = startBetweenStty()
        defer { tmux.kill(); folder.remove() }
        let calm = tmux.screen()
        let app = try appProcess(tmux)
        tmux.captureOutput(to: output)
        var figures: [String] = []
        func repaints() -> Int {
            // curses clears the screen once per size the app handled.
            ((try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()).occurrences(of: Data("\u{1B}[H\u{1B}[J".utf8))
        }

        // Through tmux, as a user dragging a pane border: tmux passes the
        // sizes on to the app at its own pace, a few per second.
        var started = Date()
        for size in Self.stormSizes {
            tmux.resize(width: size.width, height: size.height)
            usleep(8_000)                                       // spread over about a second
        }
        figures.append("tmux: 100 resizes in \(String(format: "%.2f", Date().timeIntervalSince(started))) s, \(repaints()) repaints")
        // Straight to the app's terminal, bypassing tmux's pacing: each is a
        // SIGWINCH with a new size (one of them 0×0, which the kernel allows).
        let terminal = tmux.format("#{pane_tty}")
        let before = repaints()
        started = Date()
        for (step, size) in Self.stormSizes.enumerated() {
            let (rows, columns) = step == 50 ? (0, 0) : (size.height, size.width)
            runCommand(["stty", "-F", terminal, "rows", "\(rows)", "cols", "\(columns)"])
        }
        figures.append("kernel: 100 resizes in \(String(format: "%.2f", Date().timeIntervalSince(started))) s, \(repaints() - before) repaints")

        #expect(kill(app, 0) == 0 && !tmux.isDead, "the app died in the storm: \(tmux.text)")
        // Too small: the notice, naming the size the app now works with, and nothing else.
        tmux.resize(width: 20, height: 5)
        #expect(tmux.waitFor("now 20×5"), "20×5: \(tmux.text)")
        expectEqual(Self.nonBlank(tmux.screen()), ["Terminal too small", "need 30×8", "now 20×5"], "20×5: \(tmux.text)")
        tmux.resize(width: 2, height: 2)
        #expect(tmux.waitUntil { _ in Self.nonBlank(tmux.screen()) == ["T…", "n…"] }, "2×2: \(tmux.screen())")

        tmux.resize(width: 80, height: 24)
        #expect(tmux.waitUntil { _ in tmux.screen() == calm }, "after the storm:\n\(tmux.text)\nbefore it:\n\(calm.joined(separator: "\n"))")
        expectEqual(tmux.selectedRow?.contains("Book flights"), true, "selection: \(tmux.selectedRow ?? "none")")
        tmux.press("j")
        #expect(tmux.waitUntil { _ in tmux.selectedRow?.contains("Renew passport") == true }, "j after the storm: \(tmux.text)")

        quitAndExpectRestored(tmux)
        // Figures for the report, not assertions.
        print("resize storm: " + figures.joined(separator: "; "))
    }

    static func nonBlank(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    // MARK: - Suspend and resume

    /// An interactive dash in the pane: job control is on, and unlike bash it
    /// does not put back terminal modes of its own when a job stops, so what
    /// `stty -g` says at its prompt is exactly what the app left behind.
    func shell() -> TmuxSession {
        TmuxSession(width: 80, height: 24, command: "PS1=\"\(Self.prompt)\" HISTFILE=/dev/null exec dash -i")
    }
    static let prompt = "shell% "

    /// Types `command` at the shell's prompt and waits for `file`, which it writes.
    func run(_ command: String, writing file: String, in tmux: TmuxSession) {
        tmux.type(command)
        tmux.press("Enter")
        #expect(waitForFile(file), "\(command): \(tmux.text)")
    }

    /// Starts the app from the shell, with the terminal's modes saved first.
    func startApp(in tmux: TmuxSession) throws -> pid_t {
        #expect(tmux.waitFor(Self.prompt), "no prompt: \(tmux.text)")
        run("stty -g > \(shellQuoted(before))", writing: before, in: tmux)
        tmux.type(app)
        tmux.press("Enter")
        #expect(Self.waitForList(tmux), "start: \(tmux.text)")
        return try appProcess(tmux)
    }

    /// Waits until the app is stopped and the shell has its prompt back, then
    /// checks the terminal is as the shell had it: the same modes, the main
    /// screen, a visible cursor, normal cursor keys.
    func expectSuspended(_ app: pid_t, in tmux: TmuxSession, _ how: String) {
        #expect(tmux.waitUntil { _ in Self.processState(app) == "T" }, "\(how): the app did not stop: \(tmux.text)")
        #expect(tmux.waitUntil { $0.contains("Stopped") && Self.nonBlank($0.components(separatedBy: "\n")).last == Self.prompt.trimmingCharacters(in: .whitespaces) },
                "\(how): no prompt: \(tmux.text)")
        let atPrompt = folder.file("stty-suspended")
        try? FileManager.default.removeItem(atPath: atPrompt)
        run("stty -g > \(shellQuoted(atPrompt))", writing: atPrompt, in: tmux)
        expectEqual(fileLine(atPrompt), fileLine(before), "\(how): modes at the prompt")
        expectEqual(tmux.modes, TmuxSession.shellModes, "\(how)")
        // Bracketed paste is off (dash never turns it on): a paste reaches
        // a command bare, not wrapped in ESC[200~ ... ESC[201~.
        let pasted = folder.file("pasted-at-prompt")
        try? FileManager.default.removeItem(atPath: pasted)
        tmux.type("head -n 1 > \(shellQuoted(pasted))")
        tmux.press("Enter")
        #expect(tmux.waitUntil { _ in tmux.children(named: "head").count == 1 }, "\(how): head did not start: \(tmux.text)")
        tmux.tmux(["set-buffer", "-b", "probe", "probe\n"])
        tmux.tmux(["paste-buffer", "-p", "-b", "probe", "-t", tmux.pane])
        #expect(tmux.waitUntil(timeout: 5) { _ in fileLine(pasted) == "probe" }, "\(how): pasted at the prompt: \(fileLine(pasted).debugDescription)")
        #expect(tmux.waitUntil { Self.nonBlank($0.components(separatedBy: "\n")).last == Self.prompt.trimmingCharacters(in: .whitespaces) },
                "\(how): no prompt after the paste: \(tmux.text)")
    }

    /// Stops the app each of `ways` (Ctrl-Z, kill -TSTP) in turn, checks
    /// the shell's prompt, runs `fg`, and waits for the app to show `screen`
    /// again, all of it, with `modes`; then `keysWork` tries some keys.
    func suspendAndResume(_ app: pid_t, in tmux: TmuxSession, ways: [String], showing screen: [String], modes: String,
                          then keysWork: (String) -> Void) {
        for how in ways {
            if how == "Ctrl-Z" { tmux.press("C-z") } else { kill(app, SIGTSTP) }
            expectSuspended(app, in: tmux, how)
            tmux.type("fg")
            tmux.press("Enter")
            #expect(tmux.waitUntil { _ in tmux.screen() == screen }, "\(how), then fg:\n\(tmux.text)\nexpected:\n\(screen.joined(separator: "\n"))")
            expectEqual(tmux.modes, modes, "\(how), then fg")
            keysWork(how)
        }
    }

    /// Goes back to All Lists and quits with q, then checks the status and
    /// modes the shell sees.
    func quit(_ app: pid_t, in tmux: TmuxSession) {
        Self.quit(tmux)
        #expect(tmux.waitUntil { _ in kill(app, 0) != 0 }, "did not quit: \(tmux.text)")
        run("echo $? > \(shellQuoted(status)); stty -g > \(shellQuoted(after))", writing: after, in: tmux)
        expectEqual(fileLine(status), "0")
        expectEqual(fileLine(after), fileLine(before), "modes after quitting")
        expectEqual(tmux.modes, TmuxSession.shellModes)
    }

    /// From the open list: back to All Lists (h, not Esc, which a q sent
    /// right after could join as Alt-q), then q.
    static func quit(_ tmux: TmuxSession) {
        tmux.press("h")
        #expect(tmux.waitFor("2 lists"), "back: \(tmux.text)")
        tmux.press("q")
    }

    /// The one-letter state in /proc (R, S, T for stopped...), "" once gone.
    static func processState(_ pid: pid_t) -> String {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return "" }
        return String(stat[close...].dropFirst(2).prefix(1))
    }

    @Test("Ctrl-Z and kill -TSTP hand the shell its terminal back as it was; fg redraws the whole screen and keys work; quitting exits 0 with the modes restored")
    func suspendAndResume() throws {
        try seed()
        let tmux = shell()
        defer { tmux.kill(); folder.remove() }
        let app = try startApp(in: tmux)
        let screen = tmux.screen()
        expectEqual(tmux.modes, Self.listModes)

        suspendAndResume(app, in: tmux, ways: ["Ctrl-Z", "kill -TSTP"], showing: screen, modes: Self.listModes) { how in
            // Arrow keys first: the terminal sends them as the app expects only
            // if its cursor keys were switched back to application mode.
            tmux.press("Down")
            #expect(tmux.waitUntil { _ in tmux.selectedRow?.contains("Renew passport") == true }, "\(how), then Down: \(tmux.text)")
            tmux.press("Up")
            #expect(tmux.waitUntil { _ in tmux.screen() == screen }, "\(how), then Up: \(tmux.text)")
            // Bracketed paste is on again: pasted x's are not the check key.
            tmux.tmux(["set-buffer", "-b", "xs", "xx"])
            tmux.tmux(["paste-buffer", "-p", "-b", "xs", "-t", tmux.pane])
            #expect(tmux.waitFor("Paste ignored: not in a text field."), "\(how), then a paste: \(tmux.text)")
            #expect(!tmux.text.contains("[x]"), "\(how): a pasted x checked an item: \(tmux.text)")
            tmux.press("Down", "Up")
            #expect(tmux.waitUntil { _ in tmux.screen() == screen }, "\(how), after the paste: \(tmux.text)")
        }
        quit(app, in: tmux)
    }

    @Test("SIGTSTP while typing in a text field: the prompt gets its modes back, and after fg the half-typed text is still there and typing goes on")
    func suspendInTextField() throws {
        try seed()
        let tmux = shell()
        defer { tmux.kill(); folder.remove() }
        let app = try startApp(in: tmux)
        tmux.press("a")
        #expect(tmux.waitFor("Add Item"))
        tmux.type("Pick up the")
        // The whole frame, not just the text: curses sends a frame in
        // pieces (a write per cursor jump), and a capture between them saw
        // the text with the empty field's hint still after the buttons.
        #expect(tmux.waitUntil { $0.contains("Pick up the") && !$0.contains("(type some text)") })
        let form = tmux.screen()
        // In a text field the cursor is shown, where the typing goes.
        let typingModes = "alternate 1, cursor 1, keypad 1"
        expectEqual(tmux.modes, typingModes)

        suspendAndResume(app, in: tmux, ways: ["kill -TSTP", "Ctrl-Z"], showing: form, modes: typingModes) { how in
            // Down and Up, to Remind Me and back to the text: sent in the
            // wrong cursor-key mode, the Esc they start would cancel the form.
            tmux.press("Down")
            #expect(tmux.waitUntil { _ in tmux.screen() != form }, "\(how), then Down: \(tmux.text)")
            tmux.press("Up")
            #expect(tmux.waitUntil { _ in tmux.screen() == form }, "\(how), then Up: \(tmux.text)")
        }
        tmux.type(" parcel")
        tmux.press("C-s")
        // The form shows the text too: wait for the list with the new item.
        #expect(tmux.waitUntil { $0.contains("5 Remaining") && $0.contains("[ ] Pick up the parcel") }, "saved: \(tmux.text)")
        quit(app, in: tmux)
    }

    @Test("SIGCONT with no stop before it: the app goes on with the same screen, keys work, quitting restores the terminal")
    func continueWithoutStop() throws {
        try seed()
        let tmux = startBetweenStty()
        defer { tmux.kill(); folder.remove() }
        let screen = tmux.screen()
        let app = try appProcess(tmux)
        for _ in 0..<3 { kill(app, SIGCONT) }
        tmux.press("j")
        #expect(tmux.waitUntil { _ in tmux.selectedRow?.contains("Renew passport") == true }, "j after SIGCONT: \(tmux.text)")
        tmux.press("k")
        #expect(tmux.waitUntil { _ in tmux.screen() == screen }, "k: \(tmux.text)")
        #expect(Self.processState(app) != "T")
        quitAndExpectRestored(tmux)
    }

    // MARK: - Refusing to start

    /// How the app is started, and what its one line must say.
    static let refusals: [(how: String, says: String)] = [
        ("TERM=no-such-terminal", "TERM 'no-such-terminal' is unknown"),
        ("TERM=dumb", "TERM 'dumb' cannot move the cursor"),
        ("> file", "must be a terminal"),
        ("| cat", "must be a terminal"),
    ]

    @Test("a terminal that cannot be driven (unknown TERM, TERM=dumb) or stdout not one (a file, a pipe): one line, exit 2, no database, the terminal unchanged",
          arguments: refusals.map(\.how))
    func refusesToStart(how: String) throws {
        let says = try #require(Self.refusals.first { $0.how == how }?.says)
        let file = folder.file("stdout")
        let started: String
        switch how {
        case "> file": started = "{ \(app) > \(shellQuoted(file)); echo $? > \(shellQuoted(status)); }"
        case "| cat": started = "{ \(app); echo $? > \(shellQuoted(status)); } | cat"
        default: started = "{ \(how) \(app); echo $? > \(shellQuoted(status)); }"
        }
        let tmux = TmuxSession(width: 200, height: 10, command:
            "stty -g > \(shellQuoted(before)); \(started); stty -g > \(shellQuoted(after)); \(Self.holdPane)")
        defer { tmux.kill(); folder.remove() }
        #expect(waitForFile(after), "never finished: \(tmux.text)")
        expectEqual(fileLine(status), "2")
        #expect(tmux.waitFor(says), "message: \(tmux.text)")
        let lines = Self.nonBlank(tmux.text.components(separatedBy: "\n"))
        #expect(lines.count == 1 && lines[0].hasPrefix("checklists: "), "one line: \(lines)")
        #expect(!FileManager.default.fileExists(atPath: database), "a database was created")
        #expect(fileLine(file).isEmpty, "wrote to its stdout")
        try expectEqual(String(contentsOfFile: before, encoding: .utf8), String(contentsOfFile: after, encoding: .utf8))
        expectEqual(tmux.modes, TmuxSession.shellModes)
    }
}

extension Data {
    /// How many times `needle` occurs, not overlapping.
    func occurrences(of needle: Data) -> Int {
        var count = 0
        var start = startIndex
        while let found = range(of: needle, in: start..<endIndex) {
            count += 1
            start = found.upperBound
        }
        return count
    }
}
