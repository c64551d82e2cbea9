import Foundation
import Testing
import TestSupport

/// `checklists sync` against a server that lies: it must never send the
/// password (or anything) to a place the user did not name, never hold more
/// than a bounded reply, never wait past its timeout, and let one bad
/// to-do spoil nothing but itself.
@Suite("checklists sync against a hostile server", .serialized)
struct HostileServerTests {
    let folder = TemporaryFolder()
    static let password = "hunter2-very-secret"

    private func environment(_ server: HostileServer, timeout: String = "10") -> [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8", "HOME": folder.path,
         "CHECKLISTS_DB": folder.file("test.sqlite"), "CHECKLISTS_SYNC_URL": server.url, "CHECKLISTS_SYNC_USERNAME": "alice",
         "CHECKLISTS_SYNC_PASSWORD": Self.password, "CHECKLISTS_SYNC_TIMEOUT": timeout]
    }

    private func sync(_ server: HostileServer, timeout: String = "10") -> (status: Int32, output: String, peakKiB: Int, seconds: Double) {
        runMeasured([PackagePaths.binary, "sync"], environment: environment(server, timeout: timeout))
    }

    @Test("a principal on another origin or another protocol is refused with both hosts named, and nothing reaches it",
          arguments: ["principal-elsewhere", "principal-https-elsewhere", "principal-gopher", "principal-dict", "principal-file", "home-elsewhere"])
    func offOriginDiscovery(mode: String) throws {
        defer { folder.remove() }
        let server = try HostileServer(folder: folder, mode: mode)
        defer { server.stop() }
        let result = sync(server)
        expectEqual(result.status, 4, "\(result.output)")
        #expect(result.output.contains("127.0.0.1:\(server.port)"), "\(result.output)")
        #expect(result.output.contains("on another server") && result.output.contains("nothing was sent there"), "\(result.output)")
        #expect(!result.output.contains(Self.password))
        usleep(200_000)
        #expect(server.otherReceived.isEmpty, "the other host received \(server.otherReceived.count) bytes")
        // The sync's own server saw only the discovery, and no more requests than that.
        #expect(server.requests.allSatisfy { $0.hasPrefix("PROPFIND") }, "\(server.requests)")
    }

    @Test("a calendar or a member named on another origin is skipped and named; the rest syncs", arguments: ["calendar-elsewhere", "member-elsewhere"])
    func offOriginMembers(mode: String) throws {
        defer { folder.remove() }
        let server = try HostileServer(folder: folder, mode: mode)
        defer { server.stop() }
        let result = sync(server)
        expectEqual(result.status, 0, "\(result.output)")
        #expect(result.output.contains("skipped http://127.0.0.1:\(server.otherPort)/"), "\(result.output)")
        #expect(result.output.contains(#""List": 3 received"#), "\(result.output)")
        usleep(200_000)
        #expect(server.otherReceived.isEmpty)
        let listed = runCommand([PackagePaths.binary, "list", "--all"], environment: environment(server)).output
        #expect(listed.contains("To-do 1") && listed.contains("To-do 3"), "\(listed)")
    }

    @Test("a redirect is not followed, to another host or to this one, and the message names where it pointed",
          arguments: ["redirect-elsewhere", "redirect-301"])
    func redirects(mode: String) throws {
        defer { folder.remove() }
        let server = try HostileServer(folder: folder, mode: mode)
        defer { server.stop() }
        let result = sync(server)
        expectEqual(result.status, 4)
        #expect(result.output.contains("redirects") && result.output.contains("does not follow redirects"), "\(result.output)")
        expectEqual(server.requests.count, 1, "\(server.requests)")
        usleep(200_000)
        #expect(server.otherReceived.isEmpty)
    }

    @Test("an endless reply is stopped at the size limit with bounded memory; one announced as 10 GB is refused unread",
          arguments: ["endless", "endless-listing", "announced-huge"])
    func boundedReplies(mode: String) throws {
        defer { folder.remove() }
        let server = try HostileServer(folder: folder, mode: mode)
        defer { server.stop() }
        let result = sync(server, timeout: "60")
        expectEqual(result.status, 4, "\(result.output)")
        #expect(result.output.contains("larger than 64 MiB"), "\(result.output)")
        // The limit is 64 MiB of reply: the whole process stays well under
        // three times that, whatever the server sends.
        #expect(result.peakKiB < 200 * 1024, "peak \(result.peakKiB) KiB")
    }

    @Test("a reply trickling 5 bytes a second, or none at all, ends at the timeout, not at a multiple of it", arguments: ["trickle", "stall"])
    func timeout(mode: String) throws {
        defer { folder.remove() }
        let server = try HostileServer(folder: folder, mode: mode)
        defer { server.stop() }
        let result = sync(server, timeout: "2")
        let ended = Date().timeIntervalSince1970
        expectEqual(result.status, 4, "\(result.output)")
        #expect(result.output.contains("did not answer in time"), "\(result.output)")
        // Timed from the slow reply's start, as the server saw it, so that the
        // process's start and its discovery requests on a busy machine do not
        // count: a timeout that restarted at each byte would run for minutes.
        let stalledAt = try #require(Double(fileLine(folder.file("stalled-at"))))
        #expect(ended - stalledAt < 4, "ended \(ended - stalledAt) s after the slow reply began, against a timeout of 2 s")
    }

    @Test("to-dos with bytes that are not UTF-8, raw control characters, or over the size limit are named; the others sync")
    func badTodos() throws {
        defer { folder.remove() }
        let server = try HostileServer(folder: folder, mode: "bad-todos", todos: 5)
        defer { server.stop() }
        let result = sync(server, timeout: "30")
        expectEqual(result.status, 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("/cal/todo-2.ics") && $0.contains("replaced") }, "\(lines)")
        #expect(lines.contains { $0.contains("/cal/todo-3.ics") && $0.contains("replaced") }, "\(lines)")
        #expect(lines.contains { $0.contains("skipped /cal/todo-4.ics") && $0.contains("larger than 64 MiB") }, "\(lines)")
        expectEqual(lines.last, #""List": 4 received"#, "\(lines)")
        let listed = runCommand([PackagePaths.binary, "list", "--all", "--json"], environment: environment(server)).output
        let texts = ((try? JSONSerialization.jsonObject(with: Data(listed.utf8))) as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }.sorted()
        expectEqual(texts, ["Bad \u{FFFD}\u{FFFD} bytes", "Control \u{FFFD}\u{FFFD} chars", "To-do 1", "To-do 5"], "\(texts)")
        #expect(result.peakKiB < 400 * 1024, "peak \(result.peakKiB) KiB")
    }

    @Test("plain http to a name that only begins with 127. is refused before anything is sent")
    func notLoopback() throws {
        defer { folder.remove() }
        var environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "CHECKLISTS_DB": folder.file("test.sqlite"),
                           "CHECKLISTS_SYNC_URL": "http://127.evil.example/", "CHECKLISTS_SYNC_PASSWORD": Self.password]
        let result = runCommand([PackagePaths.binary, "sync"], environment: environment)
        expectEqual(result.status, 2)
        #expect(result.output.contains("refusing plain HTTP to 127.evil.example"), "\(result.output)")
        environment["CHECKLISTS_SYNC_URL"] = "http://127.0.0.1.nip.io/"
        expectEqual(runCommand([PackagePaths.binary, "sync"], environment: environment).status, 2)
    }
}
