/// An editable line of text with a cursor, counted in graphemes so that
/// CJK, emoji and combining marks move and delete as one character.
public struct TextField: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// Index into `characters` where typing inserts: 0...count.
    public private(set) var cursor: Int
    /// Whether a paste keeps its line breaks. Every field is one line today;
    /// a multi-line one would say so here.
    public let isMultiline: Bool

    public init(_ text: String = "", multiline: Bool = false) {
        characters = Array(text)
        cursor = characters.count
        isMultiline = multiline
    }

    public var text: String { String(characters) }

    /// Applies an editing key; returns false for keys a text field does not use,
    /// so the form can treat them as commands.
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case let .character(typed): insert(String(typed))
        case let .paste(text): insert(Self.pastable(text, keepingLineBreaks: isMultiline))
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace, .control("h"):
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete, .control("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .control("w"), .alt("\u{7f}"): deleteWordBackward()
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"): characters.removeSubrange(cursor...)
        case .alt("b"): cursor = wordStart(before: cursor)
        case .alt("f"): cursor = wordEnd(after: cursor)
        default: return false
        }
        return true
    }

    /// Inserts at the cursor. A combining mark or a joiner typed after a
    /// character merges with it, so the grapheme array is rebuilt from text.
    public mutating func insert(_ typed: String) {
        let before = String(characters[..<cursor]) + typed
        let after = String(characters[cursor...])
        let merged = Array(before + after)
        cursor = min(merged.count, before.count)
        characters = merged
    }

    /// Pasted text as a field takes it: each line break (CR, LF, CR LF,
    /// NEL, the Unicode separators) and each tab becomes one space, or, in a
    /// multi-line field, line breaks become LF; other controls (ESC and the
    /// rest of C0, DEL, C1) are dropped, so a pasted escape sequence leaves
    /// only its harmless printable tail. Everything else is kept as pasted.
    public static func pastable(_ text: String, keepingLineBreaks: Bool) -> String {
        var kept = String.UnicodeScalarView()
        for character in text {
            if character.isNewline {
                kept.append(keepingLineBreaks ? "\n" : " ")
            } else if character == "\t" {
                kept.append(" ")
            } else {
                kept.append(contentsOf: character.unicodeScalars.filter { $0.properties.generalCategory != .control })
            }
        }
        return String(kept)
    }

    private mutating func deleteWordBackward() {
        let start = wordStart(before: cursor)
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    private func wordStart(before index: Int) -> Int {
        var position = index
        while position > 0 && characters[position - 1].isWhitespace { position -= 1 }
        while position > 0 && !characters[position - 1].isWhitespace { position -= 1 }
        return position
    }

    private func wordEnd(after index: Int) -> Int {
        var position = index
        while position < characters.count && characters[position].isWhitespace { position += 1 }
        while position < characters.count && !characters[position].isWhitespace { position += 1 }
        return position
    }

    /// Draws the field into `columns` cells at (row, column), scrolled so the
    /// cursor stays visible; returns the cursor's screen column.
    @discardableResult
    func draw(into grid: inout ScreenGrid, row: Int, column: Int, columns: Int, placeholder: String, style: CellStyle = [.underline]) -> Int {
        guard columns > 0 else { return column }
        grid.put(String(repeating: " ", count: columns), row: row, column: column, style: style)
        if characters.isEmpty {
            grid.put(placeholder, row: row, column: column, maxColumns: columns, style: style.union(.dim))
            return column
        }
        // Show as much as fits before the cursor, keeping one column for it.
        var first = 0
        var widthBeforeCursor = characters[..<cursor].reduce(0) { $0 + TextWidth.columns(of: $1) }
        while first < cursor && widthBeforeCursor > columns - 1 {
            widthBeforeCursor -= TextWidth.columns(of: characters[first])
            first += 1
        }
        var x = column
        for character in characters[first...] {
            let width = TextWidth.columns(of: character)
            if x + width > column + columns { break }
            grid.put(String(character), row: row, column: x, style: style)
            x += width
        }
        return column + widthBeforeCursor
    }
}
