import Foundation
import Testing
import TestSupport
import ChecklistsModel

@Suite("Text rules")
struct TextRulesTests {
    @Test("isBlank says what trimming with Foundation's white space says, for every scalar of the first plane and some texts")
    func blankAgreesWithTrimming() {
        var disagreements: [String] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            if TextRules.isBlank(text) != TextRules.trimmed(text).isEmpty { disagreements.append(String(value, radix: 16)) }
        }
        expectEqual(disagreements, [])
        #expect(TextRules.isBlank(""))
        #expect(TextRules.isBlank(" \t\r\n\u{2028}\u{3000}"))
        #expect(!TextRules.isBlank("  x  "))
        #expect(TextRules.isBlank("\u{200B}"))   // the zero width space is white space to Foundation
        #expect(!TextRules.isBlank("\u{200B}x"))
    }
}
