import Testing
import TestSupport
@testable import ChecklistsModel

/// Widths must match what the terminal draws, or every column after a
/// mismeasured glyph lands in the wrong place; sanitizing must keep every
/// control byte away from the terminal.
@Suite struct TextWidthTests {

    // MARK: Single graphemes

    @Test func splitAtWordBreaksBeforeASpaceAndCutsAWordTooLong() {
        #expect(TextWidth.splitAtWord("the change was not saved", columns: 12) == ("the change", "was not saved"))
        #expect(TextWidth.splitAtWord("fits whole", columns: 10) == ("fits whole", ""))
        // A head that fills the columns exactly breaks at the space after it.
        #expect(TextWidth.splitAtWord("the change was", columns: 10) == ("the change", "was"))
        #expect(TextWidth.splitAtWord("/a/very/long/path is full", columns: 8) == ("/a/very/", "long/path is full"))
        #expect(TextWidth.splitAtWord("日本語 のテキスト", columns: 9) == ("日本語", "のテキスト"))
        #expect(TextWidth.splitAtWord("a\u{1B}[2J b", columns: 5) == ("a␛[2J", "b"))    // sanitized first
    }

    @Test func asciiIsOneColumn() {
        expectEqual(TextWidth.columns(of: "a" as Character), 1)
        expectEqual(TextWidth.columns(of: " " as Character), 1)
        expectEqual(TextWidth.columns(of: "~" as Character), 1)
    }

    @Test func eastAsianWideIsTwoColumns() {
        for glyph: Character in ["日", "本", "語", "の", "テ", "한", "Ａ", "　", "𠀋", "㐀"] {
            expectEqual(TextWidth.columns(of: glyph), 2, "\(glyph)")
        }
        // Halfwidth katakana is narrow, as its name says.
        expectEqual(TextWidth.columns(of: "\u{FF71}" as Character), 1)
    }

    @Test func emojiPresentationIsTwoColumns() {
        for glyph: Character in ["😀", "🧳", "🚀", "⌚", "☕", "✅", "❌", "⭐", "🀄", "🈁", "🫨"] {
            expectEqual(TextWidth.columns(of: glyph), 2, "\(glyph)")
        }
    }

    @Test func textPresentationSymbolIsOneColumnUnlessVS16() {
        expectEqual(TextWidth.columns(of: "✈" as Character), 1)
        expectEqual(TextWidth.columns(of: "✈\u{FE0F}" as Character), 2)
        expectEqual(TextWidth.columns(of: "❤" as Character), 1)
        expectEqual(TextWidth.columns(of: "❤\u{FE0F}" as Character), 2)
        // A text variation selector keeps the base's own width.
        expectEqual(TextWidth.columns(of: "⌚\u{FE0E}" as Character), 2)
        expectEqual(TextWidth.columns(of: "✈\u{FE0E}" as Character), 1)
    }

    @Test func zwjSequencesAreOneWideGlyph() {
        let family: Character = "👨\u{200D}👩\u{200D}👧"
        expectEqual(TextWidth.columns(of: family), 2)
        expectEqual(TextWidth.columns(of: "🏳\u{FE0F}\u{200D}🌈" as Character), 2)
        expectEqual(TextWidth.columns(of: "❤\u{200D}🔥" as Character), 2)
        expectEqual(TextWidth.columns(of: "👋🏽" as Character), 2)
        expectEqual(TextWidth.columns(of: "☝🏽" as Character), 2)
        expectEqual(TextWidth.columns(of: "1\u{FE0F}\u{20E3}" as Character), 2)
    }

    @Test func flagsAreTwoColumnsSingleRegionalIndicatorIsOne() {
        expectEqual(TextWidth.columns(of: "🇯🇵" as Character), 2)
        expectEqual(TextWidth.columns(of: "🇫🇷" as Character), 2)
        expectEqual(TextWidth.columns(of: "\u{1F1EF}" as Character), 1)
        // England: black flag plus tag characters.
        expectEqual(TextWidth.columns(of: "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}" as Character), 2)
    }

    @Test func combiningMarksAddNothing() {
        expectEqual(TextWidth.columns(of: "e\u{0301}" as Character), 1)
        expectEqual(TextWidth.columns(of: "é" as Character), 1)
        expectEqual(TextWidth.columns(of: "a\u{0308}\u{0323}" as Character), 1)
        expectEqual(TextWidth.columns(of: "日\u{20DD}" as Character), 2)
        expectEqual(TextWidth.columns(of: "\u{0301}" as Character), 0)
        expectEqual(TextWidth.columns(of: "\u{200B}" as Character), 0)
        expectEqual(TextWidth.columns(of: "\u{200D}" as Character), 0)
        expectEqual(TextWidth.columns(of: "\u{FE0F}" as Character), 0)
        expectEqual(TextWidth.columns(of: "\u{FEFF}" as Character), 0)
    }

    @Test func hangulJamoSyllableIsTwoColumns() {
        // Conjoining jamo: wide initial, zero-width medial and final.
        expectEqual(TextWidth.columns(of: "\u{1100}\u{1161}\u{11A8}" as Character), 2)
    }

    @Test func secondSpacingScalarInAClusterCounts() {
        // Terminals (tmux, xterm) draw these two columns wide; see TextWidth.
        expectEqual(TextWidth.columns(of: "\u{0915}\u{093F}" as Character), 2)   // कि
        expectEqual(TextWidth.columns(of: "\u{0E01}\u{0E33}" as Character), 2)   // กำ
        expectEqual(TextWidth.columns(of: "\u{0915}\u{094D}" as Character), 1)   // क्
    }

    @Test func controlsCountAsTheirStandIns() {
        expectEqual(TextWidth.columns(of: "\u{1B}" as Character), 1)
        expectEqual(TextWidth.columns(of: "\u{7F}" as Character), 1)
        expectEqual(TextWidth.columns(of: "\u{9B}" as Character), 1)
        expectEqual(TextWidth.columns(of: "\r\n" as Character), 2)
        expectEqual(TextWidth.columns(of: "\u{202E}" as Character), 0)
    }

    // MARK: Strings

    @Test func stringWidthSumsGraphemes() {
        expectEqual(TextWidth.columns(of: ""), 0)
        expectEqual(TextWidth.columns(of: "hello"), 5)
        expectEqual(TextWidth.columns(of: "日本語のテキスト"), 16)
        expectEqual(TextWidth.columns(of: "a👨\u{200D}👩\u{200D}👧b"), 4)
        expectEqual(TextWidth.columns(of: "🇯🇵🇫🇷"), 4)
        expectEqual(TextWidth.columns(of: "cafe\u{0301}"), 4)
        expectEqual(TextWidth.columns(of: "\u{1B}[2J"), 4)
        expectEqual(TextWidth.columns(of: "a\r\nb"), 4)
        expectEqual(TextWidth.columns(of: "abc\u{202E}def"), 6)
    }

    /// Text of scalars that each stand alone is measured scalar by scalar,
    /// skipping grapheme breaking; that is right only if no such scalar can
    /// join a neighbour. A scalar that combines with what precedes it (a mark,
    /// a joiner) joins "a"; one that combines with what follows (Prepend)
    /// joins "a" after it; regional indicators and Hangul jamo join their own kind.
    @Test func scalarsMeasuredAloneNeverJoinANeighbour() {
        var checked = 0
        for value in UInt32(0)...0x3FFFD where TextWidth.standsAlone(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = String(Character(scalar))
            for pair in ["a" + alone, alone + "a", alone + alone] where pair.count != 2 {
                Issue.record("U+\(String(value, radix: 16, uppercase: true)) joins a neighbour: \(pair.unicodeScalars.map { $0.value })")
            }
            checked += 1
        }
        #expect(checked > 170_000)
        // The fast width of such a scalar is the width of the scalar alone.
        for value in UInt32(0)...0x3FFFD where TextWidth.standsAlone(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if TextWidth.loneScalarColumns(value) != TextWidth.scalarColumns(scalar) {
                Issue.record("U+\(String(value, radix: 16, uppercase: true)): \(TextWidth.loneScalarColumns(value)) columns alone, \(TextWidth.scalarColumns(scalar)) by glibc's rule")
            }
        }
        #expect(TextWidth.standsAlone(0x05D0) && TextWidth.standsAlone(0x0627))   // Hebrew alef, Arabic alef
        #expect(!TextWidth.standsAlone(0x05B0) && !TextWidth.standsAlone(0x064B) && !TextWidth.standsAlone(0x0600))   // points, harakat, Prepend
        #expect(!TextWidth.standsAlone(0x0301))    // combining acute
        #expect(!TextWidth.standsAlone(0x200D))    // ZWJ
        #expect(!TextWidth.standsAlone(0xFE0F))    // emoji presentation
        #expect(!TextWidth.standsAlone(0x1F3FB))   // skin tone
        #expect(!TextWidth.standsAlone(0x1F1EF))   // regional indicator
        #expect(!TextWidth.standsAlone(0x1100))    // Hangul leading jamo
    }

    @Test func textMeasuredByScalarsAgreesWithGraphemes() {
        // Everyday texts, then texts drawn from every kind the fast path takes
        // mixed with ones it leaves to grapheme breaking.
        var texts = ["東京 → 大阪 出張の準備", "🎂 Order the cake", "Ελληνικά μαθήματα", "Mixed: 日本語 and English 🙂",
                     "漢字の練習 (N2)", "✅ Tick off", "café — 5 €", "한국어 공부", "ｆｕｌｌ　ｗｉｄｔｈ", "𠮷野家"]
        let pieces = ["a", "é", "Ж", "—", "…", "→", "✅", "日", "ア", "한", "🎂", "🙂", "𠮷", "Ａ", "\u{FFFD}", "␤",
                      "e\u{0301}", "👍\u{1F3FD}", "🇯🇵", "☺\u{FE0F}", "\u{1100}\u{1161}", "क\u{093F}", "👨\u{200D}👩"]
        var state: UInt64 = 16   // a fixed sequence (Knuth's MMIX LCG), so a failure repeats
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<400 {
            texts.append((0...next(12)).map { _ in pieces[next(pieces.count)] }.joined())
        }
        for text in texts {
            let byGraphemes = text.reduce(0) { $0 + TextWidth.columns(of: $1) }
            expectEqual(TextWidth.columns(of: text), byGraphemes, "\(text)")
        }
    }

    // MARK: Sanitizing

    @Test func cleanTextIsUnchanged() {
        for text in ["", "plain", "日本語", "€ … ’ “quotes”", "👨\u{200D}👩\u{200D}👧", "e\u{0301}", "שלום", "مرحبا"] {
            expectEqual(TextWidth.sanitized(text), text)
        }
    }

    @Test func escapeSequencesBecomeVisible() {
        expectEqual(TextWidth.sanitized("\u{1B}]52;c;aGVsbG8=\u{07}"), "␛]52;c;aGVsbG8=␇")
        expectEqual(TextWidth.sanitized("\u{1B}[2J"), "␛[2J")
        expectEqual(TextWidth.sanitized("\u{1B}[31mred\u{1B}[0m"), "␛[31mred␛[0m")
    }

    @Test func everyControlIsReplaced() {
        expectEqual(TextWidth.sanitized("\u{00}"), "\u{2400}")
        expectEqual(TextWidth.sanitized("\u{1F}"), "\u{241F}")
        expectEqual(TextWidth.sanitized("a\tb\nc\rd"), "a␉b␊c␍d")
        expectEqual(TextWidth.sanitized("\r\n"), "␍␊")
        expectEqual(TextWidth.sanitized("x\u{7F}"), "x␡")
        expectEqual(TextWidth.sanitized("\u{80}\u{9B}2J\u{9F}"), "\u{FFFD}\u{FFFD}2J\u{FFFD}")
        expectEqual(TextWidth.sanitized("a\u{2028}b\u{2029}c"), "a␤b␤c")
        for value in UInt32(0)...0x9F where value < 0x20 || value >= 0x7F {
            let text = "<" + String(Unicode.Scalar(value)!) + ">"
            let clean = TextWidth.sanitized(text)
            #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value <= 0x9F) })
            expectEqual(TextWidth.columns(of: clean), 3)
        }
    }

    @Test func bidiOverridesAndIsolatesAreRemoved() {
        expectEqual(TextWidth.sanitized("abc\u{202E}fed\u{202C}"), "abcfed")
        expectEqual(TextWidth.sanitized("\u{202A}\u{202B}\u{202D}x\u{2066}\u{2067}\u{2068}\u{2069}"), "x")
        // Right-to-left letters and the implicit marks stay.
        expectEqual(TextWidth.sanitized("שלום\u{200F}"), "שלום\u{200F}")
    }

    @Test func sanitizingCanJoinAGraphemeItSeparated() {
        // The stand-in is a normal symbol, so a following mark combines with it.
        let text = TextWidth.sanitized("\n\u{0301}")
        expectEqual(text.count, 1)
        expectEqual(TextWidth.columns(of: "\n\u{0301}"), 1)
    }

    // MARK: Truncating

    @Test func truncatesCJKAtAGlyphBoundary() {
        let cut = TextWidth.truncated("日本語のテキスト", toColumns: 10)
        expectEqual(cut, "日本語の…")
        expectEqual(TextWidth.columns(of: cut), 9)
        expectEqual(TextWidth.truncated("日本語のテキスト", toColumns: 9), "日本語の…")
        expectEqual(TextWidth.truncated("日本語のテキスト", toColumns: 16), "日本語のテキスト")
        expectEqual(TextWidth.truncated("日本語のテキスト", toColumns: 15), "日本語のテキス…")
        expectEqual(TextWidth.truncated("日本語のテキスト", toColumns: 14), "日本語のテキ…")
    }

    @Test func truncatesASCII() {
        expectEqual(TextWidth.truncated("hello", toColumns: 5), "hello")
        expectEqual(TextWidth.truncated("hello", toColumns: 4), "hel…")
        expectEqual(TextWidth.truncated("hello", toColumns: 1), "…")
        expectEqual(TextWidth.truncated("hello", toColumns: 0), "")
        expectEqual(TextWidth.truncated("hello", toColumns: -3), "")
        expectEqual(TextWidth.truncated("", toColumns: 3), "")
    }

    @Test func wideGlyphStraddlingTheLimitIsDropped() {
        expectEqual(TextWidth.truncated("ab日本", toColumns: 4), "ab…")
        expectEqual(TextWidth.truncated("日", toColumns: 1), "…")
        expectEqual(TextWidth.truncated("日", toColumns: 2), "日")
        expectEqual(TextWidth.truncated("a日", toColumns: 2), "a…")
        expectEqual(TextWidth.truncated("日a", toColumns: 2), "…")
    }

    @Test func truncatesWholeGraphemes() {
        let family = "👨\u{200D}👩\u{200D}👧"
        expectEqual(TextWidth.truncated(family + family, toColumns: 4), family + family)
        expectEqual(TextWidth.truncated(family + family, toColumns: 3), family + "…")
        expectEqual(TextWidth.truncated("e\u{0301}e\u{0301}e\u{0301}", toColumns: 2), "e\u{0301}…")
        expectEqual(TextWidth.truncated("🇯🇵🇫🇷", toColumns: 3), "🇯🇵…")
        expectEqual(TextWidth.truncated("ab\u{0301}", toColumns: 2), "ab\u{0301}")
    }

    @Test func truncationSanitizesFirst() {
        expectEqual(TextWidth.truncated("\u{1B}[2J", toColumns: 3), "␛[…")
        expectEqual(TextWidth.truncated("\u{1B}[2J", toColumns: 4), "␛[2J")
        expectEqual(TextWidth.truncated("a\u{202E}bc", toColumns: 3), "abc")
    }

    @Test func truncatedNeverExceedsTheLimit() {
        let samples = [
            "日本語のテキスト", "a日b本c", "👨\u{200D}👩\u{200D}👧x🇯🇵y", "e\u{0301}日\u{0301}", "plain text",
            "\u{1B}]52;c;aGVsbG8=\u{07}", "🧳✈\u{FE0F}✈", "\u{0915}\u{093F}\u{0915}",
        ]
        for text in samples {
            let full = TextWidth.columns(of: text)
            for limit in 0...(full + 1) {
                let cut = TextWidth.truncated(text, toColumns: limit)
                let width = TextWidth.columns(of: cut)
                #expect(width <= max(limit, 0), "\(text) at \(limit)")
                if limit >= full {
                    expectEqual(cut, TextWidth.sanitized(text))
                } else if limit <= 0 {
                    expectEqual(cut, "")
                } else {
                    #expect(cut.hasSuffix("…"))
                    // At most one column is lost to a dropped wide glyph.
                    #expect(width >= limit - 1)
                }
            }
        }
    }

    // MARK: Table

    @Test func wideTableIsSortedAndDisjoint() {
        // Binary search silently gives wrong answers on an unsorted table.
        let table = TextWidth.wideRanges
        expectEqual(table.count % 2, 0)
        for pair in stride(from: 0, to: table.count, by: 2) {
            #expect(table[pair] <= table[pair + 1])
            if pair + 2 < table.count {
                #expect(table[pair + 1] + 1 < table[pair + 2], "ranges \(pair / 2) and \(pair / 2 + 1) overlap or touch")
            }
        }
        #expect(TextWidth.isWide(0x1100))
        #expect(TextWidth.isWide(0x3FFFD))
        #expect(!TextWidth.isWide(0x3FFFE))
        #expect(!TextWidth.isWide(0x10FF))
        #expect(!TextWidth.isWide(0x302A))   // combining mark inside CJK symbols
        #expect(!TextWidth.isWide(0x1F1E6))  // lone regional indicator
    }
}
