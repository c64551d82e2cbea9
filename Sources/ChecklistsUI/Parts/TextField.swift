/// An editable line of text with a cursor, counted in graphemes so that
/// CJK, emoji and combining marks move and delete as one character.
public struct TextField: Hashable, Sendable {
    public private(set) var characters: [Character]
    /// Index into `characters` where typing inserts: 0...count.
    public private(set) var cursor: Int
    /// Whether a paste keeps its line breaks, and whether Home, End,
    /// Ctrl-U and Ctrl-K work on the line the cursor is in rather than the
    /// whole text (the note is multi-line; Enter there is the form's to give).
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
        case .home, .control("a"): cursor = lineStart
        case .end, .control("e"): cursor = lineEnd
        case .backspace, .control("h"):
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete, .control("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .control("w"), .alt("\u{7f}"): deleteWordBackward()
        case .control("u"):
            let start = lineStart
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .control("k"): characters.removeSubrange(cursor..<lineEnd)
        case .alt("b"): cursor = wordStart(before: cursor)
        case .alt("f"): cursor = wordEnd(after: cursor)
        default: return false
        }
        return true
    }

    /// Inserts at the cursor. A combining mark or a joiner typed after a
    /// character merges with it (and typed text may merge with the one
    /// after it), so the characters on either side of the cursor are
    /// segmented again with it: only those, not the whole text, which made
    /// a long paste into a long note take a pass over all of it per part.
    public mutating func insert(_ typed: String) {
        var start = max(0, cursor - 1), end = min(characters.count, cursor + 1)
        // Flags pair their regional indicators from the left: one more
        // in front pairs every one after it anew.
        while start > 0, Self.isRegionalIndicators(characters[start - 1]) { start -= 1 }
        while end < characters.count, Self.isRegionalIndicators(characters[end]) { end += 1 }
        let before = String(characters[start..<cursor]) + typed
        let merged = Array(before + String(characters[cursor..<end]))
        characters.replaceSubrange(start..<end, with: merged)
        cursor = start + min(merged.count, before.count)
    }

    private static func isRegionalIndicators(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { (0x1F1E6...0x1F1FF).contains($0.value) }
    }

    /// Pasted text as a field takes it: the terminal's escape sequences
    /// dropped whole (text copied from a coloured `ls` or `git log` kept
    /// "[31m" and the like), then each line break (CR, LF, CR LF, NEL, the
    /// Unicode separators) and each tab becomes one space, or, in a
    /// multi-line field, line breaks become LF; other controls (the rest of
    /// C0, DEL, C1) are dropped. Everything else is kept as pasted.
    public static func pastable(_ text: String, keepingLineBreaks: Bool) -> String {
        // Scalar by scalar: appending each character's kept scalars as an
        // array copied the whole text so far every time (a 600 KB paste
        // spent seconds in it).
        var kept = String.UnicodeScalarView()
        for character in withoutEscapeSequences(text) {
            if character.isNewline {
                kept.append(keepingLineBreaks ? "\n" : " ")
            } else if character == "\t" {
                kept.append(" ")
            } else {
                for scalar in character.unicodeScalars where scalar.properties.generalCategory != .control { kept.append(scalar) }
            }
        }
        return String(kept)
    }

    /// `text` without the escape sequences a terminal acts on (ECMA-48):
    /// a control sequence (ESC [ or CSI, its parameters, intermediates and
    /// final), a control string (OSC, DCS, SOS, PM, APC, by ESC and a letter
    /// or by their C1 codes) up to its BEL or string terminator, and ESC
    /// with a final or intermediates and a final. A sequence that never
    /// ends is left to the control filter, which keeps what follows its ESC:
    /// a paste never loses its text to a sequence cut off.
    static func withoutEscapeSequences(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\u{1B}" || (0x80...0x9F).contains($0.value) }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var kept = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if let end = escapeSequenceEnd(scalars, at: index) {
                index = end
            } else {
                kept.append(scalars[index])
                index += 1
            }
        }
        return String(kept)
    }

    /// Where the escape sequence starting at `start` ends (the index after
    /// it), or nil when none starts there or it does not end.
    private static func escapeSequenceEnd(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        func value(_ index: Int) -> UInt32? { index < scalars.count ? scalars[index].value : nil }
        let controlSequence: Bool
        var index: Int
        switch scalars[start].value {
        case 0x9B: (controlSequence, index) = (true, start + 1)
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: (controlSequence, index) = (false, start + 1)
        case 0x1B:
            switch value(start + 1) {
            case 0x5B: (controlSequence, index) = (true, start + 2)
            case 0x50, 0x58, 0x5D, 0x5E, 0x5F: (controlSequence, index) = (false, start + 2)
            case let next? where (0x20...0x2F).contains(next):
                index = start + 1
                while let intermediate = value(index), (0x20...0x2F).contains(intermediate) { index += 1 }
                guard let final = value(index), (0x30...0x7E).contains(final) else { return nil }
                return index + 1
            case let next? where (0x30...0x7E).contains(next): return start + 2
            default: return nil
            }
        default: return nil
        }
        if controlSequence {
            while let parameter = value(index), (0x30...0x3F).contains(parameter) { index += 1 }
            while let intermediate = value(index), (0x20...0x2F).contains(intermediate) { index += 1 }
            guard let final = value(index), (0x40...0x7E).contains(final) else { return nil }
            return index + 1
        }
        while let scalar = value(index) {
            if scalar == 0x07 || scalar == 0x9C { return index + 1 }
            if scalar == 0x1B, value(index + 1) == 0x5C { return index + 2 }
            index += 1
        }
        return nil
    }

    /// Puts the cursor at `index` (clamped to the text), for a field drawn
    /// over several lines whose Up and Down the form works out.
    public mutating func moveCursor(to index: Int) {
        cursor = min(max(0, index), characters.count)
    }

    /// Where the cursor's line starts: the text's start in a one-line field.
    private var lineStart: Int {
        guard isMultiline else { return 0 }
        var position = cursor
        while position > 0 && !characters[position - 1].isNewline { position -= 1 }
        return position
    }

    /// Where the cursor's line ends, before its line break.
    private var lineEnd: Int {
        guard isMultiline else { return characters.count }
        var position = cursor
        while position < characters.count && !characters[position].isNewline { position += 1 }
        return position
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
    /// cursor stays visible; returns the cursor's screen column. A field
    /// not being edited shows its start, cut with "…" as every other
    /// value is: scrolled to its cursor it showed the end of a long name
    /// after the user had moved on to the next row.
    @discardableResult
    func draw(into grid: inout ScreenGrid, row: Int, column: Int, columns: Int, placeholder: String,
              style: CellStyle = [.underline], focused: Bool = true) -> Int {
        guard columns > 0 else { return column }
        grid.put(String(repeating: " ", count: columns), row: row, column: column, style: style)
        if characters.isEmpty {
            grid.put(placeholder, row: row, column: column, maxColumns: columns, style: style.union(.dim))
            return column
        }
        if !focused {
            grid.put(text, row: row, column: column, maxColumns: columns, style: style)
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
