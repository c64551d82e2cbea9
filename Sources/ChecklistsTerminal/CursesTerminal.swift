import CNcursesw
import CTerminalGuard
import ChecklistsUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the full-screen UI cannot start on this terminal.
///
/// Each case maps to one thing the user can fix, and `description` says what
/// that is, so the executable can print it as-is and exit.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or standard output is not a terminal (a pipe, a file,
    /// a CI job). Nothing has been written to stdout when this is thrown.
    case notATerminal
    /// `TERM` is unset or empty (associated value ""), or names a type the
    /// terminfo database does not have.
    case unknownTerminal(String)
    /// `TERM` is known but cannot move the cursor (e.g. `dumb`, a hardcopy
    /// or generic type), which a full-screen app needs.
    case cannotAddressCursor(String)

    /// One line saying what went wrong and what to do about it, without the
    /// "checklists: " prefix: the executable's `fail` adds that to every
    /// start-up error, so including it here would print it twice.
    public var description: String {
        switch self {
        case .notATerminal:
            return "standard input and output must be a terminal; run checklists in a terminal window, not through a pipe or redirection"
        case .unknownTerminal(let term) where term.isEmpty:
            return "TERM is not set; set TERM to your terminal's type, such as xterm-256color or tmux-256color"
        case .unknownTerminal(let term):
            return "TERM '\(Self.printable(term))' is unknown to this system; set TERM to a known type such as xterm-256color or tmux-256color"
        case .cannotAddressCursor(let term):
            return "TERM '\(Self.printable(term))' cannot move the cursor, which a full-screen app needs; run checklists in a terminal such as xterm-256color or tmux-256color"
        }
    }

    /// TERM comes from the environment and may hold anything; control
    /// characters in an error message could themselves garble the terminal.
    private static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map {
            ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) ? "?" : $0
        }))
    }
}

/// What the caller decided about presentation before the terminal starts.
public struct TerminalOptions: Sendable {
    /// Whether to use colour at all. False when NO_COLOR is set; even when
    /// true, colour is only used if the terminal reports it.
    public var colour: Bool
    /// The user's `[colors]`; looked at only when colour is on.
    public var theme: Theme

    /// Options as decided by the caller (the adapter does not read the
    /// environment for these, so start-up policy lives in one place).
    public init(colour: Bool, theme: Theme = .defaults) {
        self.colour = colour
        self.theme = theme
    }
}

/// Some of the colours, a bit each: asked for every cell drawn. A
/// `Set<CellColor>` hashed each time, and its first use at the start made
/// the Swift runtime scan every protocol conformance in the binary.
struct ColourBits {
    private var bits: UInt16 = 0

    mutating func insert(_ colour: CellColor) { bits |= 1 << UInt16(colour.rawValue) }
    func contains(_ colour: CellColor) -> Bool { bits & (1 << UInt16(colour.rawValue)) != 0 }
}

/// The one object that talks to ncurses: starts and stops full-screen mode,
/// reads keys, and copies `ScreenGrid`s to the terminal.
///
/// MainActor because curses is a single-threaded library with global state;
/// confining every call to one actor is what makes it safe to use from Swift 6.
@MainActor
public final class CursesTerminal {
    /// The curses screen made by newterm, freed by stop().
    private let screen: OpaquePointer
    /// Whether colour pairs were set up (option on and terminal capable).
    private let colourEnabled: Bool
    /// The theme's roles that got a colour pair (numbered like the fixed ones).
    private let themedRoles: ColourBits
    /// Roles with a background of their own: drawn with their pair instead
    /// of reversed, so `selection = { fg = "black", bg = "cyan" }` is what shows.
    private let rolesWithBackground: ColourBits
    /// See `supportsUnicode`.
    private let unicode: Bool
    /// The last grid drawn, to redraw only rows that changed.
    private var previous: ScreenGrid?
    /// Set for the first draw and after a resize: every row is copied again.
    private var needsFullRedraw = true
    /// Set after a resize: the physical screen is cleared too, because the
    /// terminal may have reflowed or lost its contents.
    private var clearOnNextDraw = false
    /// After stop(), every method is a no-op (curses' screen is freed).
    private var stopped = false
    /// Mirrors curs_set, so it is only called on a change.
    private var cursorVisible = false
    /// Reused to build each cchar_t without allocating per cell.
    private var wideBuffer: [wchar_t]
    /// Kept between reads: a paste may arrive over several of them.
    private var decoder = KeyDecoder()
    /// Characters whose bytes come in more than one read, held across reads.
    private var utf8 = UTF8Assembler()

    private init(screen: OpaquePointer, colourEnabled: Bool, themedRoles: ColourBits = ColourBits(),
                 rolesWithBackground: ColourBits = ColourBits(), unicode: Bool) {
        self.screen = screen
        self.colourEnabled = colourEnabled
        self.themedRoles = themedRoles
        self.rolesWithBackground = rolesWithBackground
        self.unicode = unicode
        self.wideBuffer = Array(repeating: 0, count: Int(shim_ccharw_max()) + 1)
    }

    /// Checks that stdin and stdout are TTYs and that TERM can address the
    /// cursor (via setupterm, which prints nothing when given an error
    /// pointer), sets the locale so wide characters work, then starts curses
    /// in raw mode (so Ctrl-S, Ctrl-C and Ctrl-Z arrive as keys rather than
    /// flow control and signals), with no echo, keypad decoding, non-blocking
    /// reads, a 25 ms Esc delay, a hidden cursor and, when wanted and
    /// available, colour pairs. Installs the crash guard first, so a crash
    /// from here on leaves the terminal usable.
    ///
    /// Nothing is written to the terminal when this throws.
    public static func start(options: TerminalOptions) throws(TerminalError) -> CursesTerminal {
        if let problem = preflight() { throw problem }
        let term = currentTerm()

        // Without a UTF-8 LC_CTYPE, ncursesw treats every non-ASCII character
        // as unprintable and draws blanks. A locale named by the environment
        // but not installed makes setlocale fail; C.UTF-8 is always present on
        // glibc and is better than falling back to ASCII. Only the character
        // type: it is all curses and wcwidth read (dates are Foundation's),
        // and LC_ALL opened and mapped a file for each of the twelve
        // categories before the first frame.
        if setlocale(LC_CTYPE, "") == nil {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
        let codeset = String(cString: shim_codeset()).uppercased()
        let unicode = codeset == "UTF-8" || codeset == "UTF8"

        terminal_guard_install()
        // Anything written to stderr while curses owns the screen would land
        // in the middle of it, and a crash message would vanish with the
        // alternate screen; hold it and replay it after the terminal is back.
        terminal_guard_hold_stderr()
        guard let screen = newterm(term, shim_stdout(), shim_stdin()) else {
            terminal_guard_uninstall()
            terminal_guard_release_stderr()
            throw .unknownTerminal(term)
        }
        _ = set_term(screen)
        let window = shim_stdscr()
        _ = raw()
        _ = noecho()
        _ = nonl()
        _ = keypad(window, true)
        // Not meta(): its smm would switch an xterm's Alt to setting the
        // eighth bit. An 8-bit line (CS8, no ISTRIP, as terminals set it)
        // gives wgetch whole bytes already.
        _ = nodelay(window, true)
        // The default is a full second, which makes a lone Esc feel broken.
        _ = set_escdelay(25)
        _ = curs_set(0)
        // With the cursor hidden there is no point moving it after each
        // update; that saves bytes on every frame.
        _ = leaveok(window, true)

        var colourEnabled = false
        var themedRoles = ColourBits()
        var rolesWithBackground = ColourBits()
        if options.colour && has_colors() {
            _ = start_color()
            // Foreground-only pairs on the terminal's own background, so the
            // app looks right on light and dark themes alike.
            let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
            for colour in [CellColor.red, .green, .yellow, .blue, .magenta, .cyan] {
                _ = init_pair(pairNumber(colour), cursesColour(colour), background)
            }
            colourEnabled = true
            // The user's roles, each degraded to what this terminal has.
            let colours = Int(shim_colors())
            for role in [CellColor.overdue, .selection, .banner, .heading] {
                guard let choice = options.theme.choice(for: role) else { continue }
                var foreground = choice.foreground.number(onTerminalWith: colours)
                var back = choice.background.number(onTerminalWith: colours)
                guard foreground >= 0 || back >= 0 else { continue }
                // Without default colours a pair needs both halves.
                if background != -1 {
                    if foreground < 0 { foreground = Int16(COLOR_WHITE) }
                    if back < 0 { back = background }
                }
                guard init_pair(pairNumber(role), foreground, back) == OK else { continue }
                themedRoles.insert(role)
                if choice.background != .terminalDefault { rolesWithBackground.insert(role) }
            }
        }
        inputModes(on: true)
        return CursesTerminal(screen: screen, colourEnabled: colourEnabled, themedRoles: themedRoles,
                              rolesWithBackground: rolesWithBackground, unicode: unicode)
    }

    /// Asks the terminal to mark pastes (`ESC [ 200 ~` … `ESC [ 201 ~`), so
    /// pasted text reaches the decoder as text and never as keys, and to
    /// report mouse presses, releases and the wheel in SGR form (1000 and
    /// 1006: no motion, and cells past column 223 still reported); or stops
    /// both, before the shell gets the terminal back. Fixed bytes rather than
    /// terminfo's BE/BD or curses' mousemask: screen-256color and others lack
    /// those entries while the terminal behind them (tmux) has the modes,
    /// curses' own mouse decoding would time double clicks by the wall
    /// clock, and a terminal without a mode ignores an unknown private mode.
    /// The crash guard writes the same "off" bytes. Sent straight to the
    /// terminal: it does not depend on what curses has drawn.
    private static func inputModes(on: Bool) {
        let bytes: StaticString = on ? "\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l"
        var written = 0
        while written < bytes.utf8CodeUnitCount {
            let result = write(STDOUT_FILENO, bytes.utf8Start + written, bytes.utf8CodeUnitCount - written)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return }
            written += result
        }
    }

    /// What `start` would reject, found without writing to the terminal or
    /// changing its modes: stdin or stdout not a TTY, TERM unset or unknown,
    /// or a TERM that cannot address the cursor. Nil when `start` can go on.
    ///
    /// Lets the executable fail before it touches anything else (the
    /// database), so a script run without a terminal creates nothing.
    public static func preflight() -> TerminalError? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            return .notATerminal
        }
        let term = currentTerm()
        guard !term.isEmpty else { return .unknownTerminal("") }
        if let probed = lastProbe, probed.term == term { return probed.problem }
        let problem: TerminalError?
        switch Int(shim_probe_terminal(term, STDOUT_FILENO)) {
        case Int(SHIM_TERM_OK): problem = nil
        case Int(SHIM_TERM_NO_CURSOR_ADDRESS): problem = .cannotAddressCursor(term)
        default: problem = .unknownTerminal(term)
        }
        lastProbe = (term, problem)
        return problem
    }

    /// The last TERM looked up in terminfo and what was found: the app asks
    /// before it opens the database and again in `start`, and each look-up
    /// reads and parses the terminfo entry (a fifth of a millisecond, at
    /// every start), which does not change while the app runs.
    private static var lastProbe: (term: String, problem: TerminalError?)?

    private static func currentTerm() -> String {
        getenv("TERM").map { String(cString: $0) } ?? ""
    }

    /// Whether the terminal has gone away (the tmux pane or terminal window
    /// was closed): stdin reports hang-up or error, or is readable with
    /// nothing to read.
    ///
    /// For the runtime to call when its read source fires but `readKeys()`
    /// returns nothing, which is otherwise also what an ignored key looks
    /// like; without this check a closed pane would spin the read source
    /// forever. Does not read input, so a key that arrives meanwhile is kept.
    public func inputHasHungUp() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return false }
        let events = Int32(descriptor.revents)
        if events & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 { return true }
        if events & Int32(POLLIN) != 0 {
            var available: Int32 = 0
            return shim_bytes_available(STDIN_FILENO, &available) == 0 && available == 0
        }
        return false
    }

    /// Whether the locale's codeset is UTF-8, so Unicode can be shown. The UI
    /// uses ASCII icons otherwise; non-ASCII user text then draws as "?".
    public var supportsUnicode: Bool { unicode }

    /// The size curses is working with, in cells. Changes only through
    /// `updateSizeFromKernel()`.
    public var size: (width: Int, height: Int) {
        (width: Int(shim_cols()), height: Int(shim_lines()))
    }

    /// Re-reads the window size with TIOCGWINSZ, tells curses with
    /// resizeterm, and makes the next draw repaint everything. Returns the new
    /// size.
    ///
    /// Exists because libdispatch owns SIGWINCH, so curses never sees it; the
    /// runtime calls this from its own signal source.
    @discardableResult
    public func updateSizeFromKernel() -> (width: Int, height: Int) {
        guard !stopped else { return size }
        var rows: Int32 = 0
        var columns: Int32 = 0
        if shim_window_size(STDOUT_FILENO, &rows, &columns) == 0 || shim_window_size(STDIN_FILENO, &rows, &columns) == 0,
           rows > 0, columns > 0 {
            _ = resizeterm(rows, columns)
        }
        needsFullRedraw = true
        clearOnNextDraw = true
        return size
    }

    /// Drains pending input without blocking and decodes it.
    ///
    /// Reads until curses has nothing more, so that Esc and the key after it
    /// land in one batch and decode as Alt. Deliberately unbounded: curses
    /// may hold already-read bytes in its own buffer, and stopping early would
    /// strand them where a readability source on fd 0 never sees them.
    public func readKeys() -> [Key] {
        guard !stopped else { return [] }
        terminal_guard_prepare_thread()
        let window = shim_stdscr()
        var inputs: [RawInput] = []
        // Bytes, not `wget_wch`'s characters: see `UTF8Assembler`. Without
        // a UTF-8 codeset a byte is its Latin-1 character.
        while true {
            let result = wgetch(window)
            if result == ERR { break }
            if result >= KEY_MIN {
                utf8.cutShort(into: &inputs)
                inputs.append(.keyCode(UInt32(result)))
            } else if unicode {
                utf8.push(UInt8(truncatingIfNeeded: result), into: &inputs)
            } else {
                inputs.append(.character(UInt32(UInt8(truncatingIfNeeded: result))))
            }
        }
        return decoder.decode(inputs, at: Self.monotonicNanoseconds())
    }

    /// For the runtime to call once it has handled what it read and goes
    /// back to waiting: a bracketed paste whose end has not come yet is
    /// then timed from here, not from when its last part was read.
    public func waitingForInput() {
        // Every wake ends here, the idle ones too: no clock read without a paste open.
        guard decoder.isInsidePaste else { return }
        decoder.waiting(at: Self.monotonicNanoseconds())
    }

    /// The time the decoder counts a paste's silence in.
    private static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Copies `grid` to the screen and flushes it with one doupdate.
    ///
    /// Only rows that changed since the last draw are copied (all rows on the
    /// first draw and after a resize); curses then sends only the cells that
    /// differ, so a selection move costs a few hundred bytes rather than a
    /// screenful. Places the cursor at `grid.cursor`, or hides it when nil.
    public func draw(_ grid: ScreenGrid) {
        guard !stopped else { return }
        // MainActor code may run on a libdispatch thread, not the one that
        // called start; give it an alternate stack so a stack overflow there
        // still restores the terminal.
        terminal_guard_prepare_thread()
        let window = shim_stdscr()
        let rows: [Int]
        if !needsFullRedraw, let previous, previous.width == grid.width, previous.height == grid.height {
            rows = grid.changedRows(since: previous)
        } else {
            // Erasing first covers any part of the screen the grid does not
            // reach (a grid built for an old size). Cheap: it only changes
            // curses' copy, and doupdate still sends just the differences.
            _ = werase(window)
            if clearOnNextDraw { _ = clearok(window, true) }
            rows = Array(0..<grid.height)
        }

        let visibleRows = min(grid.height, Int(shim_lines()))
        let visibleColumns = min(grid.width, Int(shim_cols()))
        // One buffer for every ASCII run of this draw, local rather than a
        // stored property: appending to a class's property checks exclusive
        // access at every byte (a tenth of drawing).
        var run = [CChar]()
        run.reserveCapacity(visibleColumns)
        for row in rows where row >= 0 && row < visibleRows {
            // A row that held a wide glyph is emptied in curses' copy first:
            // writing over its second column made curses blank its first,
            // where this frame had just put a character (a banner's CJK
            // text, dismissed over help, took the help row's "↓" with it).
            // Only curses' copy is emptied; doupdate still sends only what
            // differs on the terminal.
            if let previous, previous.width == grid.width, previous.height == grid.height,
               (0..<previous.width).contains(where: { previous[row, $0].width > 1 }) {
                _ = wmove(window, Int32(row), 0)
                _ = wclrtoeol(window)
            }
            drawRow(row, of: grid, columns: visibleColumns, run: &run, window: window)
        }

        if let cursor = grid.cursor, cursor.row >= 0, cursor.row < visibleRows,
           cursor.column >= 0, cursor.column < visibleColumns {
            _ = leaveok(window, false)
            _ = wmove(window, Int32(cursor.row), Int32(cursor.column))
            if !cursorVisible { _ = curs_set(1); cursorVisible = true }
        } else {
            _ = leaveok(window, true)
            if cursorVisible { _ = curs_set(0); cursorVisible = false }
        }

        _ = wnoutrefresh(window)
        _ = doupdate()
        previous = grid
        needsFullRedraw = false
        clearOnNextDraw = false
    }

    /// Writes one BEL byte straight to the terminal.
    ///
    /// Not curses' beep(), which may flash the screen instead; a plain BEL is
    /// what tmux turns into the window's bell flag. Safe between draws because
    /// doupdate has already flushed curses' own output.
    public func ringBell() {
        guard !stopped else { return }
        var bell: UInt8 = 0x07
        _ = write(STDOUT_FILENO, &bell, 1)
    }

    /// Leaves full-screen mode and restores the terminal exactly as found
    /// (endwin restores the modes saved by newterm), then writes out anything
    /// sent to stderr while curses ran. Safe to call twice; every
    /// other method does nothing afterwards. Must be called before exit: Swift
    /// gives no deinit guarantee, though exit() while running is still caught
    /// by the crash guard's exit hook.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        _ = endwin()
        Self.inputModes(on: false)
        delscreen(screen)
        terminal_guard_uninstall()
        terminal_guard_release_stderr()
    }

    /// Hands the terminal back to the shell and stops the process, as Ctrl-Z
    /// does in other programs; returns after the user resumes it (`fg`), with
    /// curses back in charge and the screen repainted.
    ///
    /// Exists because raw mode delivers Ctrl-Z as `.control("z")` instead of
    /// stopping the process, and only this adapter may call curses; the
    /// runtime calls it for SIGTSTP from outside too (`kill -TSTP`), which
    /// it takes as a Dispatch event instead of letting curses' own handler
    /// run on whichever thread the signal lands. The size
    /// is re-read on return, as a window resized while the shell owned it
    /// sends SIGWINCH to the shell, not to this process; call `size` or just
    /// draw afterwards (the next draw repaints everything).
    public func suspend() {
        guard !stopped else { return }
        _ = endwin()
        Self.inputModes(on: false)
        // Let anything held from stderr show in the shell while suspended.
        terminal_guard_release_stderr()
        terminal_guard_suspend_self()
        terminal_guard_hold_stderr()
        // doupdate after endwin is curses' documented way back: it restores
        // program mode (raw, keypad, alternate screen) before reading keys
        // in that mode again.
        updateSizeFromKernel()
        // endwin switched the terminal's cursor keys back to normal mode, and
        // curses turns them to application mode again only at the next key
        // it reads, which is too late: an arrow pressed first after fg would
        // arrive in the wrong encoding and decode as Esc (Cancel) plus
        // letters. keypad() sends the switch now, flushed by doupdate.
        _ = keypad(shim_stdscr(), true)
        _ = doupdate()
        Self.inputModes(on: true)
    }

    // MARK: Drawing

    private func drawRow(_ row: Int, of grid: ScreenGrid, columns: Int, run: inout [CChar], window: UnsafeMutablePointer<WINDOW>?) {
        var column = 0
        while column < columns {
            let cell = grid[row, column]
            if let byte = Self.printableASCII(cell) {
                column = putASCIIRun(starting: byte, cell, into: &run, row: row, column: column, of: grid, columns: columns, window: window)
                continue
            }
            let cellWidth = Int(cell.width)
            guard cellWidth > 0 else {
                // A continuation cell: its leading cell already covered it.
                // One orphaned at the start of a row (a grid bug) still must
                // not leave stale content behind.
                if column == 0 { put(" ", row: row, column: column, attributes: attributes(for: cell), pair: pair(for: cell), window: window) }
                column += 1
                continue
            }
            let attrs = attributes(for: cell)
            let colourPair = pair(for: cell)
            if column + cellWidth > columns {
                // A wide glyph cut off by the right edge would wrap; blank it.
                for c in column..<columns { put(" ", row: row, column: c, attributes: attrs, pair: colourPair, window: window) }
                break
            }
            let drawnWidth = putGrapheme(cell.grapheme, cellWidth: cellWidth, row: row, column: column, attributes: attrs, pair: colourPair, window: window)
            // The grid counted more columns than glibc will (a ZWJ sequence,
            // a flag, a text-default emoji with VS16): pad so the next cell
            // lands where the grid says.
            var pad = column + drawnWidth
            while pad < column + cellWidth {
                put(" ", row: row, column: pad, attributes: attrs, pair: colourPair, window: window)
                pad += 1
            }
            column += cellWidth
        }
    }

    /// The byte of a cell that holds one printable ASCII character, one
    /// column wide: most of any screen.
    private static func printableASCII(_ cell: Cell) -> CChar? {
        guard cell.width == 1 else { return nil }
        let utf8 = cell.grapheme.utf8
        guard utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F else { return nil }
        return CChar(byte)
    }

    /// Draws the run of printable ASCII cells that starts at `column` and
    /// looks the same (style and colour) as one string, and returns the
    /// column after it. A cell at a time (setcchar, then wadd_wch, each
    /// measuring the character again), a first frame of 120 by 40 spent a
    /// quarter of the app's start drawing; a run is one call, which copies
    /// the cells in without decoding each byte (`shim_put_ascii_run`).
    private func putASCIIRun(starting first: CChar, _ cell: Cell, into run: inout [CChar], row: Int, column: Int, of grid: ScreenGrid,
                             columns: Int, window: UnsafeMutablePointer<WINDOW>?) -> Int {
        run.removeAll(keepingCapacity: true)
        run.append(first)
        var end = column + 1
        while end < columns {
            let next = grid[row, end]
            guard next.style == cell.style, next.color == cell.color, let byte = Self.printableASCII(next) else { break }
            run.append(byte)
            end += 1
        }
        let attributes = attributes(for: cell)
        let colourPair = pair(for: cell)
        run.withUnsafeBufferPointer { bytes in
            _ = shim_put_ascii_run(window, Int32(row), Int32(column), bytes.baseAddress, Int32(bytes.count), attributes, colourPair)
        }
        return end
    }

    /// Draws the grapheme's first scalar and its zero-width followers, and
    /// returns how many columns curses advanced. Draws "?" (1 column) when the
    /// glyph would be wider than the cell or is unprintable in this locale, so
    /// the layout never shifts.
    private func putGrapheme(_ grapheme: String, cellWidth: Int, row: Int, column: Int, attributes: attr_t, pair: Int16, window: UnsafeMutablePointer<WINDOW>?) -> Int {
        var scalars = grapheme.unicodeScalars.makeIterator()
        guard let first = scalars.next() else {
            put(" ", row: row, column: column, attributes: attributes, pair: pair, window: window)
            return 1
        }
        let firstWidth = Int(wcwidth(wchar_t(bitPattern: first.value)))
        guard firstWidth >= 1, firstWidth <= cellWidth else {
            put("?", row: row, column: column, attributes: attributes, pair: pair, window: window)
            return 1
        }
        let capacity = Int(shim_ccharw_max())
        var count = 0
        wideBuffer[count] = wchar_t(bitPattern: first.value); count += 1
        while count < capacity, let next = scalars.next(), wcwidth(wchar_t(bitPattern: next.value)) == 0 {
            wideBuffer[count] = wchar_t(bitPattern: next.value); count += 1
        }
        // setcchar keeps only one spacing character, so a ZWJ sequence is cut
        // after its first emoji. A joiner left dangling at the end invites the
        // terminal to fuse it with whatever is drawn next, so drop it. When
        // padding, also drop VS16: some terminals widen a glyph for it, which
        // would then disagree with the padding.
        while count > 1 {
            let last = UInt32(bitPattern: wideBuffer[count - 1])
            if last == 0x200D || (firstWidth < cellWidth && last == 0xFE0F) { count -= 1 } else { break }
        }
        wideBuffer[count] = 0
        var cchar = cchar_t()
        let status = wideBuffer.withUnsafeBufferPointer { buffer in
            setcchar(&cchar, buffer.baseAddress, attributes, pair, nil)
        }
        guard status == OK else {
            put("?", row: row, column: column, attributes: attributes, pair: pair, window: window)
            return 1
        }
        _ = mvwadd_wch(window, Int32(row), Int32(column), &cchar)
        return firstWidth
    }

    /// Draws a single ASCII character (padding, placeholders).
    private func put(_ ascii: Unicode.Scalar, row: Int, column: Int, attributes: attr_t, pair: Int16, window: UnsafeMutablePointer<WINDOW>?) {
        var text: (wchar_t, wchar_t) = (wchar_t(bitPattern: ascii.value), 0)
        var cchar = cchar_t()
        withUnsafePointer(to: &text) { pointer in
            pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { chars in
                _ = setcchar(&cchar, chars, attributes, pair, nil)
            }
        }
        _ = mvwadd_wch(window, Int32(row), Int32(column), &cchar)
    }

    private func attributes(for cell: Cell) -> attr_t {
        var attributes = shim_a_normal()
        if cell.style.contains(.bold) { attributes |= shim_a_bold() }
        if cell.style.contains(.dim) { attributes |= shim_a_dim() }
        if cell.style.contains(.reverse) && !(colourEnabled && rolesWithBackground.contains(cell.color)) {
            attributes |= shim_a_reverse()
        }
        if cell.style.contains(.underline) { attributes |= shim_a_underline() }
        return attributes
    }

    private func pair(for cell: Cell) -> Int16 {
        guard colourEnabled, cell.color != .default else { return 0 }
        if cell.color.isRole && !themedRoles.contains(cell.color) { return 0 }
        return Self.pairNumber(cell.color)
    }

    /// One pair per colour, numbered by the colour's raw value (pair 0 is the
    /// terminal default and cannot be redefined).
    private static func pairNumber(_ colour: CellColor) -> Int16 {
        Int16(colour.rawValue)
    }

    private static func cursesColour(_ colour: CellColor) -> Int16 {
        switch colour {
        case .default: return -1
        case .red: return Int16(COLOR_RED)
        case .green: return Int16(COLOR_GREEN)
        case .yellow: return Int16(COLOR_YELLOW)
        case .blue: return Int16(COLOR_BLUE)
        case .magenta: return Int16(COLOR_MAGENTA)
        case .cyan: return Int16(COLOR_CYAN)
        // The theme's roles get their pairs from the theme, never from here.
        case .overdue, .selection, .banner, .heading: return -1
        }
    }
}

/// The shim's view of the curses key codes, so a test can check that the
/// constants in `CursesKeyCode` (kept pure for testing) match this system's
/// curses.h.
enum CursesKeyCodeCheck {
    static var pairs: [(name: String, decoder: UInt32, curses: UInt32)] {
        [
            ("KEY_DOWN", CursesKeyCode.down, UInt32(KEY_DOWN)),
            ("KEY_UP", CursesKeyCode.up, UInt32(KEY_UP)),
            ("KEY_LEFT", CursesKeyCode.left, UInt32(KEY_LEFT)),
            ("KEY_RIGHT", CursesKeyCode.right, UInt32(KEY_RIGHT)),
            ("KEY_HOME", CursesKeyCode.home, UInt32(KEY_HOME)),
            ("KEY_BACKSPACE", CursesKeyCode.backspace, UInt32(KEY_BACKSPACE)),
            ("KEY_F0", CursesKeyCode.f0, UInt32(KEY_F0)),
            ("KEY_F(1)", CursesKeyCode.f0 + 1, UInt32(shim_key_f(1))),
            ("KEY_F(12)", CursesKeyCode.f0 + 12, UInt32(shim_key_f(12))),
            ("KEY_DC", CursesKeyCode.deleteCharacter, UInt32(KEY_DC)),
            ("KEY_NPAGE", CursesKeyCode.nextPage, UInt32(KEY_NPAGE)),
            ("KEY_PPAGE", CursesKeyCode.previousPage, UInt32(KEY_PPAGE)),
            ("KEY_ENTER", CursesKeyCode.enter, UInt32(KEY_ENTER)),
            ("KEY_A1", CursesKeyCode.keypadUpperLeft, UInt32(KEY_A1)),
            ("KEY_A3", CursesKeyCode.keypadUpperRight, UInt32(KEY_A3)),
            ("KEY_C1", CursesKeyCode.keypadLowerLeft, UInt32(KEY_C1)),
            ("KEY_C3", CursesKeyCode.keypadLowerRight, UInt32(KEY_C3)),
            ("KEY_BTAB", CursesKeyCode.backTab, UInt32(KEY_BTAB)),
            ("KEY_END", CursesKeyCode.end, UInt32(KEY_END)),
            ("KEY_FIND", CursesKeyCode.find, UInt32(KEY_FIND)),
            ("KEY_SELECT", CursesKeyCode.select, UInt32(KEY_SELECT)),
            ("KEY_RESIZE", CursesKeyCode.resize, UInt32(KEY_RESIZE)),
            ("KEY_MOUSE", CursesKeyCode.mouse, UInt32(KEY_MOUSE)),
        ]
    }
}
