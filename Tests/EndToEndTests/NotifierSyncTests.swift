import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// Sync as a user meets it: settings in config.toml's `[sync]`, the notifier
/// syncing on its own against a real Radicale, and the open app's line
/// saying how the last sync ended.
@Suite("Sync from config.toml and the notifier, against a real Radicale", .serialized)
struct NotifierSyncTests {
    let folder = TemporaryFolder()

    func devices(_ server: RadicaleServer) -> (Device, Device) {
        (Device(folder: folder, name: "laptop", url: server.url, authenticated: server.authenticated),
         Device(folder: folder, name: "phone", url: server.url, authenticated: server.authenticated))
    }

    func writeConfig(_ text: String, name: String = "config.toml") throws -> String {
        try text.write(toFile: folder.file(name), atomically: true, encoding: .utf8)
        return folder.file(name)
    }

    func waitUntil(timeout: TimeInterval = 30, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline { usleep(50_000) }
        return condition()
    }

    func log(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// `checklists notify` on the device's database with `config`, its
    /// stderr into `log`; nil (and an issue) when it cannot start.
    func startNotifier(_ device: Device, config: String, log: String) -> pid_t? {
        guard case let .success(pid) = startProcess([PackagePaths.binary, "notify"],
                                                    environment: device.environment(["CHECKLISTS_CONFIG": config]),
                                                    outputPath: log) else {
            Issue.record("cannot start the notifier")
            return nil
        }
        return pid
    }

    /// The app open on the device's database in tmux.
    func openApp(_ device: Device) -> TmuxSession {
        TmuxSession(width: 60, height: 10, command: shellQuoted(PackagePaths.binary) + " --config /dev/null --db " + shellQuoted(device.database))
    }

    @Test("checklists sync reads [sync]; an option or CHECKLISTS_SYNC_* wins over it; a typo is refused at its line and column")
    func syncReadsTheConfigFile() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: true)
        defer { server.stop() }
        var (laptop, _) = devices(server)
        laptop.authenticated = false
        laptop.url = ""
        laptop.run(["add", "--list", "List", "Milk"])
        let config = try writeConfig("""
            [sync]
            url = "\(server.url)"
            username = "\(RadicaleServer.user)"
            password_command = ["/bin/echo", "\(RadicaleServer.password)"]
            """)
        expectEqual(laptop.sync([], config: config), [#""List": 1 sent"#])
        // The environment's url over the file's; the option's over both.
        let wrong = try writeConfig("[sync]\nurl = \"http://127.0.0.1:9/\"\npassword_command = [\"/bin/echo\", \"\(RadicaleServer.password)\"]\n",
                                    name: "wrong.toml")
        #expect(laptop.run(["sync"], ["CHECKLISTS_CONFIG": wrong, "CHECKLISTS_SYNC_URL": server.url]) == (0, "\"List\": up to date\n"))
        #expect(laptop.run(["sync", "--url", server.url], ["CHECKLISTS_CONFIG": wrong, "CHECKLISTS_SYNC_URL": "http://127.0.0.1:9/"]) == (0, "\"List\": up to date\n"))
        let refused = laptop.run(["sync"], ["CHECKLISTS_CONFIG": wrong])
        #expect(refused.status == 4 && refused.output.hasPrefix("checklists: cannot reach the sync server 127.0.0.1:9"), "\(refused.output)")
        // Plain HTTP to another machine needs the file's opt-in.
        let remote = try writeConfig("[sync]\nurl = \"http://dav.example.org/\"\n", name: "remote.toml")
        let insecure = laptop.run(["sync"], ["CHECKLISTS_CONFIG": remote])
        #expect(insecure.status == 2 && insecure.output.contains("allow_insecure_http = true in [sync]"), "\(insecure.output)")
        let typo = try writeConfig("[sync]\nurl = \"\(server.url)\"\nintreval = \"15m\"\n", name: "typo.toml")
        #expect(laptop.run(["sync"], ["CHECKLISTS_CONFIG": typo]) == (2, "checklists: \(typo):3:1: unknown key \"intreval\" in [sync]; expected url, username, password_command, interval, allow_insecure_http\n"))
        // What the app will show: the last sync failed, and why, in a few words.
        try expectEqual(laptop.open().syncStatus()?.error, "server unreachable")
    }

    @Test("the notifier syncs at its start and a few seconds after `checklists add`; the open app says when; a server gone is one line and it goes on")
    func notifierSyncsAfterAChange() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: true)
        defer { server.stop() }
        var (laptop, phone) = devices(server)
        laptop.url = ""
        laptop.run(["add", "--list", "List", "Before the start"])
        let config = try writeConfig("[sync]\nurl = \"\(server.url)\"\ninterval = \"1h\"\n")
        let notifierLog = folder.file("notify.log")
        guard let notifier = startNotifier(laptop, config: config, log: notifierLog) else { return }
        defer { kill(notifier, SIGTERM); waitForExit(notifier) }
        #expect(waitUntil { log(notifierLog).contains(#"synced: "List": 1 sent"#) }, "\(log(notifierLog))")

        let tmux = openApp(laptop)
        defer { tmux.kill() }
        let synced = #/Synced \d{1,2}:\d{2}/#
        #expect(tmux.waitUntil { $0.contains(synced) }, "\(tmux.text)")

        laptop.run(["add", "--list", "List", "Added by hand"])
        #expect(waitUntil { log(notifierLog).components(separatedBy: #"synced: "List": 1 sent"#).count >= 3 },
                "\(log(notifierLog))")
        _ = phone.sync()
        expectEqual(phone.items(), ["Added by hand | -", "Before the start | -"])

        // The password is in neither the log nor the database files.
        for path in [notifierLog, laptop.database, laptop.database + "-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            #expect(bytes.range(of: Data(RadicaleServer.password.utf8)) == nil, "\(path)")
        }

        server.stop()
        laptop.run(["add", "--list", "List", "While the server is gone"])
        #expect(waitUntil { log(notifierLog).contains("sync failed: cannot reach the sync server 127.0.0.1:\(server.port)") }, "\(log(notifierLog))")
        #expect(tmux.waitUntil { $0.contains(#/Sync failed \d{1,2}:\d{2}( [AP]M)?: server unreachable/#) }, "\(tmux.text)")
        expectEqual(kill(notifier, 0), 0, "the notifier goes on")
        expectEqual(laptop.run(["notify", "--status"]).status, 0)
    }

    @Test("with interval = \"5s\" what the phone sent arrives here with no sync by hand, and in the open app")
    func notifierPullsOnTheInterval() throws {
        defer { folder.remove() }
        let server = try RadicaleServer(folder: folder, authenticated: false)
        defer { server.stop() }
        let (laptop, phone) = devices(server)
        let config = try writeConfig("[sync]\ninterval = \"5s\"\n")
        let notifierLog = folder.file("notify.log")
        guard let notifier = startNotifier(laptop, config: config, log: notifierLog) else { return }
        defer { kill(notifier, SIGTERM); waitForExit(notifier) }
        #expect(waitUntil { log(notifierLog).contains("synced: ") }, "\(log(notifierLog))")
        let tmux = openApp(laptop)
        defer { tmux.kill() }
        #expect(tmux.waitFor("(No Items)"), "\(tmux.text)")

        phone.run(["add", "--list", "List", "From the phone"])
        _ = phone.sync()
        #expect(waitUntil { laptop.items() == ["From the phone | -"] }, "\(log(notifierLog))")
        #expect(tmux.waitFor("1 Remaining"), "\(tmux.text)")
        #expect(log(notifierLog).contains(#"synced: "List": 1 received"#), "\(log(notifierLog))")
    }
}

extension Device {
    /// `sync` with a config file, which must succeed; its lines.
    func sync(_ arguments: [String], config: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let result = run(["sync"] + arguments, ["CHECKLISTS_CONFIG": config])
        expectEqual(result.status, 0, "\(name): \(result.output)", sourceLocation: sourceLocation)
        return result.output.split(separator: "\n").map(String.init)
    }
}
