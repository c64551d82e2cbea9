import Foundation
import Testing
import TestSupport

/// Edits that a sync could lose without a word: each test would fail if the
/// rule it names were broken, where every other sync test still passes.
@Suite("checklists sync loses no edit", .serialized)
struct SyncLostEditTests {
    let folder = TemporaryFolder()

    /// A Radicale, and a laptop and a phone that both hold the items the
    /// laptop added (`add`'s arguments, one array per item) after a sync each.
    private func synced(_ items: [[String]]) throws -> (server: RadicaleServer, laptop: Device, phone: Device) {
        let server = try RadicaleServer(folder: folder, authenticated: false)
        let laptop = Device(folder: folder, name: "laptop", url: server.url, authenticated: false)
        let phone = Device(folder: folder, name: "phone", url: server.url, authenticated: false)
        for item in items { laptop.run(["add", "--list", "List"] + item) }
        _ = laptop.sync()
        _ = phone.sync()
        return (server, laptop, phone)
    }

    /// Every item as "text: note", sorted.
    private func notes(_ device: Device) -> [String] {
        let listed = device.run(["list", "--all", "--json"]).output
        let array = (try? JSONSerialization.jsonObject(with: Data(listed.utf8))) as? [[String: Any]] ?? []
        return array.map { "\($0["text"] as? String ?? "?"): \($0["note"] as? String ?? "?")" }.sorted()
    }

    /// A shell command that runs `device`'s sync straight to the server,
    /// its output in `file`.
    private func syncCommand(_ device: Device, output file: String) -> String {
        let environment = device.environment().map { "\($0.key)=\(shellQuoted($0.value))" }.joined(separator: " ")
        return "env -i \(environment) \(shellQuoted(PackagePaths.binary)) sync > \(shellQuoted(file)) 2>&1"
    }

    // Catches the three-way merge keeping our note when only the server's
    // changed (the note's field taken from here, or not compared at all).
    @Test("a note changed only on the server comes down while our edit of the text goes up: both kept on both devices")
    func noteChangedOnTheServer() throws {
        defer { folder.remove() }
        let (server, laptop, phone) = try synced([["Call the plumber", "--note", "Ask about the boiler"]])
        defer { server.stop() }

        phone.run(["edit", phone.id(of: "Call the plumber"), "--note", "Ask about the boiler\nand the radiator"])
        expectEqual(phone.sync(), [#""List": 1 sent"#])
        laptop.run(["edit", laptop.id(of: "Call the plumber"), "--text", "Call the plumber today"])
        let merged = laptop.sync()
        #expect(!merged.contains { $0.hasPrefix("conflict") }, "\(merged)")
        _ = phone.sync()

        let expected = ["Call the plumber today: Ask about the boiler\nand the radiator"]
        expectEqual(notes(laptop), expected)
        expectEqual(notes(phone), expected)
    }

    // Catches the upload of a field-merged to-do going without If-Match:
    // the phone's note, written between our read and our write, would be
    // overwritten by our PUT with no 412 to say so.
    @Test("a merged to-do goes up with If-Match: another writer's change just before our PUT is refused (412), merged, and kept")
    func mergedUploadCarriesIfMatch() throws {
        defer { folder.remove() }
        var (server, laptop, phone) = try synced([["Buy milk", "--due", "2030-01-02 09:00"]])
        defer { server.stop() }
        // Changed on the server and here: the laptop's next sync merges the two.
        phone.run(["edit", phone.id(of: "Buy milk"), "--due", "2030-01-09 09:00"])
        expectEqual(phone.sync(), [#""List": 1 sent"#])
        laptop.run(["edit", laptop.id(of: "Buy milk"), "--text", "Buy oat milk"])
        // The phone's next edit reaches the server right before the laptop's PUT.
        phone.run(["edit", phone.id(of: "Buy milk"), "--note", "the blue carton"])
        let proxy = try RecordingProxy(folder: folder, upstream: server.port,
                                       beforePut: syncCommand(phone, output: folder.file("phone-sync.out")))
        defer { proxy.stop() }
        laptop.url = proxy.url

        _ = laptop.sync()
        expectEqual(fileLine(folder.file("phone-sync.out")), #""List": 1 sent"#)
        let puts = proxy.requests().filter { $0.method == "PUT" }
        // The refused one and its retry, each only if the server still has what was merged.
        expectEqual(puts.count, 2)
        #expect(puts.allSatisfy { $0.headers["if-match"]?.isEmpty == false }, "\(puts.map(\.headers))")
        #expect((try? String(contentsOfFile: server.logPath, encoding: .utf8))?.contains("412 Precondition Failed") == true)

        _ = phone.sync()
        let expected = ["Buy oat milk | 2030-01-09T09:00:00+00:00"]
        expectEqual(laptop.items(), expected)
        expectEqual(phone.items(), expected)
        expectEqual(notes(laptop), ["Buy oat milk: the blue carton"])
        expectEqual(notes(phone), ["Buy oat milk: the blue carton"])
    }

    // Catches a full listing no longer treating a to-do it does not name
    // as deleted on the server: the deleted to-do would stay here, and the
    // sync would say "up to date".
    @Test("a to-do deleted on the server is deleted here through a full listing: a server that lost our token, one without sync-collection",
          arguments: [RecordingProxy.SyncCollection.lostToken, .unsupported, .notImplemented])
    func deletedOnTheServerThroughAFullListing(_ refusal: RecordingProxy.SyncCollection) throws {
        defer { folder.remove() }
        var (server, laptop, phone) = try synced([["Kept"], ["Deleted there"]])
        defer { server.stop() }
        // A first sync keeps no token: the next one lists from none and keeps
        // the token the proxy below refuses.
        expectEqual(laptop.sync(), [#""List": up to date"#])
        phone.run(["delete", phone.id(of: "Deleted there")])
        expectEqual(phone.sync(), [#""List": 1 deleted on the server"#])

        let proxy = try RecordingProxy(folder: folder, upstream: server.port, syncCollection: refusal)
        defer { proxy.stop() }
        laptop.url = proxy.url
        expectEqual(laptop.sync(), [#""List": 1 deleted here"#])
        expectEqual(laptop.items(), ["Kept | -"])

        // The listing came the way the test meant: after the refused token,
        // a sync-collection from no token (naming no removed member);
        // without sync-collection, the to-dos' ETags (a calendar-query).
        let reports = proxy.requests().filter { $0.method == "REPORT" && $0.body.contains("sync-collection") }
        let listings = proxy.requests().filter { $0.method == "REPORT" && $0.body.contains("calendar-query") }
        switch refusal {
        case .lostToken:
            expectEqual(reports.map { $0.body.contains("<d:sync-token></d:sync-token>") }, [false, true])
            #expect(listings.isEmpty)
        default:
            expectEqual(listings.count, 1)
        }
        expectEqual(laptop.sync(), [#""List": up to date"#])
    }
}
