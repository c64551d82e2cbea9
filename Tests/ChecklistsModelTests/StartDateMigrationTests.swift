import Foundation
import GRDB
import Testing
@testable import ChecklistsModel
import TestSupport

/// v19: items imported or synced before starts were read keep the other
/// app's VTODO; its DTSTART becomes the item's start where the mapping now
/// reads one, so the row says what its kept object says and the next sync
/// sends nothing the user did not change.
@Suite("v19: start dates other apps wrote")
struct StartDateMigrationTests {
    let folder = TemporaryFolder()

    /// The zone v19 reads DATEs and floating times in: the process's.
    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar
    }

    private func object(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//EN", "BEGIN:VTODO", "UID:x", "SUMMARY:Task"] + lines
            + ["END:VTODO", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    private func at(_ text: String) -> Date { Fixed.instant(text) }

    /// Midnight, or a wall time, of a day in the process's zone.
    private func local(_ day: Int, _ hour: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour))!
    }

    /// One item as v18 stored it: the due date, repeat rule and series
    /// start its mapping read from the object (a repeat read by DTSTART's
    /// day, DTSTART its series start), and no start.
    private struct OldRow {
        var lines: [String]
        var due: Date?
        var repeatRule: String? = nil
        var repeatStart: Date? = nil
    }

    private func migrated(_ rows: [OldRow]) throws -> ChecklistsDatabase {
        let path = folder.file("old.sqlite")
        let queue = try olderDatabase(at: path, upTo: "v18: start dates")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO checklist (id, name) VALUES (1, 'List');
                INSERT INTO preference (key, value) VALUES ('initialized', '1');
                """)
            for (index, row) in rows.enumerated() {
                func seconds(_ date: Date?) -> Int64? { date.map { Int64($0.timeIntervalSince1970) } }
                try db.execute(sql: """
                    INSERT INTO item (id, checklistID, text, uid, dueAt, repeatRule, repeatStart, calendarObject) VALUES (?, 1, 'Task', ?, ?, ?, ?, ?)
                    """, arguments: [index + 1, "u\(index + 1)", seconds(row.due), row.repeatRule, seconds(row.repeatStart),
                                     row.lines.isEmpty ? nil : object(row.lines)])
            }
        }
        try queue.close()
        return try ChecklistsDatabase.open(DatabaseLocation(path: path, createsFolder: false), options: .init(busyTimeout: 1))
    }

    @Test("without a repeat: DTSTART before DUE becomes the start (a DATE at midnight there, a TZID, UTC); after or at DUE, or none, no start")
    func withoutRepeat() throws {
        defer { folder.remove() }
        let database = try migrated([
            OldRow(lines: ["DTSTART;VALUE=DATE:20261123", "DUE;VALUE=DATE:20261125"], due: local(25)),
            OldRow(lines: ["DTSTART;TZID=Europe/Berlin:20261126T080000", "DUE;TZID=Europe/Berlin:20261126T170000"],
                   due: at("2026-11-26T17:00:00+01:00")),
            OldRow(lines: ["DTSTART:20261123T080000Z", "DUE:20261127T160000Z"], due: at("2026-11-27T16:00:00Z")),
            OldRow(lines: ["DTSTART:20261130T080000Z", "DUE:20261127T160000Z"], due: at("2026-11-27T16:00:00Z")),
            OldRow(lines: ["DTSTART;TZID=Europe/Berlin:20261124T090000", "DUE;TZID=Europe/Berlin:20261124T090000"],
                   due: at("2026-11-24T09:00:00+01:00")),
            OldRow(lines: ["DUE:20261127T160000Z", "BEGIN:VALARM", "DTSTART:20261120T080000Z", "END:VALARM"], due: at("2026-11-27T16:00:00Z")),
            OldRow(lines: [], due: at("2026-11-27T16:00:00Z")),
            // Moved here before the start since: the start would be refused.
            OldRow(lines: ["DTSTART:20261123T080000Z", "DUE:20261127T160000Z"], due: at("2026-11-22T16:00:00Z")),
        ])
        #expect(try (1...8).map { try database.item(id: Int64($0))?.startDate } == [
            local(23), Fixed.instant("2026-11-26T08:00:00+01:00"), Fixed.instant("2026-11-23T08:00:00Z"), nil, nil, nil, nil, nil,
        ])
    }

    @Test("a repeat: DTSTART less than one repeat before DUE becomes the start and the repeat counts from DUE; a series start stays one")
    func repeating() throws {
        defer { folder.remove() }
        let database = try migrated([
            // Read by v18 as weekly from the Monday.
            OldRow(lines: ["RRULE:FREQ=WEEKLY", "DTSTART:20261123T080000Z", "DUE:20261127T160000Z"], due: at("2026-11-27T16:00:00Z"),
                   repeatRule: "FREQ=WEEKLY", repeatStart: at("2026-11-23T08:00:00Z")),
            // tasks.org's BYDAY of the due day: v18 could not read it by the Monday.
            OldRow(lines: ["RRULE:FREQ=WEEKLY;BYDAY=FR", "DTSTART;TZID=Europe/Berlin:20261123T090000", "DUE;TZID=Europe/Berlin:20261127T170000"],
                   due: at("2026-11-27T17:00:00+01:00")),
            // The series start, a month before.
            OldRow(lines: ["RRULE:FREQ=MONTHLY", "DTSTART:20261030T090000Z", "DUE:20261130T090000Z"], due: at("2026-11-30T09:00:00Z"),
                   repeatRule: "FREQ=MONTHLY", repeatStart: at("2026-10-30T09:00:00Z")),
            // Checked off here since: the start moves with the due date.
            OldRow(lines: ["RRULE:FREQ=WEEKLY", "DTSTART:20261123T080000Z", "DUE:20261127T160000Z"], due: at("2026-12-04T16:00:00Z"),
                   repeatRule: "FREQ=WEEKLY", repeatStart: at("2026-11-23T08:00:00Z")),
            // The repeat removed here: a start of the one occurrence.
            OldRow(lines: ["RRULE:FREQ=WEEKLY", "DTSTART:20261123T080000Z", "DUE:20261127T160000Z"], due: at("2026-11-27T16:00:00Z")),
        ])
        let items = try (1...5).map { try #require(try database.item(id: Int64($0))) }
        expectEqual(items.map(\.startDate), [Fixed.instant("2026-11-23T08:00:00Z"), Fixed.instant("2026-11-23T09:00:00+01:00"), nil,
                                           Fixed.instant("2026-11-30T08:00:00Z"), Fixed.instant("2026-11-23T08:00:00Z")])
        expectEqual(items.map(\.recurrence), [.weeks(1), .weeks(1), .monthly, .weeks(1), nil])
        expectEqual(items.map(\.repeatStart), [Fixed.instant("2026-11-27T16:00:00Z"), Fixed.instant("2026-11-27T17:00:00+01:00"),
                                             Fixed.instant("2026-10-30T09:00:00Z"), Fixed.instant("2026-12-04T16:00:00Z"), nil])
    }

    @Test("each row then says what the mapping reads from its kept object: start, repeat and where the repeat counts from")
    func agreesWithTheMapping() throws {
        defer { folder.remove() }
        let rows = [
            OldRow(lines: ["DTSTART;VALUE=DATE:20261123", "DUE;VALUE=DATE:20261125"], due: local(25)),
            OldRow(lines: ["DTSTART;TZID=Europe/Berlin:20261126T080000", "DUE;TZID=Europe/Berlin:20261126T170000"],
                   due: at("2026-11-26T17:00:00+01:00")),
            OldRow(lines: ["RRULE:FREQ=WEEKLY;BYDAY=FR", "DTSTART;TZID=Europe/Berlin:20261123T090000", "DUE;TZID=Europe/Berlin:20261127T170000"],
                   due: at("2026-11-27T17:00:00+01:00")),
            OldRow(lines: ["RRULE:FREQ=DAILY", "DTSTART:20261127T070000Z", "DUE:20261127T160000Z"], due: at("2026-11-27T16:00:00Z"),
                   repeatRule: "FREQ=DAILY", repeatStart: at("2026-11-27T07:00:00Z")),
            OldRow(lines: ["RRULE:FREQ=MONTHLY", "DTSTART:20261030T090000Z", "DUE:20261130T090000Z"], due: at("2026-11-30T09:00:00Z"),
                   repeatRule: "FREQ=MONTHLY", repeatStart: at("2026-10-30T09:00:00Z")),
            OldRow(lines: ["RRULE:FREQ=DAILY;COUNT=10", "DTSTART:20261120T080000", "DUE:20261121T080000"], due: local(21, 8)),
        ]
        let database = try migrated(rows)
        let mapping = CalendarMapping(timeZone: .current, now: Fixed.now)
        for (index, row) in rows.enumerated() {
            let read = try #require(mapping.fields(of: try ICalendarReader.parse(Array(object(row.lines).utf8))[0]))
            let item = try #require(try database.item(id: Int64(index + 1)))
            expectEqual(item.dueDate, read.dueDate, "\(row.lines)")
            expectEqual(item.startDate, read.startDate, "\(row.lines)")
            expectEqual(item.recurrence, read.recurrence, "\(row.lines)")
            #expect(item.recurrence == nil || item.repeatStart == read.repeatStart, "\(row.lines)")
        }
        #expect(try database.item(id: 3)?.startDate != nil && database.item(id: 5)?.startDate == nil)
    }
}
