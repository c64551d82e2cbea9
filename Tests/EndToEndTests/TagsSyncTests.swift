import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Tags through `checklists sync` between two devices, on Radicale and
/// Xandikos: merged as a set against the last synced copy.
@Suite("tags synced as a set through a real server", .serialized)
struct TagsSyncTests {
    let folder = TemporaryFolder()

    /// The item's tags, sorted (case kept), from `list --all --json`.
    private func tags(_ device: Device, of text: String) -> [String] {
        let listed = device.run(["list", "--all", "--json"]).output
        let array = (try? JSONSerialization.jsonObject(with: Data(listed.utf8))) as? [[String: Any]] ?? []
        return (array.first { $0["text"] as? String == text }?["tags"] as? [String] ?? ["?"]).sorted()
    }

    @Test("each device adds a different tag to the same item: both kept; one removed on one device and untouched on the other: removed",
          arguments: ServerKind.allCases)
    func mergedAsSet(_ kind: ServerKind) throws {
        defer { folder.remove() }
        let server = try kind.start(folder)
        defer { server.stop() }
        let laptop = Device(folder: folder, name: "laptop", url: server.url, authenticated: server.authenticated)
        let phone = Device(folder: folder, name: "phone", url: server.url, authenticated: server.authenticated)
        laptop.run(["add", "Pay rent", "--tag", "bills", "--tag", "Flat"])
        #expect(laptop.sync() == [#""List": 1 sent"#])
        #expect(phone.sync() == [#""List": 1 received"#])
        #expect(tags(phone, of: "Pay rent") == ["Flat", "bills"])

        laptop.run(["edit", laptop.id(of: "Pay rent"), "--tag", "home"])
        phone.run(["edit", phone.id(of: "Pay rent"), "--tag", "urgent", "--no-tag", "flat"])
        _ = laptop.sync()
        _ = phone.sync()
        _ = laptop.sync()
        #expect(tags(laptop, of: "Pay rent") == ["bills", "home", "urgent"])
        #expect(tags(phone, of: "Pay rent") == ["bills", "home", "urgent"])
        // No conflict was reported, and both now agree: nothing more to send.
        #expect(laptop.sync() == [#""List": up to date"#])
        #expect(phone.sync() == [#""List": up to date"#])
    }
}
