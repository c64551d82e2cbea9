import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// `checklists sync` against Radicale and Xandikos, with another client no
/// one here wrote (the python `caldav` library) changing the same
/// calendars between our syncs.
@Suite("checklists sync beside another CalDAV client", .serialized)
struct SyncInteropTests {
    let folder = TemporaryFolder()

    /// Runs `body` with a fresh server of `kind`, our device on it, and
    /// the other client; stops the server and removes the folder after.
    private func scenario(_ kind: ServerKind, _ body: (_ server: any CalDAVTestServer, _ laptop: Device, _ other: OtherClient) throws -> Void) throws {
        defer { folder.remove() }
        let server = try kind.start(folder)
        defer { server.stop() }
        try body(server, Device(folder: folder, name: "laptop", url: server.url, authenticated: server.authenticated), OtherClient(url: server.url))
    }

    @Test("a to-do we sent and another client deleted before our next sync is deleted here", arguments: ServerKind.allCases)
    func deletedAfterOurPut(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop, other in
            laptop.run(["add", "--list", "List", "Milk"])
            laptop.run(["add", "--list", "List", "Bread"])
            expectEqual(laptop.sync(), [#""List": 2 sent"#])
            other.run(["delete", "List", try laptop.uid(of: "Milk")])
            expectEqual(laptop.sync(), [#""List": 1 deleted here"#])
            expectEqual(laptop.items(), ["Bread | -"])
            // The same after a sync that started from a kept token.
            laptop.run(["add", "--list", "List", "Eggs"])
            expectEqual(laptop.sync(), [#""List": 1 sent"#])
            other.run(["delete", "List", try laptop.uid(of: "Eggs")])
            expectEqual(laptop.sync(), [#""List": 1 deleted here"#])
            expectEqual(laptop.items(), ["Bread | -"])
            expectEqual(laptop.sync(), [#""List": up to date"#])
        }
    }

    @Test("another client's edits come down: its start before our due date is the item's; one after it is none, dropped when we write the to-do",
          arguments: ServerKind.allCases)
    func editedByAnotherClient(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop, other in
            laptop.run(["add", "--list", "List", "Tax return", "--due", "2030-01-20 09:00"])
            expectEqual(laptop.sync(), [#""List": 1 sent"#])
            let uid = try laptop.uid(of: "Tax return")
            other.run(["edit", "List", uid, "SUMMARY", "File the tax return"])
            other.run(["edit", "List", uid, "DTSTART", "20300110T090000Z"])
            expectEqual(laptop.sync(), [#""List": 1 received"#])
            expectEqual(laptop.items(), ["File the tax return | 2030-01-20T09:00:00+00:00"])
            let id = laptop.id(of: "File the tax return")
            try expectEqual(laptop.open().item(id: Int64(id)!)?.startDate, Fixed.instant("2030-01-10T09:00:00Z"))
            // Our due date cannot move before that start: refused, nothing to send.
            let refused = laptop.run(["edit", id, "--due", "2030-01-05 09:00"])
            #expect(refused.status == 2 && refused.output.contains("the start is not before the due date"), "\(refused.output)")
            expectEqual(laptop.sync(), [#""List": up to date"#])
            // A DTSTART after our due date is no start, and goes when we write the to-do.
            other.run(["edit", "List", uid, "DTSTART", "20300125T090000Z"])
            expectEqual(laptop.sync(), [#""List": 1 received"#])
            #expect(try laptop.open().item(id: Int64(id)!)?.startDate == nil)
            laptop.run(["edit", id, "--due", "2030-01-05 09:00"])
            expectEqual(laptop.sync(), [#""List": 1 sent"#])
            let href = try #require(try laptop.open().syncStates(calendarURL: try laptop.open().syncCalendars()[0].url).states.first?.href)
            let onServer = runCommand(["curl", "-s", "http://127.0.0.1:\(server.port)\(href)"]).output
            #expect(onServer.contains("DUE:20300105T090000Z") && !onServer.contains("DTSTART"), "\(onServer)")
        }
    }

    @Test("a to-do another client moved to another calendar moves to that list here, the same item, and nothing is said to have changed here",
          arguments: ServerKind.allCases)
    func movedByAnotherClient(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop, other in
            laptop.run(["new-list", "Home"])
            for text in ["Call the plumber", "Fix the tap", "Milk"] { laptop.run(["add", text, "--list", "List"]) }
            expectEqual(laptop.sync().sorted(), [#""Home": up to date"#, #""List": 3 sent"#])
            let ids = [laptop.id(of: "Call the plumber"), laptop.id(of: "Fix the tap")]
            for text in ["Call the plumber", "Fix the tap"] { other.run(["move", "List", "Home", try laptop.uid(of: text)]) }

            let lines = laptop.sync()
            expectEqual(lines.sorted(), [#""Home": 2 received"#, #""List": 2 moved to another list"#], "\(lines)")
            try expectEqual(laptop.placed(), ["Call the plumber in Home", "Fix the tap in Home", "Milk in List"])
            expectEqual([laptop.id(of: "Call the plumber"), laptop.id(of: "Fix the tap")], ids)
            expectEqual(laptop.sync().sorted(), [#""Home": up to date"#, #""List": up to date"#])
            // Moved back, and only the list it arrives in is synced (no
            // delete seen): it moves here all the same, as it did not change
            // here since the last sync.
            other.run(["move", "Home", "List", try laptop.uid(of: "Fix the tap")])
            let only = laptop.sync(["--list", "List"])
            expectEqual(only, [#""List": 1 received"#], "\(only)")
            try expectEqual(laptop.placed(), ["Call the plumber in Home", "Fix the tap in List", "Milk in List"])
            expectEqual(laptop.id(of: "Fix the tap"), ids[1])
            expectEqual(laptop.sync().sorted(), [#""Home": up to date"#, #""List": up to date"#])
        }
    }

    @Test("a to-do another client moved while it was edited here moves with the edit: one copy on the server, in its new calendar, either way round",
          arguments: ServerKind.allCases)
    func movedWhileEditedHere(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop, other in
            laptop.run(["new-list", "Home"])
            for text in ["Fix the tap", "Milk"] { laptop.run(["add", text, "--list", "List"]) }
            expectEqual(laptop.sync().sorted(), [#""Home": up to date"#, #""List": 2 sent"#])
            let id = laptop.id(of: "Fix the tap")
            let uid = try laptop.uid(of: "Fix the tap")
            // "Home" is synced first, then "List", and the move back below
            // goes the other way: both orders of seeing the delete and the arrival.
            for (from, to) in [("List", "Home"), ("Home", "List")] {
                other.run(["move", from, to, uid])
                other.run(["edit", to, uid, "DESCRIPTION", "washer 12 mm (\(to))"])
                laptop.run(["edit", id, "--due", to == "Home" ? "2030-02-01 09:00" : "2030-03-01 09:00"])

                let lines = laptop.sync()
                expectEqual(lines.sorted(), [#""\#(from)": 1 moved to another list"#, #""\#(to)": 1 sent, 1 received"#].sorted(), "\(lines)")
                try expectEqual(laptop.placed(), ["Fix the tap in \(to)", "Milk in List"].sorted())
                expectEqual(laptop.id(of: "Fix the tap"), id)
                let item = try #require(try laptop.open().item(id: Int64(id)!))
                expectEqual(item.note, "washer 12 mm (\(to))")
                expectEqual(item.dueDate, Fixed.instant(to == "Home" ? "2030-02-01T09:00:00Z" : "2030-03-01T09:00:00Z"))
                expectEqual(other.run(["uids", from]).contains(uid), false, "still in \(from) on the server")
                let there = other.run(["get", to, uid])
                #expect(there.contains(to == "Home" ? "DUE:20300201T090000Z" : "DUE:20300301T090000Z"), "\(there)")
                expectEqual(laptop.sync().sorted(), [#""Home": up to date"#, #""List": up to date"#])
            }
            // The copy that is left, edited there, comes down onto the same item.
            other.run(["edit", "List", uid, "SUMMARY", "Fix the kitchen tap"])
            expectEqual(laptop.sync().sorted(), [#""Home": up to date"#, #""List": 1 received"#])
            try expectEqual(laptop.placed(), ["Fix the kitchen tap in List", "Milk in List"])
        }
    }

    @Test("an item imported with Remind Me on but no pending reminder or change time is sent once, not at every sync",
          arguments: ServerKind.allCases)
    func importedReminderSentOnce(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop, other in
            let file = folder.file("import.json")
            try Data("""
                {"format": "checklists", "version": 3, "lists": [
                  {"id": 1, "name": "List", "items": [
                    {"id": 1, "text": "Dentist", "due": "2030-01-02T09:00:00Z", "checked": false, "remind": true}
                  ]}
                ]}
                """.utf8).write(to: URL(fileURLWithPath: file))
            let imported = laptop.run(["import", file])
            expectEqual(imported.status, 0, "\(imported.output)")
            expectEqual(laptop.sync(), [#""List": 1 sent"#])
            expectEqual(server.requests("PUT"), 1)
            expectEqual(laptop.sync(), [#""List": up to date"#])
            expectEqual(laptop.sync(), [#""List": up to date"#])
            expectEqual(server.requests("PUT"), 1)
        }
    }

    @Test("a calendar deleted on the server is said in one line; its list and items are kept here and the calendar is not made again until --recreate",
          arguments: ServerKind.allCases)
    func calendarDeletedOnServer(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop, other in
            laptop.run(["new-list", "Home"])
            laptop.run(["add", "Paint the door", "--list", "Home"])
            laptop.run(["add", "Milk", "--list", "List"])
            expectEqual(laptop.sync().sorted(), [#""Home": 1 sent"#, #""List": 1 sent"#])
            other.run(["delete-calendar", "Home"])
            let made = server.requests("MKCALENDAR")

            let gone = #""Home": its calendar was deleted on the server; the list is kept here and no longer synced; checklists sync --recreate Home makes it again"#
            expectEqual(laptop.sync().sorted(), [gone, #""List": up to date"#].sorted())
            let kept = try laptop.placed()
            expectEqual(kept, ["Milk in List", "Paint the door in Home"])
            laptop.run(["add", "Buy paint", "--list", "Home"])
            expectEqual(laptop.sync().sorted(), [gone, #""List": up to date"#].sorted())
            expectEqual(server.requests("MKCALENDAR"), made)
            let keptAgain = try laptop.placed()
            expectEqual(keptAgain, ["Buy paint in Home", "Milk in List", "Paint the door in Home"])

            expectEqual(laptop.sync(["--recreate", "Home"]).sorted(), [#""Home": 2 sent"#, #""List": up to date"#])
            expectEqual(server.requests("MKCALENDAR"), made + 1)
            expectEqual(laptop.sync().sorted(), [#""Home": up to date"#, #""List": up to date"#])
        }
    }

    @Test("a to-do another client wrote with several alarms shows its reminders here; edited here, the alarms we did not change stay on the server",
          arguments: ServerKind.allCases)
    func severalAlarmsFromAnotherClient(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop, other in
            expectEqual(laptop.sync(), [#""List": up to date"#])
            let text = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Nextcloud Tasks v0.16.0", "BEGIN:VTODO", "UID:rent-2030",
                "DTSTAMP:20260101T000000Z", "SUMMARY:Pay rent", "DUE:20300201T090000Z",
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Pay rent", "TRIGGER;RELATED=END:-PT1H", "END:VALARM",
                "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER;VALUE=DATE-TIME:20300131T180000Z", "END:VALARM",
                "BEGIN:VALARM", "ACTION:EMAIL", "ATTENDEE:mailto:me@example.org", "SUMMARY:Rent", "DESCRIPTION:Pay rent",
                "TRIGGER;RELATED=END:-P2D", "END:VALARM",
                "END:VTODO", "END:VCALENDAR", "",
            ].joined(separator: "\r\n")
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file("rent.ics")))
            other.run(["put", "List", "rent-2030", folder.file("rent.ics")])
            expectEqual(laptop.sync(), [#""List": 1 received"#])
            let listed = laptop.run(["list", "--json"]).output
            #expect(listed.contains(#""reminders": [{"before": "1h"}, {"at": "2030-01-31T18:00:00+00:00"}], "nextReminder": "2030-01-31T18:00:00+00:00""#), "\(listed)")
            // Here: the hour before goes, a day before comes.
            let id = laptop.id(of: "Pay rent")
            expectEqual(laptop.run(["edit", id, "--no-remind-before", "1h", "--remind-before", "1d"]).status, 0)
            expectEqual(laptop.sync(), [#""List": 1 sent"#])
            let href = try #require(try laptop.open().syncStates(calendarURL: try laptop.open().syncCalendars()[0].url).states.first?.href)
            let onServer = runCommand(["curl", "-s", "http://127.0.0.1:\(server.port)\(href)"]).output
            for kept in ["ACTION:AUDIO\r\nTRIGGER;VALUE=DATE-TIME:20300131T180000Z", "ATTENDEE:mailto:me@example.org",
                         "TRIGGER;RELATED=END:-P2D", "TRIGGER;RELATED=END:-P1D"] {
                #expect(onServer.contains(kept), "\(kept) in \(onServer)")
            }
            #expect(!onServer.contains("-PT1H"), "\(onServer)")
            expectEqual(laptop.sync(), [#""List": up to date"#])
        }
    }

    @Test("events in a calendar of to-dos are neither fetched nor named; a to-do that cannot be read still is", arguments: ServerKind.allCases)
    func eventsBesideToDos(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop, other in
            // Another app's calendar, for events and to-dos alike.
            other.run(["make-calendar", "Mixed"])
            func put(_ name: String, _ component: String) throws {
                let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:other\r\n\(component)END:VCALENDAR\r\n"
                try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file(name + ".ics")))
                other.run(["put", "Mixed", name, folder.file(name + ".ics")])
            }
            func event(_ index: Int) throws {
                try put("event-\(index)", "BEGIN:VEVENT\r\nUID:event-\(index)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20300101T090000Z\r\nSUMMARY:Meeting \(index)\r\nEND:VEVENT\r\n")
            }
            func todo(_ text: String) throws {
                try put(text, "BEGIN:VTODO\r\nUID:\(text)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:\(text)\r\nEND:VTODO\r\n")
            }
            for index in 1...3 { try event(index) }
            try todo("Bread")
            // Every request goes through a proxy that writes it down.
            let proxy = try RecordingProxy(folder: folder, upstream: server.port)
            defer { proxy.stop() }
            var laptop = laptop
            laptop.url = proxy.url
            // The first listing, then what changed there (sync-collection):
            // only the to-dos are fetched and said.
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Mixed": 1 received"#])
            try event(4)
            try todo("Eggs")
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Mixed": 1 received"#])
            expectEqual(laptop.items(), ["Bread | -", "Eggs | -"])
            let sent = proxy.requests().map { $0.method + " " + $0.body.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
            #expect(sent.contains("calendar-multiget") && !sent.contains("event-"), "\(sent)")
            // Xandikos takes a to-do with an empty UID (Radicale refuses it).
            if server is XandikosServer {
                try put("broken", "BEGIN:VTODO\r\nUID:\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:No UID\r\nEND:VTODO\r\n")
                let database = try laptop.open()
                let mixed = try #require(try database.checklists().first { $0.name == "Mixed" }?.id)
                let calendar = try #require(try database.syncCalendars().first { $0.checklistID == mixed }?.url)
                expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Mixed": up to date"#,
                                                   "skipped \(calendar)broken.ics on the server: it holds no to-do with a UID"])
            }
        }
    }
}

extension Device {
    /// The iCalendar UID of the item with this text.
    func uid(of text: String) throws -> String {
        let entries = try open().snapshot().lists.flatMap(\.items)
        return try #require(entries.first { $0.item.text == text }?.uid)
    }

    /// Every item as "text in list", sorted.
    func placed() throws -> [String] {
        try open().snapshot().lists.flatMap { list in list.items.map { "\($0.item.text) in \(list.checklist.name)" } }.sorted()
    }
}
