import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// One copy of the app: its own database, synced through the built binary
/// as a user would run `checklists sync`.
struct Device {
    let folder: TemporaryFolder
    let name: String
    var url: String
    var authenticated: Bool

    var database: String { folder.file("\(name).sqlite") }

    /// The sync's timeout is a safety net here, not what is tested (the
    /// tests of timeouts set their own): a real server taking twenty writes
    /// at once on a busy machine once took more than 10 s over one of them.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8",
                           "HOME": folder.path, "CHECKLISTS_DB": database, "CHECKLISTS_SYNC_URL": url,
                           "CHECKLISTS_SYNC_USERNAME": RadicaleServer.user, "CHECKLISTS_SYNC_TIMEOUT": "120"]
        if authenticated { environment["CHECKLISTS_SYNC_PASSWORD"] = RadicaleServer.password }
        environment.merge(extra) { $1 }
        return environment
    }

    @discardableResult
    func run(_ arguments: [String], _ extra: [String: String] = [:]) -> (status: Int32, output: String) {
        runCommand([PackagePaths.binary] + arguments, environment: environment(extra))
    }

    /// `sync`, which must succeed; its lines.
    func sync(_ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let result = run(["sync"] + arguments)
        expectEqual(result.status, 0, "\(name): \(result.output)", sourceLocation: sourceLocation)
        return result.output.split(separator: "\n").map(String.init)
    }

    /// Every item as "text | due | x when checked", sorted.
    func items() -> [String] {
        let listed = run(["list", "--all", "--json"]).output
        let array = (try? JSONSerialization.jsonObject(with: Data(listed.utf8))) as? [[String: Any]] ?? []
        return array.map { item in
            "\(item["text"] as? String ?? "?") | \(item["due"] as? String ?? "-")\(item["checked"] as? Bool == true ? " | x" : "")"
        }.sorted()
    }

    func id(of text: String) -> String {
        let listed = run(["list", "--all", "--json"]).output
        let array = (try? JSONSerialization.jsonObject(with: Data(listed.utf8))) as? [[String: Any]] ?? []
        return array.first { $0["text"] as? String == text }.map { "\($0["id"] as? Int ?? 0)" } ?? "0"
    }

    func open() throws -> ChecklistsDatabase {
        try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
    }
}

@Suite("checklists sync against a real Radicale", .serialized)
struct SyncWithRadicaleTests {
    let folder = TemporaryFolder()

    private func devices(_ server: any CalDAVTestServer) -> (Device, Device) {
        (Device(folder: folder, name: "laptop", url: server.url, authenticated: server.authenticated),
         Device(folder: folder, name: "phone", url: server.url, authenticated: server.authenticated))
    }

    @Test("first sync both ways, then a sync with nothing changed sends no PUT (no authentication)", arguments: ServerKind.allCases)
    func firstSyncAndIdle(_ kind: ServerKind) throws {
        defer { folder.remove() }
        let server = try kind.start(folder)
        defer { server.stop() }
        let (laptop, phone) = devices(server)
        laptop.run(["add", "--list", "List", "Buy milk", "--due", "2030-01-02 09:00", "--remind"])
        laptop.run(["add", "--list", "List", "Call mom"])
        phone.run(["add", "--list", "List", "Water plants", "--due", "2030-01-03 18:00"])

        expectEqual(laptop.sync(), [#""List": 2 sent"#])
        expectEqual(phone.sync(), [#""List": 1 sent, 2 received"#])
        expectEqual(laptop.sync(), [#""List": 1 received"#])
        let all = ["Buy milk | 2030-01-02T09:00:00+00:00", "Call mom | -", "Water plants | 2030-01-03T18:00:00+00:00"]
        expectEqual(laptop.items(), all)
        expectEqual(phone.items(), all)
        expectEqual(server.requests("PUT"), 3)
        expectEqual(server.requests("MKCALENDAR"), 1)

        expectEqual(laptop.sync(), [#""List": up to date"#])
        expectEqual(phone.sync(), [#""List": up to date"#])
        // Nothing changed on either side: one PROPFIND of the calendar home
        // (kept from the last discovery), whose change tag says so; no REPORT.
        let (propfinds, reports) = (server.requests("PROPFIND"), server.requests("REPORT"))
        expectEqual(laptop.sync(), [#""List": up to date"#])
        expectEqual(server.requests("PROPFIND"), propfinds + 1)
        expectEqual(server.requests("REPORT"), reports)
        // A change sent moves the calendar's tag: the sync asks once more
        // what changed since it started (only its own PUT, so that token is
        // kept), the next sync asks what changed (nothing), the one after does not.
        laptop.run(["add", "--list", "List", "Post letter"])
        expectEqual(laptop.sync(), [#""List": 1 sent"#])
        expectEqual(server.requests("REPORT"), reports + 1)
        expectEqual(laptop.sync(), [#""List": up to date"#])
        expectEqual(server.requests("REPORT"), reports + 2)
        expectEqual(laptop.sync(), [#""List": up to date"#])
        expectEqual(server.requests("REPORT"), reports + 2)
        expectEqual(phone.sync(), [#""List": 1 received"#])
        #expect(phone.items().contains("Post letter | -"))
        expectEqual(phone.sync(), [#""List": up to date"#])
        // Changes sent sync after sync: our own write moved the tag, and a
        // REPORT follows anyway, so the tag is not asked (Radicale reads every
        // to-do to answer it); each write is followed by a REPORT of what
        // changed since the sync started. Then, nothing to send: the tag,
        // and a REPORT because ours was not kept; then the tag alone.
        // Radicale's log tells the change-tag questions apart; Xandikos's does not.
        func tagQuestions() -> Int { (server as? RadicaleServer)?.tagQuestions() ?? 0 }
        func expectAsked(_ expected: (Int, Int), sourceLocation: SourceLocation = #_sourceLocation) {
            let tags = server is RadicaleServer ? tagQuestions() : expected.0
            #expect((tags, server.requests("REPORT")) == expected, sourceLocation: sourceLocation)
        }
        let (tags, asked) = (tagQuestions(), server.requests("REPORT"))
        laptop.run(["add", "--list", "List", "Post card"])
        expectEqual(laptop.sync(), [#""List": 1 sent"#])
        expectAsked((tags + 1, asked + 1))
        laptop.run(["add", "--list", "List", "Buy stamps"])
        expectEqual(laptop.sync(), [#""List": 1 sent"#])
        expectAsked((tags + 1, asked + 3))
        // Edited again at once: its last sync was too soon after its edit to
        // record the time, and the comparison with what was sent finds the change.
        laptop.run(["edit", laptop.id(of: "Buy stamps"), "--text", "Buy stamps and envelopes"])
        expectEqual(laptop.sync(), [#""List": 1 sent"#])
        expectAsked((tags + 1, asked + 5))
        expectEqual(laptop.sync(), [#""List": up to date"#])
        expectAsked((tags + 2, asked + 6))
        expectEqual(laptop.sync(), [#""List": up to date"#])
        expectAsked((tags + 3, asked + 6))
        expectEqual(phone.sync(), [#""List": 2 received"#])
        // --db before the subcommand reaches the helper `sync` runs.
        #expect(laptop.run(["--db", laptop.database, "sync"], ["CHECKLISTS_DB": folder.file("elsewhere.sqlite")]) == (0, "\"List\": up to date\n"))
        expectEqual(server.requests("PUT"), 7)

        // A new list makes its calendar; --list syncs that one alone.
        laptop.run(["new-list", "Groceries"])
        laptop.run(["add", "Apples", "--list", "Groceries"])
        expectEqual(laptop.sync(["--list", "Groceries"]), [#""Groceries": 1 sent"#])
        expectEqual(phone.sync().sorted(), [#""Groceries": 1 received"#, #""List": up to date"#])
        #expect(phone.run(["lists"]).output.contains("Groceries"))
        expectEqual(server.requests("MKCALENDAR"), 2)
        // More to send where this client just wrote: the home is listed
        // without tags, and the other calendar is asked its own, alone,
        // which says it did not change (no REPORT there; two where it wrote).
        laptop.run(["add", "Pears", "--list", "Groceries"])
        let (tagsBefore, reportsBefore) = (tagQuestions(), server.requests("REPORT"))
        expectEqual(laptop.sync().sorted(), [#""Groceries": 1 sent"#, #""List": up to date"#])
        expectAsked((tagsBefore + 1, reportsBefore + 2))
        expectEqual(phone.sync().sorted(), [#""Groceries": 1 received"#, #""List": up to date"#])
    }

    @Test("edits travel, different fields both survive, the same field takes the later change and names the loser", arguments: ServerKind.allCases)
    func editsAndConflicts(_ kind: ServerKind) throws {
        defer { folder.remove() }
        let server = try kind.start(folder)
        defer { server.stop() }
        let (laptop, phone) = devices(server)
        laptop.run(["add", "--list", "List", "Buy milk", "--due", "2030-01-02 09:00"])
        laptop.run(["add", "--list", "List", "Report"])
        _ = laptop.sync()
        _ = phone.sync()

        // Different fields of one item, one on each side.
        laptop.run(["edit", laptop.id(of: "Buy milk"), "--text", "Buy oat milk"])
        phone.run(["edit", phone.id(of: "Buy milk"), "--due", "2030-01-05 10:00"])
        // The same field on both sides: the phone's is the later change (or
        // at the same second, which goes to the server: the phone's too).
        laptop.run(["edit", laptop.id(of: "Report"), "--text", "Report v1"])
        phone.run(["edit", phone.id(of: "Report"), "--text", "Report v2"])
        expectEqual(phone.sync(), [#""List": 2 sent"#])
        let merged = laptop.sync()
        #expect(merged.contains(#"conflict in "Report v2": the text changed on both sides; kept "Report v2" (server, the later change), lost "Report v1" (here)"#), "\(merged)")
        _ = phone.sync()
        let expected = ["Buy oat milk | 2030-01-05T10:00:00+00:00", "Report v2 | -"]
        expectEqual(laptop.items(), expected)
        expectEqual(phone.items(), expected)

        // Checked off on one side, checked here after the next sync.
        phone.run(["done", phone.id(of: "Report v2")])
        _ = phone.sync()
        _ = laptop.sync()
        #expect(laptop.items().contains("Report v2 | - | x"))
    }

    @Test("an item moved to another list leaves the old calendar and is made in the new one; the other device moves it too, same id, note and all")
    func moveBetweenLists() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: false)
        defer { server.stop() }
        let (laptop, phone) = devices(server)
        laptop.run(["new-list", "Home"])
        laptop.run(["add", "Call the plumber", "--list", "List", "--due", "2030-01-02 09:00", "--note", "Ask about the boiler\nbefore Friday"])
        laptop.run(["add", "Milk", "--list", "List"])
        expectEqual(laptop.sync().sorted(), [#""Home": up to date"#, #""List": 2 sent"#])
        _ = phone.sync()
        let phoneID = phone.id(of: "Call the plumber")
        func placed(_ device: Device) -> [String] {
            let listed = device.run(["list", "--all", "--json"]).output
            let array = (try? JSONSerialization.jsonObject(with: Data(listed.utf8))) as? [[String: Any]] ?? []
            return array.map { "\($0["text"] as? String ?? "?") in \($0["list"] as? String ?? "?"): \($0["note"] as? String ?? "?")" }.sorted()
        }
        expectEqual(placed(phone), ["Call the plumber in List: Ask about the boiler\nbefore Friday", "Milk in List: "])

        expectEqual(laptop.run(["move", laptop.id(of: "Call the plumber"), "--list", "Home"]).status, 0)
        expectEqual(laptop.sync().sorted(), [#""Home": 1 sent"#, #""List": 1 deleted on the server"#])
        expectEqual(server.requests("DELETE"), 1)
        // The phone sees it leave List and arrive in Home: one item, moved, not deleted and made again.
        let phoneLines = phone.sync()
        expectEqual(phoneLines.sorted(), [#""Home": 1 received"#, #""List": 1 moved to another list"#], "\(phoneLines)")
        expectEqual(placed(phone), ["Call the plumber in Home: Ask about the boiler\nbefore Friday", "Milk in List: "])
        expectEqual(phone.id(of: "Call the plumber"), phoneID)
        // Nothing left to do on either side, and no copy in the old calendar.
        expectEqual(laptop.sync().sorted(), [#""Home": up to date"#, #""List": up to date"#])
        expectEqual(phone.sync().sorted(), [#""Home": up to date"#, #""List": up to date"#])

        // And back, from the phone this time.
        expectEqual(phone.run(["move", phoneID, "--list", "List"]).status, 0)
        _ = phone.sync()
        _ = laptop.sync()
        expectEqual(placed(laptop), ["Call the plumber in List: Ask about the boiler\nbefore Friday", "Milk in List: "])
        expectEqual(laptop.sync().sorted(), [#""Home": up to date"#, #""List": up to date"#])
    }

    @Test("deletes travel both ways; deleted on one side and edited on the other is kept, with a line", arguments: ServerKind.allCases)
    func deletes(_ kind: ServerKind) throws {
        defer { folder.remove() }
        let server = try kind.start(folder)
        defer { server.stop() }
        let (laptop, phone) = devices(server)
        for text in ["Gone here", "Gone there", "Kept A", "Kept B"] { laptop.run(["add", "--list", "List", text]) }
        _ = laptop.sync()
        _ = phone.sync()

        laptop.run(["delete", laptop.id(of: "Gone here")])
        phone.run(["delete", phone.id(of: "Gone there")])
        // Deleted on the laptop, edited on the phone; and the other way round.
        laptop.run(["delete", laptop.id(of: "Kept A")])
        phone.run(["edit", phone.id(of: "Kept A"), "--text", "Kept A, edited"])
        phone.run(["delete", phone.id(of: "Kept B")])
        laptop.run(["edit", laptop.id(of: "Kept B"), "--text", "Kept B, edited"])

        expectEqual(phone.sync(), [#""List": 1 sent, 2 deleted on the server"#])
        let laptopLines = laptop.sync()
        #expect(laptopLines.contains(#"kept "Kept A, edited": deleted here but changed on the server"#), "\(laptopLines)")
        #expect(laptopLines.contains(#"kept "Kept B, edited": deleted on the server but changed here"#), "\(laptopLines)")
        _ = phone.sync()
        let expected = ["Kept A, edited | -", "Kept B, edited | -"]
        expectEqual(laptop.items(), expected)
        expectEqual(phone.items(), expected)
    }

    @Test("the reminder rule after a sync: a pulled past due date or check-off leaves nothing pending, a delivered reminder stays delivered")
    func reminderRule() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: false)
        defer { server.stop() }
        let (laptop, phone) = devices(server)
        laptop.run(["add", "--list", "List", "Past", "--due", "2030-01-02 09:00", "--remind"])
        laptop.run(["add", "--list", "List", "Done", "--due", "2030-01-02 09:00", "--remind"])
        laptop.run(["add", "--list", "List", "Delivered", "--due", "2030-01-02 09:00", "--remind"])
        _ = laptop.sync()
        _ = phone.sync()
        // Delivered here: claimed as the app claims it when it fires.
        let claimed = try laptop.open().claimDueReminders(now: Fixed.date("2030-01-02 09:01"))
        expectEqual(Set(claimed.map(\.item.text)), ["Past", "Done", "Delivered"])
        let laptopDatabase = try laptop.open()
        let phoneDatabase = try phone.open()
        func reminder(_ database: ChecklistsDatabase, _ id: String) throws -> Date? { try database.reminderDate(ofItem: Int64(id)!) }
        // Give the other two their reminders back (a snooze), so the pull must take them away.
        for text in ["Past", "Done"] {
            try laptopDatabase.apply(.snooze(itemID: Int64(laptop.id(of: text))!, until: Fixed.date("2030-01-02 09:00")), now: Date())
        }
        _ = laptop.sync()

        phone.run(["edit", phone.id(of: "Past"), "--due", "2020-01-02 09:00", "--remind"])
        phone.run(["done", phone.id(of: "Done")])
        phone.run(["edit", phone.id(of: "Delivered"), "--text", "Delivered, renamed"])
        _ = phone.sync()
        _ = laptop.sync()
        #expect(try reminder(laptopDatabase, laptop.id(of: "Past")) == nil)
        #expect(try reminder(laptopDatabase, laptop.id(of: "Done")) == nil)
        #expect(try reminder(laptopDatabase, laptop.id(of: "Delivered, renamed")) == nil)
        try expectEqual(reminder(phoneDatabase, phone.id(of: "Delivered, renamed")), Fixed.date("2030-01-02 09:00"))
    }

    @Test("a 412 race: a second writer changes the to-do between our read and our write; we fetch, merge and write again")
    func preconditionRace() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: false)
        defer { server.stop() }
        var (laptop, phone) = devices(server)
        laptop.run(["add", "--list", "List", "Buy milk", "--due", "2030-01-02 09:00"])
        _ = laptop.sync()
        _ = phone.sync()
        phone.run(["edit", phone.id(of: "Buy milk"), "--due", "2030-01-09 09:00"])
        laptop.run(["edit", laptop.id(of: "Buy milk"), "--text", "Buy oat milk"])

        // The phone syncs (straight to the server) right before the laptop's PUT.
        let phoneSync = phone.environment().map { "\($0.key)=\(shellQuoted($0.value))" }.joined(separator: " ")
        let proxy = try RecordingProxy(folder: folder, upstream: server.port,
                                       beforePut: "env -i \(phoneSync) \(shellQuoted(PackagePaths.binary)) sync > \(shellQuoted(folder.file("phone-sync.out"))) 2>&1")
        defer { proxy.stop() }
        laptop.url = proxy.url
        expectEqual(laptop.sync(), [#""List": 1 sent"#])
        expectEqual(fileLine(folder.file("phone-sync.out")), #""List": 1 sent"#)
        expectEqual(server.requests("PUT"), 4)   // first, the phone's, the laptop's refused one, its retry
        #expect((try? String(contentsOfFile: server.logPath, encoding: .utf8))?.contains("412 Precondition Failed") == true)
        _ = phone.sync()
        let expected = ["Buy oat milk | 2030-01-09T09:00:00+00:00"]
        expectEqual(laptop.items(), expected)
        expectEqual(phone.items(), expected)
        phone.url = server.url
    }

    @Test("the server gone mid-sync: exit 4, one line, nothing changed here; the next sync completes without duplicates")
    func serverStoppedMidSync() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: false)
        defer { server.stop() }
        var (laptop, phone) = devices(server)
        for text in ["One", "Two", "Three"] { laptop.run(["add", "--list", "List", text]) }
        _ = laptop.sync()
        _ = phone.sync()
        phone.run(["edit", phone.id(of: "One"), "--text", "One, from the phone"])
        _ = phone.sync()
        laptop.run(["edit", laptop.id(of: "Two"), "--text", "Two, from the laptop"])
        laptop.run(["add", "--list", "List", "Four"])
        let before = try laptop.open().snapshot()

        // Discovery (3), sync-collection, multiget: then it dies at the first PUT.
        let proxy = try RecordingProxy(folder: folder, upstream: server.port, fault: .stopAfter(5))
        defer { proxy.stop() }
        laptop.url = proxy.url
        let failed = laptop.run(["sync"])
        expectEqual(failed.status, 4)
        // Lost mid-request, or refused on the retry Foundation makes: either way unreachable.
        #expect(failed.output.hasPrefix("checklists: cannot reach the sync server 127.0.0.1:\(proxy.port) ("), "\(failed.output)")
        #expect(failed.output.hasSuffix("nothing was changed here\n"))
        try expectEqual(laptop.open().snapshot(), before)

        laptop.url = server.url
        _ = laptop.sync()
        _ = phone.sync()
        let expected = ["Four | -", "One, from the phone | -", "Three | -", "Two, from the laptop | -"]
        expectEqual(laptop.items(), expected)
        expectEqual(phone.items(), expected)
    }

    @Test("a sync killed (SIGKILL) at random moments, 50 times: the next sync completes, no duplicates, nothing lost")
    func killedAtRandomMoments() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: false)
        defer { server.stop() }
        let (laptop, phone) = devices(server)
        for text in ["Shared A", "Shared B"] { laptop.run(["add", "--list", "List", text]) }
        _ = laptop.sync()
        _ = phone.sync()
        let sharedA = laptop.id(of: "Shared A")
        let seed = SeededRandom.freshSeed()
        var random = SeededRandom(seed: seed)
        let rounds = 50
        for round in 0..<rounds {
            laptop.run(["add", "--list", "List", "Laptop \(round)"])
            phone.run(["add", "--list", "List", "Phone \(round)"])
            laptop.run(["edit", sharedA, "--due", "2030-01-01 09:\(String(format: "%02d", round))"])
            // The phone's changes reach the server every other round: the
            // laptop's killed sync has something to pull half the time,
            // and the test stays under a minute.
            if round % 2 == 0 { _ = phone.sync() }
            // Killed anywhere: before, during or after its requests or its commit.
            guard case let .success(pid) = startProcess([PackagePaths.binary, "sync"], environment: laptop.environment(),
                                                         outputPath: "/dev/null") else { Issue.record("cannot start sync"); return }
            usleep(UInt32.random(in: 0...400_000, using: &random))
            kill(pid, SIGKILL)
            waitForExit(pid)
        }
        _ = laptop.sync()
        _ = phone.sync()
        _ = laptop.sync()
        let expected = (["Shared A | 2030-01-01T09:\(rounds - 1):00+00:00", "Shared B | -"]
            + (0..<rounds).flatMap { ["Laptop \($0) | -", "Phone \($0) | -"] }).sorted()
        expectEqual(laptop.items(), expected, "seed \(seed)")
        expectEqual(phone.items(), expected, "seed \(seed)")
        expectEqual(laptop.sync(), [#""List": up to date"#], "seed \(seed)")
    }

    @Test("errors: one line saying which and what to do, exit 4, nothing changed, no password or user-info in it")
    func errors() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: true)
        defer { server.stop() }
        var (laptop, _) = devices(server)
        laptop.run(["add", "--list", "List", "Milk"])
        let before = try laptop.open().snapshot()
        func fails(_ arguments: [String], _ extra: [String: String] = [:], status: Int32 = 4, says message: String,
                   sourceLocation: SourceLocation = #_sourceLocation) {
            let result = laptop.run(["sync"] + arguments, extra)
            expectEqual(result.status, status, "\(result.output)", sourceLocation: sourceLocation)
            #expect(result.output.hasPrefix("checklists: " + message), "\(result.output)", sourceLocation: sourceLocation)
            expectEqual(result.output.split(separator: "\n").count, 1, sourceLocation: sourceLocation)
            #expect(!result.output.contains(RadicaleServer.password) && !result.output.contains("hunter2"), sourceLocation: sourceLocation)
        }
        let host = "127.0.0.1:\(server.port)"
        fails([], ["CHECKLISTS_SYNC_PASSWORD": "wrong"], says: "the sync server \(host) refused the username or password (401)")
        fails(["--url", "http://alice:hunter2@127.0.0.1:\(server.port)/"], ["CHECKLISTS_SYNC_PASSWORD": "hunter2"],
              says: "the sync server \(host) refused the username or password (401)")
        fails(["--url", server.url + "alice/nothing/"], says: "the sync server \(host) has nothing at /alice/nothing")
        fails(["--url", server.url + "bob/"], says: "the sync server \(host) does not allow access to /bob (403)")
        fails(["--url", "https://127.0.0.1:\(server.port)/"], says: "the secure connection to \(host) failed")
        fails(["--url", "http://alice:hunter2@dav.example.org/"], status: 2, says: "refusing plain HTTP to dav.example.org")
        fails(["--url", "ftp://example.org/"], status: 2, says: "the sync url is not an http:// or https:// address")

        for (status, message) in [(500, "failed (HTTP 500)"),
                                  (200, "did not answer as a CalDAV server")] {
            let proxy = try RecordingProxy(folder: folder, upstream: server.port, fault: .reply(status))
            fails(["--url", proxy.url], says: message.hasPrefix("did") ? "127.0.0.1:\(proxy.port) " + message : "the sync server 127.0.0.1:\(proxy.port) " + message)
            proxy.stop()
        }

        kill(server.pid, SIGSTOP)
        fails([], ["CHECKLISTS_SYNC_TIMEOUT": "1"], says: "the sync server \(host) did not answer in time")
        kill(server.pid, SIGCONT)
        server.stop()
        fails([], says: "cannot reach the sync server \(host) (connection refused)")
        try expectEqual(laptop.open().snapshot(), before)

        // The password from a command, given as one JSON array.
        try server.start()
        laptop.authenticated = false
        // No password at all: the 401 says none was given, not that it was wrong.
        fails([], says: "the sync server \(host) asks for a password (401) and none was given; set CHECKLISTS_SYNC_PASSWORD")
        fails(["--password-command", "true"], status: 2, says: "the password command true printed no password")
        // A failing command's own complaint reaches the user, above our line.
        let complaining = laptop.run(["sync", "--password-command", "sh", "--password-command", "-c",
                                      "--password-command", "echo 'gpg: decryption failed: No secret key' >&2; exit 3"])
        expectEqual(complaining.status, 2)
        expectEqual(complaining.output, "gpg: decryption failed: No secret key\nchecklists: the password command sh failed (exit 3); check --password-command\n")
        let passwordCommand = #"["/bin/echo", "\#(RadicaleServer.password)"]"#
        expectEqual(laptop.sync(["--password-command", passwordCommand]), [#""List": 1 sent"#])
        // Words of the command that begin with a dash, given once per word.
        laptop.run(["add", "--list", "List", "Eggs"])
        expectEqual(laptop.sync(["--password-command", "sh", "--password-command", "-c",
                                 "--password-command", "echo \(RadicaleServer.password)"]), [#""List": 1 sent"#])
        // The url's user-info percent-encoded, as a password with @ or : must be.
        let encoded = RadicaleServer.password.replacingOccurrences(of: "-", with: "%2D")
        laptop.run(["add", "--list", "List", "Bread"])
        expectEqual(laptop.sync(["--url", "http://al%69ce:\(encoded)@127.0.0.1:\(server.port)/"]), [#""List": 1 sent"#])
    }

    @Test("a journal entry on the server is left alone quietly; the rest syncs")
    func malformedToDo() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: false)
        defer { server.stop() }
        let (laptop, phone) = devices(server)
        laptop.run(["add", "--list", "List", "Good"])
        _ = laptop.sync()
        let calendar = try #require(try laptop.open().syncCalendars().first?.url)
        let journal = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VJOURNAL\r\nUID:j1\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:notes\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        try Data(journal.utf8).write(to: URL(fileURLWithPath: folder.file("j1.ics")))
        let put = runCommand(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-u", "alice:x", "-X", "PUT", "-H", "Content-Type: text/calendar",
                              "--data-binary", "@" + folder.file("j1.ics"), "http://127.0.0.1:\(server.port)\(calendar)j1.ics"])
        expectEqual(put.output, "201")
        expectEqual(phone.sync(), [#""List": 1 received"#])
        expectEqual(phone.items(), ["Good | -"])
    }
}

/// vdirsyncer and todoman (from PyPI, no one here wrote them) on the same
/// Radicale collection as `checklists sync`.
@Suite("checklists sync beside vdirsyncer and todoman", .serialized)
struct SyncWithVdirsyncerTests {
    let folder = TemporaryFolder()

    @Test("todo new appears here; ours is in todo list with its due date; checked off there is checked here; our alarm survives a todoman edit")
    func vdirsyncerAndTodoman() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: false)
        defer { server.stop() }
        let laptop = Device(folder: folder, name: "laptop", url: server.url, authenticated: false)
        laptop.run(["add", "--list", "List", "From Checklists", "--due", "2030-01-02 09:00", "--remind"])
        _ = laptop.sync()

        let tools = PackagePaths.root + "/.build-py/bin/"
        try Data("""
            [general]
            status_path = "\(folder.file("vdirsyncer-status"))/"
            [pair checklists]
            a = "local"
            b = "server"
            collections = ["from b"]
            metadata = ["displayname"]
            [storage local]
            type = "filesystem"
            path = "\(folder.file("vdir"))/"
            fileext = ".ics"
            [storage server]
            type = "caldav"
            url = "\(server.url)"
            username = "\(RadicaleServer.user)"
            password = "unused"
            item_types = ["VTODO"]
            """.utf8).write(to: URL(fileURLWithPath: folder.file("vdirsyncer.conf")))
        try Data("""
            path = "\(folder.file("vdir"))/*"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "List"
            cache_path = "\(folder.file("todoman-cache.sqlite"))"
            """.utf8).write(to: URL(fileURLWithPath: folder.file("todoman.py")))
        let environment = laptop.environment()
        func vdirsyncer(_ command: String) {
            let result = runCommand(["/bin/sh", "-c", "yes | \(shellQuoted(tools + "vdirsyncer")) -c \(shellQuoted(folder.file("vdirsyncer.conf"))) \(command)"],
                                    environment: environment)
            expectEqual(result.status, 0, "vdirsyncer \(command): \(result.output)")
        }
        func todo(_ arguments: [String]) -> String {
            let result = runCommand([tools + "todo", "--config", folder.file("todoman.py")] + arguments, environment: environment)
            expectEqual(result.status, 0, "todo \(arguments): \(result.output)")
            return result.output
        }
        func todoList() throws -> [String: [String: Any]] {
            let output = todo(["--porcelain", "list", "--status", "ANY"])
            let listed = try JSONSerialization.jsonObject(with: Data(output.drop { $0 != "[" }.utf8)) as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: listed.map { ($0["summary"] as? String ?? "", $0) })
        }
        vdirsyncer("discover")
        vdirsyncer("sync")
        vdirsyncer("metasync")

        let ours = try #require(try todoList()["From Checklists"])
        expectEqual(ours["due"] as? Int, Int(Fixed.date("2030-01-02 09:00").timeIntervalSince1970))
        expectEqual(ours["list"] as? String, "List")

        _ = todo(["new", "From todoman", "--list", "List", "--due", "2030-01-05 10:00"])
        _ = todo(["edit", "\(ours["id"] as? Int ?? 0)", "--location", "Kitchen"])
        vdirsyncer("sync")
        expectEqual(laptop.sync(), [#""List": 2 received"#])
        expectEqual(laptop.items(), ["From Checklists | 2030-01-02T09:00:00+00:00", "From todoman | 2030-01-05T10:00:00+00:00"])
        // The alarm we wrote is still there after todoman rewrote the to-do.
        try expectEqual(laptop.open().reminderDate(ofItem: Int64(laptop.id(of: "From Checklists"))!), Fixed.date("2030-01-02 09:00"))

        _ = todo(["done", "\(try todoList()["From todoman"]?["id"] as? Int ?? 0)"])
        vdirsyncer("sync")
        _ = laptop.sync()
        #expect(laptop.items().contains("From todoman | 2030-01-05T10:00:00+00:00 | x"))
    }
}
