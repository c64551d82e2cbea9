import Foundation
import Testing
@testable import ChecklistsCommandLine
import ChecklistsModel

@Suite("JSON writing and reading, timestamps")
struct JSONTests {
    @Test("strings survive writing and reading exactly; what a terminal would act on is escaped")
    func stringRoundTrip() throws {
        let texts = ["plain", "quote \" backslash \\ slash /", "\u{0}\u{1}\u{7}\u{1B}[2J\u{7F}\u{85}\u{9B}", "line\nbreak\r\ttab",
                     "bidi \u{202E}abc\u{2066}\u{2069} sep \u{2028}\u{2029}", "日本語 👨‍👩‍👧 🇩🇪 e\u{301}"]
        for text in texts {
            let written = JSON.string(text).text()
            #expect(!written.unicodeScalars.contains { TextWidth.sanitized(String($0)) != String($0) }, "\(written.debugDescription)")
            let node = try JSONParser.parse(Array(written.utf8))
            guard case .string(let read) = node.value else { Issue.record("not a string"); continue }
            #expect(read == text)
            // Foundation reads our escapes the same way.
            let foundation = try JSONSerialization.jsonObject(with: Data("[\(written)]".utf8)) as? [String]
            #expect(foundation == [text])
        }
    }

    @Test("the edges of each escaped range: inside escaped, just outside written as they are")
    func escapeEdges() {
        #expect(JSON.string("\u{80}\u{9F}\u{2028}\u{202E}\u{2066}\u{2069}\u{1F}\u{7F}").text()
                == #""\u0080\u009f\u2028\u202e\u2066\u2069\u001f\u007f""#)
        #expect(JSON.string("\u{A0}\u{BF}\u{2027}\u{202F}\u{2065}\u{206A}é ~").text() == "\"\u{A0}\u{BF}\u{2027}\u{202F}\u{2065}\u{206A}é ~\"")
    }

    @Test("escapes, surrogate pairs and numbers as JSON defines them; malformed input is refused with its place")
    func parsing() throws {
        let node = try JSONParser.parse(Array(#"{"a": ["\ud83d\ude00", -0, 1.5e3, true, false, null]}"#.utf8))
        guard case .object(let members) = node.value, case .array(let values) = members[0].value.value else { Issue.record("shape"); return }
        if case .string(let emoji) = values[0].value { #expect(emoji == "😀") } else { Issue.record("emoji") }
        let bad: [(String, String, Int, Int)] = [
            ("", "expected a value but found the end of the file", 1, 1),
            ("{\"a\": 01}", "numbers do not start with 0", 1, 7),
            ("[1,]", "expected a value but found ']'", 1, 4),
            ("\"\\ud83d\"", "a \\u escape holds half of a surrogate pair", 1, 2),
            ("{\"a\": 1, \"a\": 2}", "the key \"a\" appears twice", 1, 10),
            ("[\n  \"é\", x]", "expected a value but found 'x'", 2, 8),
            ("[1] 2", "unexpected text after the end of the JSON value", 1, 5),
            (String(repeating: "[", count: 100), "nested too deeply", 1, 65),
        ]
        for (text, message, line, column) in bad {
            #expect(throws: JSONProblem(message: message, line: line, column: column), "\(text)") {
                try JSONParser.parse(Array(text.utf8))
            }
        }
    }

    @Test("timestamps: written with the zone's offset, read back strictly")
    func timestamps() {
        let date = Date(timeIntervalSince1970: 1_795_257_000)   // 2026-11-21 10:30 UTC
        #expect(Timestamp.format(date, in: TimeZone(identifier: "UTC")!) == "2026-11-21T10:30:00+00:00")
        #expect(Timestamp.format(date, in: TimeZone(identifier: "America/St_Johns")!) == "2026-11-21T07:00:00-03:30")
        #expect(Timestamp.format(date, in: TimeZone(identifier: "Asia/Kolkata")!) == "2026-11-21T16:00:00+05:30")
        for text in ["2026-11-21T10:30:00+00:00", "2026-11-21T10:30Z", "2026-11-21 07:00:00-03:30", "2026-11-21t16:00:00+05:30"] {
            #expect(Timestamp.parse(text) == date, "\(text)")
        }
        for text in ["2026-11-21T10:30:00", "2026-02-29T10:30Z", "0000-01-01T00:00Z", "99999-01-01T00:00Z", "1969-12-31T23:59Z",
                     "2026-11-21T24:00Z", "2026-11-21T10:30:00.5Z", "2026-11-21T10:30+25:00", "tomorrow", ""] {
            #expect(Timestamp.parse(text) == nil, "\(text)")
        }
    }
}
