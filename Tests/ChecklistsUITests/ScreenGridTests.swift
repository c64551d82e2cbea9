import Testing
import TestSupport
@testable import ChecklistsUI

/// The grid is what every screen test compares, and what the adapter copies to
/// the terminal: wide glyphs must stay whole and no control may get through.
@Suite struct ScreenGridTests {

    /// Checks the invariants the adapter relies on: a width-2 cell is followed by
    /// its continuation in the same row, and a continuation follows a width-2 cell.
    private func expectWellFormed(_ grid: ScreenGrid, sourceLocation: SourceLocation = #_sourceLocation) {
        for row in 0..<grid.height {
            for column in 0..<grid.width {
                let cell = grid[row, column]
                switch cell.width {
                case 2:
                    #expect(column + 1 < grid.width, "wide glyph hangs off row \(row)", sourceLocation: sourceLocation)
                    expectEqual(grid[row, column + 1].width, 0, "wide glyph at \(row),\(column) lost its second half", sourceLocation: sourceLocation)
                case 0:
                    #expect(column > 0 && grid[row, column - 1].width == 2, "orphan half at \(row),\(column)", sourceLocation: sourceLocation)
                    expectEqual(cell.grapheme, "", sourceLocation: sourceLocation)
                default:
                    expectEqual(cell.width, 1, sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// True if any cell or line holds a C0, DEL or C1 control.
    private func containsControl(_ grid: ScreenGrid) -> Bool {
        let isControl: (Unicode.Scalar) -> Bool = { $0.value < 0x20 || ($0.value >= 0x7F && $0.value <= 0x9F) }
        return grid.cells.contains { $0.grapheme.unicodeScalars.contains(where: isControl) }
            || grid.lines().contains { $0.unicodeScalars.contains(where: isControl) }
    }

    // MARK: Wrapped text

    @Test("putWrapped breaks between words, a CJK word kept whole, and cuts only its last row")
    func putWrapped() {
        var grid = ScreenGrid(width: 12, height: 4)
        let rows = grid.putWrapped("No tags yet: type 買い物 on a row, then more words", row: 0, column: 1, maxColumns: 10, lastRow: 2)
        expectEqual(rows, 3)
        expectEqual(grid.lines(), [" No tags", " yet: type", " 買い物 on…", ""])
        expectWellFormed(grid)
        var short = ScreenGrid(width: 12, height: 2)
        expectEqual(short.putWrapped("Fits.", row: 1, column: 0, maxColumns: 12, lastRow: 1), 1)
        expectEqual(short.lines(), ["", "Fits."])
    }

    // MARK: Basics

    @Test func newGridIsBlank() {
        let grid = ScreenGrid(width: 4, height: 2)
        expectEqual(grid.cells.count, 8)
        #expect(grid.cells.allSatisfy { $0 == .blank })
        expectEqual(grid.lines(), ["", ""])
        #expect(grid.cursor == nil)
    }

    @Test func negativeSizesAreEmpty() {
        let grid = ScreenGrid(width: -3, height: -1)
        #expect(grid.width == 0 && grid.height == 0)
        expectEqual(grid.lines(), [])
        expectEqual(ScreenGrid(width: 5, height: -1).lines(), [])
        expectEqual(ScreenGrid(width: -5, height: 2).lines(), ["", ""])
    }

    @Test func subscriptOutsideIsBlank() {
        let grid = ScreenGrid(width: 2, height: 2)
        expectEqual(grid[-1, 0], .blank)
        expectEqual(grid[0, 2], .blank)
        expectEqual(grid[2, 0], .blank)
    }

    @Test func putsASCIIWithStyle() {
        var grid = ScreenGrid(width: 10, height: 2)
        let used = grid.put("Hello", row: 1, column: 2, style: .bold, color: .green)
        expectEqual(used, 5)
        expectEqual(grid.lines(), ["", "  Hello"])
        expectEqual(grid[1, 2], Cell(grapheme: "H", width: 1, style: .bold, color: .green))
        expectEqual(grid[1, 7], .blank)
        expectWellFormed(grid)
    }

    @Test func cutsAtTheRightEdgeWithAnEllipsis() {
        var grid = ScreenGrid(width: 8, height: 1)
        expectEqual(grid.put("Buy groceries", row: 0, column: 2), 6)
        expectEqual(grid.lines(), ["  Buy g…"])
        var fits = ScreenGrid(width: 8, height: 1)
        expectEqual(fits.put("Buy milk", row: 0, column: 0), 8)
        expectEqual(fits.lines(), ["Buy milk"])
    }

    @Test func maxColumnsLimitsAndLeavesTheRestAlone() {
        var grid = ScreenGrid(width: 12, height: 1)
        grid.put("############", row: 0, column: 0)
        expectEqual(grid.put("abcdefgh", row: 0, column: 1, maxColumns: 5), 5)
        expectEqual(grid.lines(), ["#abcd…######"])
        expectEqual(grid.put("xyz", row: 0, column: 0, maxColumns: 0), 0)
        expectEqual(grid.put("xyz", row: 0, column: 0, maxColumns: -2), 0)
        expectEqual(grid.lines(), ["#abcd…######"])
    }

    @Test func outOfGridIsANoOp() {
        var grid = ScreenGrid(width: 4, height: 2)
        let before = grid
        expectEqual(grid.put("x", row: -1, column: 0), 0)
        expectEqual(grid.put("x", row: 2, column: 0), 0)
        expectEqual(grid.put("x", row: 0, column: 4), 0)
        expectEqual(grid.put("x", row: 0, column: -1), 0)
        expectEqual(grid.putRightAligned("x", row: 5, endColumn: 4), 0)
        expectEqual(grid.putRightAligned("x", row: 0, endColumn: 0), 0)
        expectEqual(grid, before)
    }

    // MARK: Wide glyphs

    @Test func cjkCutWithEllipsisNeverSplitsAGlyph() {
        var grid = ScreenGrid(width: 12, height: 1)
        let used = grid.put("日本語のテキスト", row: 0, column: 0, maxColumns: 10)
        expectEqual(used, 9)
        expectEqual(grid.lines(), ["日本語の…"])
        expectEqual(grid[0, 0], Cell(grapheme: "日", width: 2))
        expectEqual(grid[0, 1], Cell(grapheme: "", width: 0))
        expectEqual(grid[0, 8], Cell(grapheme: "…", width: 1))
        expectEqual(grid[0, 9], .blank)
        expectWellFormed(grid)
    }

    @Test func wideGlyphStraddlingTheRightEdgeIsNotDrawn() {
        var grid = ScreenGrid(width: 5, height: 3)
        expectEqual(grid.put("abcd日", row: 0, column: 0), 5)
        expectEqual(grid.put("日本語", row: 1, column: 0), 5)
        expectEqual(grid.put("日", row: 2, column: 4), 1)
        expectEqual(grid.lines(), [
            "abcd…",
            "日本…",
            "    …",
        ])
        var exact = ScreenGrid(width: 5, height: 1)
        expectEqual(exact.put("a日本", row: 0, column: 0), 5)
        expectEqual(exact.lines(), ["a日本"])
        expectWellFormed(grid)
        expectWellFormed(exact)
    }

    @Test func wideGlyphStraddlingTheLimitLeavesItsColumn() {
        var grid = ScreenGrid(width: 6, height: 1)
        grid.put("------", row: 0, column: 0)
        expectEqual(grid.put("日本語", row: 0, column: 0, maxColumns: 4), 3)
        expectEqual(grid.lines(), ["日…---"])
        expectWellFormed(grid)
    }

    @Test func overwritingEitherHalfOfAWideGlyphClearsTheOtherHalf() {
        var left = ScreenGrid(width: 6, height: 1)
        left.put("日本語", row: 0, column: 0)
        left.put("x", row: 0, column: 3)            // second half of 本
        expectEqual(left.lines(), ["日 x語"])
        expectWellFormed(left)

        var right = ScreenGrid(width: 6, height: 1)
        right.put("日本語", row: 0, column: 0)
        right.put("y", row: 0, column: 2)           // first half of 本
        expectEqual(right.lines(), ["日y 語"])
        expectWellFormed(right)

        var both = ScreenGrid(width: 6, height: 1)
        both.put("日本語", row: 0, column: 0)
        both.put("漢", row: 0, column: 1)           // second half of 日 and first of 本
        expectEqual(both.lines(), [" 漢 語"])
        expectWellFormed(both)

        var narrow = ScreenGrid(width: 6, height: 1)
        narrow.put("a日", row: 0, column: 0)
        narrow.put("本", row: 0, column: 0)         // over "a" and the first half of 日
        expectEqual(narrow.lines(), ["本"])
        expectEqual(narrow[0, 2], .blank)
        expectWellFormed(narrow)
    }

    @Test func clearedHalfKeepsItsStyle() {
        var grid = ScreenGrid(width: 4, height: 1)
        grid.put("日本", row: 0, column: 0, style: .reverse)
        grid.put("x", row: 0, column: 1)
        expectEqual(grid[0, 0], Cell(grapheme: " ", width: 1, style: .reverse))
        expectEqual(grid[0, 1], Cell(grapheme: "x", width: 1))
    }

    @Test func zwjFamilyIsOneTwoColumnGlyph() {
        var grid = ScreenGrid(width: 6, height: 1)
        let family = "👨\u{200D}👩\u{200D}👧"
        expectEqual(grid.put(family + "x", row: 0, column: 0), 3)
        expectEqual(grid[0, 0], Cell(grapheme: family, width: 2))
        expectEqual(grid[0, 1].width, 0)
        expectEqual(grid[0, 2].grapheme, "x")
        expectEqual(grid.lines(), [family + "x"])
        expectWellFormed(grid)
    }

    @Test func flagsAreTwoColumns() {
        var grid = ScreenGrid(width: 6, height: 1)
        expectEqual(grid.put("🇯🇵🇫🇷!", row: 0, column: 0), 5)
        expectEqual(grid[0, 0].grapheme, "🇯🇵")
        expectEqual(grid[0, 2].grapheme, "🇫🇷")
        expectEqual(grid.lines(), ["🇯🇵🇫🇷!"])
        var cut = ScreenGrid(width: 4, height: 1)
        expectEqual(cut.put("🇯🇵🇫🇷", row: 0, column: 0, maxColumns: 3), 3)
        expectEqual(cut.lines(), ["🇯🇵…"])
        expectWellFormed(grid)
        expectWellFormed(cut)
    }

    @Test func combiningMarksStayWithTheirBase() {
        var grid = ScreenGrid(width: 8, height: 1)
        expectEqual(grid.put("cafe\u{0301}!", row: 0, column: 0), 5)
        expectEqual(grid[0, 3], Cell(grapheme: "e\u{0301}", width: 1))
        expectEqual(grid[0, 4].grapheme, "!")
        expectEqual(grid.lines(), ["cafe\u{0301}!"])
    }

    @Test func zeroWidthGraphemesJoinThePreviousGlyph() {
        var grid = ScreenGrid(width: 8, height: 1)
        expectEqual(grid.put("a\u{200B}b", row: 0, column: 0), 2)
        expectEqual(grid[0, 0].grapheme, "a\u{200B}")
        expectEqual(grid[0, 1].grapheme, "b")
        // Nothing to join at the start: dropped.
        expectEqual(grid.put("\u{0301}z", row: 0, column: 4), 1)
        expectEqual(grid[0, 4].grapheme, "z")
        expectEqual(grid.lines(), ["a\u{200B}b  z"])
    }

    // MARK: Escapes

    @Test func escapeSequencesAreDrawnAsStandIns() {
        var grid = ScreenGrid(width: 30, height: 4)
        grid.put("\u{1B}]52;c;aGVsbG8=\u{07}", row: 0, column: 0)
        grid.put("\u{1B}[2J", row: 1, column: 0)
        grid.put("\u{9B}31mC1\u{7F}", row: 2, column: 0)
        grid.put("one\ntwo\tthree\r\n", row: 3, column: 0)
        expectEqual(grid.lines(), [
            "␛]52;c;aGVsbG8=␇",
            "␛[2J",
            "\u{FFFD}31mC1␡",
            "one␊two␉three␍␊",
        ])
        #expect(!containsControl(grid))
        #expect(!grid.cells.contains { $0.grapheme.unicodeScalars.contains("\u{1B}") || $0.grapheme.unicodeScalars.contains("\u{07}") })
    }

    @Test func escapeSequencesAreSafeWhenCutAndRightAligned() {
        var grid = ScreenGrid(width: 6, height: 2)
        grid.put("\u{1B}]52;c;aGVsbG8=\u{07}", row: 0, column: 0)
        grid.putRightAligned("x\u{1B}[2J", row: 1, endColumn: 6)
        expectEqual(grid.lines(), ["␛]52;…", " x␛[2J"])
        #expect(!containsControl(grid))
    }

    @Test func bidiOverridesAreRemoved() {
        var grid = ScreenGrid(width: 10, height: 1)
        expectEqual(grid.put("abc\u{202E}def", row: 0, column: 0), 6)
        expectEqual(grid.lines(), ["abcdef"])
        #expect(!grid.cells.contains { $0.grapheme.unicodeScalars.contains("\u{202E}") })
    }

    // MARK: Right alignment

    @Test func rightAlignsToTheEndColumn() {
        var grid = ScreenGrid(width: 10, height: 4)
        expectEqual(grid.putRightAligned("42", row: 0, endColumn: 10), 2)
        expectEqual(grid.putRightAligned("日本", row: 1, endColumn: 10), 4)
        expectEqual(grid.putRightAligned("due", row: 2, endColumn: 7, style: .dim), 3)
        expectEqual(grid.putRightAligned("wide", row: 3, endColumn: 25), 4)
        expectEqual(grid.lines(), [
            "        42",
            "      日本",
            "    due",
            "      wide",
        ])
        expectEqual(grid[2, 4].style, .dim)
        expectWellFormed(grid)
    }

    @Test func rightAlignedTextIsCutAtItsEnd() {
        var grid = ScreenGrid(width: 10, height: 3)
        expectEqual(grid.putRightAligned("日本語のテキスト", row: 0, endColumn: 10, maxColumns: 6), 5)
        expectEqual(grid.putRightAligned("abcdefghijkl", row: 1, endColumn: 10), 10)
        expectEqual(grid.putRightAligned("日本語", row: 2, endColumn: 3), 3)
        expectEqual(grid.lines(), [
            "     日本…",
            "abcdefghi…",
            "日…",
        ])
        expectWellFormed(grid)
    }

    // MARK: Styling, clearing

    @Test func applyStyleKeepsText() {
        var grid = ScreenGrid(width: 8, height: 2)
        grid.put("Inbox", row: 0, column: 1)
        grid.applyStyle(.reverse, color: .cyan, row: 0, columns: 0..<8)
        expectEqual(grid.lines(), [" Inbox", ""])
        #expect((0..<8).allSatisfy { grid[0, $0].style == .reverse && grid[0, $0].color == .cyan })
        expectEqual(grid[0, 1].grapheme, "I")
        expectEqual(grid[1, 0].style, [])
        grid.applyStyle(.bold, row: 0, columns: -5..<2)
        #expect(grid[0, 0].style == [.reverse, .bold] && grid[0, 0].color == .cyan)
        expectEqual(grid[0, 2].style, .reverse)
        let before = grid
        grid.applyStyle(.bold, row: 7, columns: 0..<8)
        grid.applyStyle(.bold, row: 1, columns: 9..<20)
        expectEqual(grid, before)
    }

    @Test func selectionBarKeepsTheRowsOwnStyleAndColour() {
        var grid = ScreenGrid(width: 16, height: 1)
        grid.put("[x]", row: 0, column: 0, color: .green)
        grid.put("done", row: 0, column: 4, style: .dim)
        grid.putRightAligned("! 3 May", row: 0, endColumn: 16, style: .bold, color: .red)
        grid.applyStyle(.reverse, row: 0, columns: 0..<16)
        expectEqual(grid.lines(), ["[x] done ! 3 May"])
        expectEqual(grid[0, 0], Cell(grapheme: "[", width: 1, style: .reverse, color: .green))
        expectEqual(grid[0, 4], Cell(grapheme: "d", width: 1, style: [.reverse, .dim]))
        expectEqual(grid[0, 15], Cell(grapheme: "y", width: 1, style: [.reverse, .bold], color: .red))
        expectEqual(grid[0, 3], Cell(grapheme: " ", width: 1, style: .reverse))
    }

    @Test func applyStyleCoversWholeWideGlyphs() {
        var grid = ScreenGrid(width: 6, height: 1)
        grid.put("日本語", row: 0, column: 0)
        grid.applyStyle(.underline, row: 0, columns: 1..<3)
        #expect((0..<4).allSatisfy { grid[0, $0].style == .underline })
        expectEqual(grid[0, 4].style, [])
        expectEqual(grid.lines(), ["日本語"])
    }

    @Test func clearBlanksARectangleAndWholeGlyphs() {
        var grid = ScreenGrid(width: 6, height: 3)
        for row in 0..<3 { grid.put("日本語", row: row, column: 0, style: .bold) }
        grid.clear(rows: 1..<5, columns: 1..<3)
        expectEqual(grid.lines(), [
            "日本語",
            "    語",
            "    語",
        ])
        expectEqual(grid[1, 1], .blank)
        // Outside halves are blanked but keep their style.
        expectEqual(grid[1, 0], Cell(grapheme: " ", width: 1, style: .bold))
        expectEqual(grid[1, 3], Cell(grapheme: " ", width: 1, style: .bold))
        grid.clear(rows: 0..<1, columns: -2..<100)
        expectEqual(grid.lines()[0], "")
        expectWellFormed(grid)
    }

    // MARK: Lines and diffs

    @Test func linesTrimTrailingSpacesOnly() {
        var grid = ScreenGrid(width: 8, height: 1)
        grid.put(" a  b ", row: 0, column: 0)
        expectEqual(grid.lines(), [" a  b"])
    }

    @Test func changedRowsFindsOnlyDifferingRows() {
        var old = ScreenGrid(width: 5, height: 4)
        old.put("same", row: 0, column: 0)
        old.put("old", row: 2, column: 0)
        var new = old
        expectEqual(new.changedRows(since: old), [])
        new.put("new", row: 2, column: 0)
        new.applyStyle(.bold, row: 3, columns: 4..<5)
        expectEqual(new.changedRows(since: old), [2, 3])
        new.cursor = GridPosition(row: 1, column: 1)
        expectEqual(new.changedRows(since: old), [2, 3])
        expectEqual(new.changedRows(since: ScreenGrid(width: 6, height: 4)), [0, 1, 2, 3])
        expectEqual(ScreenGrid(width: 5, height: 2).changedRows(since: old), [0, 1])
    }

    @Test func cursorIsStored() {
        var grid = ScreenGrid(width: 5, height: 2)
        grid.cursor = GridPosition(row: 1, column: 3)
        expectEqual(grid.cursor, GridPosition(row: 1, column: 3))
    }

    // MARK: Randomized consistency

    @Test func putAgreesWithTruncatedAndKeepsGlyphsWhole() {
        // Deterministic pseudo-random mix of tricky graphemes written over each
        // other: the grid must stay well formed, control-free, and each put must
        // draw exactly what `TextWidth.truncated` returns.
        let pieces = [
            "a", "Z", " ", "日", "本", "👨\u{200D}👩\u{200D}👧", "🇯🇵", "e\u{0301}", "\u{200B}", "✈", "✈\u{FE0F}",
            "\u{1B}", "[2J", "\u{07}", "\n", "\u{9B}", "\u{202E}", "…", "한", "\u{0915}\u{093F}", "😀",
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var grid = ScreenGrid(width: 13, height: 3)
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<next(8) { text += pieces[next(pieces.count)] }
            let row = next(3)
            let column = next(14)
            let limit: Int? = next(3) == 0 ? nil : next(15) - 1
            let used = grid.put(text, row: row, column: column, maxColumns: limit)
            expectWellFormed(grid)
            #expect(!containsControl(grid))
            guard column < grid.width else {
                expectEqual(used, 0)
                continue
            }
            let room = min(limit ?? Int.max, grid.width - column)
            let expected = TextWidth.truncated(text, toColumns: room)
            expectEqual(used, TextWidth.columns(of: expected), "\(text.debugDescription)")
            // Compare what was drawn, ignoring zero-width graphemes put drops at the start.
            var drawn = ""
            var index = column
            while index < column + used {
                drawn += grid[row, index].grapheme
                index += 1
            }
            var expectedDrawn = Substring(expected)
            while let first = expectedDrawn.first, TextWidth.columns(of: first) == 0 { expectedDrawn.removeFirst() }
            expectEqual(drawn, String(expectedDrawn), "\(text.debugDescription) at \(column) limit \(String(describing: limit))")
        }
    }
}
