import Foundation
import Testing
import TestSupport
import ChecklistsModel

@Suite("Text rules")
struct TextRulesTests {
    @Test("trimmed and isBlank say what trimming with Foundation's white space says, for every scalar of the first plane and some texts")
    func blankAgreesWithTrimming() {
        var disagreements: [String] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = String(scalar)
            let foundation = alone.trimmingCharacters(in: .whitespacesAndNewlines)
            if TextRules.isBlank(alone) != foundation.isEmpty { disagreements.append("blank \(String(value, radix: 16))") }
            // At both ends, in the middle, and before a combining mark.
            for text in [alone, "\(alone)x\(alone)", "x\(alone)\(alone)y", "\(alone)\u{301}\(alone)", " \(alone)\u{1F600} "]
            where TextRules.trimmed(text) != text.trimmingCharacters(in: .whitespacesAndNewlines) {
                disagreements.append("trimmed \(String(value, radix: 16)) in \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        expectEqual(disagreements, [])
        #expect(TextRules.trimmed(" \t Milch 🥛 \u{3000}\n") == "Milch 🥛")
        #expect(TextRules.trimmed("\u{2028}") == "")
        #expect(TextRules.isBlank(""))
        #expect(TextRules.isBlank(" \t\r\n\u{2028}\u{3000}"))
        #expect(!TextRules.isBlank("  x  "))
        #expect(TextRules.isBlank("\u{200B}"))   // the zero width space is white space to Foundation
        #expect(!TextRules.isBlank("\u{200B}x"))
    }
}
