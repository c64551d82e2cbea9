import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Text holding escape sequences is stored as given and never reaches the
/// terminal raw (the manual page: text is stored as given but printed safely), checked on the bytes the app writes: tmux's
/// pipe-pane -O hands a file everything the app sends to its terminal, and
/// every screen that shows user text is opened with such text in it.
@Suite("Escape sequences in tmux", .serialized)
struct EscapeSequencesInTmuxTests {
    let folder = TemporaryFolder()
    var database: String { folder.file("checklists.sqlite") }

    /// Added with `checklists new-list` / `checklists add`, the raw bytes in the argument.
    static let typedList = "Evil\u{1B}[2J\u{1B}[Hlist"                          // erase the screen, cursor home
    static let typedItems = [
        "Wipe\u{1B}[2J\u{1B}[Hscreen",
        "Title\u{1B}]0;pwned\u{1B}\\end",                                      // a title change ended by ST
        "Bidi \u{202E}desrever\u{202C} and \u{2067}isolate\u{2069} done",      // an override and an isolate
        "Arabic مرحبا بالعالم ok",
        "Red\u{9B}31mcsi",                                                     // SGR red through a C1 CSI
    ]
    /// Brought in with `checklists import`, as JSON `\u` escapes.
    static let importedList = "Imported \u{1B}]0;pwned\u{07} list"            // a title change ended by BEL
    static let importedItems = [
        "Clip \u{1B}]52;c;SGVsbG8=\u{07} board",                              // OSC 52: write "Hello" to the clipboard
        "C1 \u{9B}2J csi",                                                     // CSI as one C1 control
        "Hebrew שלום עולם ok",
        "Family 👨‍👩‍👧 zwj and Cafe\u{301}",                                      // a ZWJ sequence, a combining mark
    ]

    /// Runs the command line on the test database; its stdout and stderr.
    @discardableResult
    func checklists(_ arguments: [String]) -> String {
        let result = runCommand([PackagePaths.binary] + arguments + ["--db", database],
                                environment: ["TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
        expectEqual(result.status, 0, "checklists \(arguments): \(result.output)")
        return result.output
    }

    /// Everything due an hour ago, so it is all in the Due view; the first
    /// imported item's reminder came due ten minutes ago, while the app was
    /// closed, so it opens with a missed-reminder banner for it.
    func makeData() throws {
        let hourAgo = Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 - 3600) / 60).rounded(.down) * 60)
        let stamp = DateFormatter()
        stamp.locale = Locale(identifier: "en_US_POSIX")
        stamp.timeZone = TimeZone(identifier: "UTC")
        stamp.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        let items = Self.importedItems.enumerated().map { index, text in
            let reminder = index == 0 ? #", "remind": true, "reminder": "\#(stamp.string(from: Date().addingTimeInterval(-600)))""# : ""
            return #"{"id": \#(index + 1), "text": \#(Self.json(text)), "due": "\#(stamp.string(from: hourAgo))"\#(reminder)}"#
        }
        let document = #"{"format": "checklists", "version": 1, "lists": [{"id": 1, "name": \#(Self.json(Self.importedList)), "items": ["#
            + items.joined(separator: ",\n") + "]}]}\n"
        let file = folder.file("import.json")
        try document.write(toFile: file, atomically: true, encoding: .utf8)
        checklists(["import", file])
        checklists(["new-list", Self.typedList])
        for text in Self.typedItems {
            checklists(["add", text, "--list", Self.typedList, "--due", Fixed.text(hourAgo)])
        }
    }

    /// A JSON string with every control character as a `\u` escape, as a
    /// hand-written file would have them (raw ones are not valid JSON).
    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": out += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test("escape sequences, C1 controls and bidi overrides in lists and items show as stand-ins on every screen and never reach the terminal; RTL, combining and ZWJ text shows; the text is stored exactly as given")
    func neverReachTheTerminal() throws {
        try makeData()
        let output = folder.file("output")
        let go = folder.file("go")
        let status = folder.file("status")
        // The app waits for `go`, so the capture is in place before its first byte.
        let app = shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(database)
        let tmux = TmuxSession(width: 120, height: 40, command:
            "while [ ! -e \(shellQuoted(go)) ]; do sleep 0.05; done; \(app); echo $? > \(shellQuoted(status)); exec sleep 600")
        defer { tmux.kill(); folder.remove() }
        // A leaked OSC 52 would then make a tmux paste buffer, and OSC 0 the pane's title.
        tmux.tmux(["set-option", "-t", tmux.target, "set-clipboard", "on"])
        tmux.captureOutput(to: output)
        #expect(FileManager.default.createFile(atPath: go, contents: nil))

        /// Waits for one whole screen: all of `texts`, none of `gone`.
        func expectScreen(_ what: String, showing texts: [String], without gone: [String] = []) {
            #expect(tmux.waitUntil { screen in texts.allSatisfy { screen.contains($0) } && !gone.contains { screen.contains($0) } },
                    "\(what): \(tmux.text)")
        }
        // Bidi controls dropped, C1 controls as U+FFFD, a ZWJ sequence as its first emoji (DECISIONS.md).
        let shownTyped = ["Wipe␛[2J␛[Hscreen", #"Title␛]0;pwned␛\end"#, "Bidi desrever and isolate done", "Arabic مرحبا بالعالم ok",
                          "Red\u{FFFD}31mcsi"]
        let shownImported = ["Clip ␛]52;c;SGVsbG8=␇ board", "C1 \u{FFFD}2J csi", "Hebrew שלום עולם ok", "Family 👨", "zwj and Cafe\u{301}"]
        let typedList = "Evil␛[2J␛[Hlist", importedList = "Imported ␛]0;pwned␇ list"

        expectScreen("the reminder banner", showing: ["┌ Missed reminder", "Clip ␛]52;c;SGVsbG8=␇ board", "in " + importedList])
        tmux.press("Escape")
        expectScreen("the Due view, every item with its list", showing: shownTyped + shownImported + [typedList, importedList, "Due today and overdue"],
                     without: ["Missed reminder"])

        // Item Detail of the first due item; leaving it goes back to the Due view.
        tmux.press("Enter")
        expectScreen("item detail", showing: ["Edit Item", importedList, "Text        Clip ␛]52;c;SGVsbG8=␇ board"])
        tmux.press("Escape")
        expectScreen("the Due view again", showing: ["Due today and overdue"], without: ["Edit Item"])
        // The item's list, opened from the home screen (lists are in name order: it is the last).
        tmux.press("G")
        #expect(tmux.waitUntil { _ in tmux.selectedRow?.contains(importedList) == true }, "G: \(tmux.text)")
        tmux.press("Enter")
        expectScreen("the imported list", showing: shownImported + [importedList, "4 Remaining"], without: ["Edit Item", "Due today"])

        // List Detail of the last list (lists are in name order), then the other list.
        tmux.press("h")
        expectScreen("home", showing: ["Due today and overdue"])
        tmux.press("G")
        #expect(tmux.waitUntil { _ in tmux.selectedRow?.contains(importedList) == true }, "G: \(tmux.text)")
        tmux.press("e")
        expectScreen("list detail", showing: ["Edit Checklist", "Name        " + importedList])
        tmux.press("Escape")
        expectScreen("home", showing: ["Due today and overdue"])
        tmux.press("k")
        #expect(tmux.waitUntil { _ in tmux.selectedRow?.contains(typedList) == true }, "k: \(tmux.text)")
        tmux.press("Enter")
        expectScreen("the typed list", showing: shownTyped + [typedList, "5 Remaining"], without: ["Due today"])
        tmux.press("h")
        expectScreen("home", showing: ["Due today and overdue"])
        tmux.press("q")
        #expect(waitForFile(status), "did not quit: \(tmux.text)")
        expectEqual(fileLine(status), "0")

        // What the terminal received: curses' own sequences and the stand-ins,
        // never the data's. curses clears with ESC [ H ESC [ J on tmux-256color,
        // so any ESC [ 2 J came from data; it never writes an OSC or ST at all.
        #expect(tmux.waitUntil { _ in ((try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()).range(of: Data("\u{1B}[?1049l".utf8)) != nil },
                "the capture never saw the app leave the screen")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        let sent = try #require(String(validating: bytes, as: UTF8.self), "not UTF-8: a raw byte such as 0x9B was sent")
        for leak in ["\u{1B}]", "\u{1B}]52;", "\u{1B}]0;pwned", "\u{1B}[2J", "\u{1B}\\", "\u{9B}", "\u{202E}", "\u{202C}", "\u{2067}", "\u{2069}"] {
            #expect(!sent.contains(leak), "sent to the terminal: \(leak.debugDescription)")
        }
        #expect(!sent.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "a C1 control was sent")
        for standIn in ["␛]52;c;SGVsbG8=␇", "␛[2J␛[H", #"␛]0;pwned␛\"#, "\u{FFFD}2J", "\u{FFFD}31m"] {
            #expect(sent.contains(standIn), "stand-in not drawn: \(standIn)")
        }
        #expect(tmux.tmux(["list-buffers"]).output.isEmpty, "a clipboard write got through")
        #expect(!tmux.format("#{pane_title}").contains("pwned"), "the title changed")

        // Stored as given: the export, read by a JSON reader, holds the same scalars.
        let export = try JSONSerialization.jsonObject(with: Data(checklists(["export"]).utf8)) as? [String: Any]
        let lists = try #require(export?["lists"] as? [[String: Any]])
        let names = lists.compactMap { $0["name"] as? String }
        let texts = lists.flatMap { ($0["items"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String } }
        // Compared as scalars, since String's == would equate canonically
        // equivalent texts; typed, since inferring these sets took the type
        // checker most of a second.
        func scalars(_ texts: [String]) -> Set<[Unicode.Scalar]> { Set(texts.map { Array($0.unicodeScalars) }) }
        let typedAndImported: [String] = Self.typedItems + Self.importedItems
        expectEqual(scalars(names), scalars([Self.typedList, Self.importedList]))
        expectEqual(scalars(texts), scalars(typedAndImported))
    }
}
