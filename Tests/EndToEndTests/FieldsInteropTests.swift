import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Priority and start dates (and what other apps write beside them) through
/// `checklists sync`, with to-dos in the shapes Apple Reminders, tasks.org,
/// Thunderbird and Nextcloud Tasks write, put on Radicale and Xandikos by
/// another client (the python `caldav` library), which also reads back
/// what the server holds after our edits.
@Suite("priority and start dates beside other apps, through a real server", .serialized)
struct FieldsInteropTests {
    let folder = TemporaryFolder()

    /// The to-dos as each app writes them (trimmed to what matters here,
    /// with each app's own X- properties, which must survive our edits):
    /// Apple's DTSTART at the due time, tasks.org's weekly repeat on the
    /// due day started the Monday before, Thunderbird's start with a time,
    /// Nextcloud's DATE start and due, and alarms related to each end.
    static let otherApps: [(name: String, todo: String)] = [
        ("apple", """
            BEGIN:VTODO\r
            CREATED:20260101T100000Z\r
            UID:apple-1\r
            SUMMARY:Pay rent\r
            PRIORITY:1\r
            DTSTAMP:20260101T100000Z\r
            LAST-MODIFIED:20260101T100000Z\r
            X-APPLE-SORT-ORDER:28\r
            STATUS:NEEDS-ACTION\r
            DTSTART:20300110T090000Z\r
            DUE:20300110T090000Z\r
            BEGIN:VALARM\r
            X-WR-ALARMUID:8E1F\r
            UID:8E1F\r
            TRIGGER;VALUE=DATE-TIME:20300110T090000Z\r
            ACTION:DISPLAY\r
            DESCRIPTION:Reminder\r
            END:VALARM\r
            END:VTODO\r

            """),
        ("tasks-org", """
            BEGIN:VTODO\r
            DTSTAMP:20260101T100000Z\r
            UID:tasks-org-1\r
            CREATED:20260101T100000Z\r
            LAST-MODIFIED:20260101T100000Z\r
            SUMMARY:Water the plants\r
            PRIORITY:5\r
            CATEGORIES:home,garden\r
            X-APPLE-SORT-ORDER:0\r
            RRULE:FREQ=WEEKLY;BYDAY=FR\r
            DTSTART:20300107T080000Z\r
            DUE:20300111T160000Z\r
            BEGIN:VALARM\r
            TRIGGER;RELATED=END:-PT1H\r
            ACTION:DISPLAY\r
            DESCRIPTION:Default Tasks.org description\r
            END:VALARM\r
            BEGIN:VALARM\r
            TRIGGER;RELATED=START:PT0S\r
            ACTION:DISPLAY\r
            DESCRIPTION:Default Tasks.org description\r
            END:VALARM\r
            END:VTODO\r

            """),
        ("thunderbird", """
            BEGIN:VTODO\r
            CREATED:20260101T100000Z\r
            LAST-MODIFIED:20260101T100000Z\r
            DTSTAMP:20260101T100000Z\r
            UID:thunderbird-1\r
            SUMMARY:Book flights\r
            PRIORITY:9\r
            CATEGORIES:Travel\r
            X-MOZ-GENERATION:1\r
            DTSTART:20300114T080000Z\r
            DUE:20300115T170000Z\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER;VALUE=DURATION;RELATED=START:-PT15M\r
            DESCRIPTION:Default Mozilla Description\r
            END:VALARM\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER;VALUE=DURATION;RELATED=END:-P1D\r
            DESCRIPTION:Default Mozilla Description\r
            END:VALARM\r
            END:VTODO\r

            """),
        ("nextcloud", """
            BEGIN:VTODO\r
            UID:nextcloud-1\r
            CREATED:20260101T100000Z\r
            LAST-MODIFIED:20260101T100000Z\r
            DTSTAMP:20260101T100000Z\r
            SUMMARY:Renew the passport\r
            PRIORITY:3\r
            PERCENT-COMPLETE:0\r
            X-OC-HIDESUBTASKS:0\r
            DTSTART;VALUE=DATE:20300107\r
            DUE;VALUE=DATE:20300109\r
            END:VTODO\r

            """),
    ]

    private func scenario(_ kind: ServerKind, _ body: (_ server: any CalDAVTestServer, _ laptop: Device, _ other: OtherClient) throws -> Void) throws {
        defer { folder.remove() }
        let server = try kind.start(folder)
        defer { server.stop() }
        try body(server, Device(folder: folder, name: "laptop", url: server.url, authenticated: server.authenticated), OtherClient(url: server.url))
    }

    /// Each app's to-do put by the other client in a new calendar "Phone".
    private func putOtherApps(_ other: OtherClient) throws {
        other.run(["make-calendar", "Phone"])
        for (name, todo) in Self.otherApps {
            let file = folder.file(name + ".ics")
            try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//\(name)//EN\r\n\(todo)END:VCALENDAR\r\n".utf8).write(to: URL(fileURLWithPath: file))
            other.run(["put", "Phone", name, file])
        }
    }

    /// Every item as "text: priority", sorted, from `list --all --json`.
    private func priorities(_ device: Device) -> [String] {
        let listed = device.run(["list", "--all", "--json"]).output
        let array = (try? JSONSerialization.jsonObject(with: Data(listed.utf8))) as? [[String: Any]] ?? []
        return array.map { "\($0["text"] as? String ?? "?"): \($0["priority"] as? String ?? "?")" }.sorted()
    }

    @Test("other apps' PRIORITY shows as its level; edited here, what we did not change stays on the server; a change on each side keeps both",
          arguments: ServerKind.allCases)
    func priorityFromOtherApps(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop, other in
            try putOtherApps(other)
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 4 received"#])
            expectEqual(priorities(laptop), ["Book flights: low", "Pay rent: high", "Renew the passport: high", "Water the plants: medium"])
            // The rows say so too.
            let listed = laptop.run(["list", "--list", "Phone"]).output
            #expect(listed.contains("!!! Pay rent") && listed.contains("!! Water the plants") && listed.contains("! Book flights"), "\(listed)")

            // Edited here: the text of one, the priority of another.
            laptop.run(["edit", laptop.id(of: "Renew the passport"), "--text", "Renew both passports"])
            laptop.run(["edit", laptop.id(of: "Book flights"), "--priority", "high"])
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 2 sent"#])
            let nextcloud = other.run(["get", "Phone", "nextcloud-1"])
            #expect(nextcloud.contains("SUMMARY:Renew both passports") && nextcloud.contains("PRIORITY:3")
                    && nextcloud.contains("X-OC-HIDESUBTASKS:0") && nextcloud.contains("PERCENT-COMPLETE:0"), "\(nextcloud)")
            let thunderbird = other.run(["get", "Phone", "thunderbird-1"])
            #expect(thunderbird.contains("PRIORITY:1") && !thunderbird.contains("PRIORITY:9") && thunderbird.contains("CATEGORIES:Travel")
                    && thunderbird.contains("X-MOZ-GENERATION:1"), "\(thunderbird)")
            // Nothing changed since: nothing is sent.
            let puts = server.requests("PUT")
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": up to date"#])
            expectEqual(server.requests("PUT"), puts)

            // Both sides change the same to-do, each a different field: both stay.
            other.run(["edit", "Phone", "apple-1", "PRIORITY", "9"])
            laptop.run(["edit", laptop.id(of: "Pay rent"), "--text", "Pay the rent"])
            _ = laptop.sync()
            #expect(priorities(laptop).contains("Pay the rent: low"))
            let apple = other.run(["get", "Phone", "apple-1"])
            #expect(apple.contains("SUMMARY:Pay the rent") && apple.contains("PRIORITY:9") && apple.contains("X-APPLE-SORT-ORDER:28"), "\(apple)")
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": up to date"#])
        }
    }

    private func uid(_ todo: String) -> String {
        todo.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) } ?? "?"
    }

    /// The lines of a to-do that say its dates, repeat, priority, tags and
    /// its app's own properties: what an edit of the text here must keep.
    private func kept(_ todo: String) -> [String] {
        todo.components(separatedBy: "\r\n").filter { line in
            ["DTSTART", "DUE", "RRULE", "PRIORITY", "CATEGORIES", "X-", "PERCENT-COMPLETE", "STATUS"].contains { line.hasPrefix($0) }
        }
    }

    @Test("other apps' starts read as each means them; the text edited here, DTSTART and the rest stay on the server; a check-off moves DUE and DTSTART; a start set here arrives as DTSTART",
          arguments: ServerKind.allCases)
    func startsBesideOtherApps(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop, other in
            try putOtherApps(other)
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 4 received"#])
            let database = try laptop.open()
            func item(_ text: String) throws -> Item {
                try #require(try database.listedItems(checklistID: nil, includeChecked: true, dueFrom: nil, before: nil).first { $0.item.text == text }?.item)
            }
            // Apple's DTSTART at the due time is no start.
            let rent = try item("Pay rent")
            #expect(rent.startDate == nil && rent.dueDate == Fixed.instant("2030-01-10T09:00:00Z") && rent.shouldRemind)
            // tasks.org: weekly from Friday, started the Monday before.
            let plants = try item("Water the plants")
            #expect(plants.recurrence == .weeks(1) && plants.startDate == Fixed.instant("2030-01-07T08:00:00Z")
                    && plants.dueDate == Fixed.instant("2030-01-11T16:00:00Z"))
            #expect(plants.priority == .medium && plants.tags == ["home", "garden"] && plants.reminders == [.beforeDue(minutes: 60)])
            let flights = try item("Book flights")
            #expect(flights.startDate == Fixed.instant("2030-01-14T08:00:00Z") && flights.priority == .low && flights.tags == ["Travel"]
                    && flights.reminders == [.beforeDue(minutes: 24 * 60)])
            // Nextcloud's DATEs: midnight starting each day (the sync runs in UTC).
            let passport = try item("Renew the passport")
            #expect(passport.startDate == Fixed.instant("2030-01-07T00:00:00Z") && passport.dueDate == Fixed.instant("2030-01-09T00:00:00Z")
                    && passport.priority == .high)

            // The text edited here on each: everything else stays as written.
            for text in ["Pay rent", "Water the plants", "Book flights", "Renew the passport"] {
                laptop.run(["edit", laptop.id(of: text), "--text", text + " soon"])
            }
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 4 sent"#])
            for (name, todo) in Self.otherApps {
                let got = other.run(["get", "Phone", uid(todo)])
                #expect(got.contains(" soon"), "\(name): \(got)")
                for line in kept(todo) { #expect(got.contains(line), "\(name): \(line) in \(got)") }
                expectEqual(got.components(separatedBy: "BEGIN:VALARM").count, todo.components(separatedBy: "BEGIN:VALARM").count, "\(name): \(got)")
            }

            // tasks.org's weekly one checked off here: next Friday, started the Monday before.
            laptop.run(["done", laptop.id(of: "Water the plants soon")])
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 1 sent"#])
            let done = other.run(["get", "Phone", "tasks-org-1"])
            #expect(done.contains("DTSTART:20300114T080000Z") && done.contains("DUE:20300118T160000Z")
                    && done.contains("RRULE:FREQ=WEEKLY;BYDAY=FR") && !done.contains("STATUS:COMPLETED"), "\(done)")

            // A start set here on Apple's reminder reaches the other client as DTSTART.
            var draft = try item("Pay rent soon").draft
            draft.startDate = Fixed.instant("2030-01-08T09:00:00Z")
            try database.apply(.updateItem(id: try item("Pay rent soon").id, draft), now: Date())
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 1 sent"#])
            let started = other.run(["get", "Phone", "apple-1"])
            #expect(started.contains("DTSTART:20300108T090000Z") && started.contains("DUE:20300110T090000Z")
                    && started.contains("X-APPLE-SORT-ORDER:28"), "\(started)")
            // Nothing changed since: nothing is sent.
            let puts = server.requests("PUT")
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": up to date"#])
            expectEqual(server.requests("PUT"), puts)
        }
    }
}
