import Foundation
import Testing
import TestSupport
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
            expectEqual(read, text)
            // Foundation reads our escapes the same way.
            let foundation = try JSONSerialization.jsonObject(with: Data("[\(written)]".utf8)) as? [String]
            expectEqual(foundation, [text])
        }
    }

    @Test("the edges of each escaped range: inside escaped, just outside written as they are")
    func escapeEdges() {
        expectEqual(JSON.string("\u{80}\u{9F}\u{2028}\u{202E}\u{2066}\u{2069}\u{1F}\u{7F}").text(), #""\u0080\u009f\u2028\u202e\u2066\u2069\u001f\u007f""#)
        expectEqual(JSON.string("\u{A0}\u{BF}\u{2027}\u{202F}\u{2065}\u{206A}é ~").text(), "\"\u{A0}\u{BF}\u{2027}\u{202F}\u{2065}\u{206A}é ~\"")
    }

    @Test("eight plain bytes at a time: an escaped character at any place in or across a word is escaped, as one at a time would")
    func escapesAtEveryPlace() {
        // Each special character (and a plain one) at every offset of a
        // string long enough for two words, padded with plain ASCII.
        let specials: [(String, String)] = [("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{1}", #"\u0001"#), ("\u{1F}", #"\u001f"#),
                                            ("\u{7F}", #"\u007f"#), ("\u{85}", #"\u0085"#), ("\u{2028}", #"\u2028"#), ("é", "é"), (" ", " "), ("~", "~")]
        for (character, written) in specials {
            for place in 0...17 {
                let before = String(repeating: "a", count: place), after = String(repeating: "z", count: 17 - place)
                expectEqual(JSON.string(before + character + after).text(), "\"" + before + written + after + "\"", "\(character.debugDescription) at \(place)")
                // Among letters of other scripts, passed over a word at a time too.
                let wide = String(repeating: "日", count: place), accented = String(repeating: "é", count: 17 - place)
                expectEqual(JSON.string(wide + character + accented).text(), "\"" + wide + written + accented + "\"", "\(character.debugDescription) after \(place) CJK")
            }
        }
        // The word test against the byte test, for every byte in every place.
        for byte in UInt8.min...UInt8.max {
            let plain = byte >= 0x20 && byte != 0x7F && byte != 0x22 && byte != 0x5C && byte != 0xC2 && byte != 0xE2
            for place in 0..<8 {
                // Among ASCII letters, and among the bytes of 日本 (E6 97 A5 E6 9C AC) and é (C3 A9).
                for filler: UInt64 in [0x6161_6161_6161_6161, 0xA9C3_AC9C_E6A5_97E6] {
                    let word = filler & ~(UInt64(0xFF) << (8 * place)) | UInt64(byte) << (8 * place)
                    expectEqual(JSON.isWrittenAsIs(word), plain, "byte \(byte) at \(place) in \(String(filler, radix: 16))")
                }
            }
        }
    }

    @Test("integers and timestamps written as bytes are the text a String would hold")
    func bytesWriters() {
        for value: Int64 in [0, 7, -7, 10, 99, 100, -100, 1_234_567_890, .max, .min] {
            var out = JSONBytes()
            out.appendInteger(value)
            expectEqual(out.string, String(value))
        }
        let utc = TimeZone(identifier: "UTC")!
        var out = JSONBytes()
        out.appendTimestamp(nil, in: utc)
        out.appendTimestamp(Date(timeIntervalSince1970: 1_795_257_000), in: TimeZone(identifier: "America/St_Johns")!)
        out.appendTimestamp(Date(timeIntervalSince1970: 0), in: utc)
        out.appendTimestamp(Date(timeIntervalSince1970: -62_135_596_800 + 86_399), in: utc)   // 0001-01-01T23:59:59
        out.appendTimestamp(Date(timeIntervalSince1970: 253_402_300_799), in: utc)            // 9999-12-31T23:59:59
        out.appendTimestamp(Date(timeIntervalSince1970: 253_402_300_800), in: utc)            // the year 10000
        expectEqual(out.string, #"null"2026-11-21T07:00:00-03:30""1970-01-01T00:00:00+00:00""0001-01-01T23:59:59+00:00""#
                + #""9999-12-31T23:59:59+00:00""10000-01-01T00:00:00+00:00""#)
    }

    @Test("escapes, surrogate pairs and numbers as JSON defines them; malformed input is refused with its place")
    func parsing() throws {
        let node = try JSONParser.parse(Array(#"{"a": ["\ud83d\ude00", -0, 1.5e3, true, false, null]}"#.utf8))
        guard case .object(let members) = node.value, case .array(let values) = members[0].value.value else { Issue.record("shape"); return }
        if case .string(let emoji) = values[0].value { expectEqual(emoji, "😀") } else { Issue.record("emoji") }
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
        expectEqual(Timestamp.format(date, in: TimeZone(identifier: "UTC")!), "2026-11-21T10:30:00+00:00")
        expectEqual(Timestamp.format(date, in: TimeZone(identifier: "America/St_Johns")!), "2026-11-21T07:00:00-03:30")
        expectEqual(Timestamp.format(date, in: TimeZone(identifier: "Asia/Kolkata")!), "2026-11-21T16:00:00+05:30")
        for text in ["2026-11-21T10:30:00+00:00", "2026-11-21T10:30Z", "2026-11-21 07:00:00-03:30", "2026-11-21t16:00:00+05:30",
                     "2026-11-21T10:30-00:00", "2026-11-21T10:30:00z", "2026-11-21T11:30+01:00"] {
            expectEqual(Timestamp.parse(text), date, "\(text)")
        }
        for text in ["2026-11-21T10:30:00", "2026-02-29T10:30Z", "0000-01-01T00:00Z", "99999-01-01T00:00Z", "1969-12-31T23:59Z",
                     "2026-11-21T24:00Z", "2026-11-21T10:30:00.5Z", "2026-11-21T10:30+25:00", "tomorrow", "",
                     "2026-11-21T10:30:", "2026-11-21T10:30:0Z", "2026-11-21T10:30+01", "2026-11-21T10:30+0100", "2026-11-21T10:30+01:0",
                     "2026-11-21T10:30+01:00 ", "2026-11-21T10:3Z", "2026-1a-21T10:30Z", "2026/11/21T10:30Z", "2026-11-21T10-30Z", "+2026-11-21T10:30Z"] {
            #expect(Timestamp.parse(text) == nil, "\(text)")
        }
    }
}
