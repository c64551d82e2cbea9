import Testing
import TestSupport
import ChecklistsUI
@testable import ChecklistsTerminal

/// SGR mouse reports (`ESC [ < button ; column ; row M`, `m` for a release)
/// become `.mouse` keys; anything else that starts the same way stays keys.
@Suite("KeyDecoder: the mouse")
struct MouseDecoderTests {
    private func chars(_ text: String) -> [RawInput] {
        text.unicodeScalars.map { .character($0.value) }
    }

    @Test("press and release of each button, the wheel; cells are 0-based", arguments: [
        ("\u{1B}[<0;10;5M", MouseEvent(.left, row: 4, column: 9)),
        ("\u{1B}[<0;10;5m", MouseEvent(.left, isPress: false, row: 4, column: 9)),
        ("\u{1B}[<1;1;1M", MouseEvent(.middle, row: 0, column: 0)),
        ("\u{1B}[<2;300;100M", MouseEvent(.right, row: 99, column: 299)),
        ("\u{1B}[<64;3;7M", MouseEvent(.wheelUp, row: 6, column: 2)),
        ("\u{1B}[<65;3;7M", MouseEvent(.wheelDown, row: 6, column: 2)),
        // Shift (4), Alt (8), Ctrl (16) held: the same button.
        ("\u{1B}[<16;10;5M", MouseEvent(.left, row: 4, column: 9)),
        ("\u{1B}[<69;3;7M", MouseEvent(.wheelDown, row: 6, column: 2)),
    ])
    func reports(text: String, event: MouseEvent) {
        expectEqual(KeyDecoder.decode(chars(text)), [.mouse(event)])
    }

    @Test("what the UI does not use is consumed, not typed: motion, wheel tilt, extra buttons, cell 0")
    func unusedReports() {
        for text in ["\u{1B}[<32;10;5M", "\u{1B}[<35;10;5M", "\u{1B}[<66;1;1M", "\u{1B}[<128;1;1M", "\u{1B}[<0;0;5M"] {
            expectEqual(KeyDecoder.decode(chars(text)), [], "\(text.debugDescription)")
        }
    }

    @Test("reports among keys, back to back, and after a lone Esc")
    func amongKeys() {
        let keys = KeyDecoder.decode(chars("j\u{1B}[<0;2;3M\u{1B}[<0;2;3mk") + [.character(27)])
        expectEqual(keys, [.character("j"), .mouse(MouseEvent(.left, row: 2, column: 1)),
                         .mouse(MouseEvent(.left, isPress: false, row: 2, column: 1)), .character("k"), .escape])
        expectEqual(KeyDecoder.decode(chars("\u{1B}\u{1B}[<64;1;1M")), [.escape, .mouse(MouseEvent(.wheelUp, row: 0, column: 0))])
    }

    @Test("a report followed by text and a newline is no paste burst")
    func notABurst() {
        expectEqual(KeyDecoder.decode(chars("\u{1B}[<0;2;3M\r")), [.mouse(MouseEvent(.left, row: 2, column: 1)), .enter])
    }

    @Test("not a report: Alt-[ and the characters after it, as before", arguments: [
        ("\u{1B}[<a", [Key.alt("["), .character("<"), .character("a")]),
        ("\u{1B}[<1;2M", [.alt("["), .character("<"), .character("1"), .character(";"), .character("2"), .character("M")]),
        ("\u{1B}[<1234567;1;1M", [.alt("["), .character("<")] + "1234567;1;1M".map(Key.character)),
        ("\u{1B}[", [.alt("[")]),
    ])
    func notReports(text: String, keys: [Key]) {
        expectEqual(KeyDecoder.decode(chars(text)), keys)
    }

    @Test("a report cut by the end of a drain waits for the next drain")
    func splitAcrossDrains() {
        var decoder = KeyDecoder()
        expectEqual(decoder.decode(chars("x\u{1B}[<0;1"), at: 0), [.character("x")])
        expectEqual(decoder.decode(chars("0;5Mj"), at: 1_000), [.mouse(MouseEvent(.left, row: 4, column: 9)), .character("j")])
        expectEqual(decoder.decode(chars("\u{1B}[<"), at: 2_000), [])
        expectEqual(decoder.decode(chars("q"), at: 3_000), [.alt("["), .character("<"), .character("q")])
    }

    @Test("when curses matched the start as KEY_MOUSE (terminfo's kmous is ESC [ <), the rest is read as the report")
    func cursesMouseKey() {
        expectEqual(KeyDecoder.decode([.keyCode(CursesKeyCode.mouse)] + chars("0;10;5M")), [.mouse(MouseEvent(.left, row: 4, column: 9))])
        expectEqual(KeyDecoder.decode([.keyCode(CursesKeyCode.mouse)] + chars("x")), [.character("x")])
    }

    @Test("inside a bracketed paste a report's bytes are text")
    func insidePaste() {
        expectEqual(KeyDecoder.decode(chars("\u{1B}[200~\u{1B}[<0;1;1M\u{1B}[201~")), [.paste("\u{1B}[<0;1;1M")])
    }
}
