import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// The reader and writer under files no sane app writes: huge, folded after
/// every byte, not UTF-8, bare LF, nested without end.
@Suite("iCalendar reader and writer")
struct ICalendarReaderTests {
    let mapping = CalendarMapping(timeZone: TimeZone(identifier: "Europe/Berlin")!, now: Fixed.now)

    private func todo(_ lines: [String], end: String = "\r\n") -> [UInt8] {
        Array((["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:x"] + lines + ["END:VTODO", "END:VCALENDAR"])
            .joined(separator: end).utf8) + Array(end.utf8)
    }

    private func fields(_ bytes: [UInt8]) throws -> CalendarFields {
        try #require(mapping.fields(of: try ICalendarReader.parse(bytes)[0]))
    }

    @Test("lines are folded at 75 octets, never inside a UTF-8 sequence, and read back whole")
    func folding() throws {
        let text = String(repeating: "é日👨‍👩‍👧a,;\\", count: 40)
        let object = mapping.merge(CalendarFields(uid: "x", text: text, dueDate: nil), stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil),
                                   into: nil)
        let written = ICalendarWriter.text(object)
        let lines = written.components(separatedBy: "\r\n").dropLast()
        #expect(lines.count > 10)
        for line in lines {
            #expect(line.utf8.count <= 75)
            #expect(!line.contains("\n") && !line.contains("\r"))
        }
        try expectEqual(fields(Array(written.utf8)).text, text)
    }

    @Test("bare LF reads as CR LF; a fold may split a UTF-8 sequence; bytes that are not UTF-8 read as U+FFFD")
    func lineEndsAndBytes() throws {
        try expectEqual(fields(todo(["SUMMARY:Milk", "DUE:20261124T080000Z"], end: "\n")), fields(todo(["SUMMARY:Milk", "DUE:20261124T080000Z"])))
        let split = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:caf".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9]
            + Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        try expectEqual(fields(split).text, "café")
        let invalid = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:a".utf8) + [0xFF, 0xC3]
            + Array("b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        try expectEqual(fields(invalid).text, "a\u{FFFD}\u{FFFD}b")
    }

    @Test("\\N in another app's DESCRIPTION is a newline in the note, as \\n is (RFC 5545 TEXT)")
    func capitalNewlineEscape() throws {
        try expectEqual(fields(todo(["SUMMARY:Milk", #"DESCRIPTION:line one\Nline two"#])).note, "line one\nline two")
        try expectEqual(fields(todo(["SUMMARY:Milk", #"DESCRIPTION:line one\nline two\, and \\N"#])).note, "line one\nline two, and \\N")
    }

    @Test("a line folded after every byte reads back")
    func deeplyFolded() throws {
        let summary = "SUMMARY:" + String(repeating: "x", count: 50_000)
        let folded = summary.map(String.init).joined(separator: "\r\n ")
        try expectEqual(fields(todo([folded])).text, String(repeating: "x", count: 50_000))
    }

    @Test("a huge file: 20,000 to-dos in one calendar, each its own object")
    func huge() throws {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
        for index in 0..<20_000 { text += "BEGIN:VTODO\r\nUID:u\(index)\r\nSUMMARY:Item \(index)\r\nDUE:20261124T080000Z\r\nEND:VTODO\r\n" }
        text += "END:VCALENDAR\r\n"
        let objects = CalendarMapping.objects(in: try ICalendarReader.parse(Array(text.utf8)), makeUID: { "" }).objects
        expectEqual(objects.count, 20_000)
        expectEqual(mapping.fields(of: objects[19_999])?.text, "Item 19999")
    }

    @Test("broken structure is refused with its line; nesting without end is refused, not recursed into", arguments: [
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nEND:VCALENDAR\r\n", "line 3: END:VCALENDAR where END:VTODO (opened on line 2) was expected"),
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n", "line 2: BEGIN:VTODO is never closed by END:VTODO"),
        ("BEGIN:VCALENDAR\r\nno colon here\r\nEND:VCALENDAR\r\n", "line 2: not an iCalendar line (NAME:value)"),
        ("END:VTODO\r\n", "line 1: END:VTODO closes nothing"),
        ("BEGIN:VCALENDAR\r\nX;P=\"open:v\r\nEND:VCALENDAR\r\n", "line 2: a quoted parameter value of X is never closed"),
        (String(repeating: "BEGIN:X\r\n", count: 100_000), "line 17: components nested deeper than 16 levels"),
    ])
    func refused(text: String, message: String) {
        #expect(throws: ICalendarError.self) { try ICalendarReader.parse(Array(text.utf8)) }
        do { _ = try ICalendarReader.parse(Array(text.utf8)) } catch { expectEqual(error.description, message) }
    }

    @Test("an unchanged to-do is written back exactly; properties and components we do not model survive an edit")
    func keepsTheUnknown() throws {
        let original = todo(["SUMMARY:Milk", "DUE;TZID=Europe/Berlin:20261124T090000", "X-ODD;X-P=\"a:b\",c:value; with \\, escapes",
                             "BEGIN:X-THING", "A:1", "END:X-THING", "BEGIN:VALARM", "ACTION:EMAIL", "TRIGGER:-PT5M", "END:VALARM"])
        let object = try ICalendarReader.parse(original)[0]
        let fields = try #require(mapping.fields(of: object))
        #expect(!fields.shouldRemind)   // an e-mail alarm is not our reminder
        let stamps = CalendarStamps(modifiedAt: Fixed.now, completedAt: nil)
        expectEqual(ICalendarWriter.text(mapping.merge(fields, stamps: stamps, into: object)), String(decoding: original, as: UTF8.self))
        var edited = fields
        edited.dueDate = Timestamp.parse("2026-11-25T09:00:00+01:00")
        edited.shouldRemind = true
        let text = ICalendarWriter.text(mapping.merge(edited, stamps: stamps, into: object))
        for line in ["DUE;TZID=Europe/Berlin:20261125T090000", "X-ODD;X-P=\"a:b\",c:value; with \\, escapes", "BEGIN:X-THING", "A:1",
                     "ACTION:EMAIL", "TRIGGER;RELATED=END:PT0S", "DTSTAMP:20261121T103000Z"] {
            #expect(text.contains(line + "\r\n"), "\(line)")
        }
        #expect(mapping.fields(of: try ICalendarReader.parse(Array(text.utf8))[0]) == edited)
    }

    @Test("another app's start date stays when the due date we write is later than it or at it; is dropped when it is after it; takes DUE's type",
          arguments: [
              // DTSTART as the other app wrote it, the due date we write, DTSTART as written then (nil: none).
              ("DTSTART:20300110T090000Z", "2030-01-12 09:00", "DTSTART:20300110T090000Z"),
              ("DTSTART:20300110T090000Z", "2030-01-08 09:00", nil),
              ("DTSTART:20300110T090000Z", "2030-01-10 09:00", "DTSTART:20300110T090000Z"),
              ("DTSTART;VALUE=DATE:20300105", "2030-01-12 09:00", "DTSTART:20300104T230000Z"),
              ("DTSTART;TZID=Europe/Berlin:20300110T090000", "2030-01-12 09:00", "DTSTART;TZID=Europe/Berlin:20300110T090000"),
              ("DTSTART;TZID=Europe/Berlin:20300110T090000", "2030-01-10 08:00", "DTSTART;TZID=Europe/Berlin:20300110T090000"),
          ] as [(String, String, String?)])
    func startBeforeDue(start: String, due: String, kept: String?) throws {
        let object = try ICalendarReader.parse(todo(["DTSTAMP:20260101T000000Z", "SUMMARY:Tax return", start, "DUE:20300115T090000Z"]))[0]
        var fields = try #require(mapping.fields(of: object))
        fields.dueDate = Fixed.date(due)
        let written = ICalendarWriter.text(mapping.merge(fields, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: object))
        expectEqual(written.contains("\r\n" + (kept ?? "DTSTART") + "\r\n"), (kept != nil), "\(written)")
        expectEqual(written.contains("DTSTART"), (kept != nil))
        #expect(mapping.fields(of: try ICalendarReader.parse(Array(written.utf8))[0])?.dueDate == Fixed.date(due))
    }

    @Test("a start date and due date we do not change stay as the other app wrote them, valid or not")
    func startUntouched() throws {
        let original = todo(["DTSTAMP:20260101T000000Z", "SUMMARY:Odd", "DTSTART:20300120T090000Z", "DUE:20300115T090000Z"])
        let object = try ICalendarReader.parse(original)[0]
        var fields = try #require(mapping.fields(of: object))
        expectEqual(ICalendarWriter.text(mapping.merge(fields, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: object)), String(decoding: original, as: UTF8.self))
        // Another change rewrites the to-do: its DTSTART must not leave it invalid.
        fields.text = "Odd, renamed"
        let written = ICalendarWriter.text(mapping.merge(fields, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: object))
        #expect(!written.contains("DTSTART"))
    }
}
