import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// The next occurrence of a repeating item, as a pure function, and the
/// RRULE text each repeat is stored and exported as.
@Suite("Recurrence")
struct RecurrenceTests {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// A wall time in `zone`, "2026-03-07 09:00".
    static func local(_ text: String, _ zone: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    // (rule, series start, after, expected), all wall times in the zone.
    static let table: [(Recurrence, String, String, String, String)] = [
        // Every day, at 09:00 New York time across the spring and autumn changes.
        (.days(1), "America/New_York", "2026-03-07 09:00", "2026-03-07 09:00", "2026-03-08 09:00"),
        (.days(1), "America/New_York", "2026-03-07 09:00", "2026-03-08 09:00", "2026-03-09 09:00"),
        (.days(1), "America/New_York", "2026-10-31 09:00", "2026-11-01 09:00", "2026-11-02 09:00"),
        // Late: the first occurrence after now, not the one after the missed one.
        (.days(1), "UTC", "2026-11-01 09:00", "2026-11-21 10:30", "2026-11-22 09:00"),
        (.days(1), "UTC", "2026-11-01 09:00", "2026-11-21 08:59", "2026-11-21 09:00"),
        (.days(3), "UTC", "2026-11-01 09:00", "2026-11-01 09:00", "2026-11-04 09:00"),
        (.days(3), "UTC", "2026-11-01 09:00", "2026-11-21 10:30", "2026-11-22 09:00"),
        // Every week and every 2 weeks keep the weekday.
        (.weeks(1), "Europe/Berlin", "2026-03-23 08:00", "2026-03-23 08:00", "2026-03-30 08:00"),
        (.weeks(2), "UTC", "2026-11-02 09:00", "2026-11-21 10:30", "2026-11-30 09:00"),
        // Weekdays: Friday goes to Monday; Saturday now goes to Monday too.
        (.weekdays, "UTC", "2026-11-20 09:00", "2026-11-20 09:00", "2026-11-23 09:00"),
        (.weekdays, "UTC", "2026-11-16 09:00", "2026-11-21 10:30", "2026-11-23 09:00"),
        (.weekdays, "UTC", "2026-11-16 09:00", "2026-11-17 08:00", "2026-11-17 09:00"),
        (.weekdays, "America/New_York", "2026-03-06 09:00", "2026-03-06 09:00", "2026-03-09 09:00"),
        // Month ends: the start's day of the month, or the month's last day.
        (.monthly, "UTC", "2026-01-31 09:00", "2026-01-31 09:00", "2026-02-28 09:00"),
        (.monthly, "UTC", "2026-01-31 09:00", "2026-02-28 09:00", "2026-03-31 09:00"),
        (.monthly, "UTC", "2026-01-31 09:00", "2026-03-31 09:00", "2026-04-30 09:00"),
        (.monthly, "UTC", "2028-01-31 09:00", "2028-01-31 09:00", "2028-02-29 09:00"),
        (.monthly, "UTC", "2026-01-15 09:00", "2026-11-21 10:30", "2026-12-15 09:00"),
        // Leap days: Feb 29 goes to Feb 28, and back to Feb 29 in leap years.
        (.yearly, "UTC", "2028-02-29 09:00", "2028-02-29 09:00", "2029-02-28 09:00"),
        (.yearly, "UTC", "2028-02-29 09:00", "2031-03-01 09:00", "2032-02-29 09:00"),
        (.yearly, "Europe/Berlin", "2026-11-21 18:00", "2026-11-21 18:00", "2027-11-21 18:00"),
    ]

    @Test("the next occurrence: after the reference, counted from the series' start, in local wall time", arguments: table.indices)
    func nextOccurrence(index: Int) {
        let (rule, zone, start, after, expected) = Self.table[index]
        let next = rule.nextOccurrence(after: Self.local(after, zone), start: Self.local(start, zone), calendar: Self.calendar(zone))
        expectEqual(next, Self.local(expected, zone), "\(rule) from \(start) after \(after)")
    }

    @Test("an item moves to the first occurrence after both its due date and now")
    func itemNextDue() {
        let utc = Self.calendar("UTC")
        var item = Item(id: 1, checklistID: 1, text: "water", dueDate: Fixed.date("2026-11-25 09:00"), recurrence: .days(1),
                        repeatStart: Fixed.date("2026-11-20 09:00"))
        // Done early: the next after the due date.
        expectEqual(item.nextDueDate(now: Fixed.now, calendar: utc), Fixed.date("2026-11-26 09:00"))
        // Done late: the next after now.
        item.dueDate = Fixed.date("2026-11-10 09:00")
        expectEqual(item.nextDueDate(now: Fixed.now, calendar: utc), Fixed.date("2026-11-22 09:00"))
        item.dueDate = nil
        #expect(item.nextDueDate(now: Fixed.now, calendar: utc) == nil)
        item = Item(id: 1, checklistID: 1, text: "once", dueDate: Fixed.date("2026-11-25 09:00"))
        #expect(item.nextDueDate(now: Fixed.now, calendar: utc) == nil)
    }

    @Test("each repeat is one RRULE and reads back from it; phrases for the command line")
    func rrules() {
        let cases: [(Recurrence, String, String)] = [
            (.days(1), "FREQ=DAILY", "every day"),
            (.days(3), "FREQ=DAILY;INTERVAL=3", "every 3 days"),
            (.weekdays, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "weekdays"),
            (.weeks(1), "FREQ=WEEKLY", "every week"),
            (.weeks(2), "FREQ=WEEKLY;INTERVAL=2", "every 2 weeks"),
            (.monthly, "FREQ=MONTHLY", "every month"),
            (.yearly, "FREQ=YEARLY", "every year"),
        ]
        for (rule, text, name) in cases {
            expectEqual(rule.rrule, text)
            expectEqual(Recurrence(rrule: text), rule)
            expectEqual(rule.name, name)
            expectEqual(Recurrence(phrase: name), rule)
            expectEqual(Recurrence(phrase: text), rule)
        }
        expectEqual(Recurrence(rrule: "RRULE:interval=1;freq=daily"), .days(1))
        expectEqual(Recurrence(phrase: "Daily"), .days(1))
        expectEqual(Recurrence(phrase: "weekly"), .weeks(1))
        expectEqual(Recurrence(phrase: "every 1 weeks"), .weeks(1))
        for refused in ["FREQ=HOURLY", "FREQ=DAILY;COUNT=3", "FREQ=WEEKLY;BYDAY=SA", "FREQ=MONTHLY;INTERVAL=2", "FREQ=DAILY;INTERVAL=0",
                        "FREQ=DAILY;FREQ=DAILY", "every 0 days", "every 1000 days", "every 2 months", "fortnightly", ""] {
            #expect(Recurrence(phrase: refused) == nil, "\(refused)")
        }
        // What this app writes is read without the parse: the same rules come
        // back, and a text that only starts like one is still refused.
        expectEqual(Recurrence(rrule: "FREQ=DAILY;INTERVAL=999"), .days(999))
        expectEqual(Recurrence(rrule: "FREQ=WEEKLY;INTERVAL=1"), .weeks(1))
        for refused in ["FREQ=DAILY;INTERVAL=1000", "FREQ=DAILY;INTERVAL=0", "FREQ=DAILY;INTERVAL=-2", "FREQ=WEEKLY;INTERVAL=2;COUNT=3",
                        "FREQ=WEEKLY;INTERVAL=", "FREQ=DAILY;INTERVAL=2x", "FREQ=YEARLY;COUNT=2"] {
            #expect(Recurrence(rrule: refused) == nil, "\(refused)")
        }
    }

    @Test("rules other apps write that mean one of our repeats from the series' start read as that repeat; the rest stay unread",
          arguments: [
              // A Monday, 2030-01-07 09:00 UTC.
              ("FREQ=WEEKLY;BYDAY=MO", Recurrence.weeks(1)),
              ("FREQ=WEEKLY;WKST=MO", .weeks(1)),
              ("WKST=SU;FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", .weeks(2)),
              ("FREQ=WEEKLY;INTERVAL=1", .weeks(1)),
              ("FREQ=DAILY;INTERVAL=1;WKST=MO", .days(1)),
              ("FREQ=WEEKLY;BYDAY=FR,TH,WE,TU,MO", .weekdays),
              ("FREQ=WEEKLY;WKST=MO;BYDAY=MO,TU,WE,TH,FR", .weekdays),
              ("FREQ=MONTHLY;BYMONTHDAY=7", .monthly),
              ("FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=7", .monthly),
              ("FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=7", .yearly),
              ("FREQ=YEARLY;BYMONTH=1", .yearly),
              ("FREQ=YEARLY;BYMONTHDAY=7;BYMONTH=1;WKST=MO", .yearly),
              ("FREQ=WEEKLY;BYDAY=TU", nil),
              ("FREQ=WEEKLY;BYDAY=MO,WE", nil),
              ("FREQ=WEEKLY;BYDAY=1MO", nil),
              ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;INTERVAL=2", nil),
              ("FREQ=MONTHLY;BYMONTHDAY=8", nil),
              ("FREQ=MONTHLY;BYMONTHDAY=-1", nil),
              ("FREQ=MONTHLY;BYMONTH=1", nil),
              ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=7", nil),
              ("FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=8", nil),
              ("FREQ=WEEKLY;WKST=XX", nil),
              ("FREQ=WEEKLY;BYDAY=MO;COUNT=3", nil),
          ] as [(String, Recurrence?)])
    func rulesFromOtherApps(_ rule: String, _ expected: Recurrence?) throws {
        let mapping = CalendarMapping(timeZone: TimeZone(identifier: "UTC")!, now: Fixed.now)
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:other\r\nBEGIN:VTODO\r\nUID:r1\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Bins\r\n"
            + "DTSTART:20300107T090000Z\r\nDUE:20300107T090000Z\r\nRRULE:\(rule)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let object = try ICalendarReader.parse(Array(text.utf8))[0]
        let fields = try #require(mapping.fields(of: object))
        expectEqual(fields.recurrence, expected, "\(rule)")
        // Read as ours or not, the rule is written back as the other app
        // wrote it while the item does not change.
        let written = ICalendarWriter.text(mapping.merge(fields, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: object))
        expectEqual(written, text, "\(rule)")
    }
}
