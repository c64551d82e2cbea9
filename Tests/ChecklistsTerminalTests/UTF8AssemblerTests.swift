import Testing
import TestSupport
@testable import ChecklistsTerminal

/// Input is read a byte at a time; these are the characters it makes,
/// however the bytes fall into reads.
@Suite("UTF8Assembler")
struct UTF8AssemblerTests {
    /// The scalars of `bytes` pushed in `drains`, one assembler kept
    /// across them as the terminal keeps it across reads.
    private func assemble(_ drains: [[UInt8]]) -> [UInt32] {
        var assembler = UTF8Assembler()
        var out: [RawInput] = []
        for drain in drains {
            for byte in drain { assembler.push(byte, into: &out) }
        }
        return out.map(\.value)
    }

    @Test("mixed text comes out as its scalars, whichever byte each read ends on")
    func splitAnywhere() {
        let text = "a日本 é\u{301} 👨‍👩‍👧 Ω\n"
        let bytes = Array(text.utf8)
        let scalars = text.unicodeScalars.map(\.value)
        for cut in 0...bytes.count {
            expectEqual(assemble([Array(bytes[..<cut]), Array(bytes[cut...])]), scalars, "cut after byte \(cut)")
        }
        // One byte a read, as a slow link might deliver them.
        expectEqual(assemble(bytes.map { [$0] }), scalars)
    }

    @Test("a character's first bytes wait for the rest, and nothing after them is lost")
    func heldAcrossReads() {
        var assembler = UTF8Assembler()
        var out: [RawInput] = []
        for byte in [UInt8(0x61), 0xE6] { assembler.push(byte, into: &out) }
        expectEqual(out, [.character(0x61)])
        #expect(assembler.isHolding)
        for byte in [UInt8(0x97), 0xA5] + Array("bc".utf8) { assembler.push(byte, into: &out) }
        expectEqual(out, [.character(0x61), .character(0x65E5), .character(0x62), .character(0x63)])
        #expect(!assembler.isHolding)
    }

    @Test("bytes that are not UTF-8 each become one U+FFFD and the text after them stays",
          arguments: [
            ([0x80, 0x61], [0xFFFD, 0x61]),                  // a lone continuation byte
            ([0xC0, 0xAF, 0x61], [0xFFFD, 0xFFFD, 0x61]),    // an overlong form's lead, then a stray continuation
            ([0xE6, 0x61, 0x62], [0xFFFD, 0x61, 0x62]),      // a lead cut short by ASCII
            ([0xE6, 0x97, 0xE6, 0x97, 0xA5], [0xFFFD, 0x65E5]),
            ([0xED, 0xA0, 0x80], [0xFFFD, 0xFFFD, 0xFFFD]),  // a surrogate
            ([0xF4, 0x90, 0x80, 0x80], [0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD]), // above U+10FFFF
            ([0xFF, 0xF0, 0x9F, 0x98, 0x80], [0xFFFD, 0x1F600]),
          ] as [([UInt8], [UInt32])])
    func notUTF8(bytes: [UInt8], scalars: [UInt32]) {
        expectEqual(assemble([bytes]), scalars)
    }

    @Test("a key code between a character's bytes cuts it short: one U+FFFD, then the key")
    func keyCodeCutsShort() {
        var assembler = UTF8Assembler()
        var out: [RawInput] = []
        assembler.push(0xE6, into: &out)
        assembler.cutShort(into: &out)
        out.append(.keyCode(CursesKeyCode.down))
        assembler.push(0x61, into: &out)
        expectEqual(out, [.character(0xFFFD), .keyCode(CursesKeyCode.down), .character(0x61)])
    }
}
