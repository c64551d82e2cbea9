import Testing
import ChecklistsUI
@testable import ChecklistsTerminal

/// The decoder is the only part of the terminal adapter that can be tested
/// without a terminal, so every mapping the UI relies on is pinned here.
@Suite("KeyDecoder")
struct KeyDecoderTests {
    private func decode(_ inputs: RawInput...) -> [Key] {
        KeyDecoder.decode(inputs)
    }

    private func chars(_ text: String) -> [RawInput] {
        text.unicodeScalars.map { .character($0.value) }
    }

    @Test("the decoder's KEY_* constants match this system's curses.h")
    func constantsMatchCurses() {
        for entry in CursesKeyCodeCheck.pairs {
            #expect(entry.decoder == entry.curses, "\(entry.name)")
        }
    }

    @Test("cursor and paging key codes", arguments: [
        (CursesKeyCode.up, Key.up),
        (CursesKeyCode.down, .down),
        (CursesKeyCode.left, .left),
        (CursesKeyCode.right, .right),
        (CursesKeyCode.home, .home),
        (CursesKeyCode.end, .end),
        (CursesKeyCode.previousPage, .pageUp),
        (CursesKeyCode.nextPage, .pageDown),
        (CursesKeyCode.backTab, .backTab),
        (CursesKeyCode.deleteCharacter, .delete),
        (CursesKeyCode.backspace, .backspace),
        (CursesKeyCode.enter, .enter),
    ])
    func keyCodes(code: UInt32, key: Key) {
        #expect(decode(.keyCode(code)) == [key])
    }

    @Test("Find/Select and keypad corners stand in for Home/End/PageUp/PageDown", arguments: [
        (CursesKeyCode.find, Key.home),
        (CursesKeyCode.select, .end),
        (CursesKeyCode.keypadUpperLeft, .home),
        (CursesKeyCode.keypadLowerLeft, .end),
        (CursesKeyCode.keypadUpperRight, .pageUp),
        (CursesKeyCode.keypadLowerRight, .pageDown),
    ])
    func alternativeKeyCodes(code: UInt32, key: Key) {
        #expect(decode(.keyCode(code)) == [key])
    }

    @Test("function keys F1...F63")
    func functionKeys() {
        #expect(decode(.keyCode(CursesKeyCode.f0 + 1)) == [.function(1)])
        #expect(decode(.keyCode(CursesKeyCode.f0 + 12)) == [.function(12)])
        #expect(decode(.keyCode(CursesKeyCode.f0 + 63)) == [.function(63)])
        #expect(decode(.keyCode(CursesKeyCode.f0)) == [])
    }

    @Test("KEY_RESIZE and unknown key codes are dropped")
    func ignoredKeyCodes() {
        #expect(decode(.keyCode(CursesKeyCode.resize)) == [])
        #expect(decode(.keyCode(0o631)) == [])  // KEY_MOUSE
        #expect(decode(.keyCode(CursesKeyCode.resize), .character(0x61)) == [.character("a")])
    }

    @Test("a key code whose value looks like a character is still a key code")
    func keyCodeFlagWins() {
        // KEY_CODE_YES with a small value is not text.
        #expect(decode(.keyCode(0x61)) == [])
    }

    @Test("127 and 8 are Backspace")
    func backspace() {
        #expect(decode(.character(127)) == [.backspace])
        #expect(decode(.character(8)) == [.backspace])
    }

    @Test("13 and 10 are Enter, 9 is Tab")
    func enterAndTab() {
        #expect(decode(.character(13)) == [.enter])
        #expect(decode(.character(10)) == [.enter])
        #expect(decode(.character(9)) == [.tab])
    }

    @Test("Esc alone is Escape")
    func escapeAlone() {
        #expect(decode(.character(27)) == [.escape])
    }

    @Test("Esc then a character in the same drain is Alt")
    func alt() {
        #expect(decode(.character(27), .character(0x62)) == [.alt("b")])
        #expect(decode(.character(27), .character(0x42)) == [.alt("B")])
        #expect(decode(.character(27), .character(0x2E)) == [.alt(".")])
        #expect(decode(.character(27), .character(0xE9)) == [.alt("é")])
    }

    @Test("Alt-Backspace is .alt(DEL) whether the terminal sends 127 or 8")
    func altBackspace() {
        #expect(decode(.character(27), .character(127)) == [.alt("\u{7f}")])
        #expect(decode(.character(27), .character(8)) == [.alt("\u{7f}")])
        // What tmux and xterm actually deliver: keypad mode turns DEL into KEY_BACKSPACE.
        #expect(decode(.character(27), .keyCode(CursesKeyCode.backspace)) == [.alt("\u{7f}")])
    }

    @Test("Esc before a key code, Esc, or a control key stays a separate Escape")
    func escapeThenOther() {
        #expect(decode(.character(27), .keyCode(CursesKeyCode.up)) == [.escape, .up])
        #expect(decode(.character(27), .character(27)) == [.escape, .escape])
        #expect(decode(.character(27), .character(27), .character(0x78)) == [.escape, .alt("x")])
        #expect(decode(.character(27), .character(13)) == [.escape, .enter])
        #expect(decode(.character(27), .character(9)) == [.escape, .tab])
        #expect(decode(.character(27), .character(19)) == [.escape, .control("s")])
    }

    @Test("Alt consumes exactly one following character")
    func altConsumesOne() {
        #expect(decode(.character(27), .character(0x61), .character(0x62)) == [.alt("a"), .character("b")])
        #expect(decode(.character(0x61), .character(27)) == [.character("a"), .escape])
    }

    @Test("Ctrl+letter is .control with the lowercase letter")
    func controlLetters() {
        #expect(decode(.character(19)) == [.control("s")])
        #expect(decode(.character(3)) == [.control("c")])
        #expect(decode(.character(23)) == [.control("w")])
        #expect(decode(.character(26)) == [.control("z")])
        #expect(decode(.character(1)) == [.control("a")])
        #expect(decode(.character(17)) == [.control("q")])
    }

    @Test("every control 1...26 except Backspace, Tab, Enter maps to its letter")
    func allControlLetters() {
        let special: Set<UInt32> = [8, 9, 10, 13]
        for value in UInt32(1)...26 where !special.contains(value) {
            let letter = Character(Unicode.Scalar(UInt8(0x60 + value)))
            #expect(decode(.character(value)) == [.control(letter)], "\(value)")
        }
    }

    @Test("printable scalars are characters, including space, non-Latin and emoji")
    func printable() {
        #expect(KeyDecoder.decode(chars("a Z~")) == [.character("a"), .character(" "), .character("Z"), .character("~")])
        #expect(KeyDecoder.decode(chars("é日🛒")) == [.character("é"), .character("日"), .character("🛒")])
    }

    @Test("a combining mark after a character stays its own key")
    func combiningMark() {
        #expect(decode(.character(0x65), .character(0x301)) == [.character("e"), .character("\u{301}")])
    }

    @Test("NUL, unassigned controls, C1 controls and non-scalars are dropped")
    func droppedValues() {
        #expect(decode(.character(0)) == [])
        #expect(decode(.character(28), .character(31)) == [])
        #expect(decode(.character(0x85), .character(0x9B)) == [])
        #expect(decode(.character(0xD800)) == [])
        #expect(decode(.character(0x110000)) == [])
        #expect(decode(.character(0), .character(0x61)) == [.character("a")])
    }

    @Test("a mixed drain decodes in order")
    func mixed() {
        let inputs: [RawInput] = chars("hi") + [
            .keyCode(CursesKeyCode.left), .character(127), .character(27), .character(0x66),
            .character(13), .character(27),
        ]
        #expect(KeyDecoder.decode(inputs) == [
            .character("h"), .character("i"), .left, .backspace, .alt("f"), .enter, .escape,
        ])
    }

    @Test("an empty drain is no keys")
    func empty() {
        #expect(KeyDecoder.decode([]) == [])
    }
}

/// Start-up errors are printed as-is by the executable, so their wording is
/// part of the interface.
@Suite("TerminalError")
struct TerminalErrorTests {
    @Test("each description is one line that names the remedy")
    func descriptions() {
        let errors: [TerminalError] = [
            .notATerminal, .unknownTerminal(""), .unknownTerminal("xyz"), .cannotAddressCursor("dumb"),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            // The executable prefixes "checklists: " itself.
            #expect(!error.description.hasPrefix("checklists"))
        }
        #expect(TerminalError.unknownTerminal("xyz").description.contains("TERM 'xyz' is unknown"))
        #expect(TerminalError.unknownTerminal("xyz").description.contains("xterm-256color"))
        #expect(TerminalError.unknownTerminal("").description.contains("TERM is not set"))
        #expect(TerminalError.cannotAddressCursor("dumb").description.contains("'dumb'"))
    }

    @Test("control characters from TERM cannot reach the terminal through the message")
    func sanitised() {
        let description = TerminalError.unknownTerminal("x\u{1b}[2Jy\n").description
        #expect(!description.unicodeScalars.contains { $0.value < 0x20 })
        #expect(description.contains("x?[2Jy?"))
    }
}
