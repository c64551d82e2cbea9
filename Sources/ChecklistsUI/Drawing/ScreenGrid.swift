/// Text attributes of a cell; the adapter maps them to curses attributes.
///
/// A small option set rather than curses `attr_t`, so the pure UI layer never
/// imports curses and tests can compare styles by value.
public struct CellStyle: OptionSet, Hashable, Sendable {
    /// The bits; one per attribute, stable so snapshots of a grid compare equal.
    public let rawValue: UInt8
    /// Builds a style from its bits, as `OptionSet` requires.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Emphasis: titles, the focused element.
    public static let bold = CellStyle(rawValue: 1 << 0)
    /// De-emphasis: done items, hints; still readable without colour.
    public static let dim = CellStyle(rawValue: 1 << 1)
    /// Swapped colours: the selection bar and title bar, visible even in monochrome.
    public static let reverse = CellStyle(rawValue: 1 << 2)
    /// Underline: keyboard shortcuts, links.
    public static let underline = CellStyle(rawValue: 1 << 3)
}

/// Foreground colour; `.default` is the terminal's. Ignored when colour is off (NO_COLOR, monochrome).
///
/// Only the colours every terminal has, so a theme never depends on 256-colour support,
/// and meaning never relies on colour alone (styles carry it too).
public enum CellColor: UInt8, Hashable, Sendable {
    /// The terminal's own foreground; what plain text uses.
    case `default`
    /// Overdue, errors.
    case red
    /// Done, success.
    case green
    /// Due soon, warnings.
    case yellow
    /// Headings, accents.
    case blue
    /// Tags, secondary accents.
    case magenta
    /// Counts, dates, informational accents.
    case cyan
    // The roles below are the user's `[colors]`: render names the role and
    // the terminal adapter looks its colours up in the `Theme`, so a grid
    // never depends on one user's choices.
    /// Overdue items (red by default).
    case overdue
    /// The selection bar, on cells that have no colour of their own.
    case selection
    /// The reminder banner's frame (yellow by default).
    case banner
    /// The title bar and the `?` screen's headings.
    case heading

    /// Whether the theme decides this colour.
    public var isRole: Bool { rawValue >= CellColor.overdue.rawValue }
}

/// One terminal column of the screen: what the adapter draws at that position.
public struct Cell: Hashable, Sendable {
    /// One grapheme, already sanitized; "" for the second column of a wide glyph; " " for blank.
    ///
    /// A `String`, not a `Character`, because a cell that starts a glyph may also
    /// carry zero-width graphemes that followed it (a lone ZWSP or combining mark),
    /// so nothing the user wrote is silently split off into a column of its own.
    public var grapheme: String
    /// 1 or 2 for a cell that starts a glyph, 0 for the continuation cell of a wide glyph.
    ///
    /// Stored rather than recomputed so the adapter and `lines()` never measure text again.
    public var width: UInt8
    /// Attributes; on a wide glyph the starting cell's style is the one that counts
    /// (the grid keeps both halves the same anyway).
    public var style: CellStyle
    /// Foreground colour, as for `style`.
    public var color: CellColor

    /// Builds a cell (by default a blank one); the grid builds its own, this is
    /// for tests and the adapter.
    public init(grapheme: String = " ", width: UInt8 = 1, style: CellStyle = [], color: CellColor = .default) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
        self.color = color
    }

    /// An empty, unstyled column: what a new grid and `clear` are made of.
    public static let blank = Cell(grapheme: " ")
}

/// A (row, column) position on the grid, both zero-based from the top left.
public struct GridPosition: Hashable, Sendable {
    /// Zero-based row from the top.
    public var row: Int
    /// Zero-based column from the left, in terminal columns (not characters).
    public var column: Int

    /// Builds a position; used for the cursor.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// The whole screen as an in-memory grid of cells, like ratatui's Buffer.
///
/// Rendering is a pure function that fills one of these; the terminal adapter
/// copies only changed rows to ncurses and tests compare `lines()` with literal
/// text. All writes keep two invariants the adapter relies on: every cell of
/// width 2 is followed, in the same row, by its continuation cell (width 0), and
/// every continuation cell follows a width-2 cell. So no half of a wide glyph is
/// ever left behind, and no glyph hangs past the right edge.
public struct ScreenGrid: Hashable, Sendable {
    /// Columns; fixed for the grid's life (a resize renders a new grid).
    public let width: Int
    /// Rows; fixed for the grid's life.
    public let height: Int
    /// All cells, row-major: row r, column c is at `r * width + c`. Read-only
    /// outside so writes go through methods that keep wide glyphs whole.
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should be shown (a text field), or nil to hide it.
    public var cursor: GridPosition?

    /// A blank grid. Negative sizes are treated as 0, so a render asked for a
    /// degenerate terminal size draws nothing instead of trapping.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
        cursor = nil
    }

    /// The cell at (row, column); a blank cell outside the grid, so probing an
    /// edge never traps.
    public subscript(row: Int, column: Int) -> Cell {
        guard row >= 0, row < height, column >= 0, column < width else { return .blank }
        return cells[row * width + column]
    }

    // MARK: Writing text

    /// Writes `text` at (row, column), sanitized, cut with "…" to fit `maxColumns` (default: up to the right edge), clipped to the grid. Never splits a wide glyph: if a wide glyph would straddle the right edge or limit, it is not drawn. Any wide glyph it partly overwrites (either half) is cleared to blanks so no half glyph stays. Returns the columns used. Out-of-grid rows/columns: no-op, returns 0.
    ///
    /// Cells after the text are left as they were (render clears first).
    /// Zero-width graphemes join the glyph before them; at the very start, with
    /// nothing to join, they are dropped. Cells of a cleared half glyph keep
    /// their style, so a selection bar stays unbroken.
    @discardableResult
    public mutating func put(
        _ text: String, row: Int, column: Int, maxColumns: Int? = nil,
        style: CellStyle = [], color: CellColor = .default
    ) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return 0 }
        let limit = min(maxColumns ?? Int.max, width - column)
        guard limit > 0 else { return 0 }
        return write(TextWidth.prepare(text), at: row * width + column, limit: limit, style: style, color: color)
    }

    /// Like put, but a text wider than `maxColumns` goes on at the next rows,
    /// broken between words, down to `lastRow`; only the last row's text is
    /// cut with "…". For a screen's notice ("No items…"), which a 40-column
    /// pane cut short. Returns the rows used.
    @discardableResult
    public mutating func putWrapped(
        _ text: String, row: Int, column: Int, maxColumns: Int, lastRow: Int, style: CellStyle = []
    ) -> Int {
        var rest = text
        var y = row
        while !rest.isEmpty, y <= lastRow, y < height {
            let (head, tail) = y == lastRow ? (rest, "") : TextWidth.splitAtWord(rest, columns: maxColumns)
            put(head, row: y, column: column, maxColumns: maxColumns, style: style)
            rest = tail
            y += 1
        }
        return y - row
    }

    /// Like put, but right-aligned so the text ends at column `endColumn` (exclusive).
    ///
    /// For counts and dates at the end of a row. The text may use columns
    /// `0..<endColumn` (and at most `maxColumns`); if cut, it is cut at its end
    /// with "…" like `put`, and the cut text is what is right-aligned. An
    /// `endColumn` past the right edge is treated as the right edge, so the end
    /// of the text stays visible. Returns the columns used.
    @discardableResult
    public mutating func putRightAligned(
        _ text: String, row: Int, endColumn: Int, maxColumns: Int? = nil,
        style: CellStyle = [], color: CellColor = .default
    ) -> Int {
        guard row >= 0, row < height else { return 0 }
        let end = min(endColumn, width)
        let limit = min(maxColumns ?? end, end)
        guard limit > 0 else { return 0 }
        let prepared = TextWidth.prepare(text)
        let used = Self.fittedColumns(prepared, limit: limit)
        guard used > 0 else { return 0 }
        // Writing with exactly `used` columns reproduces the same cut: the
        // longest prefix that fits `used - 1` is the one measured above.
        return write(prepared, at: row * width + end - used, limit: used, style: style, color: color)
    }

    // MARK: Styling and clearing

    /// Sets style and colour on cells of `row` in `columns` (clipped), keeping their text: used for a selection bar or a title bar.
    ///
    /// `style` is added to each cell's own style, and `color` replaces the
    /// cell's colour only when it is not `.default`: a selection bar drawn over a
    /// finished row must not erase what the row's style and colour say (dim for
    /// done, red for overdue). A wide glyph only partly inside `columns` is
    /// styled whole, so a glyph never has two styles.
    public mutating func applyStyle(_ style: CellStyle, color: CellColor = .default, row: Int, columns: Range<Int>) {
        guard row >= 0, row < height else { return }
        var low = max(columns.lowerBound, 0)
        var high = min(columns.upperBound, width)
        guard low < high else { return }
        let base = row * width
        if cells[base + low].width == 0 { low -= 1 }
        if cells[base + high - 1].width == 2 { high += 1 }
        for index in (base + low)..<(base + high) {
            cells[index].style.formUnion(style)
            if color != .default { cells[index].color = color }
        }
    }

    /// Gives `color` to the cells of `row` in `columns` that have no colour
    /// of their own: a selection bar takes its colour without hiding a red
    /// overdue marker.
    public mutating func tint(_ color: CellColor, row: Int, columns: Range<Int>) {
        guard row >= 0, row < height else { return }
        let base = row * width
        for column in max(columns.lowerBound, 0)..<min(columns.upperBound, width) where cells[base + column].color == .default {
            cells[base + column].color = color
        }
    }

    /// Clears a rectangle to blank cells.
    ///
    /// Clipped to the grid. A wide glyph cut by the rectangle's left or right
    /// edge loses its outside half too (blanked, style kept), so no half glyph stays.
    public mutating func clear(rows: Range<Int>, columns: Range<Int>) {
        let firstRow = max(rows.lowerBound, 0)
        let endRow = min(rows.upperBound, height)
        let low = max(columns.lowerBound, 0)
        let high = min(columns.upperBound, width)
        guard firstRow < endRow, low < high else { return }
        for row in firstRow..<endRow {
            let base = row * width
            if cells[base + low].width == 0 { blank(base + low - 1) }
            if cells[base + high - 1].width == 2 { blank(base + high) }
            for index in (base + low)..<(base + high) {
                cells[index] = .blank
            }
        }
    }

    // MARK: Reading

    /// The screen as plain text lines (continuation cells contribute nothing; trailing spaces trimmed): what tests compare.
    ///
    /// Styles and colours are not included; tests that care read `cells` or
    /// the subscript.
    public func lines() -> [String] {
        var result: [String] = []
        result.reserveCapacity(height)
        for row in 0..<height {
            let base = row * width
            var end = base + width
            while end > base && cells[end - 1].width == 1 && cells[end - 1].grapheme == " " {
                end -= 1
            }
            var line = ""
            line.reserveCapacity(end - base)
            for index in base..<end where cells[index].width != 0 {
                line += cells[index].grapheme
            }
            result.append(line)
        }
        return result
    }

    /// Row indexes whose cells differ from `other` (same size): the adapter redraws only those. If sizes differ, all rows.
    ///
    /// Compares cells only; a moved cursor is the adapter's to notice.
    public func changedRows(since other: ScreenGrid) -> [Int] {
        guard other.width == width, other.height == height else { return Array(0..<height) }
        var changed: [Int] = []
        for row in 0..<height {
            let base = row * width
            for index in base..<(base + width) where cells[index] != other.cells[index] {
                changed.append(row)
                break
            }
        }
        return changed
    }

    // MARK: Internals

    /// Writes prepared (sanitized) text from cell `start` using at most `limit`
    /// columns (`limit >= 1`, within the row), cutting with "…" like
    /// `TextWidth.truncated`. Returns the columns used.
    private mutating func write(
        _ prepared: TextWidth.Prepared, at start: Int, limit: Int, style: CellStyle, color: CellColor
    ) -> Int {
        if prepared.isASCII {
            // One byte, one grapheme, one column: no segmentation needed, and
            // the cell strings come from a table so nothing is allocated.
            let count = prepared.text.utf8.count
            let cut = count > limit
            let keep = cut ? limit - 1 : count
            let glyphs = Self.asciiGlyphs
            var index = start
            if keep > 0 {
                for byte in prepared.text.utf8 {
                    place(glyphs[Int(byte)], width: 1, at: index, style: style, color: color)
                    index += 1
                    if index - start == keep { break }
                }
            }
            if cut {
                place(TextWidth.ellipsis, width: 1, at: index, style: style, color: color)
                index += 1
            }
            return index - start
        }

        // General path, one pass. A glyph is written once it is known to fit in
        // `limit - 1` columns, since it stays whether or not "…" follows. A glyph
        // that exactly fills the last column waits in `pending` until we know
        // nothing visible follows it; otherwise "…" takes its place.
        var used = 0
        var lastGlyph = -1
        var pending: String? = nil
        var pendingWidth = 0
        for grapheme in prepared.text {
            let glyphWidth = TextWidth.columns(of: grapheme)
            if glyphWidth == 0 {
                if pending != nil {
                    pending!.append(grapheme)
                } else if lastGlyph >= 0 {
                    cells[lastGlyph].grapheme.append(grapheme)
                }
                continue
            }
            if pending != nil || used + glyphWidth > limit {
                place(TextWidth.ellipsis, width: 1, at: start + used, style: style, color: color)
                return used + 1
            }
            if used + glyphWidth == limit {
                pending = String(grapheme)
                pendingWidth = glyphWidth
            } else {
                place(String(grapheme), width: glyphWidth, at: start + used, style: style, color: color)
                lastGlyph = start + used
                used += glyphWidth
            }
        }
        if let pending {
            place(pending, width: pendingWidth, at: start + used, style: style, color: color)
            used += pendingWidth
        }
        return used
    }

    /// Columns `write` will use for `prepared` within `limit`, without writing.
    private static func fittedColumns(_ prepared: TextWidth.Prepared, limit: Int) -> Int {
        if prepared.isASCII { return min(prepared.text.utf8.count, limit) }
        var used = 0
        var pendingWidth = 0
        for grapheme in prepared.text {
            let glyphWidth = TextWidth.columns(of: grapheme)
            if glyphWidth == 0 { continue }
            if pendingWidth > 0 || used + glyphWidth > limit { return used + 1 }
            if used + glyphWidth == limit {
                pendingWidth = glyphWidth
            } else {
                used += glyphWidth
            }
        }
        return used + pendingWidth
    }

    /// Puts one glyph at cell `index` (its row has room for `width` columns),
    /// first blanking the other half of any wide glyph it overlaps.
    @inline(__always)
    private mutating func place(_ grapheme: String, width: Int, at index: Int, style: CellStyle, color: CellColor) {
        // Overwriting a continuation cell splits the wide glyph to its left.
        if cells[index].width == 0 { blank(index - 1) }
        // Overwriting the first half of a wide glyph orphans its continuation.
        let last = index + width - 1
        if cells[last].width == 2 { blank(last + 1) }
        cells[index] = Cell(grapheme: grapheme, width: UInt8(width), style: style, color: color)
        if width == 2 {
            cells[index + 1] = Cell(grapheme: "", width: 0, style: style, color: color)
        }
    }

    /// Turns one cell into a blank, keeping its style so bars stay unbroken.
    @inline(__always)
    private mutating func blank(_ index: Int) {
        cells[index].grapheme = " "
        cells[index].width = 1
    }

    /// One string per ASCII byte, built once: the ASCII path's cells share these
    /// (small strings are stored inline, so sharing costs nothing).
    private static let asciiGlyphs: [String] = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }
}
