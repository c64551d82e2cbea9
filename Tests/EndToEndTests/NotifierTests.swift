import Foundation
import Testing
import ChecklistsModel
import TestSupport

/// `checklists notify`, the built binary, against real parts started here:
/// a private session bus (dbus-daemon) with the notification server of
/// Tests/Fixtures, which records every Notify call and presses buttons; a
/// private tmux server with a client attached through `script`; a command
/// that appends its environment to a file; and the app itself in tmux.
/// Reminders a few seconds ahead are set with a snooze (due dates are whole
/// minutes), through the model API, as another process would.
@Suite("checklists notify", .serialized)
struct NotifierTests {
    /// One test's world: a database, a config file, a private bus and its
    /// notification server, and the notifiers started.
    final class World: @unchecked Sendable {
        let folder = TemporaryFolder()
        var database: String { folder.file("checklists.sqlite") }
        var config: String { folder.file("config.toml") }
        var records: String { folder.file("notifications.jsonl") }
        private(set) var busAddress = ""
        private var pids: [pid_t] = []
        /// The notification server's pid.
        private(set) var server: pid_t?
        private var busPID: pid_t?
        private(set) var notifier: pid_t?

        init(bus: Bool = true, config: String = "[notify]\nchannels = [\"dbus\"]\n") throws {
            try config.write(toFile: self.config, atomically: true, encoding: .utf8)
            _ = try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
            if bus { try startBus() }
        }

        deinit { stop() }

        func stop() {
            for pid in pids { kill(pid, SIGKILL); waitForExit(pid) }
            pids = []
            if let busPID { kill(busPID, SIGTERM) }
            busPID = nil
            folder.remove()
        }

        private func startBus() throws {
            let started = runCommand(["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1",
                                      "--address=unix:path=" + folder.file("bus")])
            let lines = started.output.split(separator: "\n").map(String.init)
            guard started.status == 0, lines.count >= 2, let pid = pid_t(lines[1]) else {
                throw StorageError.notFound(what: "a session bus (\(started.output))")
            }
            busAddress = lines[0]
            busPID = pid
            let ready = folder.file("server-ready")
            let server = try start(["/usr/bin/python3", PackagePaths.root + "/Tests/Fixtures/notification-server.py", records, ready],
                                   log: folder.file("server.log"))
            pids.append(server)
            self.server = server
            guard waitForFile(ready) else { throw StorageError.notFound(what: "the notification server: \(fileLine(folder.file("server.log")))") }
        }

        /// The environment the notifier and the tools get: the private bus
        /// (or none), no tmux unless given.
        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            var environment = ProcessInfo.processInfo.environment
            environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress.isEmpty ? "unix:path=" + folder.file("no-bus") : busAddress
            environment["TMUX"] = nil
            environment["TMUX_TMPDIR"] = folder.path
            environment["TZ"] = "UTC"
            environment["LANG"] = "C.UTF-8"
            environment["DISPLAY"] = nil
            return environment.merging(extra) { _, given in given }
        }

        func start(_ arguments: [String], log: String, environment extra: [String: String] = [:]) throws -> pid_t {
            switch startProcess(arguments, environment: environment(extra), outputPath: log) {
            case let .success(pid): return pid
            case let .failure(failure): throw StorageError.notFound(what: failure.text)
            }
        }

        var notifierLog: String { folder.file("notifier-\(pids.count).log") }
        private(set) var lastLog = ""

        /// Starts `checklists notify` and waits until it says it runs.
        @discardableResult
        func startNotifier(environment extra: [String: String] = [:]) throws -> pid_t {
            let log = notifierLog
            let pid = try start([PackagePaths.binary, "notify", "--db", database, "--config", config], log: log, environment: extra)
            pids.append(pid)
            notifier = pid
            lastLog = log
            _ = waitUntil { self.log.contains("running on") }
            return pid
        }

        /// What the latest notifier said on stderr.
        var log: String { (try? String(contentsOfFile: lastLog, encoding: .utf8)) ?? "" }

        /// Every Notify call the server received.
        var notifications: [[String: Any]] {
            let text = (try? String(contentsOfFile: records, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }

        func run(_ arguments: [String]) -> (status: Int32, output: String) {
            runCommand([PackagePaths.binary] + arguments + ["--db", database], environment: environment())
        }

        /// Presses a notification's button as a desktop does.
        func press(_ action: String, on id: Int) {
            runCommand(["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications",
                        "--object-path", "/org/freedesktop/Notifications", "--method", "org.checklists.Test.Invoke",
                        "\(id)", action], environment: environment())
        }

        func openDatabase() throws -> ChecklistsDatabase {
            try ChecklistsDatabase.open(DatabaseLocation(path: database, createsFolder: false))
        }

        /// Adds an item with Remind Me on whose reminder rings at `at`; its id.
        @discardableResult
        func pendingReminder(_ text: String = "Call the bank", at: Date) throws -> Int64 {
            let store = try openDatabase()
            let list = try store.checklistSummaries()[0].id
            let now = Date()
            let due = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.up) * 60 + 3600)
            guard case let .item(id) = try store.apply(.addItem(checklistID: list, ItemDraft(text: text, dueDate: due, shouldRemind: true)),
                                                       now: now) else {
                throw StorageError.notFound(what: "the new item")
            }
            try store.apply(.snooze(itemID: id, until: at), now: now)
            return id
        }

        func waitUntil(timeout: TimeInterval = 20, _ condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while !condition() && Date() < deadline { usleep(20_000) }
            return condition()
        }
    }

    @Test("a reminder reaches the desktop on time, with its text, list and due time, and Done checks the item off")
    func desktopNotificationAndDone() throws {
        let world = try World()
        defer { world.stop() }
        try world.startNotifier()
        let id = try world.pendingReminder(at: Date().addingTimeInterval(2))
        #expect(world.waitUntil { world.notifications.count == 1 }, "log: \(world.log)")
        let shown = try #require(world.notifications.first)
        expectEqual(shown["app"] as? String, "checklists")
        expectEqual(shown["summary"] as? String, "Reminder: Call the bank")
        expectEqual((shown["body"] as? String)?.hasPrefix("in List · due "), true, "\(shown)")
        expectEqual(shown["actions"] as? [String], ["done", "Done", "snooze-5", "Snooze 5 min", "snooze-60", "Snooze 1 hour"])
        // Each line is said after the hand-over and the record.
        #expect(world.waitUntil { world.log.contains("delivered item \(id) “Call the bank”") }, "\(world.log)")
        world.press("done", on: shown["id"] as? Int ?? 0)
        #expect(world.waitUntil { (try? world.openDatabase().itemsPage(checklistID: 1, sortOrder: .added, offset: 0, limit: 1).items.first?.isChecked) == true },
                "log: \(world.log)")
        #expect(world.waitUntil { world.log.contains("Done from the notification: item \(id)") }, "\(world.log)")
    }

    @Test("Snooze on the notification moves the reminder 5 minutes, as the banner's z 1 does, and it rings again")
    func snoozeButton() throws {
        let world = try World()
        defer { world.stop() }
        try world.startNotifier()
        let id = try world.pendingReminder(at: Date().addingTimeInterval(2))
        #expect(world.waitUntil { world.notifications.count == 1 })
        let pressed = Date()
        world.press("snooze-5", on: world.notifications.first?["id"] as? Int ?? 0)
        #expect(world.waitUntil { (try? world.openDatabase().reminderDate(ofItem: id)) != nil }, "\(world.log)")
        let snoozedTo = try #require(try world.openDatabase().reminderDate(ofItem: id))
        #expect(abs(snoozedTo.timeIntervalSince(pressed) - 300) < 5)
    }

    @Test("two of an item's reminders ring as two notifications, each once; Snooze on one moves it alone, the one at the due time stays")
    func severalRemindersOfOneItem() throws {
        let world = try World()
        defer { world.stop() }
        try world.startNotifier()
        let store = try world.openDatabase()
        let now = Date()
        let due = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.up) * 60 + 7200)
        let draft = ItemDraft(text: "Pay rent", dueDate: due, shouldRemind: true, reminders: [.beforeDue(minutes: 60), .beforeDue(minutes: 90)])
        guard case let .item(id) = try store.apply(.addItem(checklistID: store.checklistSummaries()[0].id, draft), now: now) else {
            Issue.record("not added"); return
        }
        // Brought a few seconds ahead, each by a snooze of its own.
        try store.apply(.snooze(itemID: id, until: now.addingTimeInterval(2), reminder: .beforeDue(minutes: 60)), now: now)
        try store.apply(.snooze(itemID: id, until: now.addingTimeInterval(4), reminder: .beforeDue(minutes: 90)), now: now)
        #expect(world.waitUntil { world.notifications.count == 2 }, "log: \(world.log)")
        // Each says how long is left until the due time, counted from when
        // it rings (here the end of its snooze, stored in whole seconds, rounded up).
        let left = [2.0, 4.0].map { seconds in
            ReminderTime.durationWords(Int((due.timeIntervalSince1970 - (now.timeIntervalSince1970 + seconds).rounded(.up)) / 60))
        }
        expectEqual(world.notifications.map { $0["summary"] as? String }, left.map { "Reminder: in \($0): Pay rent" })
        #expect(world.waitUntil { (try? store.pendingReminders(ofItem: id)) == [.atDue: due] }, "\(world.log)")
        let pressed = Date()
        world.press("snooze-5", on: world.notifications.last?["id"] as? Int ?? 0)
        #expect(world.waitUntil { (try? store.pendingReminders(ofItem: id))?.count == 2 }, "\(world.log)")
        let pending = try store.pendingReminders(ofItem: id)
        expectEqual(pending[.atDue], due)
        let snoozedTo = try #require(pending[.beforeDue(minutes: 90)], "\(pending)")
        #expect(abs(snoozedTo.timeIntervalSince(pressed) - 300) < 5)
        // Nothing rings twice meanwhile.
        usleep(1_500_000)
        expectEqual(world.notifications.count, 2, "\(world.notifications)")
    }

    @Test("a link planted as the notifier's lock is refused with a line saying to remove it; the file it points to keeps its text")
    func plantedLockLink() throws {
        let world = try World(bus: false)
        defer { world.stop() }
        let precious = world.folder.file("precious.txt")
        try "precious\n".write(toFile: precious, atomically: false, encoding: .utf8)
        let lock = world.database + ".notify-lock"
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: precious)
        // Started, not run to the end: were the link followed, it would run until stopped.
        let log = world.folder.file("refused.log")
        let pid = try world.start([PackagePaths.binary, "notify", "--db", world.database, "--config", world.config], log: log)
        let said = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        _ = world.waitUntil { said().hasSuffix("\n") }
        if !said().contains("symbolic link") { kill(pid, SIGKILL) }
        expectEqual(waitForExit(pid), 3)
        expectEqual(said(), "checklists notify: \(lock) is a symbolic link; remove it\n")
        try expectEqual(String(contentsOfFile: precious, encoding: .utf8), "precious\n")
        expectEqual(world.run(["notify", "--status"]).status, 1)
    }

    @Test("one per database: a second says which one runs and exits 0; --status; --stop; after a SIGKILL the next start takes over")
    func singleton() throws {
        let world = try World()
        defer { world.stop() }
        expectEqual(world.run(["notify", "--status"]).status, 1)
        let first = try world.startNotifier()
        let second = world.run(["notify", "--config", world.config])
        expectEqual(second.status, 0)
        #expect(second.output.contains("already running (pid \(first))"), "\(second.output)")
        let status = world.run(["notify", "--status"])
        #expect(status.status == 0 && status.output.contains("running (pid \(first))"), "\(status.output)")
        kill(first, SIGKILL)
        #expect(world.waitUntil { world.run(["notify", "--status"]).status == 1 })
        let next = try world.startNotifier()
        #expect(world.log.contains("running on"), "\(world.log)")
        try world.pendingReminder(at: Date().addingTimeInterval(1))
        #expect(world.waitUntil { world.notifications.count == 1 }, "\(world.log)")
        let stop = world.run(["notify", "--stop"])
        #expect(stop.status == 0 && stop.output.contains("stopped (pid \(next))"), "\(stop.output)")
        #expect(world.log.contains("stopped by SIGTERM"), "\(world.log)")
        expectEqual(world.run(["notify", "--status"]).status, 1)
    }

    @Test("SIGINT and SIGHUP end it cleanly too, without a terminal (stdin /dev/null, output to a file)")
    func signals() throws {
        let world = try World()
        defer { world.stop() }
        for (signal, name) in [(SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")] {
            let pid = try world.startNotifier()
            kill(pid, signal)
            expectEqual(waitForExit(pid), 0)
            #expect(world.log.contains("stopped by \(name)"), "\(world.log)")
        }
    }

    @Test("while the app is open the app shows the reminder and the notifier does not; once it is closed the notifier delivers")
    func appOpenThenClosed() throws {
        let world = try World()
        defer { world.stop() }
        try world.startNotifier()
        let app = TmuxSession(width: 80, height: 20, command: shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(world.database))
        defer { app.kill() }
        #expect(app.waitFor("Checklists"))
        try world.pendingReminder("While open", at: Date().addingTimeInterval(2))
        #expect(app.waitFor("┌ Reminder", timeout: 20), "\(app.text)")
        usleep(1_000_000)                                    // time for the notifier to (wrongly) deliver it too
        #expect(world.notifications.isEmpty, "\(world.notifications)")
        app.press("Escape")
        #expect(app.waitUntil { !$0.contains("┌ Reminder") })
        app.press("q")
        #expect(app.waitUntil { _ in app.isDead })
        try world.pendingReminder("While closed", at: Date().addingTimeInterval(2))
        #expect(world.waitUntil { world.notifications.count == 1 }, "\(world.log)")
        expectEqual(world.notifications.first?["summary"] as? String, "Reminder: While closed")
    }

    @Test("an app quitting with a reminder due leaves it to the notifier, which delivers it at once")
    func appQuitsWithReminderDue() throws {
        let world = try World()
        defer { world.stop() }
        let app = TmuxSession(width: 80, height: 20, command: shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(world.database))
        defer { app.kill() }
        #expect(app.waitFor("Checklists"))
        try world.startNotifier()
        // Due while the app is open, but the app is stopped (SIGSTOP) and never claims it: the notifier must wait.
        let pids = runCommand(["pgrep", "-f", "checklists --db \(world.database)$"]).output.split(separator: "\n").compactMap { pid_t($0) }
        expectEqual(pids.count, 1)
        for pid in pids { kill(pid, SIGSTOP) }
        try world.pendingReminder("Due as it quits", at: Date().addingTimeInterval(1))
        usleep(2_000_000)
        #expect(world.notifications.isEmpty)
        for pid in pids { kill(pid, SIGKILL) }
        #expect(world.waitUntil { world.notifications.count == 1 }, "\(world.log)")
        expectEqual(world.notifications.first?["summary"] as? String, "Reminder: Due as it quits")
    }

    @Test("a suspended app (Ctrl-Z) shows nothing, so the notifier delivers; resumed, the app takes reminders again")
    func suspendedApp() throws {
        let world = try World()
        defer { world.stop() }
        try world.startNotifier()
        // An interactive shell with job control, as a user's: Ctrl-Z stops the app.
        let app = TmuxSession(width: 80, height: 20, command: "PS1=\"shell% \" HISTFILE=/dev/null exec dash -i")
        defer { app.kill() }
        #expect(app.waitFor("shell% "))
        app.type(shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(world.database))
        app.press("Enter")
        #expect(app.waitFor("Checklists"))
        app.press("C-z")
        #expect(app.waitUntil { !$0.contains("Checklists") && $0.contains("shell% ") }, "\(app.text)")
        try world.pendingReminder("While suspended", at: Date().addingTimeInterval(1))
        #expect(world.waitUntil { world.notifications.count == 1 }, "\(world.log)")
        app.type("fg")
        app.press("Enter")
        #expect(app.waitFor("Checklists"))
        try world.pendingReminder("Resumed", at: Date().addingTimeInterval(2))
        #expect(app.waitFor("┌ Reminder", timeout: 20), "\(app.text)")
        #expect(app.text.contains("Resumed"))
        usleep(1_000_000)
        expectEqual(world.notifications.count, 1, "\(world.notifications)")
    }

    @Test("due while nothing ran: the notifier starting first delivers it once, marked late, and the app then shows no missed reminder")
    func lateThenApp() throws {
        let world = try World()
        defer { world.stop() }
        try world.pendingReminder("Missed meanwhile", at: Date().addingTimeInterval(-150))
        try world.startNotifier()
        #expect(world.waitUntil { world.notifications.count == 1 }, "\(world.log)")
        expectEqual(world.notifications.first?["summary"] as? String, "Late reminder: Missed meanwhile")
        expectEqual((world.notifications.first?["body"] as? String)?.contains("late, due"), true)
        // The line follows the hand-over to the server, so it may come a moment after the notification.
        #expect(world.waitUntil { world.log.contains("late by 2 min") }, "\(world.log)")
        let app = TmuxSession(width: 80, height: 20, command: shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(world.database))
        defer { app.kill() }
        #expect(app.waitFor("Checklists"))
        usleep(500_000)
        #expect(!app.text.contains("Missed reminder"), "\(app.text)")
    }

    @Test("tmux: a message on every attached client and the bell, with the item's # kept as text")
    func tmuxClients() throws {
        let world = try World(bus: false, config: "[notify]\nchannels = [\"tmux\"]\n")
        defer { world.stop() }
        let server = "checklists-notify-" + UUID().uuidString.prefix(8)
        let tmux = { (arguments: [String]) in runCommand(["tmux", "-L", server] + arguments, environment: world.environment()) }
        try #require(tmux(["-f", "/dev/null", "new-session", "-d", "-s", "work", "-x", "100", "-y", "10", "sleep 3600"]).status == 0)
        defer { _ = tmux(["kill-server"]) }
        let socket = tmux(["display-message", "-p", "#{socket_path}"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let screen = world.folder.file("client.typescript")
        let client = try world.start(["script", "-qfc", "tmux -L \(server) attach -t work", screen], log: "/dev/null",
                                     environment: ["TERM": "xterm-256color"])
        defer { kill(client, SIGKILL); waitForExit(client) }
        #expect(world.waitUntil { !tmux(["list-clients"]).output.isEmpty })
        try world.startNotifier(environment: ["TMUX": "\(socket),0,0"])
        try world.pendingReminder("Pay #{rent} now", at: Date().addingTimeInterval(1))
        let typescript = { (try? String(contentsOfFile: screen, encoding: .isoLatin1)) ?? "" }
        #expect(world.waitUntil { typescript().contains("Reminder: Pay #{rent} now") }, "log: \(world.log)")
        // The line is said after the hand-over.
        #expect(world.waitUntil { world.log.contains("via tmux") }, "\(world.log)")
        #expect(typescript().contains("\u{7}"))
    }

    @Test("the user's command gets the item in its environment, verbatim; no session bus is said once and the command still runs")
    func commandChannel() throws {
        let world = try World(bus: false, config: "")
        let output = world.folder.file("command.out")
        try """
            [notify]
            command = ["/bin/sh", "-c", "env | grep ^CHECKLISTS_ | sort >> \(output); echo --- >> \(output)"]
            """.write(toFile: world.config, atomically: true, encoding: .utf8)
        defer { world.stop() }
        try world.startNotifier()
        let id = try world.pendingReminder("Pay $RENT; `rm -rf ~` \"now\"", at: Date().addingTimeInterval(1))
        #expect(world.waitUntil { fileLine(output).hasSuffix("---") }, "\(world.log)")
        let lines = fileLine(output).split(separator: "\n").map(String.init)
        #expect(lines.contains("CHECKLISTS_ITEM_ID=\(id)"))
        #expect(lines.contains("CHECKLISTS_ITEM_TEXT=Pay $RENT; `rm -rf ~` \"now\""))
        #expect(lines.contains("CHECKLISTS_ITEM_LIST=List"))
        #expect(lines.contains { $0.hasPrefix("CHECKLISTS_ITEM_DUE=") && $0.hasSuffix(":00+00:00") }, "\(lines)")
        expectEqual(world.log.components(separatedBy: "dbus: no session bus").count, 2, "\(world.log)")
        #expect(world.waitUntil { world.log.contains("via command") }, "\(world.log)")
    }

    @Test("a command that hangs is killed after a few seconds, and a reminder due meanwhile is still delivered")
    func hangingCommand() throws {
        let world = try World(bus: false, config: "")
        let output = world.folder.file("command.out")
        try """
            [notify]
            channels = ["command"]
            command = ["/bin/sh", "-c", "echo $CHECKLISTS_ITEM_TEXT >> \(output); exec sleep 600"]
            """.write(toFile: world.config, atomically: true, encoding: .utf8)
        defer { world.stop() }
        try world.startNotifier()
        try world.pendingReminder("First", at: Date().addingTimeInterval(1))
        try world.pendingReminder("Second", at: Date().addingTimeInterval(2))
        #expect(world.waitUntil { fileLine(output) == "First\nSecond" }, "\(fileLine(output)) \(world.log)")
        #expect(world.waitUntil { world.log.contains("sh was still running after 5 s: killed") }, "\(world.log)")
    }

    @Test("the notification server going away: said once, and the reminder goes to the next channel")
    func serverGoesAway() throws {
        let world = try World()
        let output = world.folder.file("command.out")
        try """
            [notify]
            channels = ["dbus"]
            command = ["/bin/sh", "-c", "echo $CHECKLISTS_ITEM_TEXT >> \(output)"]
            """.write(toFile: world.config, atomically: true, encoding: .utf8)
        defer { world.stop() }
        try world.startNotifier()
        try world.pendingReminder("Before", at: Date().addingTimeInterval(1))
        #expect(world.waitUntil { world.notifications.count == 1 }, "\(world.log)")
        // The server records a call before it answers: killed in between, the
        // first reminder too would go to the command (seen in CI, under load).
        #expect(world.waitUntil { world.log.contains("“Before”") && world.log.contains(" via dbus") }, "\(world.log)")
        let server = try #require(world.server)
        kill(server, SIGKILL)
        waitForExit(server)
        try world.pendingReminder("After", at: Date().addingTimeInterval(1))
        try world.pendingReminder("Later", at: Date().addingTimeInterval(3))
        #expect(world.waitUntil { fileLine(output) == "After\nLater" }, "\(fileLine(output)) \(world.log)")
        #expect(world.waitUntil { world.log.components(separatedBy: "used command instead").count == 3 }, "\(world.log)")
        expectEqual(world.log.components(separatedBy: "dbus: the notification server did not answer").count, 2, "\(world.log)")
    }

    @Test("the database deleted under it: a message and a non-zero exit")
    func databaseDeleted() throws {
        let world = try World(bus: false)
        defer { world.stop() }
        let pid = try world.startNotifier()
        unlink(world.database)
        expectEqual(waitForExit(pid), 3)
        #expect(world.log.contains("was deleted; stopping"), "\(world.log)")
    }

    @Test("a bad config file is refused with file:line:column; a file that is not a database with a message; both non-zero")
    func refusals() throws {
        let world = try World(bus: false, config: "[notify]\nchanels = [\"tmux\"]\n")
        defer { world.stop() }
        let bad = world.run(["notify", "--config", world.config])
        expectEqual(bad.status, 2)
        #expect(bad.output.contains("\(world.config):2:1: unknown key \"chanels\" in [notify]"), "\(bad.output)")
        let notADatabase = world.folder.file("notes.txt")
        try "hello".write(toFile: notADatabase, atomically: true, encoding: .utf8)
        try "".write(toFile: world.config, atomically: true, encoding: .utf8)
        let refused = runCommand([PackagePaths.binary, "notify", "--db", notADatabase, "--config", world.config], environment: world.environment())
        expectEqual(refused.status, 3, "\(refused.output)")
        #expect(refused.output.contains("not an SQLite database"), "\(refused.output)")
    }

    @Test("the help says whether reminders reach the user while the app is closed")
    func helpSaysSo() throws {
        let world = try World(bus: false)
        defer { world.stop() }
        let app = TmuxSession(width: 80, height: 60, command: shellQuoted(PackagePaths.binary) + " --db " + shellQuoted(world.database))
        defer { app.kill() }
        #expect(app.waitFor("Checklists"))
        app.press("?")
        app.press("G")
        #expect(app.waitFor("off: shown as missed at next start"), "\(app.text)")
        app.press("Escape")
        // Wait for the help to close: an Esc followed within the escape
        // delay by `?` reads as Alt-?, and the stale help would stay up.
        #expect(app.waitUntil { !$0.contains("Reminders while the app is closed") }, "\(app.text)")
        let pid = try world.startNotifier()
        #expect(world.run(["notify", "--status"]).output.contains("running (pid \(pid))"))
        app.press("?")
        app.press("G")
        #expect(app.waitFor("(pid \(pid)) and delivers them"), "\(app.text)")
    }
}
