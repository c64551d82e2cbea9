import Foundation
import ChecklistsModel

// MARK: - Reading with positions

/// A parsed value and where it starts in the file: its line (1-based) and
/// byte offsets, from which `JSONParser.column` counts the column only when
/// an error needs it (counting for every value would be quadratic on a
/// file written on one line).
struct JSONNode {
    /// Where a value starts: its line (1-based), the offset of that line's
    /// first byte, and its own offset.
    struct Position {
        var line: Int
        var lineStart: Int
        var offset: Int
    }

    enum Value {
        case null
        case bool(Bool)
        /// The number as written, checked later against what the field needs.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([(key: String, value: JSONNode)])
    }

    var value: Value
    var line: Int
    var lineStart: Int
    var offset: Int

    var position: Position { Position(line: line, lineStart: lineStart, offset: offset) }
}

/// What is wrong with a JSON file and where: its syntax (where it stops
/// being JSON) or, for a reader that checks what the values mean (an
/// export being imported), its content.
struct JSONProblem: Error, Equatable {
    var message: String
    var line: Int
    var column: Int
}

/// A strict RFC 8259 parser over bytes that tracks lines and columns.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// The members and elements of the objects and arrays being parsed,
    /// innermost last: each is copied out at its closing bracket into an
    /// array of its exact size. Grown member by member, an item's dozen
    /// fields took five allocations and four copies.
    private var openMembers: [(key: String, value: JSONNode)] = []
    private var openElements: [JSONNode] = []

    /// Nesting deeper than this is refused rather than risking the stack.
    private static let maximumDepth = 64

    static func parse(_ data: [UInt8]) throws(JSONProblem) -> JSONNode {
        var parser = JSONParser(document: data)
        let node = try parser.parseValue(depth: 0)
        try parser.finishDocument()
        return node
    }

    /// A parser at the start of `document`'s one value: a caller that reads
    /// it piece by piece (`readObject`, `readArray`, `parseValue`) ends
    /// with `finishDocument`.
    init(document: [UInt8]) {
        bytes = document
        // A UTF-8 byte order mark is tolerated, as many editors write one.
        if document.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
        skipWhitespace()
    }

    /// A parser at `position` of `document`, where a value already parsed
    /// once starts: to read it again piece by piece.
    init(document: [UInt8], at position: JSONNode.Position) {
        bytes = document
        index = position.offset
        line = position.line
        lineStart = position.lineStart
    }

    /// Checks that nothing but white space follows the document's value.
    mutating func finishDocument() throws(JSONProblem) {
        skipWhitespace()
        if index < bytes.count { throw error("unexpected text after the end of the JSON value") }
    }

    /// Where the next value starts.
    var position: JSONNode.Position { JSONNode.Position(line: line, lineStart: lineStart, offset: index) }

    /// Moves past the object that starts here without reading it: strings
    /// are passed over to their closing quote, brackets counted, lines
    /// counted. It checks nothing else, so its caller reads the object
    /// again in full, from where it started, and must find it ends where
    /// this stopped. False, the parser left where it was, when no object
    /// starts here, or it is not closed, or a string in it holds a line
    /// break: what only a full reading can explain.
    mutating func skipObject() -> Bool {
        let found = bytes.withUnsafeBufferPointer { buffer -> (end: Int, line: Int, lineStart: Int)? in
            var scan = index, line = line, lineStart = lineStart, depth = 0
            guard scan < buffer.count, buffer[scan] == UInt8(ascii: "{") else { return nil }
            while scan < buffer.count {
                switch buffer[scan] {
                case UInt8(ascii: "\""):
                    scan += 1
                    while scan < buffer.count, buffer[scan] != UInt8(ascii: "\"") {
                        if buffer[scan] == UInt8(ascii: "\\") { scan += 1 } else if buffer[scan] == 0x0A { return nil }
                        scan += 1
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return (scan + 1, line, lineStart) }
                case 0x0A:
                    line += 1
                    lineStart = scan + 1
                default:
                    break
                }
                scan += 1
            }
            return nil
        }
        guard let found else { return false }
        (index, line, lineStart) = found
        return true
    }

    /// Whether the next value starts with `byte` (`{`, `[`...).
    func nextValueStarts(with byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    /// The 1-based column of byte `offset` on the line starting at
    /// `lineStart`, in characters (UTF-8 continuation bytes do not count).
    static func column(in bytes: [UInt8], lineStart: Int, offset: Int) -> Int {
        var count = 1
        var scan = lineStart
        while scan < offset && scan < bytes.count {
            if bytes[scan] & 0xC0 != 0x80 { count += 1 }
            scan += 1
        }
        return count
    }

    /// `message` about what starts at `position` of `bytes`.
    static func problem(_ message: String, at position: JSONNode.Position, in bytes: [UInt8]) -> JSONProblem {
        JSONProblem(message: message, line: position.line, column: column(in: bytes, lineStart: position.lineStart, offset: position.offset))
    }

    private func error(_ message: String, at position: Int? = nil) -> JSONProblem {
        JSONProblem(message: message, line: line, column: Self.column(in: bytes, lineStart: lineStart, offset: position ?? index))
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private func describeHere() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    mutating func parseValue(depth: Int) throws(JSONProblem) -> JSONNode {
        guard depth < Self.maximumDepth else { throw error("nested too deeply") }
        let startLine = line, startLineStart = lineStart, start = index
        func node(_ value: JSONNode.Value) -> JSONNode { JSONNode(value: value, line: startLine, lineStart: startLineStart, offset: start) }
        guard index < bytes.count else { throw error("expected a value but found the end of the file") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            let first = openMembers.count
            try readObject(depth: depth) { (parser: inout JSONParser, key: String, keyStart: JSONNode.Position) throws(JSONProblem) in
                if parser.openMembers[first...].contains(where: { $0.key == key }) {
                    throw Self.problem("the key \"\(key)\" appears twice", at: keyStart, in: parser.bytes)
                }
                let value = try parser.parseValue(depth: depth + 1)
                parser.openMembers.append((key, value))
            }
            let members = Array(openMembers[first...])
            openMembers.removeSubrange(first...)
            return node(.object(members))
        case UInt8(ascii: "["):
            let first = openElements.count
            try readArray(depth: depth) { (parser: inout JSONParser) throws(JSONProblem) in
                let element = try parser.parseValue(depth: depth + 1)
                parser.openElements.append(element)
            }
            let elements = Array(openElements[first...])
            openElements.removeSubrange(first...)
            return node(.array(elements))
        case UInt8(ascii: "\""):
            return node(.string(try parseString()))
        case UInt8(ascii: "t"):
            try literal("true")
            return node(.bool(true))
        case UInt8(ascii: "f"):
            try literal("false")
            return node(.bool(false))
        case UInt8(ascii: "n"):
            try literal("null")
            return node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return node(.number(try parseNumber()))
        default:
            throw error("expected a value but found \(describeHere())")
        }
    }

    /// Reads the object that starts here (at depth `depth`), handing
    /// `member` each key, where the key starts (to report it) and the
    /// parser at the start of its value, which `member` must read
    /// (`parseValue`, or `readArray` to take a long array element by
    /// element). `member` refuses a key that appears twice.
    mutating func readObject(depth: Int, _ member: (inout JSONParser, String, JSONNode.Position) throws(JSONProblem) -> Void) throws(JSONProblem) {
        guard try enter(depth: depth, closing: UInt8(ascii: "}")) else { return }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes but found \(describeHere())")
            }
            let keyStart = position
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' but found \(describeHere())") }
            index += 1
            skipWhitespace()
            try member(&self, key, keyStart)
        } while try another(before: UInt8(ascii: "}"))
    }

    /// Reads the array that starts here (at depth `depth`), calling
    /// `element` with the parser at the start of each element, which
    /// `element` must read.
    mutating func readArray(depth: Int, _ element: (inout JSONParser) throws(JSONProblem) -> Void) throws(JSONProblem) {
        guard try enter(depth: depth, closing: UInt8(ascii: "]")) else { return }
        repeat {
            skipWhitespace()
            try element(&self)
        } while try another(before: UInt8(ascii: "]"))
    }

    /// Steps into the object or array that starts here; false when it is
    /// empty (`closing` follows at once, and is stepped over too).
    private mutating func enter(depth: Int, closing: UInt8) throws(JSONProblem) -> Bool {
        guard depth < Self.maximumDepth else { throw error("nested too deeply") }
        index += 1
        skipWhitespace()
        guard index < bytes.count && bytes[index] == closing else { return true }
        index += 1
        return false
    }

    /// After a member or an element: true at ',' (another follows), false
    /// at `closing` (the end, stepped over).
    private mutating func another(before closing: UInt8) throws(JSONProblem) -> Bool {
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: ",") { index += 1; return true }
        if index < bytes.count && bytes[index] == closing { index += 1; return false }
        let found = index < bytes.count ? describeHere() : "the end of the file"
        throw error("expected ',' or '\(Character(Unicode.Scalar(closing)))' but found \(found)")
    }

    private mutating func literal(_ word: StaticString) throws(JSONProblem) {
        // Compared in place: two arrays made per `null` were an allocation
        // for every few fields of an import.
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw error("expected a value but found \(describeHere())")
        }
        index += expected.count
    }

    private mutating func parseNumber() throws(JSONProblem) -> String {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let leadingZero = index < bytes.count && bytes[index] == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("a number needs digits") }
        if leadingZero && integerDigits > 1 { throw error("numbers do not start with 0", at: start) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A string starting at the opening quote; escapes decoded, the bytes in
    /// between checked to be UTF-8, raw control characters refused.
    private mutating func parseString() throws(JSONProblem) -> String {
        index += 1
        // Most strings have no escape: checked and made in one step. (Built
        // scalar by scalar, strings were most of an import's parsing time.)
        // Read through the buffer: each of the array's own subscripts
        // checked its bounds, three a byte.
        let start = index
        let plain = bytes.withUnsafeBufferPointer { buffer -> String? in
            var end = start
            var allBits: UInt8 = 0
            while end < buffer.count {
                let byte = buffer[end]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                allBits |= byte
                end += 1
            }
            guard end < buffer.count, buffer[end] == UInt8(ascii: "\"") else { return nil }
            let run = UnsafeBufferPointer(rebasing: buffer[start..<end])
            // ASCII (no byte with its top bit set) is UTF-8 as it is, and is
            // made without validating it again.
            return allBits < 0x80 ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
        }
        if let plain {
            index += plain.utf8.count + 1
            return plain
        }
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun() throws(JSONProblem) {
            guard runStart < index else { return }
            guard let text = String(validating: bytes[runStart..<index], as: UTF8.self) else {
                throw error("the text is not valid UTF-8", at: runStart)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("a string is not closed (missing '\"')") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flushRun()
                index += 1
                return String(scalars)
            }
            if byte < 0x20 {
                throw error(byte == 0x0A ? "a string is not closed before the end of the line" : "a control character must be written as an escape such as \\u0001")
            }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            try flushRun()
            let escapeStart = index
            index += 1
            guard index < bytes.count else { throw error("a string is not closed (missing '\"')") }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var value = try hexQuad(escapeStart)
                if (0xD800...0xDBFF).contains(value) {
                    // A high surrogate must be followed by an escaped low one.
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("a \\u escape holds half of a surrogate pair", at: escapeStart)
                    }
                    index += 2
                    let low = try hexQuad(escapeStart)
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("a \\u escape holds half of a surrogate pair", at: escapeStart) }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { throw error("a \\u escape holds half of a surrogate pair", at: escapeStart) }
                scalars.append(scalar)
            default:
                throw error("unknown escape \\\(Character(Unicode.Scalar(escaped)))", at: escapeStart)
            }
            runStart = index
        }
    }

    private mutating func hexQuad(_ escapeStart: Int) throws(JSONProblem) -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
              bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw error("\\u needs four hex digits", at: escapeStart) }
        index += 4
        return value
    }
}
