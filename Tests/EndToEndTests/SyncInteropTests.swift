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
            laptop.run(["add", "Milk"])
            laptop.run(["add", "Bread"])
            #expect(laptop.sync() == [#""List": 2 sent"#])
            other.run(["delete", "List", try laptop.uid(of: "Milk")])
            #expect(laptop.sync() == [#""List": 1 deleted here"#])
            #expect(laptop.items() == ["Bread | -"])
            // The same after a sync that started from a kept token.
            laptop.run(["add", "Eggs"])
            #expect(laptop.sync() == [#""List": 1 sent"#])
            other.run(["delete", "List", try laptop.uid(of: "Eggs")])
            #expect(laptop.sync() == [#""List": 1 deleted here"#])
            #expect(laptop.items() == ["Bread | -"])
            #expect(laptop.sync() == [#""List": up to date"#])
        }
    }
}

extension Device {
    /// The iCalendar UID of the item with this text.
    func uid(of text: String) throws -> String {
        let entries = try open().snapshot().lists.flatMap(\.items)
        return try #require(entries.first { $0.item.text == text }?.uid)
    }
}
