import Foundation
import ChecklistsModel
import ChecklistsConfig
import ChecklistsEventLoop

/// `checklists notify` and its `--status` and `--stop`: what the argument
/// parser's subcommand calls. Each returns (or ends with) the exit status.
public enum NotifyCommand {
    /// Runs the notifier in the foreground until a signal stops it. A
    /// second one on the same database says which one runs and exits 0:
    /// a tmux hook or a login script may start it any number of times.
    @MainActor
    /// `syncHelper` is the sync helper (this binary), run every `[sync]
    /// interval` when one is set.
    public static func run(database location: DatabaseLocation, config configLocation: ConfigLocation,
                           environment: [String: String], syncHelper: String) -> Int32 {
        HeldSignals.hold(HeldSignals.stopping)
        let config: Config
        do {
            config = try Config.load(configLocation)
        } catch {
            return fail(error.description, status: 2)
        }
        var sync: NotifierSync?
        if let interval = config.sync.interval {
            guard config.sync.url != nil || environment["CHECKLISTS_SYNC_URL"].map({ !$0.isEmpty }) == true else {
                return fail("\(configLocation.path): [sync] interval is set but there is no server: add url = \"https://...\" to [sync] (or set CHECKLISTS_SYNC_URL)", status: 2)
            }
            do {
                var settings = try config.sync.settings(environment: environment)
                settings.databasePath = location.path
                sync = NotifierSync(helper: syncHelper, settings: settings, interval: interval)
            } catch {
                return fail("\(configLocation.path): [sync]: \(error.description)", status: 2)
            }
        }
        let singleton: HeldLock
        switch NotifierPresence.claim(databasePath: location.path) {
        case let .acquired(lock):
            singleton = lock
        case let .running(pid):
            say("already running\(pid.map { " (pid \($0))" } ?? "") on \(location.path)")
            return 0
        case let .failed(problem):
            return fail(problem, status: 3)
        }
        let style = DueDateStyle.fromEnvironment(environment)
        let database: ChecklistsDatabase
        do {
            var options = ChecklistsDatabase.Options.fromEnvironment(environment, calendar: style.calendar)
            options.origin = .notifier
            database = try ChecklistsDatabase.open(location, options: options)
        } catch {
            return fail(error.description, status: 3)
        }
        if let sync {
            say("syncing every \(SyncSchedule.describe(sync.interval)) and a few seconds after each change here")
        }
        NotifierRuntime(database: database, config: config.notify, sync: sync, style: style, environment: environment,
                        singleton: singleton, now: Date.init).run()
    }

    /// Says whether a notifier runs on the database: 0 yes, 1 no.
    public static func status(database location: DatabaseLocation) -> Int32 {
        guard let pid = NotifierPresence.runningPID(databasePath: location.path) else {
            print("not running on \(location.path)")
            return 1
        }
        print("running (pid \(pid)) on \(location.path)")
        return 0
    }

    /// Sends SIGTERM to the running notifier and waits until it has ended
    /// (its lock released): 0 when it stopped or none ran, 1 when it did
    /// not stop within `timeout`.
    public static func stop(database location: DatabaseLocation, timeout: TimeInterval = 10) -> Int32 {
        guard let pid = NotifierPresence.runningPID(databasePath: location.path) else {
            print("not running on \(location.path)")
            return 0
        }
        if pid > 0 { kill(pid, SIGTERM) }
        // A short wait, once, for a command the user typed: nothing to wake for here.
        let deadline = Date().addingTimeInterval(timeout)
        while NotifierPresence.runningPID(databasePath: location.path) != nil {
            if Date() > deadline {
                FileHandle.standardError.write(Data("checklists notify: pid \(pid) did not stop within \(Int(timeout)) s\n".utf8))
                return 1
            }
            usleep(20_000)
        }
        print("stopped (pid \(pid))")
        return 0
    }

    /// Whether reminders reach the user while no app is open: the help
    /// screen's line.
    public static func runningPID(database path: String) -> Int32? {
        NotifierPresence.runningPID(databasePath: path)
    }

    private static func say(_ line: String) {
        FileHandle.standardError.write(Data(("checklists notify: " + line + "\n").utf8))
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        say(message)
        return status
    }
}
