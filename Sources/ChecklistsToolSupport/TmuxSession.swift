import Foundation

/// Drives a program in a real terminal: a detached tmux session of a fixed
/// size on a private server, keys sent with `send-keys`, the screen read back
/// with `capture-pane`. This is how the end-to-end tests (and the two-writers
/// stress run) see what a user sees.
public final class TmuxSession: @unchecked Sendable {
    public let server: String
    public let target = "app"
    /// The app's pane, named fully so keys reach it even when the test opens
    /// another window (a window's bell flag shows only when it is not in front).
    public var pane: String { target + ":0.0" }

    /// Starts `command` (run by `sh -c`) in a new session of `width`×`height`.
    /// The pane stays after the command exits so its last screen can be read.
    public init(width: Int = 80, height: Int = 24, command: String) {
        server = "checklists-test-" + UUID().uuidString.prefix(8)
        // The pane's environment is spelled out: `swift test` exports
        // NO_COLOR to its children, and the tmux server would pass it on.
        tmux(["-f", "/dev/null", "new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)",
              "env -u NO_COLOR -u CHECKLISTS_DB LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=tmux-256color TZ=UTC sh -c '\(command)'"])
        tmux(["set-option", "-t", target, "remain-on-exit", "on"])
        tmux(["set-option", "-t", target, "-g", "bell-action", "any"])
    }

    deinit { kill() }

    @discardableResult
    public func tmux(_ arguments: [String]) -> (status: Int32, output: String) {
        runCommand(["tmux", "-L", server] + arguments)
    }

    /// Sends tmux key names ("Enter", "Escape", "C-s", "Down", "Space", "BTab").
    public func press(_ keys: String...) {
        for key in keys {
            tmux(["send-keys", "-t", pane, key])
        }
    }

    /// Types text literally (any Unicode).
    public func type(_ text: String) {
        tmux(["send-keys", "-t", pane, "-l", text])
    }

    /// The screen as plain lines.
    public func screen() -> [String] {
        tmux(["capture-pane", "-p", "-t", pane]).output.components(separatedBy: "\n")
    }

    /// The screen as text, with lines the terminal wrapped joined again (a
    /// long error message spans several rows of a narrow pane).
    public var text: String {
        tmux(["capture-pane", "-p", "-J", "-t", pane]).output
    }

    /// The text of the row under the selection bar (reverse video), below
    /// the title bar; nil when nothing is selected.
    ///
    /// capture-pane -e writes only changes of attributes, and they carry
    /// over from one line to the next (the title bar's reverse continues into
    /// a selected first row), so the state is followed through the capture.
    public var selectedRow: String? {
        let lines = tmux(["capture-pane", "-p", "-e", "-t", pane]).output.components(separatedBy: "\n")
        var reverse = false
        for (index, line) in lines.enumerated() {
            var plain = ""
            var startsReversed: Bool?
            var rest = Substring(line)
            while let first = rest.first {
                if first == "\u{1B}", let end = rest.firstIndex(where: { $0.isLetter && $0 != "[" && $0 != "\u{1B}" }) {
                    if rest[end] == "m" { reverse = Self.reverse(afterSGR: rest[rest.index(rest.startIndex, offsetBy: 2)..<end], was: reverse) }
                    rest = rest[rest.index(after: end)...]
                    continue
                }
                if startsReversed == nil { startsReversed = reverse }
                plain.append(first)
                rest = rest.dropFirst()
            }
            if index > 0, startsReversed == true { return plain }
        }
        return nil
    }

    /// Reverse video after an SGR sequence's parameters ("0;7", "27", "38;5;7").
    private static func reverse(afterSGR parameters: Substring, was reverse: Bool) -> Bool {
        var reverse = reverse
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        while let code = codes.popFirst() {
            switch code {
            case 0: reverse = false
            case 7: reverse = true
            case 27: reverse = false
            case 38, 48, 58: codes = codes.dropFirst(codes.first == 5 ? 2 : 4)   // a colour's own numbers
            default: break
            }
        }
        return reverse
    }

    /// Waits (polling every 50 ms, up to `timeout`) until the screen satisfies
    /// `condition`; returns whether it did. The timeout is only a safety net
    /// for a hung app: passing tests return as soon as the screen is right.
    ///
    /// A screen that satisfies it is read again 30 ms later and must be the
    /// same: curses sends a frame in several writes, and a loaded machine
    /// can let tmux show the top of a frame (the title a test waits for)
    /// before its bottom rows, which the test then reads. A screen that
    /// keeps changing (a clock) is accepted on the fourth match.
    @discardableResult
    public func waitUntil(timeout: TimeInterval = 15, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var matches = 0
        while Date() < deadline {
            let screen = text
            if condition(screen) {
                matches += 1
                usleep(30_000)
                if matches >= 4 || text == screen { return true }
                continue
            }
            usleep(50_000)
        }
        return condition(text)
    }

    @discardableResult
    public func waitFor(_ needle: String, timeout: TimeInterval = 15) -> Bool {
        waitUntil(timeout: timeout) { $0.contains(needle) }
    }

    public func resize(width: Int, height: Int) {
        tmux(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Whether the pane's command has exited (remain-on-exit keeps the pane).
    public var isDead: Bool {
        tmux(["display-message", "-p", "-t", pane, "#{pane_dead}"]).output.hasPrefix("1")
    }

    /// One of tmux's pane formats ("#{alternate_on}", "#{pane_pid}"), expanded.
    public func format(_ format: String) -> String {
        tmux(["display-message", "-p", "-t", pane, format]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What tmux says about the terminal's state beyond `stty`: whether the
    /// alternate screen is on, the cursor shown, the cursor keys in
    /// application mode. A full-screen app turns all three its way; a shell
    /// prompt must see them as `shellModes` again.
    public var modes: String {
        format("alternate #{alternate_on}, cursor #{cursor_flag}, keypad #{keypad_cursor_flag}")
    }
    public static let shellModes = "alternate 0, cursor 1, keypad 0"

    /// The process ids of the pane's first process's children named `name`:
    /// the app started by the pane's shell, found without matching command
    /// lines (which could find another test's app).
    public func children(named name: String) -> [pid_t] {
        runCommand(["pgrep", "-P", format("#{pane_pid}"), "-x", name]).output
            .split(separator: "\n").compactMap { pid_t($0) }
    }

    /// Appends every byte the pane's program writes to `path`, exactly as the
    /// terminal receives it (before tmux interprets any of it).
    public func captureOutput(to path: String) {
        tmux(["pipe-pane", "-O", "-t", pane, "cat >> " + shellQuoted(path)])
    }

    /// The window's bell flag, set when the program rang the terminal bell.
    public var bellFlag: Bool {
        tmux(["display-message", "-p", "-t", target, "#{window_bell_flag}"]).output.hasPrefix("1")
    }

    public func kill() {
        tmux(["kill-server"])
    }
}

/// Shell-quotes a string for the `sh -c` command lines the tests and tools build.
public func shellQuoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "$", with: "\\$").replacingOccurrences(of: "`", with: "\\`") + "\""
}
