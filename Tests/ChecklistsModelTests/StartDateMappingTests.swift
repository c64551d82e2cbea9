import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// DTSTART in iCalendar: the start of a to-do that does not repeat when it
/// is before DUE; of a repeating one when less than one repeat before DUE
/// (else where the repeat counts from); written with DUE's value type.
@Suite("Start dates in iCalendar")
struct StartDateMappingTests {
    /// A user in Berlin (+01:00 in November); Saturday 21 November 2026.
    let mapping = CalendarMapping(timeZone: TimeZone(identifier: "Europe/Berlin")!, now: Fixed.now)
    let stamps = CalendarStamps(modifiedAt: Fixed.now, completedAt: nil)

    private func object(_ lines: [String]) throws -> ICalComponent { try otherAppTodo(lines) }

    private func berlin(_ text: String) -> Date { Fixed.date(text, timeZone: "Europe/Berlin") }

    private func fields(_ lines: [String]) throws -> CalendarFields {
        try #require(mapping.fields(of: try object(lines)))
    }

    /// The object's text after `change` to the fields read from it.
    private func written(_ lines: [String], _ change: (inout CalendarFields) -> Void) throws -> String {
        let original = try object(lines)
        var fields = try #require(mapping.fields(of: original))
        change(&fields)
        let merged = mapping.merge(fields, stamps: stamps, into: original)
        // Whatever is written reads back as what was asked.
        expectEqual(mapping.fields(of: merged), fields)
        return ICalendarWriter.text(merged)
    }

    // MARK: - Reading

    @Test("a to-do without a repeat: DTSTART before DUE is its start, as a DATE (midnight there), with a TZID, in UTC or floating, in whole minutes",
          arguments: [
              ("DTSTART;VALUE=DATE:20261123", "DUE;VALUE=DATE:20261125", "2026-11-23 00:00"),
              ("DTSTART:20261123", "DUE:20261125T170000Z", "2026-11-23 00:00"),
              ("DTSTART;TZID=Europe/Berlin:20261123T090000", "DUE;TZID=Europe/Berlin:20261127T170000", "2026-11-23 09:00"),
              ("DTSTART:20261123T080000Z", "DUE:20261127T160000Z", "2026-11-23 09:00"),
              ("DTSTART:20261123T090000", "DUE:20261127T170000", "2026-11-23 09:00"),
              ("DTSTART:20261123T080045Z", "DUE:20261127T160000Z", "2026-11-23 09:00"),
          ])
    func readBeforeDue(start: String, due: String, expected: String) throws {
        let read = try fields([start, due])
        expectEqual(read.startDate, berlin(expected))
        #expect(read.recurrence == nil)
    }

    @Test("without DUE any DTSTART is the start")
    func readWithoutDue() throws {
        try expectEqual(fields(["DTSTART;VALUE=DATE:20261130"]).startDate, berlin("2026-11-30 00:00"))
        try expectEqual(fields(["DTSTART:20261130T080000Z"]).startDate, berlin("2026-11-30 09:00"))
    }

    @Test("DTSTART after DUE is no start; kept as written while nothing changes, dropped when the to-do is written again")
    func afterDueIgnored() throws {
        let lines = ["DTSTART:20261130T080000Z", "DUE:20261127T160000Z", "X-OTHER:1"]
        let original = try object(lines)
        let read = try #require(mapping.fields(of: original))
        #expect(read.startDate == nil)
        expectEqual(mapping.merge(read, stamps: stamps, into: original), original)
        let renamed = try written(lines) { $0.text = "Oat milk" }
        #expect(!renamed.contains("DTSTART") && renamed.contains("X-OTHER:1\r\n") && renamed.contains("DUE:20261127T160000Z\r\n"), "\(renamed)")
    }

    @Test("DTSTART equal to DUE (as Apple writes every dated reminder) is no start, and follows DUE when it moves here")
    func equalToDueIsNoStart() throws {
        let lines = ["DTSTART;TZID=Europe/Berlin:20261124T090000", "DUE;TZID=Europe/Berlin:20261124T090000"]
        #expect(try fields(lines).startDate == nil)
        let moved = try written(lines) { $0.dueDate = berlin("2026-11-25 10:00") }
        #expect(moved.contains("DTSTART;TZID=Europe/Berlin:20261125T100000\r\n") && moved.contains("DUE;TZID=Europe/Berlin:20261125T100000\r\n"),
                "\(moved)")
    }

    @Test("a repeat with DTSTART less than one repeat before DUE: the start, the rule read from DUE's day, the repeat counted from DUE")
    func repeatingLead() throws {
        // tasks.org: weekly on Friday's BYDAY, started on the Monday before.
        let read = try fields(["RRULE:FREQ=WEEKLY;BYDAY=FR", "DTSTART;TZID=Europe/Berlin:20261123T090000", "DUE;TZID=Europe/Berlin:20261127T170000"])
        expectEqual(read.recurrence, .weeks(1))
        expectEqual(read.startDate, berlin("2026-11-23 09:00"))
        expectEqual(read.repeatStart, berlin("2026-11-27 17:00"))
        // Daily, started the same morning.
        let daily = try fields(["RRULE:FREQ=DAILY", "DTSTART:20261123T070000Z", "DUE:20261123T160000Z"])
        #expect(daily.recurrence == .days(1) && daily.startDate == berlin("2026-11-23 08:00") && daily.repeatStart == daily.dueDate)
    }

    @Test("a repeat with DTSTART one repeat or more before DUE, or at DUE: where the repeat counts from, no start", arguments: [
        ("RRULE:FREQ=MONTHLY", "DTSTART:20261030T090000Z", "DUE:20261130T090000Z", Recurrence.monthly),
        ("RRULE:FREQ=WEEKLY", "DTSTART:20261120T160000Z", "DUE:20261127T160000Z", .weeks(1)),
        ("RRULE:FREQ=WEEKLY;BYDAY=FR", "DTSTART:20261127T160000Z", "DUE:20261127T160000Z", .weeks(1)),
        ("RRULE:FREQ=DAILY;INTERVAL=2", "DTSTART:20261101T160000Z", "DUE:20261127T160000Z", .days(2)),
    ] as [(String, String, String, Recurrence)])
    func repeatingSeriesStart(rule: String, start: String, due: String, expected: Recurrence) throws {
        let read = try fields([rule, start, due])
        expectEqual(read.recurrence, expected)
        #expect(read.startDate == nil)
        expectEqual(read.repeatStart, ICalZones(local: mapping.timeZone, calendar: nil).date(ICalProperty(name: "DTSTART", value: String(start.dropFirst(8)))))
    }

    // MARK: - Writing

    @Test("a start set here takes DUE's form: TZID, UTC, floating, a DATE for a midnight with a DATE due", arguments: [
        ("DUE;TZID=Europe/Berlin:20261127T170000", "2026-11-23 09:00", "DTSTART;TZID=Europe/Berlin:20261123T090000"),
        ("DUE:20261127T160000Z", "2026-11-23 09:00", "DTSTART:20261123T080000Z"),
        ("DUE:20261127T170000", "2026-11-23 09:00", "DTSTART:20261123T090000"),
        ("DUE;VALUE=DATE:20261127", "2026-11-23 00:00", "DTSTART;VALUE=DATE:20261123"),
        ("DUE:20261127T160000Z", "2026-11-23 00:00", "DTSTART:20261122T230000Z"),
    ])
    func writtenLikeDue(due: String, start: String, line: String) throws {
        let text = try written([due]) { $0.startDate = berlin(start) }
        #expect(text.contains(line + "\r\n") && text.contains(due + "\r\n"), "\(text)")
    }

    @Test("a start with a time and a DATE due: DUE becomes a DATE-TIME too, as RFC 5545 wants one value type for both")
    func dateDueWithTimedStart() throws {
        let text = try written(["DUE;VALUE=DATE:20261127"]) { $0.startDate = berlin("2026-11-23 09:00") }
        #expect(text.contains("DUE:20261126T230000Z\r\n") && text.contains("DTSTART:20261123T080000Z\r\n"), "\(text)")
    }

    @Test("without DUE: a start at midnight is a DATE, one with a time is UTC; removing it removes DTSTART")
    func writtenWithoutDue() throws {
        let day = try written([]) { $0.startDate = berlin("2026-11-30 00:00") }
        #expect(day.contains("DTSTART;VALUE=DATE:20261130\r\n"), "\(day)")
        let timed = try written([]) { $0.startDate = berlin("2026-11-30 09:15") }
        #expect(timed.contains("DTSTART:20261130T081500Z\r\n"), "\(timed)")
        let removed = try written(["DTSTART;VALUE=DATE:20261123", "DUE;VALUE=DATE:20261125"]) { $0.startDate = nil }
        #expect(!removed.contains("DTSTART") && removed.contains("DUE;VALUE=DATE:20261125\r\n"), "\(removed)")
    }

    @Test("another app's start, unchanged, stays in its form (a DATE stays a DATE) when the text changes; moves to DUE's type when DUE does")
    func keptInItsForm() throws {
        let lines = ["DTSTART;VALUE=DATE:20261123", "DUE;VALUE=DATE:20261125"]
        let renamed = try written(lines) { $0.text = "Oat milk" }
        #expect(renamed.contains("DTSTART;VALUE=DATE:20261123\r\n") && renamed.contains("DUE;VALUE=DATE:20261125\r\n"), "\(renamed)")
        let movedDay = try written(lines) { $0.dueDate = berlin("2026-11-26 00:00") }
        #expect(movedDay.contains("DTSTART;VALUE=DATE:20261123\r\n") && movedDay.contains("DUE;VALUE=DATE:20261126\r\n"), "\(movedDay)")
        let timedDue = try written(lines) { $0.dueDate = berlin("2026-11-25 10:00") }
        #expect(timedDue.contains("DTSTART:20261122T230000Z\r\n") && timedDue.contains("DUE:20261125T090000Z\r\n"), "\(timedDue)")
    }

    @Test("a repeating item's start is DTSTART, with the rule; removing it puts back the series start, the due date")
    func repeatingWritten() throws {
        var fields = CalendarFields(uid: "w", text: "Timesheet", dueDate: berlin("2026-11-27 17:00"), recurrence: .weeks(1),
                                    repeatStart: berlin("2026-11-27 17:00"), startDate: berlin("2026-11-23 09:00"))
        let made = mapping.merge(fields, stamps: stamps, into: nil)
        let text = ICalendarWriter.text(made)
        #expect(text.contains("RRULE:FREQ=WEEKLY\r\n") && text.contains("DTSTART:20261123T080000Z\r\n") && text.contains("DUE:20261127T160000Z\r\n"),
                "\(text)")
        expectEqual(mapping.fields(of: made), fields)
        fields.startDate = nil
        let removed = mapping.merge(fields, stamps: stamps, into: made)
        #expect(ICalendarWriter.text(removed).contains("DTSTART:20261127T160000Z\r\n"))
        expectEqual(mapping.fields(of: removed), fields)
        // A start of a repeat or more before the due date cannot be told
        // from the series start: it is not written.
        fields.startDate = berlin("2026-11-19 09:00")
        #expect(mapping.fields(of: mapping.merge(fields, stamps: stamps, into: made))?.startDate == nil)
    }

    @Test("checking off tasks.org's weekly to-do here moves DUE and DTSTART together; its RRULE stays as written")
    func checkedOffRepeat() throws {
        let lines = ["RRULE:FREQ=WEEKLY;BYDAY=FR", "DTSTART;TZID=Europe/Berlin:20261123T090000", "DUE;TZID=Europe/Berlin:20261127T170000"]
        let text = try written(lines) { fields in
            // What the storage does at a check-off.
            fields.dueDate = berlin("2026-12-04 17:00")
            fields.startDate = StartDate.moved(fields.startDate!, from: berlin("2026-11-27 17:00"), to: berlin("2026-12-04 17:00"), recurrence: .weeks(1),
                                               calendar: mapping.calendar)
            fields.repeatStart = fields.dueDate
        }
        #expect(text.contains("RRULE:FREQ=WEEKLY;BYDAY=FR\r\n") && text.contains("DTSTART;TZID=Europe/Berlin:20261130T090000\r\n")
                && text.contains("DUE;TZID=Europe/Berlin:20261204T170000\r\n"), "\(text)")
    }

    @Test("the first DTSTART added to a to-do keeps its relative alarms relative to DUE, where they were")
    func alarmsStayRelatedToDue() throws {
        let lines = ["DUE:20261127T160000Z", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:x", "END:VALARM"]
        try expectEqual(fields(lines).reminders, [.beforeDue(minutes: 15)])
        let text = try written(lines) { $0.startDate = berlin("2026-11-23 09:00") }
        #expect(text.contains("TRIGGER;RELATED=END:-PT15M\r\n") && text.components(separatedBy: "BEGIN:VALARM").count == 2, "\(text)")
    }

    @Test("a to-do whose fields did not change is written back byte for byte", arguments: [
        ["DTSTART;VALUE=DATE:20261123", "DUE;VALUE=DATE:20261125"],
        ["RRULE:FREQ=WEEKLY;BYDAY=FR", "DTSTART;TZID=Europe/Berlin:20261123T090000", "DUE;TZID=Europe/Berlin:20261127T170000"],
        ["DTSTART:20261130T080000Z", "DUE:20261127T160000Z"],
        ["DTSTART:20261123T080045Z"],
    ])
    func unchanged(lines: [String]) throws {
        let original = try object(lines)
        #expect(mapping.merge(try #require(mapping.fields(of: original)), stamps: stamps, into: original) == original)
    }
}
