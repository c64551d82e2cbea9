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

    /// Whether eight bytes are all ASCII (no top bit set) and, with `clean`,
    /// none a control or DEL: no byte below 0x20 (below n: (x - n) & ~x &
    /// 0x80 in some byte, exact when every byte is below 0x80), none 0x7F.
    @inline(__always)
    private static func isPlainASCII(_ word: UInt64, clean: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        guard word & high == 0 else { return false }
        guard clean else { return true }
        let belowSpace = (word &- ones &* 0x20) & ~word & high
        let delete = word ^ (ones &* 0x7F)
        let isDelete = (delete &- ones) & ~delete & high
        return belowSpace == 0 && isDelete == 0
    }

    /// Whether `bytes` are well-formed UTF-8 (the Unicode Standard's table
    /// 3-7: no overlong form, no surrogate, nothing above U+10FFFF) holding
    /// no scalar `sanitized` would change: no C0 or C1 control, no DEL, no
    /// line or paragraph separator, no bidi override or isolate.
    package static func isCleanUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        checkUTF8(bytes, clean: true)
    }

    /// Whether `bytes` are well-formed UTF-8, whatever scalars they hold:
    /// what a writer that escapes controls itself (JSON) needs to know.
    package static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        checkUTF8(bytes, clean: false)
    }

    /// The one pass of both: with `clean`, the scalars `sanitized` changes fail too.
    @inline(__always)
    private static func checkUTF8(_ bytes: UnsafeBufferPointer<UInt8>, clean: Bool) -> Bool {
        @inline(__always) func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                // Plain ASCII eight bytes at a time, then the byte that ends the run.
                while index + 8 <= count,
                      isPlainASCII(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self), clean: clean) {
                    index += 8
                }
                guard index < count else { break }
                let byte = bytes[index]
                if byte >= 0x80 { continue }
                if clean && (byte < 0x20 || byte == 0x7F) { return false }
                index += 1
                continue
            }
            switch lead {
            case 0xC2...0xDF:
                guard index + 1 < count else { return false }
                let second = bytes[index + 1]
                // C2 80 to C2 9F are the C1 controls.
                guard isContinuation(second), !clean || lead != 0xC2 || second >= 0xA0 else { return false }
                index += 2
            case 0xE0...0xEF:
                guard index + 2 < count else { return false }
                let second = bytes[index + 1], third = bytes[index + 2]
                let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80   // shorter forms are overlong
                let high: UInt8 = lead == 0xED ? 0x9F : 0xBF  // ED A0 and above are surrogates
                guard second >= low, second <= high, isContinuation(third) else { return false }
                if clean && lead == 0xE2 {
                    // U+2028 to U+202E (E2 80 A8-AE) and U+2066 to U+2069 (E2 81 A6-A9).
                    if second == 0x80 && third >= 0xA8 && third <= 0xAE { return false }
                    if second == 0x81 && third >= 0xA6 && third <= 0xA9 { return false }
                }
                index += 3
            case 0xF0...0xF4:
                guard index + 3 < count else { return false }
                let second = bytes[index + 1]
                let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80   // shorter forms are overlong
                let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF  // beyond U+10FFFF
                guard second >= low, second <= high, isContinuation(bytes[index + 2]), isContinuation(bytes[index + 3]) else {
                    return false
                }
                index += 4
            default:
                // A continuation byte without a lead, C0, C1 (overlong) or F5 and above.
                return false
            }
        }
        return true
    }
}
