import Testing
import ChecklistsConfig
import TestSupport

/// The TOML reader on literal documents: the values it reads, where it says
/// each key was written, and what it says of a document it refuses. That
/// it reads TOML as the specification does is TOMLAgainstPythonTests'.
@Suite("TOML reader")
struct TOMLReaderTests {
    func refusal(_ text: String) -> String? {
        do {
            _ = try TOMLReader.read(text)
            return nil
        } catch {
            return "\(error.position.line):\(error.position.column): \(error.problem)"
        }
    }

    @Test("values of every kind, keys in the order written")
    func values() throws {
        let table = try TOMLReader.read("""
            text = "Piñata 🎉\\tfür \\"Inés\\" \\u4e70\\U0001F95B"
            literal = 'C:\\Users\\me'
            lines = \"\"\"
            one \\
              two
            three\"\"\"
            count = -1_000
            mask = 0xff
            ratio = 2.5e-1
            on = true
            when = 2026-11-29T07:30:00.5+01:00
            day = 2026-11-29
            list = [1, "two", [3]]
            colours = { fg = "black", bg = 236 }
            """)
        expectEqual(table.keys, ["text", "literal", "lines", "count", "mask", "ratio", "on", "when", "day", "list", "colours"])
        expectEqual(table["text"], .string("Piñata 🎉\tfür \"Inés\" 买🥛"))
        expectEqual(table["literal"], .string("C:\\Users\\me"))
        expectEqual(table["lines"], .string("one two\nthree"))
        expectEqual(table["count"], .integer(-1000))
        expectEqual(table["mask"], .integer(255))
        expectEqual(table["ratio"], .float(0.25))
        expectEqual(table["on"], .boolean(true))
        let when = TOMLDateTime(date: .init(year: 2026, month: 11, day: 29),
                                time: .init(hour: 7, minute: 30, second: 0, fraction: "5"), offsetMinutes: 60)
        expectEqual(table["when"], .dateTime(when))
        expectEqual(table["day"]?.kind, "a date")
        expectEqual(table["list"], .array([.integer(1), .string("two"), .array([.integer(3)])]))
        expectEqual(table["colours"]?.table?.keys, ["fg", "bg"])
        expectEqual(table["colours"]?.table?["bg"]?.int, 236)
    }

    @Test("each key is placed where it was written, however it was written")
    func positions() throws {
        let table = try TOMLReader.read("""
            # settings
            [sync]
              url = "https://dav.example.org/"
            [keys.extra]
            notify.command = ["notify-me"]
            colors = { headings = 33 }
            """)
        expectEqual(table.position(of: "sync"), TOMLPosition(line: 2, column: 1))
        expectEqual(table["sync"]?.table?.position(of: "url"), TOMLPosition(line: 3, column: 3))
        // A table a header names on the way to another is placed at that header.
        expectEqual(table.position(of: "keys"), TOMLPosition(line: 4, column: 1))
        let extra = try #require(table["keys"]?.table?["extra"]?.table)
        expectEqual(extra.position(of: "notify"), TOMLPosition(line: 5, column: 1))
        expectEqual(extra["notify"]?.table?.position(of: "command"), TOMLPosition(line: 5, column: 1))
        expectEqual(extra["colors"]?.table?.position(of: "headings"), TOMLPosition(line: 6, column: 12))
    }

    @Test("columns count characters, not bytes")
    func columnsInCharacters() {
        expectEqual(refusal("\"买牛奶\" = 1 2\n"), "1:11: found \"2\" after the value; a line holds one key = value, [table] or comment")
    }

    @Test("a refused document names the line, the column and what to write")
    func refusals() {
        expectEqual(refusal("[notify]\nchannels = [\"dbus\","), "2:20: expected a value, found the end of the file")
        expectEqual(refusal("a = \n"), "1:5: expected a value, found the end of the line")
        expectEqual(refusal("url = https://dav.example.org/\n"),
                    "1:7: https is not a value; a string is quoted, and a number is written as 42, -3.5, 1e6, 0x1F, inf or nan")
        expectEqual(refusal("name = \"unclosed\n"), "1:17: the string opened at 1:8 is not closed on its line; close it with \"")
        expectEqual(refusal("a = 1\na = 2\n"), "2:1: a is defined twice (first on line 1)")
        expectEqual(refusal("[sync]\nurl = \"x\"\n\n[sync]\n"), "4:1: sync is already defined on line 1; a table is defined once")
        expectEqual(refusal("[sync]\n  interval.minutes = 5\n[sync.interval]\n"),
                    "3:1: sync.interval is already defined on line 2; a table is defined once")
        expectEqual(refusal("colors = { fg = \"red\" }\n[colors.extra]\n"),
                    "2:1: colors is an inline table (line 1), which is complete as written; nothing can be added to it")
        expectEqual(refusal("a = { b = 1,\n c = 2 }\n"),
                    "1:13: expected a key, found the end of the line; a bare key is letters, digits, \"_\" and \"-\", any other is quoted")
        expectEqual(refusal("a = { b = 1 \n}\n"),
                    "1:13: expected \",\" or \"}\" in the inline table opened at 1:5, found the end of the line (an inline table ends on the line it starts)")
        expectEqual(refusal("s = \"\\q\"\n"), "1:6: unknown escape \\q; a string knows \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX and \\UXXXXXXXX")
        expectEqual(refusal("s = \"tab\u{1}\"\n"), "1:9: the control character U+0001 in a string; write it as an escape such as \\t or \\u001B")
        expectEqual(refusal("n = 9223372036854775808\n"), "1:5: 9223372036854775808 is too large for a 64-bit integer")
        expectEqual(refusal("d = 2026-02-29\n"), "1:5: 2026-02-29 is not a date")
        expectEqual(refusal("[a\n"), "1:3: expected \"]\" to close the header [a, found the end of the line")
        expectEqual(refusal("key \"x\"\n"), "1:5: expected \"=\" after the key key, found '\"'")
    }

    @Test("nesting and dotted keys too deep to be settings are refused, not a stack overflow")
    func tooDeep() throws {
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        expectEqual(try TOMLReader.read("a = " + deepest)["a"]?.kind, "an array")
        expectEqual(refusal("a = " + String(repeating: "[", count: 100_000)), "1:69: arrays and inline tables nested more than 64 deep")
        expectEqual(refusal("a = " + String(repeating: "{b = ", count: 100_000)), "1:325: arrays and inline tables nested more than 64 deep")
        let longKey = (0..<64).map { "k\($0)" }.joined(separator: ".")
        expectEqual(try TOMLReader.read(longKey + " = 1").keys, ["k0"])
        expectEqual(refusal(longKey + ".k64 = 1"), "1:246: a key of more than 64 parts")
        expectEqual(refusal("[" + String(repeating: "a.", count: 100_000) + "a]"), "1:129: a key of more than 64 parts")
    }

    /// Every string and key asks where it starts; counted from the line's
    /// start each time, this line took hours. The limit is for a hang, not speed.
    @Test("a line of 200,000 values is read, with the column of what follows it", .timeLimit(.minutes(1)))
    func longLine() throws {
        let line = "a = [" + String(repeating: "\"买\",", count: 200_000) + "]"
        expectEqual(try TOMLReader.read(line)["a"]?.array?.count, 200_000)
        expectEqual(refusal(line + " x"), "1:800008: found \"x\" after the value; a line holds one key = value, [table] or comment")
    }

    @Test("a byte-order mark is skipped, and CRLF ends a line as LF does")
    func byteOrderMarkAndCRLF() throws {
        let table = try TOMLReader.read("\u{FEFF}a = 1\r\nb = \"\"\"x\r\ny\"\"\"\r\n")
        expectEqual(table["a"], .integer(1))
        expectEqual(table["b"], .string("x\ny"))
        expectEqual(table.position(of: "b"), TOMLPosition(line: 2, column: 1))
        expectEqual(refusal("a = 1\rb = 2\n"), "1:6: found the control character U+000D after the value; a line holds one key = value, [table] or comment")
    }
}
