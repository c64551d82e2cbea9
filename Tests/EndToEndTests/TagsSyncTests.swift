import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Tags through `checklists sync` between two devices, on Radicale and
/// Xandikos: merged as a set against the last synced copy.
@Suite("tags synced as a set through a real server", .serialized)
struct TagsSyncTests {
    let folder = TemporaryFolder()

    /// A server of `kind` and the laptop's copy of the app, for `body`.
    private func scenario(_ kind: ServerKind, _ body: (_ server: any CalDAVTestServer, _ laptop: Device) throws -> Void) throws {
        defer { folder.remove() }
        let server = try kind.start(folder)
        defer { server.stop() }
        try body(server, Device(folder: folder, name: "laptop", url: server.url, authenticated: server.authenticated))
    }

    /// The item's tags, sorted (case kept), from `list --all --json`.
    private func tags(_ device: Device, of text: String) -> [String] {
        let listed = device.run(["list", "--all", "--json"]).output
        let array = (try? JSONSerialization.jsonObject(with: Data(listed.utf8))) as? [[String: Any]] ?? []
        return (array.first { $0["text"] as? String == text }?["tags"] as? [String] ?? ["?"]).sorted()
    }

    @Test("each device adds a different tag to the same item: both kept; one removed on one device and untouched on the other: removed",
          arguments: ServerKind.allCases)
    func mergedAsSet(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop in
            let phone = Device(folder: folder, name: "phone", url: server.url, authenticated: server.authenticated)
            laptop.run(["add", "--list", "List", "Pay rent", "--tag", "bills", "--tag", "Flat"])
            expectEqual(laptop.sync(), [#""List": 1 sent"#])
            expectEqual(phone.sync(), [#""List": 1 received"#])
            expectEqual(tags(phone, of: "Pay rent"), ["Flat", "bills"])

            laptop.run(["edit", laptop.id(of: "Pay rent"), "--tag", "home"])
            phone.run(["edit", phone.id(of: "Pay rent"), "--tag", "urgent", "--no-tag", "flat"])
            _ = laptop.sync()
            // The phone meets both changes: merged, not a conflict.
            let merging = phone.sync()
            #expect(!merging.contains { $0.contains("conflict") }, "\(merging)")
            _ = laptop.sync()
            expectEqual(tags(laptop, of: "Pay rent"), ["bills", "home", "urgent"])
            expectEqual(tags(phone, of: "Pay rent"), ["bills", "home", "urgent"])
            // Both agree: nothing more to send.
            expectEqual(laptop.sync(), [#""List": up to date"#])
            expectEqual(phone.sync(), [#""List": up to date"#])
        }
    }

    @Test("another app's CATEGORIES lines (two of them) read as tags, and go back to the server unchanged when only the text is edited here",
          arguments: ServerKind.allCases)
    func otherAppsCategoriesKept(_ kind: ServerKind) throws {
        try scenario(kind) { server, laptop in
            let other = OtherClient(url: server.url)
            other.run(["make-calendar", "Phone"])
            let todo = "BEGIN:VTODO\r\nDTSTAMP:20260101T100000Z\r\nUID:tasks-org-2\r\nLAST-MODIFIED:20260101T100000Z\r\n"
                + "SUMMARY:Water the plants\r\nCATEGORIES:home,Garden Work\r\nCATEGORIES:weekly\r\nEND:VTODO\r\n"
            let file = folder.file("tasks-org.ics")
            try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tasks.org//EN\r\n\(todo)END:VCALENDAR\r\n".utf8).write(to: URL(fileURLWithPath: file))
            other.run(["put", "Phone", "tasks-org", file])
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 1 received"#])
            expectEqual(tags(laptop, of: "Water the plants"), ["Garden-Work", "home", "weekly"])
            laptop.run(["edit", laptop.id(of: "Water the plants"), "--text", "Water the roses"])
            expectEqual(laptop.sync().sorted(), [#""List": up to date"#, #""Phone": 1 sent"#])
            let written = other.run(["get", "Phone", "tasks-org-2"])
            #expect(written.contains("SUMMARY:Water the roses") && written.contains("CATEGORIES:home,Garden Work")
                    && written.contains("CATEGORIES:weekly"), "\(written)")
            // A tag removed here: one line with the rest, each as the other app spelled it.
            laptop.run(["edit", laptop.id(of: "Water the roses"), "--no-tag", "weekly"])
            _ = laptop.sync()
            let edited = other.run(["get", "Phone", "tasks-org-2"])
            #expect(edited.contains("CATEGORIES:home,Garden Work") && !edited.contains("weekly"), "\(edited)")
        }
    }
}
