/// A multi-line `TextField` drawn over several rows: its text wrapped at
/// word boundaries (a word longer than the row is cut by columns), line
/// breaks kept, scrolled so that the cursor's line is on screen. Reduce
/// uses the same wrapping to move the cursor up and down by the lines the
/// user sees, so what ↑ does matches what is drawn.
struct NoteLayout: Equatable {
    /// One row of wrapped text: `characters[start..<end]`. `hardEnd`: the
    /// row ends at a line break or at the end of the text, so a cursor at
    /// `end` is on this row; after a soft wrap it is on the next.
    struct Line: Equatable {
        var start: Int
        var end: Int
        var hardEnd: Bool
    }

    let characters: [Character]
    let lines: [Line]

    /// Wraps `field`'s text for `columns` columns, one of which is kept for
    /// the cursor at the end of a full row (as the one-line field does).
    init(_ field: TextField, columns: Int) {
        characters = field.characters
        let width = max(1, columns - 1)
        var lines: [Line] = []
        var start = 0, index = 0, used = 0
        // Just after the last white space on the row: where a soft wrap cuts.
        var lastBreak: Int?
        while index < characters.count {
            let character = characters[index]
            if character.isNewline {
                lines.append(Line(start: start, end: index, hardEnd: true))
                index += 1
                (start, used, lastBreak) = (index, 0, nil)
                continue
            }
            let columns = TextWidth.columns(of: character)
            if used + columns > width && index > start {
                let cut = lastBreak ?? index
                lines.append(Line(start: start, end: cut, hardEnd: false))
                (start, index, used, lastBreak) = (cut, cut, 0, nil)
                continue
            }
            used += columns
            index += 1
            if character.isWhitespace { lastBreak = index }
        }
        lines.append(Line(start: start, end: characters.count, hardEnd: true))
        self.lines = lines
    }

    /// The row the cursor at `index` is on.
    func line(of index: Int) -> Int {
        lines.firstIndex { index < $0.end || (index == $0.end && $0.hardEnd) } ?? lines.count - 1
    }

    /// Columns from the start of `line` to `index`.
    func column(of index: Int, in line: Int) -> Int {
        characters[lines[line].start..<max(lines[line].start, index)].reduce(0) { $0 + TextWidth.columns(of: $1) }
    }

    /// The index on `line` nearest `column` (not past the row's end: after
    /// a soft wrap the end belongs to the next row).
    func index(on line: Int, atColumn column: Int) -> Int {
        let row = lines[line]
        let last = row.hardEnd ? row.end : max(row.start, row.end - 1)
        var index = row.start, used = 0
        while index < last {
            let width = TextWidth.columns(of: characters[index])
            if used + width > column { break }
            used += width
            index += 1
        }
        return index
    }

    /// The cursor moved one row up (`by: -1`) or down, keeping its column;
    /// nil at the first or last row, where the form moves to another row.
    func cursor(from index: Int, by step: Int) -> Int? {
        let current = line(of: index)
        let target = current + step
        guard lines.indices.contains(target) else { return nil }
        return self.index(on: target, atColumn: column(of: index, in: current))
    }

    /// The first row shown in `rows` rows: 0, or so that the cursor's row
    /// is the last one shown.
    func top(cursor: Int, rows: Int) -> Int {
        max(0, line(of: cursor) - rows + 1)
    }

    /// Draws `rows` rows from `top` at (row, column), `columns` wide, and
    /// returns where the cursor is when it is among them.
    func draw(into grid: inout ScreenGrid, row: Int, column: Int, columns: Int, rows: Int, top: Int, cursor: Int?,
              placeholder: String, style: CellStyle = [.underline]) -> GridPosition? {
        guard columns > 0, rows > 0 else { return nil }
        for offset in 0..<rows {
            grid.put(String(repeating: " ", count: columns), row: row + offset, column: column, style: style)
        }
        if characters.isEmpty {
            grid.put(placeholder, row: row, column: column, maxColumns: columns, style: style.union(.dim))
            return cursor == nil ? nil : GridPosition(row: row, column: column)
        }
        for (offset, line) in lines.enumerated().dropFirst(top).prefix(rows) {
            var x = column
            for character in characters[line.start..<line.end] {
                let width = TextWidth.columns(of: character)
                if x + width > column + columns { break }
                grid.put(String(character), row: row + offset - top, column: x, style: style)
                x += width
            }
        }
        guard let cursor else { return nil }
        let cursorLine = line(of: cursor)
        guard cursorLine >= top && cursorLine < top + rows else { return nil }
        return GridPosition(row: row + cursorLine - top, column: column + self.column(of: cursor, in: cursorLine))
    }
}
