import ChecklistsUI

/// One value read from curses: a key code (`KEY_*`, which `wgetch` returns
/// for an escape sequence it knows) or a character (its bytes put together
/// by `UTF8Assembler`).
///
/// Kept as a plain value, rather than decoding inside the read loop, so the
/// decoding rules can be tested without a terminal.
struct RawInput: Hashable, Sendable {
    /// True when `value` is a `KEY_*`.
    var isKeyCode: Bool
    /// A `KEY_*` code, or a Unicode scalar value.
    var value: UInt32

    static func keyCode(_ value: UInt32) -> RawInput { RawInput(isKeyCode: true, value: value) }
    static func character(_ value: UInt32) -> RawInput { RawInput(isKeyCode: false, value: value) }
}

/// The curses `KEY_*` values the decoder understands.
///
/// Duplicated from curses.h so the decoder stays pure and testable without
/// linking curses; a test checks each one against the shim
/// (`CursesKeyCodeCheck`) so a drift would fail loudly.
enum CursesKeyCode {
    static let down: UInt32 = 0o402
    static let up: UInt32 = 0o403
    static let left: UInt32 = 0o404
    static let right: UInt32 = 0o405
    static let home: UInt32 = 0o406
    static let backspace: UInt32 = 0o407
    /// `KEY_F(n)` is `KEY_F0 + n`, with room for 63 function keys.
    static let f0: UInt32 = 0o410
    static let maxFunctionKey = 63
    static let deleteCharacter: UInt32 = 0o512
    static let nextPage: UInt32 = 0o522
    static let previousPage: UInt32 = 0o523
    static let enter: UInt32 = 0o527
    static let keypadUpperLeft: UInt32 = 0o534
    static let keypadUpperRight: UInt32 = 0o535
    static let keypadLowerLeft: UInt32 = 0o537
    static let keypadLowerRight: UInt32 = 0o540
    static let backTab: UInt32 = 0o541
    static let end: UInt32 = 0o550
    static let find: UInt32 = 0o552
    static let select: UInt32 = 0o601
    static let resize: UInt32 = 0o632
    /// What curses returns for terminfo's kmous, when that is the start of
    /// an SGR mouse report (xterm-256color's is `ESC [ <`).
    static let mouse: UInt32 = 0o631
}

/// Turns drains of what curses read into the UI's keys.
///
/// Pure so every mapping is unit-tested; `CursesTerminal.readKeys` only
/// collects the raw values and the time. It decodes a whole drain at once
/// because Alt is only recognisable as Esc immediately followed by another
/// key in the same burst of input, and a paste by what came with it.
///
/// A value, not a namespace, because a bracketed paste may span several
/// drains: the decoder remembers that one is open between them.
struct KeyDecoder {
    private static let escape: UInt32 = 27
    private static let delete: UInt32 = 127
    private static let controlH: UInt32 = 8
    /// What the terminal sends around a paste once the app has turned on
    /// bracketed paste (`ESC [ ? 2004 h`). With keypad on, curses knows no key
    /// that starts this way past `ESC [ 2 0`, so both reach us as characters.
    static let pasteStart: [UInt32] = [27, 91, 50, 48, 48, 126]   // ESC [ 2 0 0 ~
    static let pasteEnd: [UInt32] = [27, 91, 50, 48, 49, 126]     // ESC [ 2 0 1 ~
    /// How long an open paste may go without input before it counts as over.
    /// A terminal sends a paste back to back (a slow link may pause it for a
    /// moment); only a lost end marker leaves it silent this long, and from
    /// then on input is keys again instead of text forever.
    static let pasteSilence: UInt64 = 1_000_000_000

    /// An open bracketed paste: the values that may be the start of its end
    /// marker, held until the next drain says whether they are, and when its
    /// last input came.
    private struct OpenPaste {
        var heldBack: [UInt32] = []
        var lastInput: UInt64
    }
    private var openPaste: OpenPaste?
    /// A mouse report that the end of a drain cut short, to be decoded
    /// with the next drain, which completes it.
    private var heldMouse: [RawInput] = []

    /// What a terminal sends for the mouse once the app turned on SGR mouse
    /// reporting (`ESC [ ? 1000 h`, `ESC [ ? 1006 h`): `ESC [ < button ;
    /// column ; row M`, with `m` for a release. Curses knows no key that
    /// starts so (unless terminfo names it kmous, see `CursesKeyCode.mouse`),
    /// so it reaches us as characters.
    static let mousePrefix: [UInt32] = [27, 91, 60]               // ESC [ <

    init() {}

    /// Whether a bracketed paste has begun and its end marker not yet come.
    var isInsidePaste: Bool { openPaste != nil }

    /// The app is back to waiting for input at `now`: an open paste's
    /// silence counts from here. The time the app took over what came
    /// before (a large paste into a long note can take seconds) is no
    /// pause of the terminal's, whose next bytes have waited for us.
    mutating func waiting(at now: UInt64) {
        openPaste?.lastInput = now
    }

    /// One drain with a fresh decoder: no paste open before it, and the
    /// state it ends in forgotten. For tests of single drains.
    static func decode(_ inputs: [RawInput]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(inputs, at: 0)
    }

    /// Decodes the values in order; `now` is a monotonic time in
    /// nanoseconds, for the end of a paste whose end marker never came.
    ///
    /// Unknown key codes, `KEY_RESIZE` (the runtime watches SIGWINCH itself),
    /// NUL, the unassigned controls 28–31 and C1 controls are dropped: the UI
    /// has no meaning for them, and passing control bytes on as text would
    /// let them reach the screen.
    ///
    /// Pasted text comes out as one `.paste` per drain, never as keys: what
    /// lies between the paste markers, and, for terminals that send a paste
    /// as plain typing, a burst: printable text followed in the same drain by
    /// a newline and more, with everything after it in that drain (nobody
    /// types a line, Enter and more faster than the app reads them).
    mutating func decode(_ inputs: [RawInput], at now: UInt64) -> [Key] {
        // A report held back is short (its numbers have at most six digits),
        // and goes in front of the drain that completes it.
        let inputs = heldMouse.isEmpty ? inputs : heldMouse + inputs
        heldMouse = []
        var keys: [Key] = []
        keys.reserveCapacity(inputs.count)
        if let open = openPaste, now &- open.lastInput > Self.pasteSilence {
            // The end marker is lost; what was held back was never text.
            openPaste = nil
        }
        var index = inputs.startIndex
        var plainUntil = index
        while index < inputs.endIndex {
            if openPaste != nil {
                index = continuePaste(inputs, from: index, now: now, into: &keys)
                continue
            }
            if Self.marker(Self.pasteStart, in: inputs, at: index) {
                openPaste = OpenPaste(lastInput: now)
                index += Self.pasteStart.count
                continue
            }
            if Self.marker(Self.pasteEnd, in: inputs, at: index) {
                // An end with no start (the start was lost): nothing to end.
                index += Self.pasteEnd.count
                continue
            }
            switch Self.mouseReport(inputs, at: index) {
            case let .report(key, end):
                if let key { keys.append(key) }
                index = end
                continue
            case .incomplete:
                heldMouse = Array(inputs[index...])
                return keys
            case .none:
                break
            }
            if index >= plainUntil {
                let (burstEnd, runEnd) = Self.burst(inputs, from: index)
                if let burstEnd {
                    Self.appendPaste(inputs[index..<burstEnd], to: &keys)
                    index = burstEnd
                    continue
                }
                // No burst starts anywhere in this run either: it ends the
                // same way. Skipping it keeps a long unbracketed paste linear.
                plainUntil = runEnd
            }
            let input = inputs[index]
            index += 1
            if input.isKeyCode {
                if let key = Self.decodeKeyCode(input.value) { keys.append(key) }
                continue
            }
            if input.value == Self.escape {
                if index < inputs.endIndex, let character = Self.altCharacter(inputs[index]) {
                    keys.append(.alt(character))
                    index += 1
                } else {
                    keys.append(.escape)
                }
                continue
            }
            if let key = Self.decodeCharacter(input.value) { keys.append(key) }
        }
        return keys
    }

    /// Takes the open paste's text up to its end marker or the end of the
    /// drain, appends what is surely text as one `.paste`, and returns where
    /// decoding goes on. A tail that could be the start of the end marker is
    /// held back for the next drain.
    private mutating func continuePaste(_ inputs: [RawInput], from start: Int, now: UInt64, into keys: inout [Key]) -> Int {
        guard var open = openPaste else { return start }
        var text = open.heldBack
        var index = start
        var ended = false
        while index < inputs.endIndex {
            let input = inputs[index]
            index += 1
            // Key codes inside a paste are pasted escape sequences curses
            // recognised (an arrow's bytes): not text, and never a key.
            guard !input.isKeyCode else { continue }
            text.append(input.value)
            if text.count >= Self.pasteEnd.count, text.suffix(Self.pasteEnd.count).elementsEqual(Self.pasteEnd) {
                text.removeLast(Self.pasteEnd.count)
                ended = true
                break
            }
        }
        if ended {
            openPaste = nil
        } else {
            let held = Self.partialEndMarker(at: text)
            open.heldBack = Array(text.suffix(held))
            text.removeLast(held)
            open.lastInput = now
            openPaste = open
        }
        Self.appendPaste(text[...], to: &keys)
        return index
    }

    private enum MouseReport {
        /// No report starts here: decode as keys.
        case none
        /// A report's beginning, cut by the end of the drain.
        case incomplete
        /// A report ending before `end`; nil for what the UI does not use
        /// (motion, wheel tilt, extra buttons, a cell off the screen).
        case report(Key?, end: Int)
    }

    /// The SGR mouse report that starts at `index`, if one does. Only a
    /// whole prefix (`ESC [ <`) is held back at the end of a drain: a lone
    /// Esc there is the Esc key, and must not wait for more.
    private static func mouseReport(_ inputs: [RawInput], at index: Int) -> MouseReport {
        var position = index
        if inputs[position].isKeyCode {
            guard inputs[position].value == CursesKeyCode.mouse else { return .none }
            position += 1
        } else {
            guard marker(mousePrefix, in: inputs, at: position) else { return .none }
            position += mousePrefix.count
        }
        var numbers = [0]
        var digits = 0
        while position < inputs.endIndex {
            let input = inputs[position]
            position += 1
            guard !input.isKeyCode else { return .none }
            switch input.value {
            case 48...57 where digits < 6:
                numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(input.value - 48)
                digits += 1
            case 59 where digits > 0 && numbers.count < 3:                  // ;
                numbers.append(0)
                digits = 0
            case 77, 109:                                                   // M, m
                guard digits > 0, numbers.count == 3 else { return .none }
                return .report(mouseKey(button: numbers[0], column: numbers[1], row: numbers[2], isPress: input.value == 77),
                               end: position)
            default:
                return .none
            }
        }
        return .incomplete
    }

    /// The key for a report's numbers: the button code (the low two bits
    /// the button, 64 the wheel, 32 motion, 128 extra buttons, 4, 8 and 16
    /// the Shift, Alt and Ctrl held) and the 1-based cell.
    private static func mouseKey(button code: Int, column: Int, row: Int, isPress: Bool) -> Key? {
        guard column >= 1, row >= 1, code & (32 | 128) == 0 else { return nil }
        let button: MouseEvent.Button
        switch (code & 64 != 0, code & 3) {
        case (false, 0): button = .left
        case (false, 1): button = .middle
        case (false, 2): button = .right
        case (true, 0): button = .wheelUp
        case (true, 1): button = .wheelDown
        default: return nil
        }
        return .mouse(MouseEvent(button, isPress: isPress, row: row - 1, column: column - 1))
    }

    /// How many values at the end of `text` are the beginning of the end
    /// marker (0 to 5).
    private static func partialEndMarker(at text: [UInt32]) -> Int {
        for length in stride(from: min(pasteEnd.count - 1, text.count), to: 0, by: -1)
        where text.suffix(length).elementsEqual(pasteEnd.prefix(length)) {
            return length
        }
        return 0
    }

    private static func marker(_ marker: [UInt32], in inputs: [RawInput], at index: Int) -> Bool {
        guard inputs.endIndex - index >= marker.count else { return false }
        return zip(inputs[index...], marker).allSatisfy { !$0.isKeyCode && $0.value == $1 }
    }

    /// Where a burst that starts at `index` ends (the end of the drain, or a
    /// bracketed paste's start), or nil when none starts there, with where
    /// the run of text from `index` ends. A burst is a run of printable
    /// characters and tabs whose last character, directly before a newline
    /// byte that more input follows, is printable. Not a tab: text, Tab and Enter are a person (or a
    /// script) moving to the next row and pressing Enter there, and nothing
    /// pasted needs a tab before its line break.
    private static func burst(_ inputs: [RawInput], from index: Int) -> (end: Int?, runEnd: Int) {
        var position = index
        var lastIsPrintable = false
        while position < inputs.endIndex, !inputs[position].isKeyCode {
            let value = inputs[position].value
            if isPrintable(value) {
                lastIsPrintable = true
            } else if value == 9 {
                lastIsPrintable = false
            } else {
                break
            }
            position += 1
        }
        let runEnd = position
        // Only a newline with more input behind it in the same drain: a
        // line and its Enter alone run nothing after the Enter, and are what
        // a script (tmux send-keys "j" "j" Enter) or a busy moment delivers
        // in one drain as often as a paste does.
        guard lastIsPrintable, position + 1 < inputs.endIndex, !inputs[position].isKeyCode,
              inputs[position].value == 13 || inputs[position].value == 10 else { return (nil, runEnd) }
        while position < inputs.endIndex, !marker(pasteStart, in: inputs, at: position) { position += 1 }
        return (position, runEnd)
    }

    private static func isPrintable(_ value: UInt32) -> Bool {
        value >= 0x20 && value != delete && !(0x80...0x9F).contains(value) && Unicode.Scalar(value) != nil
    }

    /// The characters among `values` as one `.paste`, controls and all (the
    /// text field decides what to make of them); nothing when there are none.
    private static func appendPaste(_ values: ArraySlice<UInt32>, to keys: inout [Key]) {
        var text = String.UnicodeScalarView()
        for value in values {
            if let scalar = Unicode.Scalar(value) { text.append(scalar) }
        }
        if !text.isEmpty { keys.append(.paste(String(text))) }
    }

    private static func appendPaste(_ inputs: ArraySlice<RawInput>, to keys: inout [Key]) {
        appendPaste(ArraySlice(inputs.lazy.filter { !$0.isKeyCode }.map(\.value)), to: &keys)
    }

    /// One curses key code (`KEY_*`), or nil for codes the UI ignores.
    static func decodeKeyCode(_ code: UInt32) -> Key? {
        switch code {
        case CursesKeyCode.up: return .up
        case CursesKeyCode.down: return .down
        case CursesKeyCode.left: return .left
        case CursesKeyCode.right: return .right
        // Terminals disagree on what Home/End send; some terminfo entries name
        // them Find/Select (VT220 keypad) or the keypad corners, so all of
        // those mean Home/End/PageUp/PageDown here, as in most editors.
        case CursesKeyCode.home, CursesKeyCode.find, CursesKeyCode.keypadUpperLeft: return .home
        case CursesKeyCode.end, CursesKeyCode.select, CursesKeyCode.keypadLowerLeft: return .end
        case CursesKeyCode.previousPage, CursesKeyCode.keypadUpperRight: return .pageUp
        case CursesKeyCode.nextPage, CursesKeyCode.keypadLowerRight: return .pageDown
        case CursesKeyCode.backTab: return .backTab
        case CursesKeyCode.deleteCharacter: return .delete
        case CursesKeyCode.backspace: return .backspace
        case CursesKeyCode.enter: return .enter
        case CursesKeyCode.f0 + 1 ... CursesKeyCode.f0 + UInt32(CursesKeyCode.maxFunctionKey):
            return .function(Int(code - CursesKeyCode.f0))
        default: return nil
        }
    }

    /// One character outside an Esc pair, or nil for values that must not
    /// reach the UI.
    static func decodeCharacter(_ value: UInt32) -> Key? {
        switch value {
        case delete, controlH: return .backspace
        case 13, 10: return .enter
        case 9: return .tab
        case escape: return .escape
        case 1...26:
            // Raw mode delivers Ctrl-letter as 1...26; the letter is lowercase
            // because Ctrl-S and Ctrl-Shift-S send the same byte.
            return .control(Character(Unicode.Scalar(UInt8(value) + 0x60)))
        case 0, 28...31, 0x80...0x9F: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// The character that Esc followed by `input` stands for, or nil when the
    /// pair should decode as Escape followed by a key of its own.
    ///
    /// Only printable characters and Backspace combine: when the app was busy
    /// and the user typed Esc then Enter (or Esc, Esc), one drain can hold
    /// both, and reading those as two keys is what the user meant far more
    /// often than Alt-Enter.
    private static func altCharacter(_ input: RawInput) -> Character? {
        // With keypad on, curses turns the DEL byte into KEY_BACKSPACE when
        // terminfo's kbs is ^? (xterm, tmux), so Alt-Backspace arrives as
        // Esc + KEY_BACKSPACE rather than Esc + 127.
        if input.isKeyCode { return input.value == CursesKeyCode.backspace ? "\u{7f}" : nil }
        let value = input.value
        if value == delete || value == controlH { return "\u{7f}" }
        guard value >= 0x20, !(0x80...0x9F).contains(value),
              let scalar = Unicode.Scalar(value) else { return nil }
        return Character(scalar)
    }
}
