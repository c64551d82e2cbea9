/// What is wrong with a TOML document, and where.
public struct TOMLSyntaxError: Error, Hashable, Sendable {
    public var position: TOMLPosition
    public var problem: String
}

/// Reads a TOML 1.0 document (toml.io/en/v1.0.0) into tables that keep
/// where each key was written, so a wrong setting is refused at its own
/// `line:column` however it was written: `[sync]`, `sync.url = …` or
/// `sync = { url = … }`.
///
/// The rules on defining a table follow the specification as Python's
/// `tomllib` reads it; the tests read thousands of documents with both and
/// compare. Seconds run to 59 and years from 1, as there: nothing here
/// needs a leap second or the year 0.
public enum TOMLReader {
    public static func read(_ text: String) throws(TOMLSyntaxError) -> TOMLTable {
        var parser = Parser(text)
        return try parser.document()
    }
}

// MARK: - The tables while they are read

/// A table being filled. Whether a later `[header]` or dotted key may add
/// to it depends on how it came to be, so that is kept with it.
private final class TableNode {
    enum Origin: Equatable {
        /// The document's root, or a table a header named only on the way
        /// to another (`a` and `a.b` of `[a.b.c]`): a header may still define it.
        case implicit
        /// Defined by `[header]` or as an element of `[[header]]`.
        case header
        /// Made by a dotted key (`a.b = 1` makes `a`), which a later dotted
        /// key may add to but no header may define. A dotted key only ever
        /// reaches one from the table where it was made: any other way
        /// down passes a table defined by a header, which it may not enter.
        case dotted
    }

    enum Entry {
        case value(TOMLValue, TOMLPosition)
        case table(TableNode, TOMLPosition)
        case tableArray(TableArrayNode, TOMLPosition)

        var position: TOMLPosition {
            switch self {
            case let .value(_, position), let .table(_, position), let .tableArray(_, position): position
            }
        }
    }

    var origin: Origin
    var keys: [String] = []
    var entries: [String: Entry] = [:]

    init(origin: Origin) {
        self.origin = origin
    }

    func add(_ key: String, _ entry: Entry) {
        keys.append(key)
        entries[key] = entry
    }

    func built() -> TOMLTable {
        var table = TOMLTable()
        for key in keys {
            switch entries[key]! {
            case let .value(value, position):
                table.add(key, value, at: position)
            case let .table(node, position):
                table.add(key, .table(node.built()), at: position)
            case let .tableArray(array, position):
                table.add(key, .array(array.elements.map { .table($0.built()) }), at: position)
            }
        }
        return table
    }
}

/// The tables of a `[[header]]`, which each new header adds to.
private final class TableArrayNode {
    var elements: [TableNode] = []
}

// MARK: - The parser

private enum Byte {
    static let newline = UInt8(ascii: "\n")
    static let tab = UInt8(ascii: "\t")
    static let space = UInt8(ascii: " ")
    static let hash = UInt8(ascii: "#")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let equals = UInt8(ascii: "=")
    static let comma = UInt8(ascii: ",")
    static let dot = UInt8(ascii: ".")
    static let underscore = UInt8(ascii: "_")
    static let plus = UInt8(ascii: "+")
    static let minus = UInt8(ascii: "-")
    static let colon = UInt8(ascii: ":")

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    static func isBareKey(_ byte: UInt8) -> Bool { isDigit(byte) || isLetter(byte) || byte == underscore || byte == minus }
    /// Not allowed raw in strings or comments (a tab is).
    static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != tab) || byte == 0x7F }
}

private struct Parser {
    var bytes: [UInt8]
    var offset = 0
    var line = 1
    var lineStart = 0
    /// Arrays and inline tables open around the current place.
    var nesting = 0
    /// Where `here()` last counted to on the current line, and the column there.
    var countedTo = 0
    var countedColumn = 1

    /// How deep arrays and inline tables may nest, and how many parts a key
    /// may have: each level is a call, and a file of ten thousand "[" must
    /// be refused, not overflow the stack. No settings file comes near it.
    static let deepest = 64

    init(_ text: String) {
        // CRLF is a newline as LF is; a CR anywhere else is an error.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for byte in text.utf8 {
            if previousWasCR && byte != Byte.newline { bytes.append(0x0D) }
            previousWasCR = byte == 0x0D
            if !previousWasCR { bytes.append(byte) }
        }
        if previousWasCR { bytes.append(0x0D) }
        // A byte-order mark some editors write is not part of the document.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3; lineStart = 3 }
        self.bytes = bytes
    }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func byte(at distance: Int) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let start = text.utf8Start
        for index in 0..<count where bytes[offset + index] != start[index] { return false }
        return true
    }

    /// The current line and column, the column counted in Unicode scalars.
    /// Counted on from the last place asked on the same line, so a line of
    /// a megabyte with a value every few bytes is counted once, not once a value.
    mutating func here() -> TOMLPosition {
        let end = min(offset, bytes.count)
        if countedTo < lineStart || countedTo > end {
            countedTo = lineStart
            countedColumn = 1
        }
        for byte in bytes[countedTo..<end] where byte & 0xC0 != 0x80 { countedColumn += 1 }
        countedTo = end
        return TOMLPosition(line: line, column: countedColumn)
    }

    mutating func failure(_ problem: String, at position: TOMLPosition? = nil) -> TOMLSyntaxError {
        TOMLSyntaxError(position: position ?? here(), problem: problem)
    }

    /// What stands at the current place, for a message.
    var found: String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte == Byte.newline { return "the end of the line" }
        if byte == Byte.quote { return "'\"'" }
        if Byte.isControl(byte) { return "the control character U+" + String(byte, radix: 16, uppercase: true).leftPadded(to: 4) }
        var end = offset + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "\"" + String(decoding: bytes[offset..<end], as: UTF8.self) + "\""
    }

    mutating func consumeNewline() {
        offset += 1
        line += 1
        lineStart = offset
    }

    mutating func skipSpaces() {
        while let byte = current, byte == Byte.space || byte == Byte.tab { offset += 1 }
    }

    /// Spaces, new lines and comments, as between an array's elements.
    mutating func skipBlank() throws(TOMLSyntaxError) {
        while let byte = current {
            if byte == Byte.space || byte == Byte.tab {
                offset += 1
            } else if byte == Byte.newline {
                consumeNewline()
            } else if byte == Byte.hash {
                try comment()
            } else {
                return
            }
        }
    }

    /// From `#` to the end of the line, which stays to be read.
    mutating func comment() throws(TOMLSyntaxError) {
        offset += 1
        while let byte = current, byte != Byte.newline {
            if Byte.isControl(byte) { throw failure("\(found) in a comment; a comment cannot hold control characters") }
            offset += 1
        }
    }

    /// After a statement: spaces, perhaps a comment, then a new line or the end.
    mutating func endOfLine(after what: String) throws(TOMLSyntaxError) {
        skipSpaces()
        if current == Byte.hash { try comment() }
        guard let byte = current else { return }
        guard byte == Byte.newline else {
            throw failure("found \(found) after \(what); a line holds one key = value, [table] or comment")
        }
        consumeNewline()
    }

    mutating func document() throws(TOMLSyntaxError) -> TOMLTable {
        let root = TableNode(origin: .implicit)
        var table = root
        while let byte = current {
            switch byte {
            case Byte.space, Byte.tab:
                skipSpaces()
            case Byte.newline:
                consumeNewline()
            case Byte.hash:
                try comment()
            case Byte.openBracket:
                table = try header(root: root)
                try endOfLine(after: "the table's header")
            default:
                try keyValue(into: table)
                try endOfLine(after: "the value")
            }
        }
        return root.built()
    }

    // MARK: Keys and tables

    /// A key as written: its parts, and the whole for messages.
    struct Key {
        var parts: [String]
        var position: TOMLPosition

        var name: String { Self.name(parts) }

        static func name(_ parts: some Sequence<String>) -> String {
            parts.map { part in
                !part.isEmpty && part.utf8.allSatisfy(Byte.isBareKey) ? part : "\"" + part + "\""
            }.joined(separator: ".")
        }
    }

    mutating func key() throws(TOMLSyntaxError) -> Key {
        let position = here()
        var parts: [String] = []
        while true {
            parts.append(try simpleKey())
            skipSpaces()
            guard current == Byte.dot else { return Key(parts: parts, position: position) }
            guard parts.count < Self.deepest else { throw failure("a key of more than \(Self.deepest) parts") }
            offset += 1
            skipSpaces()
        }
    }

    mutating func simpleKey() throws(TOMLSyntaxError) -> String {
        switch current {
        case Byte.quote:
            return try basicString()
        case Byte.apostrophe:
            return try literalString()
        default:
            let start = offset
            while let byte = current, Byte.isBareKey(byte) { offset += 1 }
            guard offset > start else {
                throw failure("expected a key, found \(found); a bare key is letters, digits, \"_\" and \"-\", any other is quoted")
            }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }
    }

    /// `[a.b]` or `[[a.b]]`; returns the table that the keys below it fill.
    mutating func header(root: TableNode) throws(TOMLSyntaxError) -> TableNode {
        let position = here()
        let isArray = byte(at: 1) == Byte.openBracket
        offset += isArray ? 2 : 1
        skipSpaces()
        let key = try key()
        let closing = isArray ? "]]" : "]"
        guard current == Byte.closeBracket, !isArray || byte(at: 1) == Byte.closeBracket else {
            throw failure("expected \"\(closing)\" to close the header [\(isArray ? "[" : "")\(key.name), found \(found)")
        }
        offset += isArray ? 2 : 1
        var table = root
        for (index, part) in key.parts.dropLast().enumerated() {
            switch table.entries[part] {
            case nil:
                let inner = TableNode(origin: .implicit)
                table.add(part, .table(inner, position))
                table = inner
            case let .table(inner, _):
                table = inner
            case let .tableArray(array, _):
                table = array.elements[array.elements.count - 1]
            case let .value(value, written):
                throw failure(Self.notATable(Key.name(key.parts[...index]), value, written), at: position)
            }
        }
        let last = key.parts[key.parts.count - 1]
        let fresh = TableNode(origin: .header)
        switch (table.entries[last], isArray) {
        case (nil, false):
            table.add(last, .table(fresh, position))
        case (nil, true):
            let array = TableArrayNode()
            array.elements = [fresh]
            table.add(last, .tableArray(array, position))
        case let (.tableArray(array, _), true):
            array.elements.append(fresh)
        case let (.table(existing, _), false) where existing.origin == .implicit:
            existing.origin = .header
            return existing
        case let (.value(value, written), _):
            throw failure(Self.notATable(key.name, value, written), at: position)
        case let (entry?, _):
            throw failure("\(key.name) is already defined on line \(entry.position.line); a table is defined once"
                          + (isArray ? ", and [[\(key.name)]] adds only to tables written [[\(key.name)]]" : ""), at: position)
        }
        return fresh
    }

    static func notATable(_ name: String, _ value: TOMLValue, _ written: TOMLPosition) -> String {
        if case .table = value {
            return "\(name) is an inline table (line \(written.line)), which is complete as written; nothing can be added to it"
        }
        return "\(name) is already \(value.kind) (line \(written.line)), not a table"
    }

    /// `a.b = value`, added to `table`.
    mutating func keyValue(into table: TableNode) throws(TOMLSyntaxError) {
        let key = try key()
        skipSpaces()
        guard current == Byte.equals else {
            throw failure("expected \"=\" after the key \(key.name), found \(found)")
        }
        offset += 1
        skipSpaces()
        let value = try value()
        var target = table
        for (index, part) in key.parts.dropLast().enumerated() {
            // The parts so far, as a message names them; made only for one.
            var name: String { Key.name(key.parts[...index]) }
            switch target.entries[part] {
            case nil:
                let inner = TableNode(origin: .dotted)
                target.add(part, .table(inner, key.position))
                target = inner
            case let .table(inner, written):
                switch inner.origin {
                case .implicit:
                    inner.origin = .dotted
                case .dotted:
                    break
                case .header:
                    throw failure("\(name) is a table defined on line \(written.line); a dotted key cannot add to it from here", at: key.position)
                }
                target = inner
            case let .tableArray(_, written):
                throw failure("\(name) is an array of tables (line \(written.line)); a dotted key cannot add to it", at: key.position)
            case let .value(value, written):
                throw failure(Self.notATable(name, value, written), at: key.position)
            }
        }
        let last = key.parts[key.parts.count - 1]
        if let existing = target.entries[last] {
            throw failure("\(key.name) is defined twice (first on line \(existing.position.line))", at: key.position)
        }
        target.add(last, .value(value, key.position))
    }

    // MARK: Values

    mutating func value() throws(TOMLSyntaxError) -> TOMLValue {
        switch current {
        case nil, Byte.newline?:
            throw failure("expected a value, found \(found)")
        case Byte.quote:
            return try .string(starts(with: "\"\"\"") ? multilineString(Byte.quote) : basicString())
        case Byte.apostrophe:
            return try .string(starts(with: "'''") ? multilineString(Byte.apostrophe) : literalString())
        case Byte.openBracket:
            return try array()
        case Byte.openBrace:
            return try inlineTable()
        default:
            if starts(with: "true") {
                offset += 4
                return .boolean(true)
            }
            if starts(with: "false") {
                offset += 5
                return .boolean(false)
            }
            if let moment = try dateTime() { return .dateTime(moment) }
            return try number()
        }
    }

    mutating func enterNested() throws(TOMLSyntaxError) {
        guard nesting < Self.deepest else {
            throw failure("arrays and inline tables nested more than \(Self.deepest) deep")
        }
        nesting += 1
    }

    mutating func array() throws(TOMLSyntaxError) -> TOMLValue {
        let opened = here()
        try enterNested()
        defer { nesting -= 1 }
        offset += 1
        var elements: [TOMLValue] = []
        while true {
            try skipBlank()
            if current == Byte.closeBracket { break }
            elements.append(try value())
            try skipBlank()
            if current == Byte.comma {
                offset += 1
                continue
            }
            if current == Byte.closeBracket { break }
            throw failure("expected \",\" or \"]\" in the array opened on line \(opened.line), found \(found)")
        }
        offset += 1
        return .array(elements)
    }

    mutating func inlineTable() throws(TOMLSyntaxError) -> TOMLValue {
        let opened = here()
        try enterNested()
        defer { nesting -= 1 }
        offset += 1
        let table = TableNode(origin: .header)
        skipSpaces()
        if current == Byte.closeBrace {
            offset += 1
            return .table(table.built())
        }
        while true {
            try keyValue(into: table)
            skipSpaces()
            if current == Byte.closeBrace { break }
            guard current == Byte.comma else {
                let lineNote = current == Byte.newline || current == nil ? " (an inline table ends on the line it starts)" : ""
                throw failure("expected \",\" or \"}\" in the inline table opened at \(opened.line):\(opened.column), found \(found)\(lineNote)")
            }
            offset += 1
            skipSpaces()
            if current == Byte.closeBrace { throw failure("a comma before \"}\": an inline table has none after its last key") }
        }
        offset += 1
        return .table(table.built())
    }

    // MARK: Strings

    /// `"…"` on one line, with escapes.
    mutating func basicString() throws(TOMLSyntaxError) -> String {
        let opened = here()
        offset += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current, byte != Byte.newline else {
                throw failure("the string opened at \(opened.line):\(opened.column) is not closed on its line; close it with \"")
            }
            if byte == Byte.quote { break }
            if byte == Byte.backslash {
                try escape(into: &text)
            } else if Byte.isControl(byte) {
                throw failure("\(found) in a string; write it as an escape such as \\t or \\u001B")
            } else {
                text.append(byte)
                offset += 1
            }
        }
        offset += 1
        return String(decoding: text, as: UTF8.self)
    }

    /// `"""…"""` or `'''…'''`: new lines kept (but the one right after the
    /// opening). In a basic one (`"""`) escapes work, and a backslash at the
    /// end of a line joins it to the next non-blank text.
    mutating func multilineString(_ quote: UInt8) throws(TOMLSyntaxError) -> String {
        let opened = here()
        let basic = quote == Byte.quote
        offset += 3
        if current == Byte.newline { consumeNewline() }
        var text: [UInt8] = []
        while true {
            guard let byte = current else {
                throw failure("the string opened at \(opened.line):\(opened.column) is not closed; close it with \(basic ? "\"\"\"" : "'''")")
            }
            if byte == quote {
                if closesMultiline(quote, into: &text) { return String(decoding: text, as: UTF8.self) }
            } else if basic && byte == Byte.backslash {
                var ahead = offset + 1
                while ahead < bytes.count && (bytes[ahead] == Byte.space || bytes[ahead] == Byte.tab) { ahead += 1 }
                if ahead < bytes.count && bytes[ahead] == Byte.newline {
                    offset = ahead
                    skipBlankInString()
                } else {
                    try escape(into: &text)
                }
            } else if byte == Byte.newline {
                text.append(byte)
                consumeNewline()
            } else if Byte.isControl(byte) {
                throw failure(basic ? "\(found) in a string; write it as an escape such as \\t or \\u001B"
                                    : "\(found) in a string; a literal string cannot hold control characters")
            } else {
                text.append(byte)
                offset += 1
            }
        }
    }

    /// After a line-ending backslash: spaces and new lines, but not comments.
    mutating func skipBlankInString() {
        while let byte = current {
            if byte == Byte.space || byte == Byte.tab {
                offset += 1
            } else if byte == Byte.newline {
                consumeNewline()
            } else {
                return
            }
        }
    }

    /// At a run of quotes in a multi-line string: fewer than three are text;
    /// three close it, and up to two before them are still text.
    mutating func closesMultiline(_ quote: UInt8, into text: inout [UInt8]) -> Bool {
        var run = 0
        while byte(at: run) == quote { run += 1 }
        if run < 3 {
            text.append(contentsOf: repeatElement(quote, count: run))
            offset += run
            return false
        }
        let inText = min(run - 3, 2)
        text.append(contentsOf: repeatElement(quote, count: inText))
        offset += inText + 3
        return true
    }

    /// `'…'`: on one line, no escapes.
    mutating func literalString() throws(TOMLSyntaxError) -> String {
        let opened = here()
        offset += 1
        let start = offset
        while true {
            guard let byte = current, byte != Byte.newline else {
                throw failure("the string opened at \(opened.line):\(opened.column) is not closed on its line; close it with '")
            }
            if byte == Byte.apostrophe { break }
            if Byte.isControl(byte) { throw failure("\(found) in a string; a literal string cannot hold control characters") }
            offset += 1
        }
        defer { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// A backslash and what follows it, in a basic string.
    mutating func escape(into text: inout [UInt8]) throws(TOMLSyntaxError) {
        let position = here()
        offset += 1
        guard let letter = current else { throw failure("a string ends in a lone backslash; write \\\\ for one") }
        let simple: UInt8? = switch letter {
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "r"): 0x0D
        case Byte.quote: Byte.quote
        case Byte.backslash: Byte.backslash
        default: nil
        }
        if let simple {
            text.append(simple)
            offset += 1
            return
        }
        let digits = letter == UInt8(ascii: "u") ? 4 : letter == UInt8(ascii: "U") ? 8 : 0
        guard digits > 0 else {
            throw failure("unknown escape \\\(found.trimmingQuotes); a string knows \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX and \\UXXXXXXXX", at: position)
        }
        offset += 1
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = current, let digit = Self.hexDigit(byte) else {
                throw failure("\\\(Character(Unicode.Scalar(letter))) needs \(digits) hexadecimal digits", at: position)
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw failure("\\\(Character(Unicode.Scalar(letter))) names no Unicode character (a surrogate or past U+10FFFF)", at: position)
        }
        text.append(contentsOf: String(Character(scalar)).utf8)
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        if Byte.isDigit(byte) { return byte - 0x30 }
        let lower = byte | 0x20
        return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : nil
    }

    // MARK: Numbers, dates and times

    /// A date, a time or both, when the text here starts like one.
    mutating func dateTime() throws(TOMLSyntaxError) -> TOMLDateTime? {
        let position = here()
        let isDate = (0..<4).allSatisfy { byte(at: $0).map(Byte.isDigit) ?? false } && byte(at: 4) == Byte.minus
        let isTime = (0..<2).allSatisfy { byte(at: $0).map(Byte.isDigit) ?? false } && byte(at: 2) == Byte.colon
        guard isDate || isTime else { return nil }
        var moment = TOMLDateTime()
        if isDate {
            guard let year = digits(4), take(Byte.minus), let month = digits(2), take(Byte.minus), let day = digits(2) else {
                throw failure("a date is written YYYY-MM-DD, as 2026-11-29", at: position)
            }
            guard year >= 1, (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, year: year) else {
                throw failure("\(String(year).leftPadded(to: 4, with: "0"))-\(String(month).leftPadded(to: 2, with: "0"))-\(String(day).leftPadded(to: 2, with: "0")) is not a date", at: position)
            }
            moment.date = TOMLDateTime.Day(year: year, month: month, day: day)
            let separator = current
            let timeFollows = separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t")
                || (separator == Byte.space && (1...2).allSatisfy { byte(at: $0).map(Byte.isDigit) ?? false } && byte(at: 3) == Byte.colon)
            guard timeFollows else { return moment }
            offset += 1
        }
        let timePosition = here()
        guard let hour = digits(2), take(Byte.colon), let minute = digits(2), take(Byte.colon), let second = digits(2) else {
            throw failure("a time is written HH:MM:SS, as 07:30:00", at: timePosition)
        }
        guard hour <= 23, minute <= 59, second <= 59 else { throw failure("\(hour):\(minute):\(second) is not a time of day", at: timePosition) }
        var fraction = ""
        if current == Byte.dot {
            offset += 1
            let start = offset
            while let byte = current, Byte.isDigit(byte) { offset += 1 }
            guard offset > start else { throw failure("a fraction of a second needs digits after the \".\"") }
            fraction = String(decoding: bytes[start..<offset], as: UTF8.self)
        }
        moment.time = TOMLDateTime.Time(hour: hour, minute: minute, second: second, fraction: fraction)
        guard moment.date != nil else { return moment }
        if current == UInt8(ascii: "Z") || current == UInt8(ascii: "z") {
            offset += 1
            moment.offsetMinutes = 0
        } else if let sign = current, sign == Byte.plus || sign == Byte.minus {
            let offsetPosition = here()
            offset += 1
            guard let hours = digits(2), take(Byte.colon), let minutes = digits(2), hours <= 23, minutes <= 59 else {
                throw failure("an offset is written Z, +HH:MM or -HH:MM, as +01:00", at: offsetPosition)
            }
            moment.offsetMinutes = (hours * 60 + minutes) * (sign == Byte.minus ? -1 : 1)
        }
        return moment
    }

    mutating func digits(_ count: Int) -> Int? {
        var value = 0
        for index in 0..<count {
            guard let byte = byte(at: index), Byte.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        offset += count
        return value
    }

    mutating func take(_ expected: UInt8) -> Bool {
        guard current == expected else { return false }
        offset += 1
        return true
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// An integer (decimal, 0x, 0o or 0b), a float, inf or nan.
    mutating func number() throws(TOMLSyntaxError) -> TOMLValue {
        let position = here()
        let start = offset
        while let byte = current, Byte.isDigit(byte) || Byte.isLetter(byte) || byte == Byte.underscore
            || byte == Byte.plus || byte == Byte.minus || byte == Byte.dot { offset += 1 }
        let token = Array(bytes[start..<offset])
        guard !token.isEmpty else { throw failure("expected a value, found \(found)") }
        let text = String(decoding: token, as: UTF8.self)
        // Made when thrown, not for every number read.
        var invalid: TOMLSyntaxError {
            TOMLSyntaxError(position: position, problem: "\(text) is not a value; a string is quoted, and a number is written as 42, -3.5, 1e6, 0x1F, inf or nan")
        }
        if let special = Self.infinityOrNaN(text) { return .float(special) }
        if token.count > 2 && token[0] == UInt8(ascii: "0"), let radix = Self.radix(token[1]) {
            let digits = token[2...]
            guard Self.areDigitsWithUnderscores(digits, radix: radix),
                  let value = Int64(String(decoding: digits.filter { $0 != Byte.underscore }, as: UTF8.self), radix: radix) else {
                throw Self.areDigitsWithUnderscores(digits, radix: radix) ? failure("\(text) is too large for a 64-bit integer", at: position) : invalid
            }
            return .integer(value)
        }
        var rest = token[...]
        let sign = rest.first == Byte.plus || rest.first == Byte.minus ? rest.removeFirst() : nil
        let integerPart = rest.prefix { $0 != Byte.dot && $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        rest = rest.dropFirst(integerPart.count)
        guard Self.areDigitsWithUnderscores(integerPart, radix: 10),
              integerPart.first != UInt8(ascii: "0") || integerPart.count == 1 else { throw invalid }
        if rest.isEmpty {
            let digits = (sign == Byte.minus ? "-" : "") + String(decoding: integerPart.filter { $0 != Byte.underscore }, as: UTF8.self)
            guard let value = Int64(digits) else { throw failure("\(text) is too large for a 64-bit integer", at: position) }
            return .integer(value)
        }
        if rest.first == Byte.dot {
            rest = rest.dropFirst()
            let fraction = rest.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
            guard Self.areDigitsWithUnderscores(fraction, radix: 10) else { throw invalid }
            rest = rest.dropFirst(fraction.count)
        }
        if let letter = rest.first, letter == UInt8(ascii: "e") || letter == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if rest.first == Byte.plus || rest.first == Byte.minus { rest = rest.dropFirst() }
            guard Self.areDigitsWithUnderscores(rest, radix: 10) else { throw invalid }
            rest = rest.dropFirst(rest.count)
        }
        guard rest.isEmpty, let value = Double(String(decoding: token.filter { $0 != Byte.underscore }, as: UTF8.self)) else { throw invalid }
        return .float(value)
    }

    static func infinityOrNaN(_ text: String) -> Double? {
        switch text {
        case "inf", "+inf": .infinity
        case "-inf": -.infinity
        case "nan", "+nan": .nan
        case "-nan": -.nan
        default: nil
        }
    }

    static func radix(_ letter: UInt8) -> Int? {
        switch letter {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    /// Digits of `radix`, each underscore between two of them.
    static func areDigitsWithUnderscores(_ digits: ArraySlice<UInt8>, radix: Int) -> Bool {
        guard let first = digits.first, let last = digits.last, first != Byte.underscore, last != Byte.underscore else { return false }
        var previousWasUnderscore = false
        for byte in digits {
            if byte == Byte.underscore {
                if previousWasUnderscore { return false }
                previousWasUnderscore = true
                continue
            }
            previousWasUnderscore = false
            guard let value = hexDigit(byte), Int(value) < radix, radix == 16 || Byte.isDigit(byte) else { return false }
        }
        return true
    }
}

private extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }

    var trimmingQuotes: String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
