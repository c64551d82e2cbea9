import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Start dates through `checklists sync`, with the to-dos Apple Reminders,
/// tasks.org, Thunderbird and Nextcloud Tasks write (`FieldsInteropTests.
/// otherApps`) put on Radicale and Xandikos by another client (the python
/// `caldav` library), which reads back what the server holds after our edits.
@Suite("start dates beside other apps, through a real server", .serialized)
struct StartDatesInteropTests {
    let folder = TemporaryFolder()

    private func scenario(_ kind: ServerKind, _ body: (_ server: any CalDAVTestServer, _ laptop: Device, _ other: OtherClient) throws -> Void) throws {
        defer { folder.remove() }
        let server = try kind.start(folder)
        defer { server.stop() }
        try body(server, Device(folder: folder, name: "laptop", url: server.url, authenticated: server.authenticated), OtherClient(url: server.url))
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
            other.run(["make-calendar", "Phone"])
            for (name, todo) in FieldsInteropTests.otherApps {
                let file = folder.file(name + ".ics")
                try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//\(name)//EN\r\n\(todo)END:VCALENDAR\r\n".utf8).write(to: URL(fileURLWithPath: file))
                other.run(["put", "Phone", name, file])
            }
            #expect(laptop.sync().sorted() == [#""List": up to date"#, #""Phone": 4 received"#])
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
            #expect(laptop.sync().sorted() == [#""List": up to date"#, #""Phone": 4 sent"#])
            for (name, todo) in FieldsInteropTests.otherApps {
                let got = other.run(["get", "Phone", uid(todo)])
                #expect(got.contains(" soon"), "\(name): \(got)")
                for line in kept(todo) { #expect(got.contains(line), "\(name): \(line) in \(got)") }
                #expect(got.components(separatedBy: "BEGIN:VALARM").count == todo.components(separatedBy: "BEGIN:VALARM").count, "\(name): \(got)")
            }

            // tasks.org's weekly one checked off here: next Friday, started the Monday before.
            laptop.run(["done", laptop.id(of: "Water the plants soon")])
            #expect(laptop.sync().sorted() == [#""List": up to date"#, #""Phone": 1 sent"#])
            let done = other.run(["get", "Phone", "tasks-org-1"])
            #expect(done.contains("DTSTART:20300114T080000Z") && done.contains("DUE:20300118T160000Z")
                    && done.contains("RRULE:FREQ=WEEKLY;BYDAY=FR") && !done.contains("STATUS:COMPLETED"), "\(done)")

            // A start set here on Apple's reminder reaches the other client as DTSTART.
            var draft = try item("Pay rent soon").draft
            draft.startDate = Fixed.instant("2030-01-08T09:00:00Z")
            try database.apply(.updateItem(id: try item("Pay rent soon").id, draft), now: Date())
            #expect(laptop.sync().sorted() == [#""List": up to date"#, #""Phone": 1 sent"#])
            let started = other.run(["get", "Phone", "apple-1"])
            #expect(started.contains("DTSTART:20300108T090000Z") && started.contains("DUE:20300110T090000Z")
                    && started.contains("X-APPLE-SORT-ORDER:28"), "\(started)")
            // Nothing changed since: nothing is sent.
            let puts = server.requests("PUT")
            #expect(laptop.sync().sorted() == [#""List": up to date"#, #""Phone": up to date"#])
            #expect(server.requests("PUT") == puts)
        }
    }
}
