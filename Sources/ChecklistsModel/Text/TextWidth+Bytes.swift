// MARK: Sanitizing bytes

extension TextWidth {
    /// Appends `utf8` to `out` as `sanitized(_:)` makes it: text as stored,
    /// which nothing has checked (`ListingLine`). Clean text, nearly all
    /// text, is copied as it is after one pass over its bytes; any other
    /// (an ill-formed sequence, or a scalar `sanitized` replaces or drops)
    /// is read as a `String`, whose repairs turn each ill-formed sequence
    /// into U+FFFD, and sanitized from there.
    public static func appendSanitized(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if isCleanUTF8(bytes) {
            out.append(contentsOf: bytes)
            return
        }
        var text = sanitized(String(decoding: bytes, as: UTF8.self))
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// What a pass over UTF-8 lets through: any well-formed text; clean
    /// text (what `sanitized` leaves as it is); or clean text without a
    /// quote or a backslash, which is what JSON writes as it is, since
    /// JSON's own escapes (`JSON.writeString`) are the clean set's
    /// scalars and those two.
    private enum UTF8Check { case wellFormed, clean, cleanForJSON }

    /// Whether eight bytes are all ASCII (no top bit set) and, unless only
    /// `.wellFormed` is asked, none a control or DEL: no byte below 0x20
    /// (below n: (x - n) & ~x & 0x80 in some byte, exact when every byte
    /// is below 0x80), none equal to 0x7F (a zero byte of x ^ 0x7F…), and
    /// for JSON none a quote or a backslash.
    @inline(__always)
    private static func isPlainASCII(_ word: UInt64, _ check: UTF8Check) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        guard word & high == 0 else { return false }
        if check == .wellFormed { return true }
        @inline(__always) func hasByte(_ byte: UInt64) -> Bool {
            let equal = word ^ (ones &* byte)
            return (equal &- ones) & ~equal & high != 0
        }
        let belowSpace = (word &- ones &* 0x20) & ~word & high
        if belowSpace != 0 || hasByte(0x7F) { return false }
        return check != .cleanForJSON || !hasByte(0x22) && !hasByte(0x5C)
    }

    /// Whether `bytes` are well-formed UTF-8 (the Unicode Standard's table
    /// 3-7: no overlong form, no surrogate, nothing above U+10FFFF) holding
    /// no scalar `sanitized` would change: no C0 or C1 control, no DEL, no
    /// line or paragraph separator, no bidi override or isolate.
    package static func isCleanUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        checkedPrefix(bytes, .clean) == bytes.count
    }

    /// Whether `bytes` are well-formed UTF-8, whatever scalars they hold:
    /// what a writer that escapes controls itself (JSON) needs to know.
    package static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        checkedPrefix(bytes, .wellFormed) == bytes.count
    }

    /// How many of the first bytes of `bytes`, whole characters, are clean
    /// UTF-8 (as `isCleanUTF8`) with no quote or backslash: the part JSON
    /// writes as it is, found in the same one pass.
    package static func jsonPlainPrefixCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        checkedPrefix(bytes, .cleanForJSON)
    }

    /// The one pass of all three: how many bytes, from the first, pass
    /// `check`; it stops at the first character that does not.
    @inline(__always)
    private static func checkedPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ check: UTF8Check) -> Int {
        @inline(__always) func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        let clean = check != .wellFormed
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                // Plain ASCII eight bytes at a time, then the byte that ends the run.
                while index + 8 <= count,
                      isPlainASCII(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self), check) {
                    index += 8
                }
                guard index < count else { break }
                let byte = bytes[index]
                if byte >= 0x80 { continue }
                if clean && (byte < 0x20 || byte == 0x7F) { return index }
                if check == .cleanForJSON && (byte == 0x22 || byte == 0x5C) { return index }
                index += 1
                continue
            }
            switch lead {
            case 0xC2...0xDF:
                guard index + 1 < count else { return index }
                let second = bytes[index + 1]
                // C2 80 to C2 9F are the C1 controls.
                guard isContinuation(second), !clean || lead != 0xC2 || second >= 0xA0 else { return index }
                index += 2
            case 0xE0...0xEF:
                guard index + 2 < count else { return index }
                let second = bytes[index + 1], third = bytes[index + 2]
                let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80   // shorter forms are overlong
                let high: UInt8 = lead == 0xED ? 0x9F : 0xBF  // ED A0 and above are surrogates
                guard second >= low, second <= high, isContinuation(third) else { return index }
                if clean && lead == 0xE2 {
                    // U+2028 to U+202E (E2 80 A8-AE) and U+2066 to U+2069 (E2 81 A6-A9).
                    if second == 0x80 && third >= 0xA8 && third <= 0xAE { return index }
                    if second == 0x81 && third >= 0xA6 && third <= 0xA9 { return index }
                }
                index += 3
            case 0xF0...0xF4:
                guard index + 3 < count else { return index }
                let second = bytes[index + 1]
                let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80   // shorter forms are overlong
                let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF  // beyond U+10FFFF
                guard second >= low, second <= high, isContinuation(bytes[index + 2]), isContinuation(bytes[index + 3]) else {
                    return index
                }
                index += 4
            default:
                // A continuation byte without a lead, C0, C1 (overlong) or F5 and above.
                return index
            }
        }
        return count
    }
}
