import Testing
import TestSupport
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
            expectEqual(entry.decoder, entry.curses, "\(entry.name)")
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
        expectEqual(decode(.keyCode(code)), [key])
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
        expectEqual(decode(.keyCode(code)), [key])
    }

    @Test("function keys F1...F63")
    func functionKeys() {
        expectEqual(decode(.keyCode(CursesKeyCode.f0 + 1)), [.function(1)])
        expectEqual(decode(.keyCode(CursesKeyCode.f0 + 12)), [.function(12)])
        expectEqual(decode(.keyCode(CursesKeyCode.f0 + 63)), [.function(63)])
        expectEqual(decode(.keyCode(CursesKeyCode.f0)), [])
    }

    @Test("KEY_RESIZE and unknown key codes are dropped")
    func ignoredKeyCodes() {
        expectEqual(decode(.keyCode(CursesKeyCode.resize)), [])
        expectEqual(decode(.keyCode(0o631)), [])  // KEY_MOUSE
        expectEqual(decode(.keyCode(CursesKeyCode.resize), .character(0x61)), [.character("a")])
    }

    @Test("a key code whose value looks like a character is still a key code")
    func keyCodeFlagWins() {
        // KEY_CODE_YES with a small value is not text.
        expectEqual(decode(.keyCode(0x61)), [])
    }

    @Test("127 and 8 are Backspace")
    func backspace() {
        expectEqual(decode(.character(127)), [.backspace])
        expectEqual(decode(.character(8)), [.backspace])
    }

    @Test("13 and 10 are Enter, 9 is Tab")
    func enterAndTab() {
        expectEqual(decode(.character(13)), [.enter])
        expectEqual(decode(.character(10)), [.enter])
        expectEqual(decode(.character(9)), [.tab])
    }

    @Test("Esc alone is Escape")
    func escapeAlone() {
        expectEqual(decode(.character(27)), [.escape])
    }

    @Test("Esc then a character in the same drain is Alt")
    func alt() {
        expectEqual(decode(.character(27), .character(0x62)), [.alt("b")])
        expectEqual(decode(.character(27), .character(0x42)), [.alt("B")])
        expectEqual(decode(.character(27), .character(0x2E)), [.alt(".")])
        expectEqual(decode(.character(27), .character(0xE9)), [.alt("é")])
    }

    @Test("Alt-Backspace is .alt(DEL) whether the terminal sends 127 or 8")
    func altBackspace() {
        expectEqual(decode(.character(27), .character(127)), [.alt("\u{7f}")])
        expectEqual(decode(.character(27), .character(8)), [.alt("\u{7f}")])
        // What tmux and xterm actually deliver: keypad mode turns DEL into KEY_BACKSPACE.
        expectEqual(decode(.character(27), .keyCode(CursesKeyCode.backspace)), [.alt("\u{7f}")])
    }

    @Test("Esc before a key code, Esc, or a control key stays a separate Escape")
    func escapeThenOther() {
        expectEqual(decode(.character(27), .keyCode(CursesKeyCode.up)), [.escape, .up])
        expectEqual(decode(.character(27), .character(27)), [.escape, .escape])
        expectEqual(decode(.character(27), .character(27), .character(0x78)), [.escape, .alt("x")])
        expectEqual(decode(.character(27), .character(13)), [.escape, .enter])
        expectEqual(decode(.character(27), .character(9)), [.escape, .tab])
        expectEqual(decode(.character(27), .character(19)), [.escape, .control("s")])
    }

    @Test("Alt consumes exactly one following character")
    func altConsumesOne() {
        expectEqual(decode(.character(27), .character(0x61), .character(0x62)), [.alt("a"), .character("b")])
        expectEqual(decode(.character(0x61), .character(27)), [.character("a"), .escape])
    }

    @Test("Ctrl+letter is .control with the lowercase letter")
    func controlLetters() {
        expectEqual(decode(.character(19)), [.control("s")])
        expectEqual(decode(.character(3)), [.control("c")])
        expectEqual(decode(.character(23)), [.control("w")])
        expectEqual(decode(.character(26)), [.control("z")])
        expectEqual(decode(.character(1)), [.control("a")])
        expectEqual(decode(.character(17)), [.control("q")])
    }

    @Test("every control 1...26 except Backspace, Tab, Enter maps to its letter")
    func allControlLetters() {
        let special: Set<UInt32> = [8, 9, 10, 13]
        for value in UInt32(1)...26 where !special.contains(value) {
            let letter = Character(Unicode.Scalar(UInt8(0x60 + value)))
            expectEqual(decode(.character(value)), [.control(letter)], "\(value)")
        }
    }

    @Test("printable scalars are characters, including space, non-Latin and emoji")
    func printable() {
        expectEqual(KeyDecoder.decode(chars("a Z~")), [.character("a"), .character(" "), .character("Z"), .character("~")])
        expectEqual(KeyDecoder.decode(chars("é日🛒")), [.character("é"), .character("日"), .character("🛒")])
    }

    @Test("a combining mark after a character stays its own key")
    func combiningMark() {
        expectEqual(decode(.character(0x65), .character(0x301)), [.character("e"), .character("\u{301}")])
    }

    @Test("NUL, unassigned controls, C1 controls and non-scalars are dropped")
    func droppedValues() {
        expectEqual(decode(.character(0)), [])
        expectEqual(decode(.character(28), .character(31)), [])
        expectEqual(decode(.character(0x85), .character(0x9B)), [])
        expectEqual(decode(.character(0xD800)), [])
        expectEqual(decode(.character(0x110000)), [])
        expectEqual(decode(.character(0), .character(0x61)), [.character("a")])
    }

    @Test("a mixed drain decodes in order")
    func mixed() {
        let inputs: [RawInput] = chars("hi") + [
            .keyCode(CursesKeyCode.left), .character(127), .character(27), .character(0x66),
            .character(13), .character(27),
        ]
        expectEqual(KeyDecoder.decode(inputs), [
            .character("h"), .character("i"), .left, .backspace, .alt("f"), .enter, .escape,
        ])
    }

    @Test("an empty drain is no keys")
    func empty() {
        expectEqual(KeyDecoder.decode([]), [])
    }
}

/// Pasted text reaches the UI as one `.paste`, never as keys: between the
/// bracketed-paste markers, however the drains split it, and as a burst of
/// text and a newline in one drain when the terminal does not mark pastes.
@Suite("KeyDecoder: pastes")
struct KeyDecoderPasteTests {
    private func chars(_ text: String) -> [RawInput] {
        text.unicodeScalars.map { .character($0.value) }
    }
    private let start = "\u{1B}[200~"
    private let end = "\u{1B}[201~"
    private let second: UInt64 = 1_000_000_000

    @Test("a bracketed paste is one .paste, newlines, Esc and command letters inside")
    func bracketed() {
        expectEqual(KeyDecoder.decode(chars(start + "Pasted line\rdy" + end)), [.paste("Pasted line\rdy")])
        #expect(KeyDecoder.decode(chars("a" + start + "x\u{1B}[Aq\u{3}" + end + "j")) ==
                [.character("a"), .paste("x\u{1B}[Aq\u{3}"), .character("j")])
    }

    @Test("key codes curses made of pasted bytes are dropped, not keys")
    func keyCodesInsidePaste() {
        let inputs = chars(start + "a") + [.keyCode(CursesKeyCode.up), .keyCode(CursesKeyCode.enter)] + chars("b" + end)
        expectEqual(KeyDecoder.decode(inputs), [.paste("ab")])
    }

    @Test("an empty paste is nothing, and an end marker without a start is dropped")
    func emptyAndStray() {
        expectEqual(KeyDecoder.decode(chars(start + end)), [])
        expectEqual(KeyDecoder.decode(chars(end + "j")), [.character("j")])
    }

    @Test("a paste split over drains, even inside its end marker, is text up to the end marker and keys after")
    func splitOverDrains() {
        var decoder = KeyDecoder()
        expectEqual(decoder.decode(chars(start + "first "), at: 0), [.paste("first ")])
        #expect(decoder.isInsidePaste)
        expectEqual(decoder.decode(chars("line\rdy\u{1B}[20"), at: 10), [.paste("line\rdy")])
        expectEqual(decoder.decode(chars("1~j"), at: 20), [.character("j")])
        #expect(!decoder.isInsidePaste)
        expectEqual(decoder.decode(chars("k"), at: 30), [.character("k")])
    }

    @Test("held-back bytes that turn out not to be the end marker are text")
    func heldBackThenText() {
        var decoder = KeyDecoder()
        expectEqual(decoder.decode(chars(start + "a\u{1B}["), at: 0), [.paste("a")])
        expectEqual(decoder.decode(chars("Bq"), at: 5), [.paste("\u{1B}[Bq")])
        expectEqual(decoder.decode(chars(end), at: 6), [])
    }

    @Test("a paste whose end marker never comes ends after a second of silence; input after that is keys")
    func lostEndMarker() {
        var decoder = KeyDecoder()
        expectEqual(decoder.decode(chars(start + "text\u{1B}[2"), at: 0), [.paste("text")])
        // Still within the second: more paste (and what was held back was text).
        expectEqual(decoder.decode(chars("dy\u{1B}[20"), at: second), [.paste("\u{1B}[2dy")])
        // A second later the held-back start of a marker is dropped, and keys are keys.
        expectEqual(decoder.decode(chars("q"), at: 2 * second + 1), [.character("q")])
        #expect(!decoder.isInsidePaste)
    }

    @Test("the app's own time between two parts of a paste is no silence: only time spent waiting for input counts")
    func slowAppIsNoSilence() {
        var decoder = KeyDecoder()
        expectEqual(decoder.decode(chars(start + "line 1\n\u{1B}[2"), at: 0), [.paste("line 1\n")])
        // Handling that part took three seconds; the terminal's next bytes waited.
        decoder.waiting(at: 3 * second)
        expectEqual(decoder.decode(chars("0line 2\nq"), at: 3 * second + 1), [.paste("\u{1B}[20line 2\nq")])
        #expect(decoder.isInsidePaste)
        decoder.waiting(at: 5 * second)
        expectEqual(decoder.decode(chars(end + "q"), at: 5 * second + second / 2), [.character("q")])
        #expect(!decoder.isInsidePaste)
    }

    /// The start marker comes whole: curses waits for the rest of an escape
    /// sequence before it hands over the Esc.
    @Test("a huge paste arrives whole, in order", arguments: [1, 7, 4096])
    func huge(drainSize: Int) {
        let body = String(repeating: "line of text\n", count: 20_000)
        let inputs = chars(start + body + end + "x")
        var decoder = KeyDecoder()
        var keys = decoder.decode(Array(inputs.prefix(6)), at: 0)
        var offset = 6
        while offset < inputs.count {
            keys += decoder.decode(Array(inputs[offset..<min(inputs.count, offset + drainSize)]), at: UInt64(offset))
            offset += drainSize
        }
        expectEqual(keys.last, .character("x"))
        let pasted = keys.dropLast().map { key -> String in
            guard case let .paste(text) = key else { return "<not a paste: \(key)>" }
            return text
        }.joined()
        expectEqual(pasted, body)
    }

    // MARK: Terminals without bracketed paste

    @Test("printable text then a newline in one drain is a paste, with all that follows in the drain")
    func burst() {
        expectEqual(KeyDecoder.decode(chars("Pasted line\rdy")), [.paste("Pasted line\rdy")])
        expectEqual(KeyDecoder.decode(chars("x\ny")), [.paste("x\ny")])
        expectEqual(KeyDecoder.decode(chars("col 1\tcol 2\r\u{1B}[A")), [.paste("col 1\tcol 2\r\u{1B}[A")])
    }

    @Test("keys before the burst stay keys")
    func keysBeforeBurst() {
        let inputs: [RawInput] = [.keyCode(CursesKeyCode.down), .character(27), .character(0x62), .character(127)] + chars("\tab\rc")
        // A tab belongs to the pasted text (a spreadsheet's columns).
        expectEqual(KeyDecoder.decode(inputs), [.down, .alt("b"), .backspace, .paste("\tab\rc")])
    }

    @Test("Enter alone, Enter first, or text without Enter are keys as before")
    func notBursts() {
        expectEqual(KeyDecoder.decode(chars("\r")), [.enter])
        expectEqual(KeyDecoder.decode(chars("\rab")), [.enter, .character("a"), .character("b")])
        expectEqual(KeyDecoder.decode(chars("ab")), [.character("a"), .character("b")])
        // Text and Enter with nothing after them run nothing after the Enter:
        // keys, as a script (tmux send-keys j j Enter) sends them in one drain.
        expectEqual(KeyDecoder.decode(chars("jj\r")), [.character("j"), .character("j"), .enter])
        expectEqual(KeyDecoder.decode(chars("x\n")), [.character("x"), .enter])
        expectEqual(KeyDecoder.decode(chars("\t\r")), [.tab, .enter])
        // Text, Tab, Tab, Enter: to the Due Date row and open the picker there.
        expectEqual(KeyDecoder.decode(chars("milk\t\t\r")), "milk".map(Key.character) + [.tab, .tab, .enter])
        // Esc Enter is a person pressing two keys, not text.
        expectEqual(KeyDecoder.decode(chars("\u{1B}\r")), [.escape, .enter])
    }

    @Test("typing fast still saves: the text and the Enter in separate drains stay keys")
    func typingFast() {
        var decoder = KeyDecoder()
        expectEqual(decoder.decode(chars("milk"), at: 0), "milk".map(Key.character))
        expectEqual(decoder.decode(chars("\r"), at: 1), [.enter])
    }

    @Test("a burst stops where a bracketed paste starts")
    func burstThenBracketed() {
        expectEqual(KeyDecoder.decode(chars("a\rb" + start + "c\r" + end)), [.paste("a\rb"), .paste("c\r")])
    }

    @Test("a long line without Enter decodes in linear time")
    func longRun() {
        let keys = KeyDecoder.decode(chars(String(repeating: "a", count: 200_000)))
        expectEqual(keys.count, 200_000)
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
