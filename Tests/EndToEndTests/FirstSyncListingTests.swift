import Foundation
import Testing
import TestSupport

/// A first sync lists a calendar as vdirsyncer does, with a calendar-query
/// of the to-dos' ETags, and asks no sync token (a server may build it from
/// every to-do's history); the next sync that must list gets the token with
/// a sync-collection from none, and later ones list only what changed.
/// Every request goes through a recording proxy, so each test says which
/// listing was asked, against a real Radicale and a real Xandikos.
@Suite("a first sync against a real server: a calendar-query, no token until a later sync needs one", .serialized)
struct FirstSyncListingTests {
    let folder = TemporaryFolder()

    /// The REPORTs the proxy passed since `from` (its request count then),
    /// each as "query" (calendar-query), "sync from none", "sync from a
    /// token" or "multiget".
    private func reports(_ proxy: RecordingProxy, from: Int) -> [String] {
        proxy.requests().dropFirst(from).filter { $0.method == "REPORT" }.map { request in
            if request.body.contains("calendar-query") { return "query" }
            if request.body.contains("calendar-multiget") { return "multiget" }
            if request.body.contains("<d:sync-token></d:sync-token>") { return "sync from none" }
            return request.body.contains("sync-collection") ? "sync from a token" : "other"
        }
    }

    /// The methods of the requests the proxy passed since `from`, other than REPORT.
    private func others(_ proxy: RecordingProxy, from: Int) -> [String] {
        proxy.requests().dropFirst(from).map(\.method).filter { $0 != "REPORT" }
    }

    @Test("first download: a calendar-query and a multiget, no token; then a sync that sends and fetches nothing; a change there is found next",
          arguments: ServerKind.allCases)
    func firstDownloadThenChanges(_ kind: ServerKind) throws {
        defer { folder.remove() }
        let server = try kind.start(folder)
        defer { server.stop() }
        let phone = Device(folder: folder, name: "phone", url: server.url, authenticated: server.authenticated)
        for text in ["Buy milk", "Call mom", "Water plants"] { phone.run(["add", "--list", "List", text]) }
        expectEqual(phone.sync(), [#""List": 3 sent"#])
        let proxy = try RecordingProxy(folder: folder, upstream: server.port)
        defer { proxy.stop() }
        let laptop = Device(folder: folder, name: "laptop", url: proxy.url, authenticated: server.authenticated)

        expectEqual(laptop.sync(), [#""List": 3 received"#])
        expectEqual(reports(proxy, from: 0), ["query", "multiget"])
        #expect(!others(proxy, from: 0).contains("PUT"))
        expectEqual(laptop.items(), ["Buy milk | -", "Call mom | -", "Water plants | -"])

        // Nothing changed: the calendar's change tag says so, and nothing
        // is listed, fetched or sent.
        var seen = proxy.requests().count
        expectEqual(laptop.sync(), [#""List": up to date"#])
        expectEqual(reports(proxy, from: seen), [])
        expectEqual(others(proxy, from: seen), ["PROPFIND"])

        // Changed there: the listing that finds it carries the token the
        // next sync lists from.
        phone.run(["edit", phone.id(of: "Call mom"), "--text", "Call mom and dad"])
        expectEqual(phone.sync(), [#""List": 1 sent"#])
        seen = proxy.requests().count
        expectEqual(laptop.sync(), [#""List": 1 received"#])
        expectEqual(reports(proxy, from: seen), ["sync from none", "multiget"])
        expectEqual(laptop.items(), ["Buy milk | -", "Call mom and dad | -", "Water plants | -"])

        phone.run(["delete", phone.id(of: "Buy milk")])
        phone.run(["add", "--list", "List", "Post letter"])
        expectEqual(phone.sync(), [#""List": 1 sent, 1 deleted on the server"#])
        seen = proxy.requests().count
        let found = laptop.sync()
        expectEqual(found, [#""List": 1 received, 1 deleted here"#])
        expectEqual(reports(proxy, from: seen).first, "sync from a token")
        #expect(!reports(proxy, from: seen).contains("sync from none"))
        expectEqual(laptop.items(), ["Call mom and dad | -", "Post letter | -", "Water plants | -"])

        seen = proxy.requests().count
        expectEqual(laptop.sync(), [#""List": up to date"#])
        expectEqual(reports(proxy, from: seen), [])
        #expect(!others(proxy, from: seen).contains("PUT") && !others(proxy, from: seen).contains("GET"))
    }

    @Test("first upload: the new calendar is listed with a calendar-query, its to-dos sent, no token; the next sync has nothing to do",
          arguments: ServerKind.allCases)
    func firstUploadThenNothing(_ kind: ServerKind) throws {
        defer { folder.remove() }
        let server = try kind.start(folder)
        defer { server.stop() }
        let proxy = try RecordingProxy(folder: folder, upstream: server.port)
        defer { proxy.stop() }
        let laptop = Device(folder: folder, name: "laptop", url: proxy.url, authenticated: server.authenticated)
        for text in ["Buy milk", "Call mom"] { laptop.run(["add", "--list", "List", text]) }

        expectEqual(laptop.sync(), [#""List": 2 sent"#])
        expectEqual(reports(proxy, from: 0), ["query"])
        expectEqual(others(proxy, from: 0).filter { $0 == "PUT" }.count, 2)

        // Our own writes moved the calendar's tag: the next sync lists it
        // whole once, from no token, finds only what it sent, and keeps the token.
        var seen = proxy.requests().count
        expectEqual(laptop.sync(), [#""List": up to date"#])
        expectEqual(reports(proxy, from: seen), ["sync from none"])
        #expect(!others(proxy, from: seen).contains("PUT"))
        seen = proxy.requests().count
        expectEqual(laptop.sync(), [#""List": up to date"#])
        expectEqual(reports(proxy, from: seen), [])
        expectEqual(others(proxy, from: seen), ["PROPFIND"])

        // A change from another device is found by the token.
        let phone = Device(folder: folder, name: "phone", url: server.url, authenticated: server.authenticated)
        expectEqual(phone.sync(), [#""List": 2 received"#])
        phone.run(["done", phone.id(of: "Buy milk")])
        expectEqual(phone.sync(), [#""List": 1 sent"#])
        seen = proxy.requests().count
        expectEqual(laptop.sync(), [#""List": 1 received"#])
        expectEqual(reports(proxy, from: seen), ["sync from a token", "multiget"])
        expectEqual(laptop.items(), ["Buy milk | - | x", "Call mom | -"])
    }
}
