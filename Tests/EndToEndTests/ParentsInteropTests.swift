import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Sub-items through `checklists sync` beside another client (the python
/// `caldav` library) on Radicale and Xandikos: the parents it names with
/// RELATED-TO, in tasks.org's shape (RELTYPE=PARENT) and Nextcloud Tasks'
/// older one (no RELTYPE), link here in whatever order they arrive; one
/// whose parent is in another calendar stays at the top level with its
/// relation untouched; a sub-item made here arrives with RELATED-TO; a
/// cycle is told once; a family moved here moves on the server.
@Suite("sub-items beside another client, through a real server", .serialized)
struct ParentsInteropTests {
    let folder = TemporaryFolder()

    private func todo(_ uid: String, _ summary: String, _ lines: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//EN", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20260101T100000Z",
          "LAST-MODIFIED:20260101T100000Z", "SUMMARY:\(summary)"] + lines + ["END:VTODO", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    private func put(_ other: OtherClient, _ calendar: String, _ uid: String, _ summary: String, _ lines: [String] = []) throws {
        let file = folder.file(uid + ".ics")
        try Data(todo(uid, summary, lines).utf8).write(to: URL(fileURLWithPath: file))
        other.run(["put", calendar, uid, file])
    }

    /// Each item by text: "list: parent text" when linked, "list: ?uid" when
    /// unlinked, "list: -" at the top level.
    private func families(_ database: ChecklistsDatabase) throws -> [String: String] {
        let snapshot = try database.snapshot()
        let texts = Dictionary(uniqueKeysWithValues: snapshot.lists.flatMap(\.items).map { ($0.item.id, $0.item.text) })
        var shown: [String: String] = [:]
        for list in snapshot.lists {
            for entry in list.items {
                let item = entry.item
                shown[item.text] = list.checklist.name + ": "
                    + (item.parentID.map { texts[$0] ?? "?" } ?? item.unlinkedParentUID.map { "?" + $0 } ?? "-")
            }
        }
        return shown
    }

    /// A server of `kind` with two calendars the other client made, "Phone" and "Work".
    private func scenario(_ kind: ServerKind, _ body: (_ server: any CalDAVTestServer, _ laptop: Device, _ other: OtherClient) throws -> Void) throws {
        defer { folder.remove() }
        let server = try kind.start(folder)
        defer { server.stop() }
        let other = OtherClient(url: server.url)
        other.run(["make-calendar", "Phone"])
        other.run(["make-calendar", "Work"])
        try body(server, Device(folder: folder, name: "laptop", url: server.url, authenticated: server.authenticated), other)
    }

    @Test("parents the other client names link here; one in another calendar stays unlinked and untouched; ours arrive as RELATED-TO",
          arguments: ServerKind.allCases)
    func besideAnotherClient(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop, other in
            // The grandchild and the child before their parent.
            try put(other, "Phone", "socks-1", "Socks", ["RELATED-TO:pack-1"])
            try put(other, "Phone", "pack-1", "Pack", ["RELATED-TO;RELTYPE=PARENT:trip-1", "X-APPLE-SORT-ORDER:3"])
            try put(other, "Phone", "trip-1", "Trip", ["RELATED-TO;RELTYPE=CHILD:pack-1"])
            try put(other, "Work", "visa-1", "Visa", ["RELATED-TO;RELTYPE=PARENT:trip-1", "RELATED-TO;RELTYPE=SIBLING:pack-1"])
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 3 received"#, #""Work": 1 received"#])
            let database = try laptop.open()
            try expectEqual(families(database), ["Socks": "Phone: Pack", "Pack": "Phone: Trip", "Trip": "Phone: -", "Visa": "Work: ?trip-1"])

            // Nothing changed: nothing sent. The text of the one whose parent
            // is elsewhere edited here: its relations stay as written.
            let puts = server.requests("PUT")
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": up to date"#, #""Work": up to date"#])
            expectEqual(server.requests("PUT"), puts)
            laptop.run(["edit", laptop.id(of: "Visa"), "--text", "Visa forms"])
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": up to date"#, #""Work": 1 sent"#])
            let visa = other.run(["get", "Work", "visa-1"])
            #expect(visa.contains("SUMMARY:Visa forms") && visa.contains("RELATED-TO;RELTYPE=PARENT:trip-1")
                    && visa.contains("RELATED-TO;RELTYPE=SIBLING:pack-1"), "\(visa)")

            // A sub-item made here: the other client reads RELATED-TO;RELTYPE=PARENT.
            let trip = try #require(try database.snapshot().lists.flatMap(\.items).first { $0.uid == "trip-1" }?.item.id)
            guard case let .item(tickets) = try database.apply(.addSubItem(parentID: trip, ItemDraft(text: "Tickets", dueDate: nil)), now: Date()) else {
                Issue.record("no sub-item")
                return
            }
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 1 sent"#, #""Work": up to date"#])
            let ticketsUID = try #require(try database.snapshot().lists.flatMap(\.items).first { $0.item.id == tickets }?.uid)
            let sent = other.run(["get", "Phone", ticketsUID])
            #expect(sent.contains("SUMMARY:Tickets") && sent.contains("RELATED-TO;RELTYPE=PARENT:trip-1"), "\(sent)")
            // The other client's lines on the parent and the child stay.
            #expect(other.run(["get", "Phone", "trip-1"]).contains("RELATED-TO;RELTYPE=CHILD:pack-1"))
            #expect(other.run(["get", "Phone", "pack-1"]).contains("RELATED-TO;RELTYPE=PARENT:trip-1"))
        }
    }

    // Catches the parent deleted here with the rest of what the server
    // deleted: the sub-item just added under it went to the top level,
    // naming a parent that no longer exists anywhere.
    @Test("a parent the other client deletes while a sub-item is added under it here is kept, and said so; both go up linked",
          arguments: ServerKind.allCases)
    func parentDeletedWhileSubItemAdded(_ kind: ServerKind) throws {
        try scenario(kind) { _, laptop, other in
            try put(other, "Phone", "trip-1", "Trip")
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 1 received"#, #""Work": up to date"#])
            other.run(["delete", "Phone", "trip-1"])
            laptop.run(["add", "--list", "Phone", "Tickets", "--parent", laptop.id(of: "Trip")])
            let lines = laptop.sync()
            #expect(lines.contains(#"kept "Trip": deleted on the server but a sub-item was added or changed under it here"#), "\(lines)")
            try expectEqual(families(laptop.open()), ["Trip": "Phone: -", "Tickets": "Phone: Trip"])
            #expect(other.run(["get", "Phone", "trip-1"]).contains("SUMMARY:Trip"))
            let ticketsUID = try #require(try laptop.open().snapshot().lists.flatMap(\.items).first { $0.item.text == "Tickets" }?.uid)
            #expect(other.run(["get", "Phone", ticketsUID]).contains("RELATED-TO;RELTYPE=PARENT:trip-1"))
        }
    }

    @Test("a cycle on the server is broken and told once; a family moved here to another list moves between calendars whole",
          arguments: ServerKind.allCases)
    func cycleAndMove(_ kind: ServerKind) throws {
        try scenario(kind) { _, laptop, other in
            try put(other, "Phone", "a-1", "Egg", ["RELATED-TO:b-1"])
            try put(other, "Phone", "b-1", "Hen", ["RELATED-TO:a-1"])
            try put(other, "Phone", "trip-1", "Trip")
            try put(other, "Phone", "pack-1", "Pack", ["RELATED-TO;RELTYPE=PARENT:trip-1"])
            try put(other, "Work", "visa-1", "Visa", ["RELATED-TO;RELTYPE=PARENT:trip-1"])
            let first = laptop.sync()
            expectEqual(first.sorted(), [#""List": up to date"#, #""Phone": 4 received"#, #""Work": 1 received"#,
                                       #"1 to-do(s) on the server name a parent that would make a cycle; shown at the top level, their relations kept: "Hen""#],
                    "\(first)")
            let database = try laptop.open()
            try expectEqual(families(database), ["Egg": "Phone: Hen", "Hen": "Phone: ?a-1", "Trip": "Phone: -", "Pack": "Phone: Trip",
                                               "Visa": "Work: ?trip-1"])
            // Changed again on the server, still a cycle: not told again.
            other.run(["edit", "Phone", "b-1", "SUMMARY", "Hen house"])
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 1 received"#, #""Work": up to date"#])
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": up to date"#, #""Work": up to date"#])

            // Trip and its sub-item moved here to Work: deleted from Phone,
            // made in Work with the relation; Visa waiting there links to it.
            expectEqual(laptop.run(["move", laptop.id(of: "Trip"), "--list", "Work"]).status, 0)
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 2 deleted on the server"#, #""Work": 2 sent"#])
            try expectEqual(families(database), ["Egg": "Phone: Hen house", "Hen house": "Phone: ?a-1", "Trip": "Work: -", "Pack": "Work: Trip",
                                               "Visa": "Work: Trip"])
            #expect(other.run(["get", "Work", "pack-1"]).contains("RELATED-TO;RELTYPE=PARENT:trip-1"))
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": up to date"#, #""Work": up to date"#])
        }
    }
}
