import Foundation
import Testing
import ChecklistsEventLoop
import TestSupport

/// Two syncs of one database at once (the notifier's beside a command's, or
/// two commands): each took the lists the other had just made for another
/// client's, so every list came twice and the next sync emptied the first
/// calendars on the server. One waits for the other now.
@Suite("checklists sync: one at a time per database", .serialized)
struct SyncOneAtATimeTests {
    let folder = TemporaryFolder()

    /// Each list's name and item count, sorted.
    private func lists(_ device: Device) -> [String] {
        let listed = device.run(["lists", "--json"]).output
        let array = (try? JSONSerialization.jsonObject(with: Data(listed.utf8))) as? [[String: Any]] ?? []
        return array.map { "\($0["name"] as? String ?? "?") \($0["items"] as? Int ?? -1)" }.sorted()
    }

    /// A server of `kind`, a phone that has synced its list Groceries (one
    /// item), and a laptop that has not synced yet.
    private func phoneSynced(_ kind: ServerKind) throws -> (server: any CalDAVTestServer, phone: Device, laptop: Device) {
        let server = try kind.start(folder)
        let phone = Device(folder: folder, name: "phone", url: server.url, authenticated: server.authenticated)
        let laptop = Device(folder: folder, name: "laptop", url: server.url, authenticated: server.authenticated)
        phone.run(["new-list", "Groceries"])
        phone.run(["add", "--list", "Groceries", "Oat milk"])
        _ = phone.sync()
        return (server, phone, laptop)
    }

    /// Starts `device`'s sync without waiting; its output goes to `file`.
    private func startSync(_ device: Device, output file: String) throws -> pid_t {
        try startProcess([PackagePaths.binary, "sync"], environment: device.environment(), outputPath: file).get()
    }

    // Catches a sync that goes ahead while another holds the lock, or that
    // waits without a word.
    @Test("a sync started while another holds the lock says so, asks the server nothing, and syncs once it is let go",
          arguments: ServerKind.allCases)
    func waitsForTheLock(_ kind: ServerKind) throws {
        defer { folder.remove() }
        let (server, _, laptop) = try phoneSynced(kind)
        defer { server.stop() }
        laptop.run(["lists"])    // the database made, as a first command would

        let running = try SyncPresence.wait(databasePath: laptop.database, pid: 4242, waiting: { _ in
            Issue.record("no sync was running")
        }).get()
        let propfinds = server.requests("PROPFIND")
        let output = folder.file("waiting-sync.out")
        let pid = try startSync(laptop, output: output)
        let waiting = "checklists: another sync of this database is running (pid 4242); waiting for it to end"
        let deadline = Date().addingTimeInterval(60)
        while fileLine(output) != waiting && Date() < deadline { usleep(20_000) }
        expectEqual(fileLine(output), waiting)
        usleep(300_000)
        expectEqual(server.requests("PROPFIND"), propfinds)
        expectEqual(lists(laptop), ["List 0"])

        running.release()
        expectEqual(waitForExit(pid), 0)
        let lines = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        expectEqual(lines.split(separator: "\n").map(String.init), [waiting, #""List": up to date"#, #""Groceries": 1 received"#])
        expectEqual(lists(laptop), ["Groceries 1", "List 0"])
    }

    // Catches the lock missing or taken too late: the two syncs then each
    // make the new list's calendar, and each take the server's list for a
    // new one of their own.
    @Test("two syncs started together make each list and each calendar once", arguments: ServerKind.allCases)
    func twoAtOnce(_ kind: ServerKind) throws {
        defer { folder.remove() }
        let (server, phone, laptop) = try phoneSynced(kind)
        defer { server.stop() }
        laptop.run(["new-list", "Home"])
        for text in ["Fix the tap", "Paint the fence", "Call the plumber"] { laptop.run(["add", "--list", "Home", text]) }
        let calendarsMade = server.requests("MKCALENDAR")

        let first = try startSync(laptop, output: folder.file("first.out"))
        let second = try startSync(laptop, output: folder.file("second.out"))
        expectEqual(waitForExit(first), 0, "\(fileText(folder.file("first.out")))")
        expectEqual(waitForExit(second), 0, "\(fileText(folder.file("second.out")))")

        expectEqual(server.requests("MKCALENDAR"), calendarsMade + 1)
        expectEqual(lists(laptop), ["Groceries 1", "Home 3", "List 0"])
        expectEqual(laptop.sync().sorted(), [#""Groceries": up to date"#, #""Home": up to date"#, #""List": up to date"#])
        _ = phone.sync()
        expectEqual(lists(phone), ["Groceries 1", "Home 3", "List 0"])
    }

    private func fileText(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
