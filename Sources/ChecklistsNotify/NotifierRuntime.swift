import Foundation
import Dispatch
import ChecklistsModel
import ChecklistsConfig
import ChecklistsDispatch

/// The notifier's thin runtime: performs `NotifierLoop`'s effects and sends
/// their answers back, on the main queue. It wakes the way the app does:
/// one wall-clock alarm (`DispatchAlarm`) for the next reminder, the
/// database folder watched (`DatabaseWatcher`) for other processes'
/// commits, and a signal source per stopping signal. Idle, it makes no
/// system call.
@MainActor
final class NotifierRuntime {
    private var state: NotifierState
    private let database: ChecklistsDatabase
    private let channels: Channels
    private let dbus: DBusChannel
    private let now: @Sendable () -> Date
    private let alarm = DispatchAlarm()
    private let syncTimer = DispatchAlarm()
    /// The sync helper and its settings (nil: sync is off), and the
    /// environment the channels' commands run with.
    private let sync: NotifierSync?
    private let environment: [String: String]
    private let watcher = DatabaseWatcher()
    private var sources: [any DispatchSourceProtocol] = []
    /// The app-presence lock while a delivery holds it.
    private var presence: HeldLock?
    /// SQLite's data_version when other processes' commits were last seen.
    private var externalChangeMark: Int?
    /// The singleton lock, held for the process's life.
    private let singleton: HeldLock
    /// For the benchmark (`CHECKLISTS_EVENT_LOG`): "external NS" after each
    /// other process's commit was taken in and the alarm re-armed.
    private let eventLog: FileHandle?

    init(database: ChecklistsDatabase, config: NotifySection, sync: NotifierSync?,
         style: DueDateStyle, environment: [String: String], singleton: HeldLock, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.singleton = singleton
        self.now = now
        self.sync = sync
        self.environment = environment
        self.state = NotifierState(now: now(), calendar: style.calendar, sync: sync.map { SyncSchedule(interval: $0.interval) })
        self.eventLog = environment["CHECKLISTS_EVENT_LOG"].flatMap { path in
            FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
        }
        let text = DeliveryText(style: style)
        let dbus = DBusChannel()
        let command = CommandChannel(command: config.command, environment: environment)
        self.dbus = dbus
        self.channels = Channels(chosen: config.channels,
                                 channels: [dbus, TmuxChannel(environment: environment), command],
                                 text: text, say: NotifierRuntime.say)
        dbus.onProblem = NotifierRuntime.say
        command.onProblem = NotifierRuntime.say
        dbus.onAction = { [unowned self] action, items in
            self.send(.actionInvoked(action, itemIDs: items, at: self.now()))
        }
        alarm.onFire = { [unowned self] token in
            self.send(.alarmWentOff(token: token, at: self.now()))
        }
        syncTimer.onFire = { [unowned self] token in
            self.send(.syncTimerWentOff(token: token, at: self.now()))
        }
    }

    /// Runs until a signal stops it.
    func run() -> Never {
        externalChangeMark = try? database.externalChangeMark()
        watchDatabase()
        watchSignals()
        Self.say("running on \(database.path) (pid \(getpid()))")
        send(.started(at: now()))
        // The main queue drained by the run loop, as in the app: Linux's
        // dispatchMain() starts a worker pool whose monitor wakes every second.
        while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
    }

    /// Reduces `event` and every event its effects answer with, in order.
    func send(_ event: NotifierEvent) {
        var pending = [event]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            for effect in NotifierLoop.reduce(&state, next) {
                if let answer = perform(effect) { pending.append(answer) }
            }
        }
    }

    private func perform(_ effect: NotifierEffect) -> NotifierEvent? {
        switch effect {
        case let .takeLockIfNoAppOpen(at):
            presence = AppPresence.takeIfNoAppOpen(databasePath: database.path)
            return .presenceChecked(noAppOpen: presence != nil, at: at)
        case .waitForAppsToClose:
            AppPresence.waitUntilNoAppOpen(databasePath: database.path, queue: .main) { [weak self] result in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    switch result {
                    case let .success(lock):
                        self.presence = lock
                        self.send(.appsClosed(at: self.now()))
                    case let .failure(problem):
                        self.presence = nil
                        self.send(.waitFailed(message: problem.description, at: self.now()))
                    }
                }
            }
            return nil
        case let .loadDue(at):
            do {
                return .dueLoaded(try database.dueReminders(now: at), at: at)
            } catch {
                presence?.release()
                presence = nil
                return .loadFailed(message: error.description)
            }
        case let .deliver(delivery):
            return .delivered(delivery, reached: channels.deliver(delivery))
        case let .recordDelivered(reminders):
            do {
                try database.recordDelivered(reminders)
                return nil
            } catch {
                return .recordFailed(message: error.description)
            }
        case .releaseLock:
            presence?.release()
            presence = nil
            return nil
        case .loadWakeCandidates:
            return .wakeCandidatesLoaded(WakeCandidates(nextReminder: try? database.nextReminderDate(), nextOverdue: nil))
        case let .armAlarm(date, token):
            alarm.set(date: date, token: token)
            return nil
        case let .apply(change):
            do {
                _ = try database.apply(change, now: state.now)
                return nil
            } catch {
                return .applyFailed(change, message: error.description)
            }
        case let .checkLocalChanges(at):
            return .localChangesChecked(try? database.unsyncedChanges(), at: at)
        case .runSync:
            runSync()
            return nil
        case let .armSyncTimer(date, token):
            syncTimer.set(date: date, token: token)
            return nil
        case let .say(line):
            Self.say(line)
            return nil
        case .exit:
            presence?.release()
            singleton.release()
            exit(0)
        }
    }

    /// The helper runs on a thread of its own, so reminders keep firing
    /// during a long sync; its end comes back on the main queue.
    private func runSync() {
        guard let sync else { return }
        let before = try? database.unsyncedChanges()
        let arguments = [sync.helper, "--settings-fd", "\(SyncSettings.handoverDescriptor)"]
        // The password travels in the handover, not in the helper's environment.
        let environment = environment.filter { $0.key != "CHECKLISTS_SYNC_PASSWORD" }
        let handover: Int32
        do {
            handover = try sync.settings.handOver()
        } catch {
            Self.say("sync failed: \(error.description)")
            send(.syncFinished(SyncOutcome(status: 2, output: "", before: before, after: before), at: now()))
            return
        }
        _ = fcntl(handover, F_SETFD, FD_CLOEXEC)
        DispatchQueue.global().async {
            // Stopped (and its whole group) past the limit: a server that
            // accepts the connection and never answers must not end syncing.
            let result = ChildProcess.run(arguments, environment: environment, timeout: Self.syncTimeLimit, withErrors: true,
                                          handover: handover)
            close(handover)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    let outcome = SyncOutcome(status: result.status, output: result.output, before: before,
                                              after: try? self.database.unsyncedChanges())
                    self.send(.syncFinished(outcome, at: self.now()))
                }
            }
        }
    }

    /// The longest one sync may take before it is stopped.
    nonisolated static let syncTimeLimit: TimeInterval = 600

    /// Other processes' commits may add, move or cancel a reminder: the
    /// watcher wakes us on writes to the files, data_version says whether
    /// they were someone else's. A deleted database ends the notifier.
    private func watchDatabase() {
        watcher.onWrite = { [unowned self] in
            MainActor.assumeIsolated {
                guard FileManager.default.fileExists(atPath: self.database.path) else {
                    Self.say("the database \(self.database.path) was deleted; stopping")
                    exit(3)
                }
                guard let mark = try? self.database.externalChangeMark(), mark != self.externalChangeMark else { return }
                self.externalChangeMark = mark
                self.send(.changedElsewhere(at: self.now()))
                self.eventLog?.write(Data("external \(Self.wallNanoseconds())\n".utf8))
            }
        }
        watcher.start(databasePath: database.path)
        if let reason = watcher.fallbackReason {
            Self.say("not watching the database (\(reason)); checking for changes every second")
        }
    }

    private func watchSignals() {
        signal(SIGPIPE, SIG_IGN)
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")] {
            // Ignored and blocked since the start (`StoppingSignals.hold`);
            // ignoring it again here would discard one already pending.
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [unowned self] in
                MainActor.assumeIsolated { self.send(.stopRequested(signalName: name)) }
            }
            source.resume()
            sources.append(source)
        }
    }

    static func wallNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// One line on stderr, whole (one write), so lines of a busy moment
    /// never interleave.
    static func say(_ line: String) {
        FileHandle.standardError.write(Data(("checklists notify: " + line + "\n").utf8))
    }
}

/// What the notifier's own syncs run: the `checklists-sync` helper, the
/// settings handed to it, and how often.
public struct NotifierSync: Sendable {
    public var helper: String
    public var settings: SyncSettings
    public var interval: TimeInterval

    public init(helper: String, settings: SyncSettings, interval: TimeInterval) {
        self.helper = helper
        self.settings = settings
        self.interval = interval
    }
}
