import ChecklistsUI

/// One value returned by `wget_wch`: a curses key code (`KEY_CODE_YES`) or a
/// wide character (`OK`).
///
/// Kept as a plain value, rather than decoding inside the read loop, so the
/// decoding rules can be tested without a terminal.
struct RawInput: Hashable, Sendable {
    /// True when `wget_wch` returned `KEY_CODE_YES`, so `value` is a `KEY_*`.
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
}

/// Turns one drain of `wget_wch` results into the UI's keys.
///
/// Pure so every mapping is unit-tested; `CursesTerminal.readKeys` only
/// collects the raw values. It decodes a whole drain at once because Alt is
/// only recognisable as Esc immediately followed by another key in the same
/// burst of input.
enum KeyDecoder {
    private static let escape: UInt32 = 27
    private static let delete: UInt32 = 127
    private static let controlH: UInt32 = 8

    /// Decodes the values in order. Unknown key codes, `KEY_RESIZE` (the
    /// runtime watches SIGWINCH itself), NUL, the unassigned controls 28–31 and
    /// C1 controls are dropped: the UI has no meaning for them, and passing
    /// control bytes on as text would let them reach the screen.
    static func decode(_ inputs: [RawInput]) -> [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(inputs.count)
        var index = inputs.startIndex
        while index < inputs.endIndex {
            let input = inputs[index]
            index += 1
            if input.isKeyCode {
                if let key = decodeKeyCode(input.value) { keys.append(key) }
                continue
            }
            if input.value == escape {
                if index < inputs.endIndex, let character = altCharacter(inputs[index]) {
                    keys.append(.alt(character))
                    index += 1
                } else {
                    keys.append(.escape)
                }
                continue
            }
            if let key = decodeCharacter(input.value) { keys.append(key) }
        }
        return keys
    }

    /// One curses key code (`KEY_CODE_YES`), or nil for codes the UI ignores.
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
