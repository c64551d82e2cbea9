/// The terminal's input bytes, read one at a time, made into Unicode
/// scalars. A character whose bytes come in two reads (a terminal's write
/// may end inside one, and a busy app drains between them) is held until
/// its last byte arrives, however long that takes. `wget_wch` gives up on
/// such a character when its next byte is not there yet, and then reads
/// up to 145 bytes more as one broken character and drops them all: a
/// large paste lost a line or two.
///
/// A byte that cannot start a character, or a sequence cut short by a byte
/// that cannot continue it, becomes one U+FFFD, so nothing after it is lost.
struct UTF8Assembler: Sendable {
    private var held: [UInt8] = []
    /// How many bytes the held character has in all.
    private var length = 0

    init() {}

    /// Whether a character's first bytes wait for the rest.
    var isHolding: Bool { !held.isEmpty }

    /// Takes one byte, appending a scalar to `out` once one is complete.
    mutating func push(_ byte: UInt8, into out: inout [RawInput]) {
        if !held.isEmpty {
            if Self.continues(held, with: byte) {
                held.append(byte)
                if held.count == length {
                    out.append(.character(Self.scalar(held)))
                    held.removeAll(keepingCapacity: true)
                }
                return
            }
            // Cut short: one replacement for what was held, then the byte on its own.
            cutShort(into: &out)
        }
        switch byte {
        case 0x00...0x7F: out.append(.character(UInt32(byte)))
        case 0xC2...0xDF: start(byte, length: 2)
        case 0xE0...0xEF: start(byte, length: 3)
        case 0xF0...0xF4: start(byte, length: 4)
        default: out.append(.character(Self.replacement))
        }
    }

    /// A key code arrived between a character's bytes: what was held can
    /// no longer be completed.
    mutating func cutShort(into out: inout [RawInput]) {
        guard !held.isEmpty else { return }
        out.append(.character(Self.replacement))
        held.removeAll(keepingCapacity: true)
    }

    static let replacement: UInt32 = 0xFFFD

    private mutating func start(_ byte: UInt8, length: Int) {
        held.append(byte)
        self.length = length
    }

    /// Whether `byte` may follow `held` (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF).
    private static func continues(_ held: [UInt8], with byte: UInt8) -> Bool {
        guard held.count == 1 else { return (0x80...0xBF).contains(byte) }
        switch held[0] {
        case 0xE0: return (0xA0...0xBF).contains(byte)
        case 0xED: return (0x80...0x9F).contains(byte)
        case 0xF0: return (0x90...0xBF).contains(byte)
        case 0xF4: return (0x80...0x8F).contains(byte)
        default: return (0x80...0xBF).contains(byte)
        }
    }

    private static func scalar(_ bytes: [UInt8]) -> UInt32 {
        let lead = UInt32(bytes[0]) & (0xFF >> (bytes.count + 1))
        return bytes.dropFirst().reduce(lead) { ($0 << 6) | (UInt32($1) & 0x3F) }
    }
}
