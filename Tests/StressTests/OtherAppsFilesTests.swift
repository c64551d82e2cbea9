import Foundation
import Testing
import ChecklistsModel
import ChecklistsStress
import TestSupport

/// The files other apps write (the fuzzer's seeds) give the due time,
/// start, reminders, priority and tags they mean, and an edit here keeps
/// everything else they wrote.
@Suite("Other apps' files")
struct OtherAppsFilesTests {
    /// Saturday 21 November 2026, 10:30 UTC, a user in Berlin.
    let mapping = CalendarMapping(timeZone: TimeZone(identifier: "Europe/Berlin")!, now: Fixed.now)

    private func fields(_ app: String) throws -> (CalendarFields, ICalComponent) {
        let index = try #require(ICalendarFuzzer.corpusApps.firstIndex(of: app))
        let components = try ICalendarReader.parse(Array(ICalendarFuzzer.corpus[index].utf8))
        let objects = CalendarMapping.objects(in: components, makeUID: { "made" }).objects
        let object = try #require(objects.first)
        return (try #require(mapping.fields(of: object)), object)
    }

    private func utc(_ text: String) -> Date { Timestamp.parse(text)! }

    @Test("Apple Reminders: DUE with TZID and its VTIMEZONE, an absolute trigger at the due time is Remind Me, DTSTART at DUE no start")
    func apple() throws {
        let (fields, _) = try fields("Apple Reminders")
        expectEqual(fields, CalendarFields(uid: "2C3A7F0E-8B1D-4E55-9C2A-0D1E2F3A4B5C", text: "Buy milk", dueDate: utc("2026-11-24T09:00:00+01:00"),
                                         shouldRemind: true))
    }

    @Test("tasks.org: a DATE due and start are midnight starting that day; the alarm at the due date; PRIORITY:1 is high")
    func tasksOrg() throws {
        let (fields, object) = try fields("tasks.org")
        // Its DESCRIPTION is the note.
        expectEqual(fields, CalendarFields(uid: "7366123045921184315", text: "Call the dentist", dueDate: utc("2026-11-25T00:00:00+01:00"),
                                         shouldRemind: true, note: "Ask about\nthe bill",
                                         priority: .high, tags: ["health", "calls"], startDate: utc("2026-11-23T00:00:00+01:00")))
        // Moved a day, done here: the DATE stays a DATE; the rest stays as written.
        var edited = fields
        edited.dueDate = utc("2026-11-26T00:00:00+01:00")
        edited.isChecked = true
        let text = ICalendarWriter.text(mapping.merge(edited, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: object))
        for line in ["DUE;VALUE=DATE:20261126", "DTSTART;VALUE=DATE:20261123", "DESCRIPTION:Ask about\\nthe bill", "PRIORITY:1", "CATEGORIES:health,calls",
                     "X-APPLE-SORT-ORDER:-1234", "CREATED:20261120T101000Z", "STATUS:COMPLETED", "COMPLETED:20261121T103000Z",
                     "PERCENT-COMPLETE:100", "LAST-MODIFIED:20261121T103000Z", "TRIGGER;RELATED=END:PT0S"] {
            #expect(text.contains(line + "\r\n"), "\(line)")
        }
    }

    @Test("Thunderbird: a zone Foundation does not know is read by its VTIMEZONE, DTSTART too; a trigger before DTSTART is kept, not ours")
    func thunderbird() throws {
        let (fields, object) = try fields("Thunderbird")
        // November: standard time, +01:00. In progress is not done. The
        // alarm is related to the start: another app's, never rung here.
        expectEqual(fields, CalendarFields(uid: "d1a2b3c4-5e6f-7a8b-9c0d-e1f2a3b4c5d6", text: "Renew the passport",
                                         dueDate: utc("2026-11-26T17:00:00+01:00"), startDate: utc("2026-11-26T08:00:00+01:00")))
        var edited = fields
        edited.reminders = [.beforeDue(minutes: 60)]
        let text = ICalendarWriter.text(mapping.merge(edited, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: object))
        #expect(text.contains("TRIGGER;VALUE=DURATION;RELATED=START:-PT15M\r\n"))
        #expect(text.contains("TRIGGER;RELATED=END:-PT1H\r\n"))
        #expect(mapping.fields(of: try ICalendarReader.parse(Array(text.utf8))[0])?.reminders == [.beforeDue(minutes: 60)])
        // July: the DAYLIGHT rule (last Sunday of March), +02:00.
        var summer = object
        let todo = summer.components.firstIndex { $0.name == "VTODO" }!
        summer.components[todo].replace(with: ICalProperty(name: "DUE", parameters: [ICalParameter(name: "TZID", value: "W. Europe Standard Time")],
                                                           value: "20270715T170000"))
        expectEqual(mapping.fields(of: summer)?.dueDate, utc("2027-07-15T17:00:00+02:00"))
    }

    @Test("Nextcloud Tasks: floating times in the user's zone, completed, a rule we cannot keep stays the other app's, its DTSTART the start")
    func nextcloud() throws {
        let (fields, object) = try fields("Nextcloud Tasks")
        expectEqual(fields, CalendarFields(uid: "a7b9c2d4-e1f3-4a5b-8c6d-0e9f1a2b3c4d", text: "Water the plants",
                                         dueDate: utc("2026-11-21T08:00:00+01:00"), isChecked: true, startDate: utc("2026-11-20T08:00:00+01:00"),
                                         parentUID: "f00dfeed-0000-4000-8000-000000000001"))
        var edited = fields
        edited.text = "Water the plants, all"
        let text = ICalendarWriter.text(mapping.merge(edited, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: object))
        for line in ["RRULE:FREQ=DAILY;COUNT=10", "RELATED-TO;RELTYPE=PARENT:f00dfeed-0000-4000-8000-000000000001", "X-OC-HIDESUBTASKS:0",
                     "DUE:20261121T080000", "DTSTART:20261120T080000", "COMPLETED:20261121T083000", "SUMMARY:Water the plants\\, all"] {
            #expect(text.contains(line + "\r\n"), "\(line)")
        }
    }

    @Test("todoman: UTC times, a monthly RRULE with its DTSTART; the VEVENT beside it is skipped")
    func todoman() throws {
        let (fields, _) = try fields("todoman")
        expectEqual(fields, CalendarFields(uid: "4fd3f5ac1c8d4a3a9f1b5d0e2c7a6b91@example.com", text: "Pay rent", dueDate: utc("2026-11-30T09:00:00+00:00"),
                                         recurrence: .monthly, repeatStart: utc("2026-10-30T09:00:00+00:00")))
        let components = try ICalendarReader.parse(Array(ICalendarFuzzer.corpus[4].utf8))
        expectEqual(CalendarMapping.objects(in: components, makeUID: { "made" }).skipped, ["VEVENT"])
    }

    @Test("tasks.org weekly: BYDAY of the due day and DTSTART the Monday before are a weekly repeat with a start; PRIORITY:5, a tag, an alarm")
    func tasksOrgWeekly() throws {
        let (fields, object) = try fields("tasks.org weekly")
        // The alarm related to the start is tasks.org's, never rung here.
        expectEqual(fields, CalendarFields(uid: "7366123045921184777", text: "Timesheet", dueDate: utc("2026-11-27T17:00:00+01:00"),
                                         recurrence: .weeks(1), repeatStart: utc("2026-11-27T17:00:00+01:00"), priority: .medium,
                                         reminders: [.beforeDue(minutes: 60)], tags: ["work"], startDate: utc("2026-11-23T09:00:00+01:00")))
        // Checked off here: the next Friday, started the Monday before.
        var done = fields
        done.dueDate = utc("2026-12-04T17:00:00+01:00")
        done.startDate = StartDate.moved(fields.startDate!, from: fields.dueDate!, to: done.dueDate!, recurrence: .weeks(1),
                                         calendar: mapping.calendar)
        done.repeatStart = done.dueDate
        let merged = mapping.merge(done, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: object)
        let text = ICalendarWriter.text(merged)
        for line in ["DTSTART;TZID=Europe/Berlin:20261130T090000", "DUE;TZID=Europe/Berlin:20261204T170000", "RRULE:FREQ=WEEKLY;BYDAY=FR",
                     "TRIGGER;RELATED=START:PT0S", "TRIGGER;RELATED=END:-PT1H", "PRIORITY:5", "CATEGORIES:work"] {
            #expect(text.contains(line + "\r\n"), "\(line)")
        }
        expectEqual(mapping.fields(of: merged), done)
    }

    @Test("tasks.org's sub-task: RELATED-TO;RELTYPE=PARENT names its parent; moved to the top level here, the line goes and the rest stays")
    func tasksOrgSubtask() throws {
        let (fields, object) = try fields("tasks.org subtask")
        expectEqual(fields, CalendarFields(uid: "2962419142319295270", text: "Find the missing albums", dueDate: nil, priority: .high,
                                         parentUID: "b42fa285-90ce-4e4a-833c-1fd6779fe952"))
        var top = fields
        top.parentUID = nil
        let text = ICalendarWriter.text(mapping.merge(top, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: object))
        #expect(!text.contains("RELATED-TO") && text.contains("X-APPLE-SORT-ORDER:-1235\r\n") && text.contains("PRIORITY:1\r\n"), "\(text)")
    }

    @Test("Nextcloud Tasks' earlier sub-task: RELATED-TO without RELTYPE is a parent (RFC 5545's default); a new parent is written with RELTYPE")
    func nextcloudSubtask() throws {
        let (fields, object) = try fields("Nextcloud Tasks subtask")
        #expect(fields.parentUID == "3o3al1t55r" && fields.text == "Subtask")
        var moved = fields
        moved.parentUID = "other-parent"
        let text = ICalendarWriter.text(mapping.merge(moved, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: object))
        #expect(text.contains("RELATED-TO;RELTYPE=PARENT:other-parent\r\n") && !text.contains("3o3al1t55r") && text.contains("X-OC-HIDESUBTASKS:0\r\n"))
    }

    @Test("a parent naming its child with RELTYPE=CHILD, beside a SIBLING: no parent here; both lines kept through an edit")
    func childAndSibling() throws {
        let (fields, object) = try fields("parent with CHILD")
        #expect(fields.parentUID == nil && fields.text == "Groceries")
        var edited = fields
        edited.isChecked = true
        let text = ICalendarWriter.text(mapping.merge(edited, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: object))
        #expect(text.contains("RELATED-TO;RELTYPE=CHILD:255ce6ca-fbae-4263-89c5-5743f8456b22\r\n")
                && text.contains("RELATED-TO;RELTYPE=SIBLING:0a1b2c3d-0000-4000-8000-000000000002\r\n") && text.contains("STATUS:COMPLETED\r\n"))
    }

    @Test("Apple's sub-task: RELATED-TO without RELTYPE names the parent; checked off here, the relation and Apple's lines stay as written")
    func appleSubtask() throws {
        let (fields, object) = try fields("Apple subtask")
        expectEqual(fields, CalendarFields(uid: "6F1B2D3C-4A5E-4F60-8B71-92A3B4C5D6E7", text: "Passport photos", dueDate: nil,
                                         parentUID: "2C3A7F0E-8B1D-4E55-9C2A-0D1E2F3A4B5C"))
        var done = fields
        done.isChecked = true
        let text = ICalendarWriter.text(mapping.merge(done, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: Fixed.now), into: object))
        #expect(text.contains("RELATED-TO:2C3A7F0E-8B1D-4E55-9C2A-0D1E2F3A4B5C\r\n") && text.contains("X-APPLE-SORT-ORDER:123457\r\n")
                && text.contains("STATUS:COMPLETED\r\n"), "\(text)")
    }

    @Test("each app's to-do, its text edited here: every other line it wrote is still there", arguments: ICalendarFuzzer.corpusApps)
    func textEditKeepsTheRest(app: String) throws {
        let (fields, object) = try fields(app)
        var edited = fields
        edited.text = "Edited here"
        let before = ICalendarWriter.text(object).components(separatedBy: "\r\n")
        let after = Set(ICalendarWriter.text(mapping.merge(edited, stamps: CalendarStamps(modifiedAt: Fixed.now, completedAt: nil), into: object))
            .components(separatedBy: "\r\n"))
        let changed = ["SUMMARY:", "DTSTAMP:", "LAST-MODIFIED:"]
        for line in before where !changed.contains(where: { line.hasPrefix($0) }) {
            #expect(after.contains(line), "\(app): \(line)")
        }
        #expect(after.contains("SUMMARY:Edited here"))
    }
}
