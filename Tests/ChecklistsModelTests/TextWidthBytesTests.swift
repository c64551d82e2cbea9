import Testing
import TestSupport
@testable import ChecklistsModel

/// `TextWidth.appendSanitized(utf8:to:)`: stored bytes, which nothing has
/// checked, sanitized without a `String` when they are clean.
@Suite("Sanitizing stored bytes: clean UTF-8 copied as it is, anything else as sanitized(_:) makes it")
struct TextWidthBytesTests {
    private func appended(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x2A]   // something already there stays
        bytes.withUnsafeBufferPointer { TextWidth.appendSanitized(utf8: $0, to: &out) }
        return out
    }

    private func isClean(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { TextWidth.isCleanUTF8($0) }
    }

    /// What `sanitized` makes of the bytes read as a `String` (each
    /// ill-formed sequence repaired to U+FFFD): what they must come out as.
    private func reference(_ bytes: [UInt8]) -> [UInt8] {
        [0x2A] + Array(TextWidth.sanitized(String(decoding: bytes, as: UTF8.self)).utf8)
    }

    /// How many bytes of the leading scalars JSON writes as they are:
    /// well-formed, unchanged by sanitized(_:), neither a quote nor a
    /// backslash. Found a scalar at a time with the standard library's decoder.
    private func jsonPlainReference(_ bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var count = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            let text = String(scalar)
            guard scalar != "\"", scalar != "\\", TextWidth.sanitized(text) == text else { break }
            count += UTF8.width(scalar)
        }
        return count
    }

    @Test("clean text of every script is clean, up to the scalars on either side of each range sanitized(_:) changes")
    func cleanText() {
        for text in ["", "Buy milk", "牛乳を買う 🥛", "Crème brûlée", "e\u{301}clair", "שלום עולם", "👨‍👩‍👧 family", "🇯🇵",
                     "a\u{A0}b", "\u{2027}\u{202F}\u{2065}\u{206A}", "\u{10FFFF}", "\u{FFFD}", "~ and 0123456789 and 長い行 long line"] {
            #expect(isClean(Array(text.utf8)), "\(text.debugDescription)")
            expectEqual(appended(Array(text.utf8)), [0x2A] + Array(text.utf8))
        }
    }

    @Test("each scalar sanitized(_:) replaces or drops makes the text unclean, at any place in an 8-byte word")
    func unsafeScalars() {
        let unsafe: [Unicode.Scalar] = [
            "\u{0}", "\u{7}", "\u{9}", "\u{A}", "\u{D}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}",
            "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}",
        ]
        for scalar in unsafe {
            for offset in 0..<17 {
                let text = String(repeating: "a", count: offset) + String(scalar) + "bcdefghijklmnop"
                #expect(!isClean(Array(text.utf8)), "U+\(String(scalar.value, radix: 16)) after \(offset) bytes")
                expectEqual(appended(Array(text.utf8)), [0x2A] + Array(TextWidth.sanitized(text).utf8))
            }
        }
        expectEqual(appended(Array("a\u{1B}[2Jb\u{202E}c".utf8)), [0x2A] + Array("a␛[2Jbc".utf8))
    }

    @Test("ill-formed UTF-8 is unclean and comes out with U+FFFD where a String's repair puts it")
    func illFormed() {
        let cases: [[UInt8]] = [
            [0x80], [0xBF, 0x41], [0xC3], [0x61, 0xC3], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xE3, 0x81], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
            [0xF0, 0x9F, 0x98], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE],
            Array("eight ok".utf8) + [0xC3, 0x28] + Array("and more".utf8),
        ]
        for bytes in cases {
            #expect(!isClean(bytes), "\(bytes)")
            expectEqual(appended(bytes), reference(bytes), "\(bytes)")
        }
        expectEqual(appended([0x63, 0x61, 0x66, 0xC3]), [0x2A] + Array("caf\u{FFFD}".utf8))
    }

    @Test("random bytes and random mixes of text: well-formed exactly as String(validating:) says, clean exactly when also unchanged by sanitized(_:), the same bytes out, and JSON's plain part up to the first scalar it escapes")
    func agreesWithStrings() {
        var random = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = ["a", "Buy milk ", "牛", "乳", "é", "e\u{301}", "🥛", "👨‍👩‍👧", "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}",
                                 "\u{2028}", "\u{202E}", "\u{2066}", "\u{2027}", "\u{FFFD}", "\u{10FFFF}", "\"", "\\"].map { Array($0.utf8) }
        for round in 0..<4_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                if round % 2 == 0 || Int.random(in: 0..<4, using: &random) > 0 {
                    bytes += pieces.randomElement(using: &random)!
                } else {
                    bytes.append(UInt8.random(in: 0...255, using: &random))
                }
            }
            let valid = String(validating: bytes, as: UTF8.self)
            expectEqual(isClean(bytes), (valid.map { TextWidth.sanitized($0) == $0 } ?? false), "\(bytes)")
            expectEqual(bytes.withUnsafeBufferPointer { TextWidth.isWellFormedUTF8($0) }, (valid != nil), "\(bytes)")
            expectEqual(appended(bytes), reference(bytes), "\(bytes)")
            expectEqual(bytes.withUnsafeBufferPointer { TextWidth.jsonPlainPrefixCount($0) }, jsonPlainReference(bytes), "\(bytes)")
        }
    }
}
