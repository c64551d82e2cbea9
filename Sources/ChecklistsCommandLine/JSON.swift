import Foundation
import ChecklistsModel

/// The JSON the command line writes (JSONParser.swift reads it).
///
/// Our own small writer and parser rather than Foundation's: the writer keeps
/// keys in the documented order and escapes every character a terminal would
/// act on (so `list --json` is as safe to print as `list`); the parser knows
/// the line and column of every value, so `import` can say where a file is
/// wrong, not only that it is.
enum JSON: Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case string(String)
    case array([JSON])
    /// Keys in the order written.
    case object([(String, JSON)])

    static func == (lhs: JSON, rhs: JSON) -> Bool {
        lhs.text() == rhs.text()
    }

    // MARK: - Writing

    /// On one line: `{"id": 12, "text": "Milk"}`.
    func text() -> String {
        var out = JSONBytes()
        write(to: &out)
        return out.string
    }

    /// Written as UTF-8 bytes and made a String once at the end: appending
    /// to a String piece by piece was a third of an export of 100,000 items.
    func write(to out: inout JSONBytes) {
        switch self {
        case .null: out.append("null")
        case .bool(let value): out.append(value ? "true" : "false")
        case .integer(let value): out.appendInteger(value)
        case .string(let value): JSON.writeString(value, to: &out)
        case .array(let values):
            out.append("[")
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(", ") }
                value.write(to: &out)
            }
            out.append("]")
        case .object(let members):
            out.append("{")
            for (index, (key, value)) in members.enumerated() { out.member(key, value, first: index == 0) }
            out.append("}")
        }
    }

    /// Escapes what JSON requires (quote, backslash, C0 controls) and also
    /// DEL, C1 controls, line/paragraph separators and bidi controls: still
    /// the same string to any JSON reader, but nothing a terminal acts on.
    static func writeString(_ text: String, to out: inout JSONBytes) {
        var text = text
        text.withUTF8 { writeString(wellFormed: $0, to: &out) }
    }

    /// `writeString` of text as stored (`ListingLine`), which nothing has
    /// checked. Nearly every text needs no escape: one pass finds that and
    /// its bytes are copied whole. Other well-formed UTF-8 is escaped from
    /// its bytes; any other is read as a `String` first, which repairs each
    /// ill-formed sequence to U+FFFD.
    static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout JSONBytes) {
        let plain = TextWidth.jsonPlainPrefixCount(bytes)
        if plain == bytes.count {
            out.bytes.append(0x22)
            out.bytes.append(contentsOf: bytes)
            out.bytes.append(0x22)
        } else if TextWidth.isWellFormedUTF8(UnsafeBufferPointer(rebasing: bytes[plain...])) {
            writeString(wellFormed: bytes, plainPrefix: plain, to: &out)
        } else {
            writeString(String(decoding: bytes, as: UTF8.self), to: &out)
        }
    }

    /// `plainPrefix`: how many first bytes are known to need no escape
    /// (`TextWidth.jsonPlainPrefixCount`), copied without being walked again.
    private static func writeString(wellFormed utf8: UnsafeBufferPointer<UInt8>, plainPrefix: Int = 0, to out: inout JSONBytes) {
        // Walked as UTF-8 and copied in runs between the characters that
        // need an escape. Every escaped character is found by its lead
        // byte: ASCII, C2 (U+0080-U+00BF) or E2 (U+2000-U+2FFF).
        out.bytes.append(0x22)
        var runStart = 0
        var index = plainPrefix
        let count = utf8.count
        let raw = UnsafeRawPointer(utf8.baseAddress)
        while index < count {
            // Nearly every byte is written as it is. Eight bytes at a
            // time are passed over when none of them needs an escape
            // or starts a character that may; then one byte at a time, before
            // the switch below (which made an optional String for every
            // byte, most of an export's time in this function).
            if let raw, index + 8 <= count, JSON.isWrittenAsIs(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = utf8[index]
            if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C
                || byte >= 0x80 && byte != 0xC2 && byte != 0xE2 {
                index += 1
                continue
            }
            var escape: String?
            var length = 1
            switch byte {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x00..<0x20, 0x7F: escape = unicodeEscape(UInt32(byte))
            case 0xC2, 0xE2:
                // The text is well-formed UTF-8, so the continuation bytes are there.
                length = byte == 0xC2 ? 2 : 3
                var value = UInt32(byte & (byte == 0xC2 ? 0x1F : 0x0F))
                for next in index + 1 ..< index + length { value = value << 6 | UInt32(utf8[next] & 0x3F) }
                if (0x80...0x9F).contains(value) || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
                    escape = unicodeEscape(value)
                }
            default: break
            }
            if let escape {
                out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                out.append(escape)
                runStart = index + length
            }
            index += length
        }
        out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        out.bytes.append(0x22)
    }

    /// True when all eight bytes of `word` are written as they are: none is
    /// a control (below 0x20), a quote, a backslash, DEL, or the lead byte
    /// of an escaped character (C2, E2). Bytes of other letters pass, so a
    /// line of CJK or accented text is passed over a word at a time, as
    /// English is (byte by byte it was a tenth of `list --json` of
    /// multilingual items). The usual bit tricks, exact for any bytes: a
    /// byte below `n` (at most 0x80) borrows into its high bit in
    /// `word - n * 0x01…`, and a byte equal to `c` is a zero byte of
    /// `word ^ c * 0x01…`.
    static func isWrittenAsIs(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasByteBelow(_ value: UInt64, _ limit: UInt64) -> Bool { (value &- ones &* limit) & ~value & highs != 0 }
        func hasByte(_ byte: UInt64) -> Bool { hasByteBelow(word ^ (ones &* byte), 1) }
        return !hasByteBelow(word, 0x20) && !hasByte(0x22) && !hasByte(0x5C) && !hasByte(0x7F)
            && (word & highs == 0 || !hasByte(0xC2) && !hasByte(0xE2))
    }

    /// `\u` and four lowercase hex digits.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}

/// Where JSON is written: UTF-8 bytes, made a String once.
struct JSONBytes {
    var bytes: [UInt8] = []

    /// Through `withUTF8`: appending a String's `utf8` view copied it
    /// through the generic sequence path, a tenth of an export.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ value: JSON) { value.write(to: &self) }

    /// Our own text, written as it is: keys and punctuation that need no
    /// escape (`, "text": `), one copy instead of one per piece.
    mutating func appendRaw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The decimal digits of `value`, without making a String.
    mutating func appendInteger(_ value: Int64) {
        // 20 places hold Int64.min's sign and 19 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var rest = value.magnitude
            var start = 20
            repeat {
                start -= 1
                buffer[start] = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 { start -= 1; buffer[start] = 0x2D }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<20]))
        }
    }

    /// Which reminder it is, as `list --json` and the export both say it:
    /// `"before": "1h"` (`"0m"` at the due time) or `"at": "<timestamp>"`.
    mutating func appendReminderTime(_ reminder: ReminderTime, in timeZone: TimeZone) {
        switch reminder {
        case let .beforeDue(minutes):
            appendRaw("\"before\": ")
            JSON.writeString(ReminderTime.shortOffset(minutes), to: &self)
        case let .at(date):
            appendRaw("\"at\": ")
            appendTimestamp(date, in: timeZone)
        }
    }

    /// A quoted `Timestamp` in `timeZone`, or `null`.
    mutating func appendTimestamp(_ date: Date?, in timeZone: TimeZone) {
        guard let date else { return appendRaw("null") }
        bytes.append(0x22)
        Timestamp.append(date, in: timeZone, to: &bytes)
        bytes.append(0x22)
    }

    /// One member of an object being written: `"key": value`, after ", "
    /// unless it is the first.
    mutating func member(_ key: String, _ value: JSON, first: Bool = false) {
        if !first { append(", ") }
        JSON.writeString(key, to: &self)
        append(": ")
        value.write(to: &self)
    }

    /// Every byte came from a String or an escape, so this is valid UTF-8.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// JSON for scripts, written so a person can read it too: an array with one
/// element per line.
enum JSONOutput {
    /// The array's UTF-8, for `CommandLineContext.outputUTF8`. `elements`
    /// may be lazy (`items.lazy.map(json)`): each element is then made,
    /// written and dropped in turn, and 100,000 of them are never held at once.
    static func array<Elements: Sequence<JSON>>(_ elements: Elements) -> [UInt8] {
        var out = JSONBytes()
        out.bytes.reserveCapacity(elements.underestimatedCount * 200)
        for (index, element) in elements.enumerated() {
            out.append(index == 0 ? "[\n  " : ",\n  ")
            out.append(element)
        }
        out.append(out.bytes.isEmpty ? "[]" : "\n]")
        return out.bytes
    }
}
