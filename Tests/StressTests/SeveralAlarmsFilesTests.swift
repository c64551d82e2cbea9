import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// To-dos with several VALARMs, in the shapes tasks.org, Thunderbird,
/// Nextcloud Tasks and Apple Reminders write them: the alarms we can place
/// are this app's reminders; the others (EMAIL, related to a start, after
/// the due time) are kept as written and never rung; an edit here rewrites
/// only the alarms of reminders added or removed.
@Suite("Several alarms in other apps' files")
struct SeveralAlarmsFilesTests {
    /// Saturday 21 November 2026, 10:30 UTC, a user in Berlin.
    let mapping = CalendarMapping(timeZone: TimeZone(identifier: "Europe/Berlin")!, now: Fixed.now)

    static func todo(_ prodid: String, _ body: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(prodid)\r\nBEGIN:VTODO\r\n" + body.replacingOccurrences(of: "\n", with: "\r\n")
            + "END:VTODO\r\nEND:VCALENDAR\r\n"
    }

    static let tasksOrg = todo("+//IDN tasks.org//android-130804//EN", """
        UID:7366123045921184999
        SUMMARY:Pay rent
        DUE:20261201T090000Z
        DTSTART:20261130T090000Z
        BEGIN:VALARM
        TRIGGER;RELATED=END:PT0S
        ACTION:DISPLAY
        DESCRIPTION:Default Tasks.org description
        END:VALARM
        BEGIN:VALARM
        TRIGGER;RELATED=END:-PT1H
        ACTION:DISPLAY
        DESCRIPTION:Default Tasks.org description
        END:VALARM
        BEGIN:VALARM
        TRIGGER;RELATED=START:PT0S
        ACTION:DISPLAY
        DESCRIPTION:Default Tasks.org description
        END:VALARM

        """)

    static let thunderbird = todo("-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", """
        UID:d1a2b3c4-5e6f-7a8b-9c0d-e1f2a3b4c5ff
        SUMMARY:Renew the passport
        DUE:20261202T160000Z
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;VALUE=DURATION;RELATED=END:-P1D
        DESCRIPTION:Mozilla Alarm: Renew the passport
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;VALUE=DURATION:-PT15M
        DESCRIPTION:Mozilla Alarm: Renew the passport
        END:VALARM
        BEGIN:VALARM
        ACTION:EMAIL
        TRIGGER;VALUE=DURATION;RELATED=END:-PT30M
        ATTENDEE:mailto:me@example.org
        SUMMARY:Passport
        DESCRIPTION:Mozilla Alarm: Renew the passport
        END:VALARM

        """)

    static let nextcloud = todo("-//Nextcloud Tasks v0.16.0", """
        UID:a7b9c2d4-e1f3-4a5b-8c6d-0e9f1a2b3c99
        SUMMARY:Water the plants
        DUE:20261124T080000
        BEGIN:VALARM
        ACTION:AUDIO
        TRIGGER;RELATED=END:-PT15M
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;VALUE=DATE-TIME:20261123T180000Z
        DESCRIPTION:Water the plants
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;RELATED=END:PT1H
        DESCRIPTION:after the due time
        END:VALARM

        """)

    static let apple = todo("-//Apple Inc.//iOS 17.0//EN", """
        UID:2C3A7F0E-8B1D-4E55-9C2A-0D1E2F3A4B99
        SUMMARY:Buy milk
        DUE:20261124T080000Z
        X-APPLE-SORT-ORDER:-1234
        BEGIN:VALARM
        X-WR-ALARMUID:8E1F
        UID:8E1F
        TRIGGER;VALUE=DATE-TIME:20261124T080000Z
        ACTION:DISPLAY
        DESCRIPTION:Reminder
        END:VALARM
        BEGIN:VALARM
        X-WR-ALARMUID:9A2B
        UID:9A2B
        TRIGGER;VALUE=DATE-TIME:20261123T193000Z
        ACTION:DISPLAY
        DESCRIPTION:Reminder
        END:VALARM

        """)

    private func object(_ text: String) throws -> ICalComponent {
        try #require(try ICalendarReader.parse(Array(text.utf8)).first)
    }

    private func utc(_ text: String) -> Date { Timestamp.parse(text)! }

    /// The file as we would write it back with `change` made to its fields.
    private func edited(_ text: String, _ change: (inout CalendarFields) -> Void) throws -> String {
        let original = try object(text)
        var fields = try #require(mapping.fields(of: original))
        change(&fields)
        return ICalendarWriter.text(mapping.merge(fields, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: original))
    }

    /// The VALARM blocks of a written file, as text.
    private func alarms(_ text: String) -> [String] {
        text.components(separatedBy: "BEGIN:VALARM\r\n").dropFirst().map { "BEGIN:VALARM\r\n" + $0.components(separatedBy: "END:VALARM\r\n")[0] + "END:VALARM\r\n" }
    }

    @Test("tasks.org: alarms at and an hour before DUE are reminders; the one at the start is kept and not one; DTSTART the day before is the start")
    func tasksOrgShape() throws {
        #expect(mapping.fields(of: try object(Self.tasksOrg))?.reminders == [.atDue, .beforeDue(minutes: 60)])
        #expect(mapping.fields(of: try object(Self.tasksOrg))?.startDate == utc("2026-11-30T09:00:00Z"))
        let written = try edited(Self.tasksOrg) { $0.reminders = [.atDue, .beforeDue(minutes: 24 * 60)] }
        let before = alarms(Self.tasksOrg), after = alarms(written)
        // The hour before went, a day before came; the others are as written.
        expectEqual(after.count, 3)
        #expect(after.contains(before[0]) && after.contains(before[2]) && !after.contains(before[1]))
        #expect(written.contains("TRIGGER;RELATED=END:-P1D\r\n"))
        #expect(mapping.fields(of: try object(written))?.reminders == [.atDue, .beforeDue(minutes: 24 * 60)])
    }

    @Test("Thunderbird: RELATED=END and a relative trigger in a to-do without a start are reminders; the EMAIL alarm is kept")
    func thunderbirdShape() throws {
        #expect(mapping.fields(of: try object(Self.thunderbird))?.reminders == [.beforeDue(minutes: 15), .beforeDue(minutes: 24 * 60)])
        // Only the text changes: every alarm stays byte for byte.
        let renamed = try edited(Self.thunderbird) { $0.text = "Renew both passports" }
        expectEqual(alarms(renamed), alarms(Self.thunderbird))
        // All reminders removed here: the EMAIL alarm is not ours and stays.
        let cleared = try edited(Self.thunderbird) { $0.reminders = [] }
        expectEqual(alarms(cleared), [alarms(Self.thunderbird)[2]])
    }

    @Test("Nextcloud Tasks: AUDIO before a floating DUE and an absolute DISPLAY are reminders; one after DUE is kept")
    func nextcloudShape() throws {
        let fields = try #require(mapping.fields(of: try object(Self.nextcloud)))
        expectEqual(fields.dueDate, utc("2026-11-24T08:00:00+01:00"))
        expectEqual(fields.reminders, [.beforeDue(minutes: 15), .at(utc("2026-11-23T18:00:00Z"))])
        let written = try edited(Self.nextcloud) { $0.reminders.removeAll { $0 == .beforeDue(minutes: 15) } }
        expectEqual(alarms(written), Array(alarms(Self.nextcloud).dropFirst()))
    }

    @Test("Apple Reminders: an absolute alarm at the due time is Remind Me, one the evening before is a reminder at its time")
    func appleShape() throws {
        #expect(mapping.fields(of: try object(Self.apple))?.reminders == [.atDue, .at(utc("2026-11-23T19:30:00Z"))])
        let written = try edited(Self.apple) { $0.shouldRemind = false }
        expectEqual(alarms(written), [alarms(Self.apple)[1]])
        #expect(written.contains("X-APPLE-SORT-ORDER:-1234\r\n"))
    }
}
